"""Standing orders at the table (issue 39): Game ▸ Standing orders… (Ctrl+Alt+S) in an
e-mail game shows the player's orders, one choice a question, and gives the new ones as an
`orders` entry of his file; the New Game dialog's button chooses them for the first file.
Neither is offered outside e-mail play or under the fog of war."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import EntryKind, Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameDialog, start_game
from owsqt.qt.play import email as email_play
from owsqt.qt.play.ordersdialog import ASK, USUAL, StandingOrdersDialog
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import new_game

SCENARIO = "we-are-coming"


def test_the_dialog_shows_each_question_with_ask_me_and_its_answers(qtbot):
    dialog = StandingOrdersDialog(None, {"optional": "check", "lead": "best"})
    qtbot.addWidget(dialog)
    assert dialog.orders() == FrozenMap({"lead": "best", "optional": "check"})
    optional = dialog.choices["optional"]
    assert [optional.itemText(i) for i in range(optional.count())] == [
        ASK,
        "Retreat",
        "Proficiency check",
    ]
    assert "11.5" in optional.toolTip()
    dialog.set_orders(USUAL)
    assert dialog.orders() == FrozenMap(USUAL)
    dialog.set_orders({})
    assert dialog.orders() == FrozenMap()


def email_window(qtbot, shipped, tmp_path, options=()) -> MainWindow:
    session = new_game(
        shipped, SCENARIO, Mode.STRICT, play=Play.EMAIL, side=Player.GERMAN,
        identity=Identity.generate(), path=tmp_path / "german.owsg", options=options,
    )  # fmt: skip
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    return window


def test_game_menu_standing_orders_gives_them_as_an_entry_of_the_file(
    qtbot, shipped, tmp_path, monkeypatch
):
    window = email_window(qtbot, shipped, tmp_path)
    action = window.email.orders_action
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    assert action in game_menu.actions() and action.shortcut().toString() == "Ctrl+Alt+S"
    assert action.isEnabled()

    def chosen(dialog):
        dialog.set_orders({"optional": "retreat", "losses": "priority"})
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(email_play.StandingOrdersDialog, "exec", chosen)
    action.trigger()
    entry = window.session.entries[-1]
    assert entry.kind is EntryKind.ORDERS and entry.by == "german"
    assert entry.field("orders") == "losses=priority optional=retreat"
    assert window.session.email.orders_of(Player.GERMAN)[0] == FrozenMap(
        {"losses": "priority", "optional": "retreat"}
    )
    assert "Standing orders given" in window.statusBar().currentMessage()
    count = len(window.session.entries)
    monkeypatch.setattr(email_play.StandingOrdersDialog, "exec", lambda d: 0)  # cancelled
    action.trigger()
    assert len(window.session.entries) == count


def test_standing_orders_are_not_offered_under_the_fog_of_war_or_after_sending(
    qtbot, shipped, tmp_path, monkeypatch
):
    fogged = email_window(qtbot, shipped, tmp_path, options=(FOG_OF_WAR,))
    # 18.1: the Soviet sets up first; the German's world holds none of his counters yet
    heading = fogged.features.setup.tray.heading.text()
    assert heading.startswith("The Soviet player sets up; under the fog of war")
    assert not fogged.email.orders_action.isEnabled()
    assert "fog of war" in fogged.email.orders_action.toolTip()
    window = email_window(qtbot, shipped, tmp_path / "b")
    window.session.email.send()
    window.email.refresh()
    assert not window.email.orders_action.isEnabled()
    solitaire = MainWindow(shipped, new_game(shipped, SCENARIO, Mode.FREE, seed=1))
    qtbot.addWidget(solitaire)
    assert not solitaire.email.orders_action.isEnabled()


def test_new_game_chooses_standing_orders_given_with_the_first_file(
    qtbot, shipped, tmp_path, monkeypatch
):
    dialog = NewGameDialog(
        shipped, settings=QSettings(str(tmp_path / "s.conf"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(dialog)
    dialog.set_play(Play.SOLITAIRE)
    assert not dialog.orders_button.isEnabled()
    dialog.set_play(Play.EMAIL)
    assert dialog.orders_button.isEnabled()

    def chosen(orders_dialog):
        orders_dialog.set_orders({"return-fire": "hold"})
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(StandingOrdersDialog, "exec", chosen)
    dialog.orders_button.click()
    assert dialog.orders_button.text() == "Standing &orders… (1)"
    choice = dialog.choice()
    assert choice.orders == "return-fire=hold"
    dialog.set_fog(True)
    assert not dialog.orders_button.isEnabled()
    dialog.set_fog(False)
    session = start_game(shipped, choice, tmp_path / "new.owsg")
    given = [e for e in session.entries if e.kind is EntryKind.ORDERS]
    assert [e.field("orders") for e in given] == ["return-fire=hold"]
    session.close()


def test_a_counters_menu_gives_its_stack_orders_of_its_own(qtbot, shipped, tmp_path, monkeypatch):
    window = email_window(qtbot, shipped, tmp_path)
    german = next(u for u in sorted(window.session.state.units) if u.startswith("de-6pz-11pzr"))
    soviet = next(u for u in sorted(window.session.state.units) if u.startswith("su-"))
    assert not any(
        a.text().startswith("Standing orders")
        for a in window.context_menus.unit_menu_for(soviet).actions()
    )  # not his side's
    menu = window.context_menus.unit_menu_for(german)
    entry = next(a for a in menu.actions() if a.text() == "Standing orders for this &stack…")
    assert entry.isEnabled()

    def chosen(dialog):
        assert dialog.choices["optional"].itemText(0) == "As my side's orders"
        dialog.set_orders({"optional": "check"})
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(email_play.StandingOrdersDialog, "exec", chosen)
    entry.trigger()
    given = window.session.entries[-1]
    assert given.kind is EntryKind.ORDERS
    assert (given.field("orders"), given.field("stacks")) == ("-", f"{german}:optional=check")
    _, stacks = window.session.email.orders_of(Player.GERMAN)
    assert stacks == FrozenMap({german: FrozenMap({"optional": "check"})})
