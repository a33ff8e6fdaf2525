"""Bids and air allocations sealed ahead at the table (6.1, 4.3, issue 39): Game ▸ Seal next
bid… (Ctrl+Alt+B) and Seal next air allocation… (Ctrl+Alt+A) in an e-mail game ask for the
next one and seal it in the player's file; each is greyed, saying why, where none may be
sealed ahead (under the fog of war, once sealed)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.play import email as email_play
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import new_game


def email_window(qtbot, shipped, tmp_path, options=()) -> MainWindow:
    session = new_game(
        shipped, "we-are-coming", Mode.STRICT, play=Play.EMAIL, side=Player.GERMAN,
        identity=Identity.generate(), path=tmp_path / "german.owsg", options=options,
    )  # fmt: skip
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    return window


def test_6_1_game_menu_seal_next_bid_seals_it_in_the_file(qtbot, shipped, tmp_path, monkeypatch):
    window = email_window(qtbot, shipped, tmp_path)
    action = window.email.bid_action
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    assert action in game_menu.actions() and action.shortcut().toString() == "Ctrl+Alt+B"
    assert action.isEnabled() and "cannot read it" in action.toolTip()
    asked = []

    def bid(dialog):
        asked.append(dialog.windowTitle())
        dialog.spin.setValue(3)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(email_play.BidDialog, "exec", bid)
    action.trigger()
    entry = window.session.entries[-1]
    assert entry.kind is EntryKind.SEAL and (entry.by, entry.field("for")) == ("german", "bid 1")
    assert asked == ["German player: planned attacks (6.1)"]
    assert "Your bid for turn 1 is sealed" in window.statusBar().currentMessage()
    # once sealed, no second one: the command is greyed, saying why
    assert not action.isEnabled() and "sealed already" in action.toolTip()
    assert window.session.email.sealed_described() == [
        f"The German bid of planned attacks for turn 1, sealed at entry {entry.number}, is "
        "not shown yet."
    ]


def test_18_1_no_bid_is_sealed_ahead_at_the_table_under_the_fog_of_war(qtbot, shipped, tmp_path):
    window = email_window(qtbot, shipped, tmp_path, options=(FOG_OF_WAR,))
    action = window.email.bid_action
    assert not action.isEnabled() and "fog of war" in action.toolTip()


def test_4_3_game_menu_seal_next_air_allocation_seals_it_in_the_file(
    qtbot, shipped, tmp_path, monkeypatch
):
    window = email_window(qtbot, shipped, tmp_path)
    action = window.email.air_action
    assert action.isEnabled() and action.shortcut().toString() == "Ctrl+Alt+A"
    shown = []

    def allocate(dialog):
        shown.append(sorted(dialog.choices))
        dialog.set_missions({"lw-stg2-1": AirBox.GROUND_ATTACK})
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(email_play.AirAheadDialog, "exec", allocate)
    action.trigger()
    entry = window.session.entries[-1]
    assert entry.kind is EntryKind.SEAL and entry.field("for") == "air 1"
    assert shown and all(u.startswith("lw-") for u in shown[0])  # his own units only
    assert "StG" not in " ".join(entry.narration)  # the opponent reads no unit of it
    assert not action.isEnabled() and "sealed already" in action.toolTip()
    (sealed,) = window.session.email.sealed_described()
    assert "air allocation for turn 1" in sealed


def test_4_3_the_dialog_offers_each_unit_only_the_boxes_it_may_fly(qtbot, shipped):
    from owsqt.qt.play.airaheaddialog import NONE, AirAheadDialog
    from owsqt.session import new_game

    state = new_game(shipped, "we-are-coming", Mode.STRICT).state
    dialog = AirAheadDialog(None, shipped, state, Player.GERMAN, 2)
    qtbot.addWidget(dialog)
    stuka = dialog.choices["lw-stg2-1"]
    items = [stuka.itemText(i) for i in range(stuka.count())]
    assert items[0] == NONE and "Ground attack" in items
    assert not any("escort" in i or "superiority" in i for i in items)  # 4.2: fighters only
    dialog.set_missions({"lw-jg52-2": AirBox.GROUND_ATTACK_ESCORT})
    assert dict(dialog.missions()) == {"lw-jg52-2": AirBox.GROUND_ATTACK_ESCORT}
