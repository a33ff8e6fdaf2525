"""Work per gesture is done once (8.1, 8.2, 6.3): a drop on the map builds one StackMove,
which the table's preview, the engine's judgement and its resolution share; the initiative
bonus is counted once and each step of the path is billed (and checked against the Don)
once."""

from __future__ import annotations

from collections import Counter

import pytest

from owsqt.rules.movement import stackmove
from owsqt.rules.movement.stackmove import StackMove
from tests.qt.tabletools import drag, hex_of
from tests.qt.test_movement_table import moving_table


@pytest.fixture
def work(monkeypatch):
    """Counts StackMoves built and initiative bonuses counted, by state, and steps billed
    by hexes and movement class."""
    counts = {"built": Counter(), "bonus": Counter(), "steps": Counter()}
    build, bonus, bill = StackMove.__init__, stackmove.initiative_bonus, stackmove.step_items

    def counted_build(self, ruleset, state, units, **how):
        counts["built"][id(state)] += 1
        build(self, ruleset, state, units, **how)

    def counted_bonus(ruleset, state, player):
        counts["bonus"][id(state)] += 1
        return bonus(ruleset, state, player)

    def counted_bill(ruleset, a, b, movement_class, *args, **how):
        counts["steps"][(a, b, movement_class)] += 1  # the 8.2 check is made here
        return bill(ruleset, a, b, movement_class, *args, **how)

    monkeypatch.setattr(StackMove, "__init__", counted_build)
    monkeypatch.setattr(stackmove, "initiative_bonus", counted_bonus)
    monkeypatch.setattr(stackmove, "step_items", counted_bill)
    return counts


def test_8_1_one_stack_move_per_drop_shared_by_preview_judge_and_resolution(qtbot, ruleset, work):
    window = moving_table(qtbot, ruleset)
    window.select_hex(ruleset.grid.hex_of("2438"))  # the stack's move planned: its reach
    work["built"].clear()
    work["bonus"].clear()
    states = []
    for target in ("2436", "2437"):  # a drop, then the stack in motion dropped again
        states.append(id(window.session.state))
        drag(window, "tank", target)
        assert (hex_of(window, "tank"), hex_of(window, "mech")) == (target, target)
    states.append(id(window.session.state))
    # Each drop builds one StackMove: the reach of the stack in motion in the state it
    # leaves; the preview, the judge and the resolution use the one its state already has.
    assert sum(work["built"].values()) == 2
    assert set(work["built"]) == set(states[1:]) and max(work["built"].values()) == 1
    # 6.3: the initiative bonus, once per StackMove.
    assert work["bonus"] == work["built"]
    # 8.2: every step billed once, however often the pointer and the engine ask (the two
    # drops step along different hexsides).
    assert work["steps"] and max(work["steps"].values()) == 1
