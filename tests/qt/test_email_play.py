"""Play by e-mail at the table: two windows, each with a key of its own, trade files through
the File menu; every opponent's file is checked, replayed on the map, or refused with its
reasons while the game stays as it was. And the replay of a whole game (View ▸ Replay)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from owsqt.journal.identity import Identity, fingerprint
from owsqt.journal.textformat import Play, parse
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.actions import EndStep, PlaceUnits
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from tests.session.test_email import _append_forged

SCENARIO = "we-are-coming"
BID = '{"kind": "declare_attacks", "planned": 3, "player": "german"}'


class Desk:
    """The dialogs of both players, answered by the test: where files are written and which
    file is opened next; every warning shown is kept."""

    def __init__(self, monkeypatch, folder: Path) -> None:
        self.folder = folder
        self.opening: Path | None = None
        self.suggested: list[str] = []
        self.warnings: list[tuple[str, str, str]] = []
        self.cancel_save = False
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._save)
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(self.opening), ""))
        monkeypatch.setattr(QMessageBox, "exec", lambda box: self._shown(box))
        monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Yes)

    def _save(self, parent, caption, suggested, filters):
        self.suggested.append(suggested)
        return ("", "") if self.cancel_save else (str(self.folder / Path(suggested).name), "")

    def _shown(self, box) -> int:
        self.warnings.append((box.windowTitle(), box.text(), box.detailedText()))
        return 0

    def open(self, window: MainWindow, path: Path) -> None:
        self.opening = path
        window.email.open_action.trigger()

    def join(self, window: MainWindow, path: Path) -> None:
        self.opening = path
        window.email.join_action.trigger()


@pytest.fixture
def desk(monkeypatch, tmp_path) -> Desk:
    folder = tmp_path / "mail"
    folder.mkdir()
    return Desk(monkeypatch, folder)


def creator_window(qtbot, shipped, tmp_path, key: Identity) -> MainWindow:
    """The German player's window on a new strict e-mail game he made."""
    session = new_game(
        shipped, SCENARIO, Mode.STRICT, play=Play.EMAIL, side=Player.GERMAN,
        identity=key, path=tmp_path / "german.owsg",
    )  # fmt: skip
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    return window


def other_window(qtbot, shipped) -> MainWindow:
    """The second player's window, on a game of his own until he joins."""
    window = MainWindow(shipped, new_game(shipped, SCENARIO, Mode.FREE, seed=1))
    qtbot.addWidget(window)
    return window


def parse_entries(path: Path):
    return parse(path.read_text()).entries


def send(window: MainWindow, desk: Desk) -> Path:
    window.email.send_action.trigger()
    return desk.folder / Path(desk.suggested[-1]).name


def opening(qtbot, shipped, tmp_path, desk):
    """Files 1 and 2: the German sends at once; the Soviet joins, takes the default set-up
    offered and sends. Returns both windows and the Soviet's file."""
    german = creator_window(qtbot, shipped, tmp_path, Identity.generate())
    soviet = other_window(qtbot, shipped)
    desk.join(soviet, send(german, desk))
    return german, soviet, send(soviet, desk)


def test_a_new_e_mail_game_says_whose_it_is_and_what_it_waits_for(qtbot, shipped, tmp_path):
    window = creator_window(qtbot, shipped, tmp_path, Identity.generate())
    assert window.windowTitle().endswith("· e-mail, you play German")
    assert window.hint.text().startswith("Waiting for the Soviet player: send him your file")
    assert "Ctrl+Shift+E" in window.hint.text()
    email = window.email
    assert email.send_action.isEnabled() and email.open_action.isEnabled()
    assert email.send_action.shortcut().toString() == "Ctrl+Shift+E"
    assert email.open_action.shortcut().toString() == "Ctrl+Alt+O"
    assert email.join_action.shortcut().toString() == "Ctrl+J"
    assert all(action.toolTip() for action in email.actions())


def test_a_local_game_is_not_sent(qtbot, shipped):
    window = other_window(qtbot, shipped)
    assert not window.email.send_action.isEnabled()
    assert not window.email.open_action.isEnabled()
    assert window.email.join_action.isEnabled()
    assert "e-mail" not in window.windowTitle()


