"""The shipped battle map against every constraint the rules put on it (brief, 8.2, 14.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from owsqt.rules.core.hexgrid import distance
from owsqt.rules.map.gamemap import Edge, GameMap, HexFeature, RiverClass
from owsqt.rules.map.mapcompiler import compile_resources
from owsqt.rules.map.mapfile import compiled_text, load_game_map

RESOURCES = Path(__file__).resolve().parents[2] / "resources"

# Every hex the rulebook cites (19.1-19.4 and the Turn Record Track).
CITED_HEXES = """
1043 1045 1046 1436 1537 1652 1721 1817 1832 1836 1915 1935 1941 1945 2042 2043 2129 2142
2143 2223 2331 2334 2428 2503 2531 2538 2541 2641 2728 2840 2841 2937 2940 2942 3127 3131
3141 3223 3410 3424 3428 3431 3433 3450 3524 3542 3550 3711 3747 3812 3816 3836 3847 3912
3929 4030 4047 4053 4146 4246 4343 4441 4443 4514 4831 4842 4843
""".split()

# Hexes and zone centres where Soviet units set up (19.11, 19.21).
SOVIET_SETUP = """
4030 1836 1832 4514 1817 3929 3812 3912 3711 3816 3410 2503 1915 1436 1935 1537 4441 3836
3433 3431 3428 3127 2129 2428 2728 3223 1721 1045 2042 2142 2840 2940 3747 3847 4842
""".split()


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_game_map(RESOURCES / "map" / "compiled.json")


def hexes(game_map, *ids):
    return [game_map.grid.hex_of(hex_id) for hex_id in ids]


@pytest.mark.slow
def test_the_shipped_compiled_map_is_rebuilt_from_its_sources():
    shipped = (RESOURCES / "map" / "compiled.json").read_text(encoding="utf-8")
    assert compiled_text(compile_resources(RESOURCES)) == shipped, (
        "resources/map/compiled.json is stale: run 'owsqt compile-map'"
    )


def test_every_hex_the_rules_cite_exists(game_map):
    for hex_id in CITED_HEXES:
        assert game_map.grid.contains(game_map.grid.hex_of(hex_id)), hex_id


def test_verchne_kumskij_is_a_village_in_2428_between_the_aksai_and_the_myshkova_19_13(game_map):
    (vk,) = hexes(game_map, "2428")
    assert game_map.hexes[vk].name == "Verchne-Kumskij"
    assert HexFeature.VILLAGE in game_map.hexes[vk].features
    assert vk in game_map.north_of("Aksai", 23, 34)
    assert vk not in game_map.north_of("Myshkova", 22, 35)


def test_the_aksai_runs_between_2331_and_3431_so_hexes_across_it_are_countable_19_13(game_map):
    across = game_map.north_of("Aksai", 23, 34)
    for north_bank, south_bank in (("2331", "2332"), ("3431", "3432")):
        assert game_map.grid.hex_of(north_bank) in across
        assert game_map.grid.hex_of(south_bank) not in across
    assert len(across) > 11 * 5  # the whole stretch, not a sliver


def test_the_myshkova_runs_between_2223_and_3524_19_23(game_map):
    across = game_map.north_of("Myshkova", 22, 35)
    for north_bank in ("2223", "3424", "3524"):
        assert game_map.grid.hex_of(north_bank) in across
    assert game_map.grid.hex_of("3425") not in across


def test_vasilevka_3424_is_on_the_myshkova_with_its_bridge(game_map):
    (vasilevka,) = hexes(game_map, "3424")
    assert game_map.hexes[vasilevka].name == "Vasilevka"
    sides = [
        game_map.river_between(vasilevka, neighbour)
        for _, neighbour in game_map.grid.neighbours(vasilevka)
    ]
    myshkova = [side for side in sides if side and side.name == "Myshkova"]
    assert myshkova and any(side.bridge for side in myshkova)


def test_the_nearest_pocket_hex_is_13_hexes_from_vasilevka_20_0(game_map):
    (vasilevka,) = hexes(game_map, "3424")
    assert min(distance(vasilevka, hex_) for hex_ in game_map.pocket) == 13


def test_no_soviet_setup_hex_lies_in_the_pocket_8_2(game_map):
    for hex_ in hexes(game_map, *SOVIET_SETUP):
        assert hex_ not in game_map.pocket, game_map.grid.id_of(hex_)


def test_the_don_is_a_major_river_west_of_the_relief_axis_8_2(game_map):
    don = [side for side in game_map.rivers.values() if side.name == "Don"]
    assert don and all(side.river is RiverClass.MAJOR for side in don)
    (verchne_kumskij,) = hexes(game_map, "2428")
    columns = [game_map.grid.offset_of(side.hexside.a)[0] for side in don]
    assert max(columns) < game_map.grid.offset_of(verchne_kumskij)[0]


def test_the_don_cuts_the_battle_area_from_the_far_bank_8_2(game_map):
    (kotelnikovo,) = hexes(game_map, "1652")
    home = game_map.reachable_without_major_river(kotelnikovo)
    assert len(home) < len(game_map.hexes)  # some ground lies beyond the Don
    for hex_ in hexes(game_map, *SOVIET_SETUP, "1043", "2428", "3424"):
        assert hex_ in home, game_map.grid.id_of(hex_)


def test_1043_is_on_the_west_edge_south_of_the_don_and_a_german_supply_hex_14_2(game_map):
    (entry,) = hexes(game_map, "1043")
    assert entry in game_map.edges[Edge.WEST]
    assert entry in game_map.supply_edges["german"]


def test_supply_edges_follow_14_2(game_map):
    edges = game_map.edges
    soviet, german = set(game_map.supply_edges["soviet"]), set(game_map.supply_edges["german"])
    assert soviet == (set(edges[Edge.NORTH]) | set(edges[Edge.EAST])) - game_map.pocket
    assert german <= set(edges[Edge.SOUTH]) | set(edges[Edge.WEST])
    assert set(edges[Edge.SOUTH]) <= german  # the whole south edge lies behind German lines
    assert not german & set(edges[Edge.NORTH])


def test_entry_areas_lie_on_their_edges(game_map):
    assert set(game_map.entry_areas["A"]) <= set(game_map.supply_edges["german"])
    assert set(game_map.entry_areas["B"]) <= set(game_map.edges[Edge.NORTH])
