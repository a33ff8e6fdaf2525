"""The Replay dock: stepping, playing and jumping through the journal, entry by entry."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
)

from owsqt.qt.play.replay import ReplayDock
from owsqt.rules.core.actions import DeclareAttacks, EndStep
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, join_game, new_game
from tests.airsteps import allocate_nothing
from tests.session.pbemkit import Exchange, clock, set_up


def set_out(rules) -> GameSession:
    """Both default set-ups: turn 1 begins."""
    session = new_game(rules, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    return session


def played(rules, bids: bool = True) -> GameSession:
    """Both default set-ups, the air allocation made and its segment ended, then (`bids`)
    both bids: a few phase changes to jump to. The end of the allocation reaches the
    Initiative Phase, the steps between needing nobody (3.1: they pass by themselves); the
    bids determine the initiative, and its segment passes to the first player's phase."""
    session = set_out(rules)
    allocate_nothing(session)  # 4.3, on the clear turn 1
    assert session.submit(EndStep(player=session.state.active)).applied
    assert session.state.phase is Phase.INITIATIVE
    if bids:
        for player in Player:
            assert session.submit(DeclareAttacks(player=player, planned=0)).applied
        assert session.state.phase is Phase.FIRST_PLAYER
    return session


@pytest.fixture(scope="module")
def session(shipped):
    return played(shipped)  # the dock only reads it


@pytest.fixture(scope="module")
def turn_one(shipped) -> int:
    """The entry that begins turn 1: the last of both default set-ups."""
    return len(set_out(shipped).entries)


@pytest.fixture
def dock(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    replay = ReplayDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, replay)
    window.show()
    qtbot.waitExposed(window)
    yield replay  # the window lives as long as the test


def shown_entries(dock: ReplayDock) -> list[int]:
    emitted: list[int] = []
    dock.entryShown.connect(emitted.append)
    return emitted


def child(dock: ReplayDock, kind, name: str):
    found = dock.findChild(kind, name)
    assert found is not None, name
    return found


def where(dock: ReplayDock) -> str:
    return child(dock, QLabel, "replayWhere").text()


def narration(dock: ReplayDock) -> str:
    return child(dock, QPlainTextEdit, "replayNarration").toPlainText()


def test_start_shows_the_game_before_the_first_entry_and_the_dock(qtbot, dock, session):
    with qtbot.waitSignal(dock.entryShown) as shown:
        dock.start(session, 60, 70)
    assert shown.args == [59]
    assert dock.shown == 59 and dock.is_active() and dock.isVisible()
    assert child(dock, QSpinBox, "replayEntry").value() == 59


def test_start_without_a_last_entry_replays_to_the_latest(dock, session):
    dock.start(session, 80)
    assert dock.shown == 79
    last = len(session.entries)
    assert (
        child(dock, QLabel, "replayRange").text() == f"Replay: entries 80–{last} · before the first"
    )