def test_send_asks_for_the_file_first_then_writes_it_and_can_write_it_again(
    qtbot, shipped, tmp_path, desk
):
    window = creator_window(qtbot, shipped, tmp_path, Identity.generate())
    desk.cancel_save = True
    window.email.send_action.trigger()
    assert window.session.entries == ()  # cancelled: nothing sent
    assert Path(desk.suggested[0]).name.startswith(f"{SCENARIO}-{window.session.header.game[:8]}")
    assert Path(desk.suggested[0]).name.endswith("-001.owsg")
    desk.cancel_save = False
    path = send(window, desk)
    assert path.read_text() == window.session.text()
    assert window.session.email.files_sent == 1
    assert window.statusBar().currentMessage() == (
        f"File 1 written to {path}: attach it to an e-mail to the Soviet player"
    )
    assert "Waiting for your opponent's file" in window.hint.text()
    again = window.email.send_action
    assert again.isEnabled() and again.text() == "Write file 1 aga&in…"
    path.unlink()
    window.email.send_action.trigger()  # the folder is remembered; the file is the same
    assert Path(desk.suggested[-1]).parent == desk.folder
    assert path.read_text() == window.session.text() and window.session.email.files_sent == 1


def test_two_windows_trade_files_and_each_sees_the_others_actions_replayed(
    qtbot, shipped, tmp_path, desk
):
    german, soviet, file_2 = opening(qtbot, shipped, tmp_path, desk)
    assert soviet.windowTitle().endswith("· e-mail, you play Soviet")
    assert soviet.session.path is not None  # the joined game is autosaved
    rifle = next(u for u, s in soviet.session.state.units.items() if s.hex is not None)
    assert soviet.session.state.segment == Segment.GERMAN_SETUP  # the Soviet set-up was taken
    known = len(german.session.entries)
    desk.open(german, file_2)
    assert desk.warnings == []
    session = german.session
    assert session.state.units[rifle].hex == soviet.session.state.units[rifle].hex
    # The replay starts before the Soviet's first entry: his counters are not placed yet.
    assert german.replay.is_active()
    assert german.replay.shown == known  # the state before the first entry of file 2
    assert session.state_after(german.replay.shown).units[rifle].hex is None
    assert rifle not in german.counters.items
    assert "Replay" in german.hint.text()
    german.replay.show_entry(len(parse_entries(file_2)))
    hex_ = session.state_after(german.replay.shown).units[rifle].hex
    assert SCENE_LAYOUT.hex_at_point(*german.counters.items[rifle].pos().toTuple()) == hex_
    current = german.log.currentItem().text()
    assert current.startswith(f"#{german.replay.shown} ")
    # Nothing is played over the past: End step is greyed with the reason, and an action
    # sent another way is kept out by the gate, which says how to leave.
    assert not german.end_step_action.isEnabled()
    assert "leave it first" in german.end_step_action.toolTip()
    german.bridge.submit(EndStep())
    assert "Leave the replay" in german.statusBar().currentMessage()
    assert not german.view.isInteractive()
    # Continue play: the game as it stands, and the German's own set-up is offered.
    german.replay.findChild(QPushButton, "replayContinue").click()
    assert not german.replay.is_active() and german.view.isInteractive()
    state = german.session.state
    assert state.phase != Phase.SETUP and state.turn == 1
    desk.open(soviet, send(german, desk))
    assert desk.warnings == []
    assert soviet.session.text() == german.session.text()
    assert soviet.replay.is_active()


