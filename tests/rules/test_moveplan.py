"""The move plan (owsqt/rules/movement/moveplan.py), without Qt: what a drop on a hex means
(3.1, 8.1), the path and its bill, units entering the map (19.0), a stack in motion keeping
its kind of movement (8.3), and one StackMove per state and stack for the table's preview
and the engine's judgement."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest

from owsqt.rules.core.actions import MoveStack, PlaceUnits
from owsqt.rules.core.hexgrid import distance, line
from owsqt.rules.core.state import MovementState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.movement import stackmove
from owsqt.rules.movement.moveplan import (
    drop_action,
    entry_hexes,
    may_plan,
    move_plan,
    moves_by_rules,
    why_unmovable,
)
from owsqt.rules.movement.stackmove import KEPT_MOVES, StackMove, stack_move
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, north, path_of, put

NON_MECH = Segment.NON_MECHANIZED_MOVEMENT


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    return kit_state(rules)


def scene(rules, state, segment=NON_MECH, player=Player.GERMAN, **where):
    for unit_id, hex_id in where.items():
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=hx(rules, hex_id)))
    return at_step(state, segment, player)


def test_3_1_a_drop_is_a_move_by_hand_in_free_play_and_set_up(rules, state):
    moving = scene(rules, state, mot5=OPEN)
    target = hx(rules, "3443")
    assert drop_action(rules, moving, Mode.FREE, ("mot5",), target) == PlaceUnits(
        units=("mot5",), to=target
    )
    setting_up = replace(moving, phase=Phase.SETUP)
    assert not moves_by_rules(setting_up, Mode.STRICT)
    assert isinstance(drop_action(rules, setting_up, Mode.STRICT, ("mot5",), target), PlaceUnits)


def test_8_1_a_drop_is_the_move_along_the_path_shown_and_the_engine_judges_it_legal(rules, state):
    state = scene(rules, state, mot5=OPEN)
    target = hx(rules, "3443")
    route = move_plan(rules, state, ("mot5",)).route_to(target)
    action = drop_action(rules, state, Mode.STRICT, ("mot5",), target)
    assert action == MoveStack(units=("mot5",), path=route.path)
    assert route.path == path_of(rules, north(OPEN, 2)) and route.reachable
    assert route.running_costs() == [None, 2, 4]  # motorized, clear terrain (TEC)
    assert apply(rules, state, action, Mode.STRICT).verdict.legal
    assert drop_action(rules, state, Mode.STRICT, ("mot5",), hx(rules, OPEN)) is None


def test_8_1_the_preview_the_judge_and_the_resolution_share_one_stack_move(
    rules, state, monkeypatch
):
    state = scene(rules, state, mot5=OPEN)
    plan = move_plan(rules, state, ("mot5",))
    route = plan.route_to(hx(rules, "3443"))
    assert stack_move(rules, state, ("mot5",)) is plan.moves[hx(rules, OPEN)]
    built = []
    build = StackMove.__init__
    monkeypatch.setattr(
        StackMove, "__init__", lambda move, *a, **k: built.append(a) or build(move, *a, **k)
    )
    outcome = apply(rules, state, MoveStack(units=("mot5",), path=route.path), Mode.STRICT)
    assert outcome.applied and built == []  # judged and resolved with the plan's StackMove
    assert route.move.price(route.path) is route.price  # the path priced once
    after = stack_move(rules, outcome.state, ("mot5",))
    assert after is not route.move and after.continuing and len(built) == 1  # a new state


def test_8_1_stack_moves_are_kept_for_the_last_states_only(rules, state):
    state = scene(rules, state, mot5=OPEN)
    first = stack_move(rules, state, ("mot5",))
    others = [replace(state, turn=state.turn) for _ in range(KEPT_MOVES)]
    for other in others:
        stack_move(rules, other, ("mot5",))
    assert len(stackmove._kept) <= KEPT_MOVES  # memory stays bounded
    assert stack_move(rules, state, ("mot5",)) is not first  # rebuilt: it was let go


def test_8_3_a_stack_in_motion_keeps_to_the_movement_it_began_with(rules, state):
    state = scene(rules, state, mot5=OPEN)
    moving = MovementState(moving={"mot5": Fraction(6)}, administrative=True)
    in_motion = replace(state, movement=moving)
    assert move_plan(rules, in_motion, ("mot5",), administrative=False).administrative
    assert not move_plan(rules, state, ("mot5",), administrative=False).administrative
    action = drop_action(rules, in_motion, Mode.STRICT, ("mot5",), hx(rules, "3444"))
    assert action.administrative


def test_19_0_units_coming_on_are_planned_from_their_entry_hexes(rules, state):
    state = at_step(replace(state, turn=1), NON_MECH)
    plan = move_plan(rules, state, ("mot5",))
    assert plan.entering and plan.start is None
    assert plan.entries == entry_hexes(rules, state, ("mot5",))
    assert hx(rules, "1053") in plan.entries
    route = plan.route_to(hx(rules, "1153"))
    assert route.path[0] in plan.entries and route.reachable
    assert route.running_costs()[0] is not None  # entering pays for its first hex
    assert may_plan(rules, state, Mode.STRICT, ("mot5",), entering=True)
    assert not may_plan(rules, state, Mode.STRICT, ("mot5",), entering=False)


def test_19_0_units_with_no_way_onto_the_map_are_sent_to_the_hex_dropped_on(rules, state):
    state = at_step(replace(state, turn=1), NON_MECH)
    assert entry_hexes(rules, state, ("gfill1",)) == ()  # no reinforcement: no way in
    target = hx(rules, "2438")
    action = drop_action(rules, state, Mode.STRICT, ("gfill1",), target)
    assert action == MoveStack(units=("gfill1",), path=(target,))
    violations = apply(rules, state, action, Mode.STRICT).verdict.violations
    assert "19.0: Filler 1 (6-6) has no way onto the map" in map(str, violations)


def test_7_1_the_plan_is_for_the_acting_players_own_units_in_their_segment(rules, state):
    state = scene(rules, state, mot5=OPEN, tank="3245", rifle="3645")
    assert may_plan(rules, state, Mode.STRICT, ("mot5",), entering=False)
    assert not may_plan(rules, state, Mode.STRICT, ("rifle",), entering=False)
    assert not may_plan(rules, state, Mode.FREE, ("mot5",), entering=False)
    assert why_unmovable(rules, state, hx(rules, "3245")) == (
        "these are mechanized units: they move in the mechanized movement segment (7.1)"
    )
    assert why_unmovable(rules, state, hx(rules, OPEN)) is None


def test_8_1_the_route_to_an_unreachable_hex_stops_where_the_rules_stop_it(rules, state):
    state = scene(rules, state, mot5=OPEN)
    plan = move_plan(rules, state, ("mot5",))
    route = plan.route_to(hx(rules, "3420"))
    assert not route.reachable and route.price.violation.rule == "8.1"
    assert route.path[0] == hx(rules, OPEN) and route.path[-1] == route.target
    assert set(route.path[: route.legal_hexes]) <= plan.hexes
    costs = route.running_costs()
    assert costs[route.legal_hexes - 1] <= plan.allowance < costs[route.legal_hexes]


def test_8_1_a_route_never_leaves_the_map_along_its_ragged_edge(rules, state):
    state = scene(rules, state, mot5=OPEN)
    plan = move_plan(rules, state, ("mot5",))
    hexes = rules.game_map.hexes
    a, b = hx(rules, "1055"), hx(rules, "1255")  # along the south edge
    assert any(h not in hexes for h in line(a, b))  # the straight line dips off the map
    way = plan._straight(a, b)
    assert way[0] == a and way[-1] == b and all(h in hexes for h in way)
    assert all(distance(x, y) == 1 for x, y in pairwise(way))
