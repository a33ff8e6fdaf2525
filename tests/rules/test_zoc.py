"""Zones of control (10.1) on the real map; what they cost to enter and leave (10.2) is
StackMove's price (test_stack_move.py)."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import PlaceUnits, SetMarker
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker
from owsqt.rules.engine import apply
from owsqt.rules.map.gamemap import RiverClass
from owsqt.rules.movement.zoc import (
    exerts_zoc,
    stack_exerts_zoc,
    zoc_crosses,
    zoc_of,
)
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO


@pytest.fixture
def state(ruleset):
    return initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)


def put(ruleset, state, *actions):
    for action in actions:
        state = apply(ruleset, state, action, Mode.FREE).state
    return state


def test_10_1_a_unit_exerts_a_zoc_into_its_six_neighbours(ruleset, state):
    hex_ = ruleset.grid.hex_of("2428")
    state = put(ruleset, state, PlaceUnits(units=("rifle",), to=hex_))
    zone = zoc_of(ruleset, state, Player.SOVIET)
    assert len(zone) == 6 and all(distance(hex_, other) == 1 for other in zone)
    assert zoc_of(ruleset, state, Player.GERMAN) == frozenset()


def test_10_1_headquarters_and_disrupted_units_have_no_zoc(ruleset, state):
    state = put(
        ruleset,
        state,
        PlaceUnits(units=("hq57",), to=ruleset.grid.hex_of("2441")),
        PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2641")),
        SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True),
    )
    assert not exerts_zoc(ruleset, state, "hq57")
    assert not exerts_zoc(ruleset, state, "tank")
    assert zoc_of(ruleset, state, Player.GERMAN) == frozenset()


def test_10_1_13_0_a_mixed_stack_of_disrupted_and_undisrupted_units_keeps_its_zoc(ruleset, state):
    hex_ = ruleset.grid.hex_of("2641")
    state = put(
        ruleset,
        state,
        PlaceUnits(units=("tank", "mech"), to=hex_),
        SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True),
    )
    assert stack_exerts_zoc(ruleset, state, hex_)
    assert len(zoc_of(ruleset, state, Player.GERMAN)) == 6


def test_10_1_zocs_do_not_extend_across_major_river_hexsides(ruleset, state):
    game_map = ruleset.game_map
    don = next(s for s in game_map.rivers.values() if s.river is RiverClass.MAJOR)
    a, b = don.hexside.a, don.hexside.b
    assert not zoc_crosses(ruleset, a, b)
    state = put(ruleset, state, PlaceUnits(units=("rifle",), to=a))
    assert b not in zoc_of(ruleset, state, Player.SOVIET)


def test_10_1_zocs_do_extend_across_minor_rivers(ruleset):
    aksai = next(s for s in ruleset.game_map.rivers.values() if s.name == "Aksai")
    assert zoc_crosses(ruleset, aksai.hexside.a, aksai.hexside.b)
