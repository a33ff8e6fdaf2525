"""Where a stack can move (8.1-8.3, 10.2) on the real map."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from owsqt.rules.core.actions import PlaceUnits, SetMarker, SetSupply
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Supply, UnitMarker
from owsqt.rules.engine import apply
from owsqt.rules.movement.stackmove import StackMove, reachable, unit_allowance
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.scenario.turntrack import TurnRecord
from tests.conftest import TEST_SCENARIO


@pytest.fixture
def state(ruleset):
    return initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)


def put(ruleset, state, *actions):
    for action in actions:
        state = apply(ruleset, state, action, Mode.FREE).state
    return state


def test_8_1_13_0_14_5_allowance_is_halved_when_disrupted_or_out_of_supply(ruleset, state):
    assert unit_allowance(ruleset, state, "tank") == 10
    assert unit_allowance(ruleset, state, "tank", bonus=1) == 11  # 6.3 initiative bonus
    state = put(ruleset, state, SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True))
    assert unit_allowance(ruleset, state, "tank") == 5
    state = put(ruleset, state, SetSupply(units=("mech",), supply=Supply.OUT))
    assert unit_allowance(ruleset, state, "mech") == 5


def test_8_1_a_stack_moves_at_the_rate_of_its_slowest_unit(ruleset, state):
    state = put(ruleset, state, PlaceUnits(units=("tank", "rifle"), to=ruleset.grid.hex_of("2438")))
    assert StackMove(ruleset, state, ("tank", "rifle")).allowance == 5  # 10 and 5


def test_8_1_no_hex_costs_more_than_the_allowance_and_paths_are_steps(ruleset, state):
    start = ruleset.grid.hex_of("2438")
    state = put(ruleset, state, PlaceUnits(units=("mot6",), to=start))
    reach = reachable(ruleset, state, ("mot6",))
    assert reach.allowance == 12
    assert len(reach.spent) > 20
    assert all(cost <= 12 for cost in reach.spent.values())
    far = max(reach.spent, key=reach.spent.get)
    path = reach.path_to(far)
    assert path[0] == start and all(distance(a, b) == 1 for a, b in itertools.pairwise(path))


def test_10_2_an_enemy_zoc_costs_two_to_enter_and_stops_short_moves(ruleset, state):
    grid = ruleset.grid
    start, enemy = grid.hex_of("2438"), grid.hex_of("2436")
    state = put(
        ruleset,
        state,
        PlaceUnits(units=("tank",), to=start),
        PlaceUnits(units=("rifle",), to=enemy),
    )
    reach = reachable(ruleset, state, ("tank",))
    assert enemy not in reach.spent  # enemy-occupied hexes are closed
    between = grid.hex_of("2437")
    free = reachable(
        ruleset,
        put(ruleset, state, PlaceUnits(units=("rifle",), to=grid.hex_of("2410"))),
        ("tank",),
    )
    assert reach.spent[between] == free.spent[between] + 2


def test_10_2_artillery_alone_may_not_enter_an_enemy_zoc(ruleset, state):
    grid = ruleset.grid
    state = put(
        ruleset,
        state,
        PlaceUnits(units=("at",), to=grid.hex_of("2438")),
        PlaceUnits(units=("tank",), to=grid.hex_of("2436")),
    )
    reach = reachable(ruleset, state, ("at",))
    assert grid.hex_of("2437") not in reach.spent


def test_8_1_roads_carry_vehicles_further_than_open_steppe(ruleset, state):
    game_map = ruleset.game_map
    road = next(
        c
        for c in game_map.connections
        if c.kind.value == "primary_road"
        and not game_map.river_between(c.a, c.b)
        and not game_map.hexes[c.a].pocket
    )
    state = put(ruleset, state, PlaceUnits(units=("mot6",), to=road.a))
    on_road = reachable(ruleset, state, ("mot6",))
    track = tuple(TurnRecord(n, "", "clear", "icy") for n in (1, 2, 3))
    icy = reachable(dataclasses.replace(ruleset, turn_record_track=track), state, ("mot6",))
    assert on_road.spent[road.b] == Fraction(1, 2)  # primary road rate for motorized units
    assert icy.spent[road.b] == 2  # 8.1: icy roads count as clear terrain (2 MP motorized)
    assert len(on_road.spent) > len(icy.spent)
