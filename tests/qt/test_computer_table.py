"""A game against the computer at the table (issue 38, item 5): the computer thinks off the
window's thread and plays its moves on the map and in the log until the human must act;
what the human may not do meanwhile; a thought on a game that has changed is dropped; a
saved game reopens and goes on."""

from __future__ import annotations

import itertools
import threading
import time

from PySide6.QtCore import QTimer

from owsqt.journal.identity import Identity
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.session import game_from_text
from owsqt.session.computer import computer_to_move
from owsqt.session.seat import by_computer
from tests.qt.computertable import (
    before_computer_moves_in,
    computer_game,
    computer_window,
    wait_for_human,
)

TICK_MS = 10
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


def test_i38_5_8_1_the_window_never_freezes_while_the_computer_thinks_its_movement(qtbot, shipped):
    """The issue's goal: the event loop never blocked more than 100 ms while the computer
    thinks and plays (8.1: the heuristic Soviet moves each of its stacks, a thought of up to
    a second each), and it thought on other threads than the window's."""
    walked = computer_game(shipped, player="heuristic")
    text, human_pass = before_computer_moves_in(walked, *MOVEMENT)
    session = game_from_text(shipped, text, identity=Identity.generate())
    window = computer_window(qtbot, shipped, session)
    qtbot.wait(SETTLE_MS)  # the window drawn whole: what follows is the computer's turn
    ticks: list[float] = []
    timer = QTimer(window, interval=TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    turns = window.computer.turns
    thoughts: list[int | None] = []
    turns.moved.connect(lambda _move: thoughts.append(turns.background.last_thread))
    timer.start()
    window.bridge.submit(human_pass)  # the human passes: the computer plays, then moves
    qtbot.waitUntil(lambda: turns.playing, timeout=5000)
    wait_for_human(qtbot, window)
    timer.stop()
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert len(thoughts) >= 5 and len(ticks) > 20
    assert max(gaps) < 0.1, f"the window froze {max(gaps) * 1000:.0f} ms"
    assert None not in thoughts and threading.get_ident() not in thoughts
