"""A game against the computer at the table (issue 38, item 5): the computer thinks off the
window's thread and plays its moves on the map and in the log until the human must act;
what the human may not do meanwhile; a thought on a game that has changed is dropped; a
saved game reopens and goes on."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QTimer

from owsqt.journal.identity import Identity
from owsqt.qt.app.gamelog import COMPUTER_GLYPH
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.kit.heap import settle_heap
from owsqt.qt.kit.seatline import told_of_computer
from owsqt.qt.play import computerturns
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.session import game_from_text, open_journal
from owsqt.session.computer import computer_to_move, think
from owsqt.session.seat import Seat, by_computer
from tests.qt.computertable import (
    TURN_MS,
    before_computer_moves_in,
    computer_game,
    computer_window,
    wait_for_human,
)

TICK_MS = 10
SLOW_S = 0.5
SETTLE_MS = 500
MOVEMENT = (Segment.NON_MECHANIZED_MOVEMENT, Segment.MECHANIZED_MOVEMENT)


def test_i38_5_4_3_the_computer_plays_at_the_table_until_the_human_must_act(qtbot, shipped):
    session = computer_game(shipped)  # the computer Soviet: it allocates its air first (4.3)
    seat = session.seat
    assert seat is not None and seat.side is Player.SOVIET
    before = len(session.entries)
    window = computer_window(qtbot, shipped, session)
    wait_for_human(qtbot, window)
    assert not computer_to_move(session, seat)
    played = session.entries[before:]
    assert played and all(by_computer(entry) for entry in played)
    assert window.computer.turns.background.last_thread not in (None, threading.get_ident())
    assert window.end_step_action.isEnabled()
    logged = [window.log.item(row).text() for row in range(window.log.count())]
    assert any(f"#{played[-1].number} " in line for line in logged)


def test_i38_5_8_1_the_window_goes_on_while_the_computer_thinks_its_movement(qtbot, shipped):
    """The window's event loop runs while the computer thinks (8.1: the heuristic Soviet
    moves each of its stacks): a 10 ms timer of the window ticks during its thoughts, and
    each thought ran on another thread than the window's. How long the window may wait
    then is measured, against the idle loop's own waits, by `make bench`
    (bench/bench_computer.py: computer.window_gap_while_thinking): never as a time limit
    here, which a busy machine would break whatever the program does."""
    walked = computer_game(shipped, player="heuristic")
    text, human_pass = before_computer_moves_in(walked, *MOVEMENT)
    session = game_from_text(shipped, text, identity=Identity.generate())
    window = computer_window(qtbot, shipped, session)
    settle_heap()  # as the program does once its window is up (qt/app/launch.py)
    qtbot.wait(SETTLE_MS)  # the window drawn whole: what follows is the computer's turn
    turns = window.computer.turns
    ticks: list[bool] = []  # each tick: whether a thought was under way
    timer = QTimer(window, interval=TICK_MS)
    timer.timeout.connect(lambda: ticks.append(turns.thinking))
    thoughts: list[int | None] = []
    turns.moved.connect(lambda _move: thoughts.append(turns.background.last_thread))
    window.bridge.submit(human_pass)  # the human passes: the computer plays, then moves
    qtbot.waitUntil(lambda: turns.thinking, timeout=5000)
    timer.start()  # from its first thought to the human's move
    wait_for_human(qtbot, window)
    timer.stop()
    assert len(thoughts) >= 5
    assert any(ticks), "the window's timer never ticked while the computer thought"
    assert None not in thoughts and threading.get_ident() not in thoughts


def test_i38_5_4_3_a_saved_game_reopens_and_the_computer_resumes_its_move(qtbot, shipped, tmp_path):
    path = tmp_path / "against.owsg"
    computer_game(shipped, path=path).close()  # saved as the Soviet computer is to allocate
    session = open_journal(shipped, path)
    before = len(session.entries)
    window = computer_window(qtbot, shipped, session)
    wait_for_human(qtbot, window)
    assert len(session.entries) > before and by_computer(session.entries[-1])
    window.close()
    again = open_journal(shipped, path)
    assert len(again.entries) == len(session.entries)  # its moves are in the file
    again.close()


def test_i38_5_the_log_sets_the_computer_s_reasons_apart(qtbot, shipped):
    window = computer_window(qtbot, shipped, computer_game(shipped))
    wait_for_human(qtbot, window)
    items = [window.log.item(row) for row in range(window.log.count())]
    reasons = [item for item in items if COMPUTER_GLYPH in item.text()]
    assert reasons and all(item.font().italic() for item in reasons)
    assert any("The computer (greedy, normal), Soviet: " in item.text() for item in reasons)
    assert not any(item.font().italic() for item in items if item not in reasons)


def test_i38_5_undo_takes_back_the_human_s_action_with_the_computer_s_moves_since(qtbot, shipped):
    walked = computer_game(shipped)
    text, human = before_computer_moves_in(walked, undoable=True)
    session = game_from_text(shipped, text)
    before, entries = session.state, len(session.entries)
    window = computer_window(qtbot, shipped, session)
    window.bridge.submit(human)  # the human passes, the computer answers
    wait_for_human(qtbot, window)
    assert any(by_computer(entry) for entry in session.entries[entries:])
    assert window.undo_action.isEnabled() and "computer" in window.undo_action.toolTip()
    window.undo_action.trigger()
    assert session.state == before  # his pass and every move of the computer since
    qtbot.wait(SETTLE_MS)
    assert not window.computer.turns.playing  # his move again: the computer waits
    assert window.end_step_action.isEnabled()


def test_i38_5_a_thought_on_a_game_that_changed_is_dropped(qtbot, shipped, monkeypatch):
    def slow_think(*args):  # the computer's thought, long enough to be caught at it
        time.sleep(SLOW_S)
        return think(*args)

    monkeypatch.setattr(computerturns, "think", slow_think)
    walked = computer_game(shipped)
    text, human = before_computer_moves_in(walked, undoable=True)
    session = game_from_text(shipped, text)
    window = computer_window(qtbot, shipped, session)
    turns = window.computer.turns
    before = session.state
    window.bridge.submit(human)
    qtbot.waitUntil(lambda: turns.thinking, timeout=5000)
    entries = len(session.entries)
    window.undo_action.trigger()  # the human takes his pass back while the computer thinks
    assert session.state == before and not turns.thinking
    qtbot.waitUntil(lambda: turns.background.running == 0, timeout=TURN_MS)
    qtbot.wait(SETTLE_MS)
    assert len(session.entries) == entries + 1 and not by_computer(session.entries[-1])
    window.bridge.submit(human)  # again; and another game opened while it thinks
    qtbot.waitUntil(lambda: turns.thinking, timeout=5000)
    entries = len(session.entries)
    window.bridge.replace(computer_game(shipped, human=Player.SOVIET))
    qtbot.waitUntil(lambda: turns.background.running == 0, timeout=TURN_MS)
    assert len(session.entries) == entries  # nothing played into the game that went


def test_i38_5_4_3_the_air_dock_names_the_computer_when_its_side_allocates(qtbot, shipped):
    """[4.3] The Soviet allocates first: with the computer Soviet, the air dock does not
    tell the human "Soviet player: allocate your air units" but that the computer acts."""
    session = computer_game(shipped)  # the computer Soviet
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    window.computer.turns.stop()  # held before its first move, to read the dock
    window.refresh()
    line = window.air.panel.actor.text()
    assert "The computer (Soviet) acts in this step (4.3, step 1)" in line, line
    assert "allocate your air units" not in line


def test_i38_5_the_line_of_who_acts_names_the_computer_only_for_its_side():
    seat = Seat(Player.SOVIET, "heuristic", "normal")
    line = "German player: choose the lead unit (11.3)"
    assert told_of_computer(line, Player.GERMAN, seat) == line
    assert told_of_computer(line, Player.SOVIET, None) == line
    assert told_of_computer("Soviet player: fire (11.4)", Player.SOVIET, seat) == (
        "The computer (Soviet) acts in this step (11.4): watch its moves on the map and in the log"
    )