def test_a_tampered_file_is_refused_with_a_warning_and_the_game_stays(
    qtbot, shipped, tmp_path, desk
):
    german, _, file_2 = opening(qtbot, shipped, tmp_path, desk)
    before = german.session.text()
    text = file_2.read_text()
    tampered = desk.folder / "tampered.owsg"
    tampered.write_text(text.replace("placed on", "placed at", 1))
    desk.open(german, tampered)
    ((title, message, _details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    assert message.startswith("tampered.owsg\n\nentry ") and "Your game is as it was" in message
    assert german.session.text() == before and not german.replay.is_active()
    assert german.log.count() == len(german.session.log_lines())


def test_a_file_that_breaks_the_rules_lists_every_broken_rule(qtbot, shipped, tmp_path, desk):
    key = Identity.generate()
    german = creator_window(qtbot, shipped, tmp_path, key)
    soviet = other_window(qtbot, shipped)
    desk.join(soviet, send(german, desk))
    desk.open(german, send(soviet, desk))
    german.replay.findChild(QPushButton, "replayContinue").click()
    # A modified program signs a bid outside the Initiative Phase (6.1).
    forged = desk.folder / "forged.owsg"
    forged.write_text(_append_forged(shipped, send(german, desk).read_text(), key, "german", BID))
    before = soviet.session.text()
    desk.open(soviet, forged)
    ((title, message, details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    assert "forged.owsg" in message and "break the rules (1 found" in message
    assert details.startswith("entry ") and ": 6.1: " in details
    assert soviet.session.text() == before


def test_joining_ones_own_game_is_refused(qtbot, shipped, tmp_path, desk):
    window = creator_window(qtbot, shipped, tmp_path, Identity.load_or_create())
    own = window.session
    desk.join(window, send(window, desk))
    assert "your own game" in desk.warnings[0][1]
    assert window.session is own


def test_an_action_for_the_opponent_is_refused_with_the_reason(qtbot, shipped, tmp_path, desk):
    window = creator_window(qtbot, shipped, tmp_path, Identity.generate())
    # the Soviet sets up first: the commands of the step are greyed with what to do instead
    waiting = (
        "Not now: Waiting for the Soviet player: send him your file "
        "(File ▸ Send to opponent…, Ctrl+Shift+E)"
    )
    for action in (window.end_step_action, window.roll_action, window.declare_action):
        assert not action.isEnabled() and action.toolTip() == waiting
    entries = len(window.session.entries)
    window.end_step_action.trigger()
    assert len(window.session.entries) == entries
    window.end_step()  # a command that gets past the menu is refused with the reason
    assert window.statusBar().currentMessage() == (
        "Not allowed — Waiting for the Soviet player: send him your file "
        "(File ▸ Send to opponent…, Ctrl+Shift+E)"
    )


# --- the replay of a whole game ---------------------------------------------------------------


def test_replay_shows_the_map_as_it_stood_after_an_entry_and_returns_to_play(qtbot, ruleset):
    session = new_game(ruleset, "test", Mode.FREE, seed=3)
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    assert not window.replay_action.isEnabled()  # nothing to replay yet
    first, second = ruleset.grid.hex_of("3038"), ruleset.grid.hex_of("3240")
    for hex_ in (first, second):
        window._submit(PlaceUnits(units=("rifle",), to=hex_))
    window._submit(EndStep())
    assert window.replay_action.shortcut().toString() == "Ctrl+R"
    window.replay_action.trigger()
    assert window.replay.is_active() and window.replay.shown == 3
    window.replay.show_entry(1)
    rifle = window.counters.items["rifle"]
    assert rifle.pos().toTuple() == pytest.approx(SCENE_LAYOUT.center(first))
    assert "soviet setup" in window.turn_label.text()
    window.replay.show_entry(0)
    assert "rifle" not in window.counters.items
    assert window.log.currentItem() is None
    window.replay.findChild(QPushButton, "replayContinue").click()
    assert window.counters.items["rifle"].pos().toTuple() == pytest.approx(
        SCENE_LAYOUT.center(second)
    )
    assert "german setup" in window.turn_label.text()


def test_esc_in_the_replay_leaves_it_and_the_window_keeps_no_rival_key(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    window._submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of("3038")))
    window.show()
    qtbot.waitExposed(window)
    window.replay_action.trigger()
    assert not window.deselect_action.isEnabled()  # Esc is the replay's alone
    panel = window.replay.widget()
    window.activateWindow()
    panel.setFocus()
    qtbot.waitUntil(panel.hasFocus)
    qtbot.keyClick(panel, Qt.Key.Key_Escape)
    assert not window.replay.is_active() and window.deselect_action.isEnabled()
    assert window.view.isInteractive()


def test_the_details_name_both_keys_by_fingerprint_and_the_state_of_the_dice(
    qtbot, shipped, tmp_path, desk
):
    german, soviet, _file_2 = opening(qtbot, shipped, tmp_path, desk)
    assert german.email.details_action.shortcut().toString() == "Ctrl+Shift+I"
    german.email.details_action.trigger()
    (_title, text, _details) = desk.warnings[-1]
    keys = soviet.session.players.keys
    assert f"German key: {fingerprint(keys['german'])} (yours)" in text
    assert (
        "Soviet key: not joined yet" in text
        and "Dice: not agreed yet: the first two files roll none." in text
    )
    soviet.email.details_action.trigger()
    (_title, text, _details) = desk.warnings[-1]
    assert f"Soviet key: {fingerprint(keys['soviet'])} (yours)" in text
    assert f"German key: {fingerprint(keys['german'])}\n" in text


def test_defect_5_a_file_undoing_a_die_roll_is_refused_naming_the_entry(qtbot, shipped, desk):
    """A signed undo the rules do not allow (a die rolled): a warning naming the entry and the
    rule, never a traceback, and the game as it was."""
    from tests.session.pbemkit import sent_by
    from tests.session.test_undo_barrier_replay import BARRIER, soviet_rolled, undo_of_the_last

    exchange, text = soviet_rolled(shipped)
    key = exchange.soviet_key
    forged = desk.folder / "undone.owsg"
    forged.write_text(sent_by(undo_of_the_last(text, key), key, "soviet"))
    window = MainWindow(shipped, exchange.german)
    qtbot.addWidget(window)
    before = exchange.german.text()
    desk.open(window, forged)
    ((title, message, details),) = desk.warnings
    assert title == "Cannot open your opponent's file"
    assert "undone.owsg" in message and "break the rules (1 found" in message
    assert details == f"entry {len(parse(text).entries) + 1}: {BARRIER}"
    assert exchange.german.text() == before and not window.replay.is_active()
