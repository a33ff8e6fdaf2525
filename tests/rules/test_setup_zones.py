"""Set-up zones on the real battle map (19.11, 19.12, 19.21, 19.22, 19.4)."""

from __future__ import annotations

import pytest

from owsqt.rules.map.setupzones import (
    AllOf,
    AnyOf,
    AtHex,
    BehindStartLine,
    NearStartLine,
    NorthOfRow,
    SouthOfRiver,
    Within,
)


@pytest.fixture(scope="module")
def game_map(ruleset):
    return ruleset.game_map


def ids(game_map, hexes):
    return {game_map.grid.id_of(hex_) for hex_ in hexes}


def test_a_fixed_hex_and_a_radius_19_11(game_map):
    assert ids(game_map, AtHex("4514").hexes(game_map)) == {"4514"}
    around = ids(game_map, Within("4030", 1).hexes(game_map))
    assert len(around) == 7 and "4030" in around
    assert Within("4030", 1).describe() == "within 1 hex of 4030"


def test_near_a_start_line_segment_counts_from_every_hex_of_it_19_11(game_map):
    zone = ids(game_map, NearStartLine("soviet", "1045", "2042", 5).hexes(game_map))
    assert {"1045", "2042", "1540"} <= zone
    assert "3038" not in zone
    with pytest.raises(ValueError, match="no soviet start line segment 1045-2142"):
        NearStartLine("soviet", "1045", "2142", 5).hexes(game_map)


def test_behind_the_start_line_is_each_sides_own_rear_19_21_19_41(game_map):
    soviet = ids(game_map, BehindStartLine("soviet").hexes(game_map))
    axis = ids(game_map, BehindStartLine("axis").hexes(game_map))
    assert {"2428", "3410", "1817", "2042"} <= soviet  # the line itself counts
    assert {"1652", "1046", "4843", "1055"} <= axis
    assert "1652" not in soviet and "2428" not in axis


def test_south_of_a_river_19_22(game_map):
    south = ids(game_map, SouthOfRiver("Aksai").hexes(game_map))
    assert "2332" in south and "2331" not in south and "2428" not in south


def test_north_of_a_hexrow_19_21(game_map):
    north = ids(game_map, NorthOfRow(24).hexes(game_map))
    assert "3023" in north and "3024" not in north


def test_zones_combine_19_21_19_22(game_map):
    both = AllOf((Within("4441", 4), BehindStartLine("soviet")))
    assert both.hexes(game_map) < Within("4441", 4).hexes(game_map)
    either = AnyOf((Within("3431", 1), Within("3428", 1), Within("3127", 1)))
    assert len(either.hexes(game_map)) == 21
    assert either.describe().count(" or ") == 2