def test_stepping_forward_and_back_shows_each_entry_in_turn(qtbot, dock, session):
    dock.start(session, 60, 70)
    emitted = shown_entries(dock)
    forward = child(dock, QToolButton, "replayStepForward")
    back = child(dock, QToolButton, "replayStepBack")
    qtbot.mouseClick(forward, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(forward, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert emitted == [60, 61, 60]
    assert dock.shown == 60


def test_steps_stop_at_the_start_and_at_the_end_of_the_journal(dock, session):
    dock.start(session, 1)
    emitted = shown_entries(dock)
    child(dock, QToolButton, "replayStepBack").click()
    assert dock.shown == 0 and emitted == []
    assert not child(dock, QToolButton, "replayStepBack").isEnabled()
    dock.show_entry(1000)
    assert dock.shown == len(session.entries) and emitted == [len(session.entries)]
    child(dock, QToolButton, "replayStepForward").click()
    assert emitted == [len(session.entries)]
    assert not child(dock, QToolButton, "replayStepForward").isEnabled()


def test_stepping_may_go_back_before_the_replay_to_earlier_play(dock, session):
    dock.start(session, 60, 70)
    child(dock, QToolButton, "replayStepBack").click()
    assert dock.shown == 58
    assert child(dock, QLabel, "replayRange").text().endswith("before the first")


def test_to_start_goes_before_the_replay_and_then_to_the_start_of_the_game(dock, session):
    dock.start(session, 60, 70)
    dock.show_entry(65)
    to_start = child(dock, QToolButton, "replayToStart")
    to_start.click()
    assert dock.shown == 59
    to_start.click()
    assert dock.shown == 0


def test_to_end_goes_to_the_replays_last_entry_and_then_to_the_latest(dock, session):
    dock.start(session, 60, 70)
    to_end = child(dock, QToolButton, "replayToEnd")
    to_end.click()
    assert dock.shown == 70
    to_end.click()
    assert dock.shown == len(session.entries)


def test_the_entry_box_jumps_to_the_entry_given(qtbot, dock, session):
    dock.start(session, 60, 70)
    with qtbot.waitSignal(dock.entryShown) as shown:
        child(dock, QSpinBox, "replayEntry").setValue(12)
    assert shown.args == [12] and dock.shown == 12
    assert child(dock, QSpinBox, "replayEntry").maximum() == len(session.entries)


def test_the_phase_list_names_each_turn_and_phase_where_it_began(dock, session, turn_one):
    dock.start(session, 60, 70)
    phases = child(dock, QComboBox, "replayPhase")
    items = [(phases.itemText(i), phases.itemData(i)) for i in range(phases.count())]
    assert items == [
        ("Turn 1 · Setup", 0),
        ("Turn 1 · Air operations", turn_one),
        ("Turn 1 · Initiative", turn_one + 3),  # the allocations, then their end (3.1)
        ("Turn 1 · First player", len(session.entries)),  # after both bids
    ]
    for _, entry in items[1:]:
        assert session.state_after(entry).phase != session.state_after(entry - 1).phase


def test_choosing_a_phase_shows_the_entry_where_it_began(qtbot, dock, session, turn_one):
    dock.start(session, 60, 70)
    phases = child(dock, QComboBox, "replayPhase")
    with qtbot.waitSignal(dock.entryShown) as shown:
        phases.activated.emit(1)
    assert shown.args == [turn_one]
    assert session.state_after(dock.shown).phase == Phase.AIR_OPERATIONS


def test_the_phase_list_shows_the_phase_of_the_entry_shown(dock, session, turn_one):
    dock.start(session, 60, 70)
    phases = child(dock, QComboBox, "replayPhase")
    assert phases.currentText() == "Turn 1 · Setup"
    dock.show_entry(turn_one + 1)
    assert phases.currentText() == "Turn 1 · Air operations"


def test_an_undo_that_steps_back_a_phase_begins_that_phase_again(dock, shipped):
    session = played(shipped, bids=False)
    session.undo()  # back from the Initiative Phase to air operations
    dock.start(session, 60)
    phases = child(dock, QComboBox, "replayPhase")
    last = phases.count() - 1
    assert (phases.itemText(last), phases.itemData(last)) == (
        "Turn 1 · Air operations",
        len(session.entries),
    )


def test_play_shows_one_entry_after_another_and_stops_at_the_last(qtbot, dock, session):
    dock.start(session, 60, 65)
    dock.interval = 5
    emitted = shown_entries(dock)
    play = child(dock, QToolButton, "replayPlay")
    play.click()
    assert play.isChecked()
    qtbot.waitUntil(lambda: not play.isChecked())
    assert emitted == [60, 61, 62, 63, 64, 65]
    assert dock.shown == 65


def test_play_at_the_last_entry_plays_the_replay_again(qtbot, dock, session):
    dock.start(session, 60, 62)
    dock.show_entry(62)
    dock.interval = 5
    emitted = shown_entries(dock)
    play = child(dock, QToolButton, "replayPlay")
    play.click()
    qtbot.waitUntil(lambda: not play.isChecked())
    assert emitted == [59, 60, 61, 62]


def test_a_step_pauses_play(dock, session):
    dock.start(session, 60, 70)
    play = child(dock, QToolButton, "replayPlay")
    play.click()
    child(dock, QToolButton, "replayStepForward").click()
    assert not play.isChecked() and dock.shown == 60


def test_the_speed_list_sets_the_time_between_entries(dock, session):
    dock.start(session, 60, 70)
    assert dock.interval == 700
    speed = child(dock, QComboBox, "replaySpeed")
    speed.activated.emit(speed.findText("Fast"))
    assert dock.interval == 250
    speed.activated.emit(speed.findText("Slow"))
    assert dock.interval == 1400


def test_continue_play_leaves_the_replay_and_emits_finished(qtbot, dock, session):
    dock.start(session, 60, 70)
    with qtbot.waitSignal(dock.finished):
        qtbot.mouseClick(child(dock, QPushButton, "replayContinue"), Qt.MouseButton.LeftButton)
    assert not dock.is_active() and not dock.isVisible()


def test_stop_hides_the_dock_without_finished(qtbot, dock, session):
    dock.start(session, 60, 70)
    with qtbot.assertNotEmitted(dock.finished):
        dock.stop()
    assert not dock.is_active() and not dock.isVisible()


def test_the_label_names_the_entry_its_side_and_where_the_game_stood(dock, session, turn_one):
    dock.start(session, 1)
    dock.show_entry(1)
    count = len(session.entries)
    assert where(dock) == f"Entry 1 of {count} · by Soviet\nTurn 1: setup, Soviet setup"
    dock.show_entry(turn_one + 3)  # the end of the air allocation, after both (4.3)
    assert where(dock).startswith(f"Entry {turn_one + 3} of ")
    assert "by German\nTurn 1: initiative, initiative determination" in where(dock)
    lines = narration(dock).splitlines()  # each step reached, and those that passed (3.1)
    assert lines[::2] == [
        "• turn 1: air operations, air combat",
        "• turn 1: air operations, air bombardment",
        "• turn 1: air operations, interdiction, German player",
        "• turn 1: stalingrad pocket, thunderclap initiation, German player",
        "• turn 1: stalingrad pocket, sixth army activation, German player",
        "• turn 1: stalingrad pocket, soviet ring forces, Soviet player",
        "• turn 1: initiative, initiative determination",
    ]
    assert [line.split(" segment passes: ")[0] for line in lines[1::2]] == [
        "• the air combat",
        "• the air bombardment",
        "• the interdiction",
        "• the thunderclap initiation",
        "• the sixth army activation",
        "• the soviet ring forces",
    ]


def test_the_start_of_the_game_is_named_so(dock, session):
    dock.start(session, 1)
    assert where(dock) == "The start of the game\nTurn 1: setup, Soviet setup"
    assert narration(dock) == "The start of the game, before any entry."


def test_an_undo_entry_says_which_entry_it_took_back(dock, shipped):
    session = played(shipped, bids=False)
    session.undo()
    dock.start(session, len(session.entries))
    dock.show_entry(len(session.entries))
    taken_back = len(session.entries) - 1
    undo = narration(dock).splitlines()
    dock.show_entry(taken_back)  # what the entry taken back had, the steps it passed (3.1)
    had = narration(dock).splitlines()
    assert undo == [f"Undo of entry #{taken_back}, which had:", *had]
    assert "• turn 1: stalingrad pocket, thunderclap initiation, German player" in had
    assert had[-1] == "• turn 1: initiative, initiative determination"


def test_the_range_label_says_where_the_entry_shown_lies(dock, session):
    dock.start(session, 60, 70)
    label = child(dock, QLabel, "replayRange")
    dock.show_entry(62)
    assert label.text() == "Replay: entries 60–70 · now 3 of 11"
    dock.show_entry(71)
    assert label.text() == "Replay: entries 60–70 · past the last"


def test_the_range_label_names_the_opponents_file(dock, shipped):
    exchange = Exchange(shipped)
    soviet = join_game(
        shipped, exchange.send(exchange.german), identity=exchange.soviet_key, clock=clock()
    )
    set_up(soviet, Player.SOVIET)
    report = exchange.german.email.import_text(exchange.send(soviet))
    dock.start(exchange.german, report.first_entry, report.last_entry)
    assert child(dock, QLabel, "replayRange").text() == (
        f"Opponent's file (Soviet): entries {report.first_entry}–{report.last_entry} "
        "· before the first"
    )


@pytest.mark.parametrize(
    ("key", "modifier", "entry"),
    [
        (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier, 66),
        (Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier, 66),
        (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier, 64),
        (Qt.Key.Key_Left, Qt.KeyboardModifier.ControlModifier, 64),
        (Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier, 59),
        (Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier, 70),
    ],
)
def test_keys_in_the_dock_step_and_jump(qtbot, dock, session, key, modifier, entry):
    dock.start(session, 60, 70)
    dock.show_entry(65)
    panel = dock.widget()
    dock.window().activateWindow()
    panel.setFocus()
    qtbot.waitUntil(panel.hasFocus)
    qtbot.keyClick(panel, key, modifier)
    assert dock.shown == entry


def test_space_plays_and_pauses_and_esc_leaves_the_replay(qtbot, dock, session):
    dock.start(session, 60, 70)
    panel = dock.widget()
    dock.window().activateWindow()
    qtbot.waitUntil(panel.hasFocus)
    play = child(dock, QToolButton, "replayPlay")
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert play.isChecked()
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert not play.isChecked()
    with qtbot.waitSignal(dock.finished):
        qtbot.keyClick(panel, Qt.Key.Key_Escape)


def test_every_control_explains_itself_in_a_tooltip(dock, session):
    dock.start(session, 60, 70)
    controls = [
        *dock.findChildren(QAbstractButton),
        *dock.findChildren(QComboBox),
        *dock.findChildren(QSpinBox),
    ]
    named = [control for control in controls if control.objectName().startswith("replay")]
    assert len(named) == 9
    assert all(control.toolTip() for control in named)
