"""A newcomer plays a whole game against the computer at the table, to the result screen
(issue 38, item 5): We are coming! (19.1), the computer Soviet; the human's actions are
drawn at random among those the rules allow his side (the random player's, as the fuzzer
draws them) and made through the table's own entry points: End step, and the bridge every
widget sends its action through."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.session.computer import think
from owsqt.session.seat import Seat, by_computer
from tests.qt.computertable import computer_game, computer_window, wait_for_human

HUMAN = Seat(Player.GERMAN, "random", "easy")  # the newcomer: any action the rules allow
LIMIT = 3000  # the human's actions: far more than a game of three days needs


@pytest.mark.slow
def test_i38_5_19_13_a_whole_game_against_the_computer_to_the_result_screen(qtbot, shipped):
    session = computer_game(shipped, human=HUMAN.side)
    window = computer_window(qtbot, shipped, session)
    for count in range(LIMIT):
        wait_for_human(qtbot, window)
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        move = think(shipped, state, HUMAN, f"newcomer:{count}")
        action = EndStep(player=HUMAN.side) if move is None else move.action
        entries = len(session.entries)
        if isinstance(action, EndStep) and not action.forfeit:
            window.end_step_action.trigger()
        else:
            window.bridge.submit(action)
        assert len(session.entries) > entries, window.hint.shown()
    assert session.state.phase is Phase.GAME_OVER and session.state.result is not None
    qtbot.waitUntil(lambda: window.victory.box is not None, timeout=5000)
    box = window.victory.box
    assert box.isVisible() and box.text() == session.state.result.text()
    made = [entry for entry in session.entries if by_computer(entry)]
    assert len(made) > 20  # the computer played its side the whole game
    items = [window.log.item(row).text() for row in range(window.log.count())]
    assert sum("The computer (greedy, normal), Soviet: " in item for item in items) >= len(made)
