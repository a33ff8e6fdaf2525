"""The cost of a step of movement on the real map, and the steps terrain forbids (8.1, 8.2,
Terrain Effects Chart)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.combat.prepared import closed_to_attack
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import MovementClass
from owsqt.rules.engineering.bridging import river_sides
from owsqt.rules.map.gamemap import ConnectionKind, RiverClass, Terrain
from owsqt.rules.movement.movecost import (
    POCKET,
    Prohibited,
    closed_crossing,
    closed_hex,
    closed_hexes,
    road_between,
    step_cost,
)

TRACKED, MOTOR, FOOT = MovementClass.TRACKED, MovementClass.MOTORIZED, MovementClass.NON_MOTORIZED


@pytest.fixture(scope="module")
def game_map(ruleset):
    return ruleset.game_map


def cost(ruleset, a, b, movement_class, player=Player.GERMAN, **flags):
    return step_cost(ruleset, a, b, movement_class, player, **flags)


def off_road_step(game_map, terrain):
    """Two adjacent hexes with no road or river between them, the second of `terrain`."""
    for hex_, info in game_map.hexes.items():
        if info.terrain is not terrain or info.pocket:
            continue
        for _, other in game_map.grid.neighbours(hex_):
            if road_between(game_map, other, hex_) is None and not game_map.river_between(
                other, hex_
            ):
                return other, hex_
    raise AssertionError(f"no {terrain} step found")


@pytest.mark.parametrize(
    ("terrain", "expected"),
    [(Terrain.CLEAR, (1, 2, 1)), (Terrain.ELEVATED, (1, 2, 1)), (Terrain.MARSH, (2, 3, 2))],
)
def test_tec_terrain_costs_by_movement_class_8_1(ruleset, game_map, terrain, expected):
    a, b = off_road_step(game_map, terrain)
    got = tuple(cost(ruleset, a, b, c) for c in (TRACKED, MOTOR, FOOT))
    assert got == expected


def test_tec_primary_road_half_a_point_for_vehicles_one_on_foot_8_1(ruleset, game_map):
    road = next(c for c in game_map.connections if c.kind is ConnectionKind.PRIMARY_ROAD
                and not game_map.river_between(c.a, c.b))  # fmt: skip
    assert cost(ruleset, road.a, road.b, TRACKED) == Fraction(1, 2)
    assert cost(ruleset, road.a, road.b, MOTOR) == Fraction(1, 2)
    assert cost(ruleset, road.a, road.b, FOOT) == 1


def test_8_1_on_icy_turns_roads_count_as_clear_terrain(ruleset, game_map):
    road = next(c for c in game_map.connections if c.kind is ConnectionKind.PRIMARY_ROAD
                and not game_map.river_between(c.a, c.b))  # fmt: skip
    assert cost(ruleset, road.a, road.b, MOTOR, icy=True) == 2  # clear, for motorized
    assert cost(ruleset, road.a, road.b, TRACKED, icy=True) == 1


def test_tec_a_minor_river_adds_its_cost_and_a_bridge_only_one_point(ruleset, game_map):
    plain = next(
        s for s in game_map.rivers.values() if s.river is RiverClass.MINOR and not s.bridge
    )
    a, b = plain.hexside.a, plain.hexside.b
    base = cost(ruleset, a, b, FOOT) - 3
    assert base in (1, 2)  # the terrain entered, then +3 MP on foot
    bridge = next(s for s in game_map.rivers.values() if s.bridge and s.name == "Myshkova")
    a, b = bridge.hexside.a, bridge.hexside.b
    road = road_between(game_map, a, b)
    assert road is not None
    road_rate = Fraction(1, 2) if road is ConnectionKind.PRIMARY_ROAD else 1
    assert cost(ruleset, a, b, TRACKED) == road_rate + 1


def test_8_2_no_unit_crosses_the_don(ruleset, game_map):
    don = next(s for s in game_map.rivers.values() if s.river is RiverClass.MAJOR)
    with pytest.raises(Prohibited, match=r"8\.2: no unit may cross the Don"):
        cost(ruleset, don.hexside.a, don.hexside.b, FOOT)


def test_8_2_soviet_units_may_not_enter_the_pocket(ruleset, game_map):
    inside, outside = next(
        (hex_, n)
        for hex_ in sorted(game_map.pocket)
        for _, n in game_map.grid.neighbours(hex_)
        if n not in game_map.pocket and not game_map.river_between(hex_, n)
    )
    with pytest.raises(Prohibited, match=r"8\.2: no Soviet unit"):
        cost(ruleset, outside, inside, FOOT, Player.SOVIET)
    assert cost(ruleset, outside, inside, FOOT, Player.GERMAN) >= 1


def test_tec_8_2_what_terrain_forbids_is_the_charts_to_say(ruleset, game_map):
    """A chart that let units cross major rivers and Soviet units into the pocket would
    open the Don and the pocket to every module: movement, combat, engineers, set-up."""
    tec = ruleset.tables.tec
    minor = tec.terrain("minor_river")
    rows = tuple(
        replace(row, movement_costs=minor.movement_costs, combat=minor.combat, rule=None)
        if row.key == "major_river"
        else replace(row, closed_to=(), rule=None)
        if row.key == POCKET
        else row
        for row in tec.terrain_types
    )
    lenient = replace(ruleset, tables=replace(ruleset.tables, tec=replace(tec, terrain_types=rows)))
    don = next(s for s in game_map.rivers.values() if s.river is RiverClass.MAJOR and not s.bridge)
    a, b = don.hexside.a, don.hexside.b
    assert str(closed_crossing(ruleset, a, b)) == "8.2: no unit may cross the Don, bridges included"
    assert closed_crossing(lenient, a, b) is None
    assert cost(lenient, a, b, FOOT) - 3 in (1, 2)  # the terrain, then +3 MP on foot
    assert closed_to_attack(ruleset, a, b) == "8.2" and closed_to_attack(lenient, a, b) is None
    assert don.hexside not in river_sides(ruleset, a) and don.hexside in river_sides(lenient, a)
    inside = min(game_map.pocket)
    assert closed_hex(ruleset, inside, Player.SOVIET).rule == "8.2"
    assert closed_hex(ruleset, inside, Player.GERMAN) is None
    assert closed_hex(lenient, inside, Player.SOVIET) is None
    assert inside in closed_hexes(ruleset, Player.SOVIET) and not closed_hexes(
        lenient, Player.SOVIET
    )
