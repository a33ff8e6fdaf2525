"""8.1: the two-class search over hex numbers (PairSteps) builds the very labels, parents
and kept labels of the search for any number of classes, on random stacks (random units of
random stacks of the campaign's set-up, those of two movement classes compared), in the
set-up and in a state with bridge markers, interdiction zones and entrenchments."""

from __future__ import annotations

import random

import pytest

from owsqt.rules.movement.stackmove import StackMove
from tests.rules.test_stack_move import _busy, _set_up


@pytest.mark.parametrize("busy", [False, True])
def test_8_1_the_numbered_two_class_search_keeps_the_labels_of_the_general_search(
    busy, monkeypatch
):
    ruleset, plain = _set_up("operation-winter-storm")
    state = _busy(ruleset, plain) if busy else plain
    rng = random.Random(20)
    compared = 0
    hexes = sorted(h for h in state.stacks)
    for _ in range(60):
        stack = state.stacks[rng.choice(hexes)]
        units = tuple(rng.sample(stack, min(len(stack), rng.randint(1, 4))))
        move = StackMove(ruleset, state, units)
        if len(move.class_order) != 2:
            continue
        compared += 1
        fast = move.reach()
        with monkeypatch.context() as patch:
            patch.setattr(StackMove, "_expand_two", StackMove._expand)
            general = StackMove(ruleset, state, units).reach()
        assert fast.spent == general.spent
        assert list(fast.spent) == list(general.spent)  # the same order, too
        assert fast.chains.kept == general.chains.kept
        assert fast.chains.hexes == general.chains.hexes
        assert fast.chains.parents == general.chains.parents
    assert compared >= 5
