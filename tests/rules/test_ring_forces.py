"""Soviet Ring Forces stay where they are placed (5.2)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import GameSession


def _soviet_movement_segment():
    ruleset = default_ruleset()
    session = GameSession.new(ruleset, "operation-winter-storm", Mode.STRICT, seed=3)
    session.apply_default_setup()
    state = replace(
        session.state,
        phase=Phase.FIRST_PLAYER,
        segment=Segment.NON_MECHANIZED_MOVEMENT,
        active=Player.SOVIET,
    )
    state = replace(state, initiative=replace(state.initiative, holder=Player.SOVIET))
    return ruleset, state


def _first_move(ruleset, state, units):
    reach = StackMove(ruleset, state, units).reach()
    target = next(h for h in sorted(reach.spent) if h != reach.start)
    return MoveStack(units=units, path=tuple(reach.path_to(target)))


def test_5_2_ring_forces_may_not_move_once_placed():
    ruleset, state = _soviet_movement_segment()
    ring = ruleset.catalogue.units_of("su-64a")[0].id
    move = _first_move(ruleset, state, (ring,))
    rules = {v.rule for v in judge(ruleset, state, move).violations}
    assert "5.2" in rules


def test_5_2_other_soviet_non_mechanized_units_move():
    ruleset, state = _soviet_movement_segment()
    stack = state.stack(state.units["su-91rd-rr1"].hex)
    verdict = judge(ruleset, state, _first_move(ruleset, state, stack))
    assert verdict.legal, verdict.violations
