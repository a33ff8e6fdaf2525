"""Soviet Ring Forces stay where they are placed (5.2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.core.actions import DestroyBridge, MoveStack
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge
from owsqt.rules.engineering.bridging import river_sides
from owsqt.rules.legalactions import bridge_work
from owsqt.rules.movement.ringhold import ring_army
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.victory.corridor import corridor
from owsqt.session import new_game


def _soviet_movement_segment():
    ruleset = default_ruleset()
    session = new_game(ruleset, "operation-winter-storm", Mode.STRICT, seed=3)
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


@pytest.mark.parametrize("scenario", ["operation-winter-storm", "maximum-effort"])
def test_5_2_the_default_ring_closes_the_pocket(scenario):
    """[5.2, 19.31 d] Reading 116: every hex next to the pocket holds a Soviet unit or
    lies in a Soviet ZOC, so no corridor (19.33) and no Thunderclap link (5.1) is open
    before a shot is fired; the armies stand within 3 hexes of the pocket."""
    ruleset = default_ruleset()
    session = new_game(ruleset, scenario, Mode.STRICT, seed=1)
    session.apply_default_setup()
    state = session.state
    assert corridor(ruleset, state) is None
    pocket, grid = ruleset.game_map.pocket, ruleset.grid
    soviet_zoc = zoc_of(ruleset, state, Player.SOVIET)
    ring_hexes = set()
    for unit_id, unit in state.units.items():
        if unit.hex is not None and ring_army(ruleset, unit_id) is not None:
            ring_hexes.add(unit.hex)
            assert min(distance(unit.hex, p) for p in pocket) <= 3, unit_id
    face = {
        n
        for p in pocket
        for _, n in grid.neighbours(p)
        if n in ruleset.game_map.hexes and n not in pocket
    }
    reachable = [h for h in face if any(n not in pocket for _, n in grid.neighbours(h))]
    assert all(h in ring_hexes or h in soviet_zoc for h in reachable)
    assert len(ring_hexes) >= 20  # a line, not three heaps


def test_5_2_a_ring_engineer_may_not_spend_movement_points_to_blow_a_bridge():
    ruleset, state = _soviet_movement_segment()
    engineer = "su-57a-eng1"
    hex_ = state.units[engineer].hex
    sides = river_sides(ruleset, hex_)
    assert sides, "the default line puts the engineer beside a bridged river"
    blow = DestroyBridge(player=Player.SOVIET, unit=engineer, hexside=sides[0])
    violations = judge(ruleset, state, blow).violations
    assert any(v.rule == "5.2" and "blow a bridge" in v.message for v in violations)
    offered = [
        a
        for seed in range(20)
        for a in bridge_work(ruleset, state, random.Random(seed))
        if getattr(a, "unit", None) == engineer
    ]
    assert offered == []
