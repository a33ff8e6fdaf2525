"""A game against the computer at the table (issue 38, item 5): the computer thinks off the
window's thread and plays its moves on the map and in the log until the human must act;
what the human may not do meanwhile; a thought on a game that has changed is dropped; a
saved game reopens and goes on."""

from __future__ import annotations

import threading

from owsqt.rules.core.vocabulary import Player
from owsqt.session.computer import computer_to_move
from owsqt.session.seat import by_computer
from tests.qt.computertable import computer_game, computer_window, wait_for_human


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
