"""The map compiler on a small synthetic ground: terrain, rivers on hexsides, roads, bridges."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import LineString

from owsqt.rules.core.hexgrid import HexGrid, Hexside
from owsqt.rules.map.gamemap import MAP_LAYOUT, ConnectionKind, HexFeature, RiverClass, Terrain
from owsqt.rules.map.mapcompiler import MapCompileError, _hex_paths, compile_map, grid_point
from owsqt.rules.map.mapfile import compiled_text, export_data, load_game_map
from owsqt.rules.map.mapsources import load_sources

GRID = HexGrid(10, 30, 1, 30, "even")

SOURCES = {
    "places.yaml": """
places:
  - {name: Northtown, kind: village, at: [48.0, 43.0], pin: "1515"}
  - {name: Easttown, kind: village, at: [48.0, 43.3], pin: "2515"}
  - {name: Kotelnikovo, kind: city, at: [47.8, 43.0], pin: "1522"}
  - {name: Midway, kind: village, at: [47.9, 43.15], approximate: true}
""",
    "rivers.yaml": """
rivers:
  - {name: Test, class: minor, points: [[47.905, 42.96], [47.9, 43.1], [47.91, 43.7]]}
  - {name: Bigwater, class: major, points: [[48.4, 42.95], [47.5, 42.95]]}
""",
    "roads.yaml": """
roads:
  - {name: Main road, class: primary, points: [[47.8, 43.0], [48.0, 43.0]]}
railroads:
  - {name: Line, points: [[47.8, 43.0], [48.0, 43.3]]}
""",
    "terrain.yaml": """
areas:
  - name: Hill
    kind: elevated
    points: [[48.03, 43.25], [48.03, 43.35], [47.97, 43.35], [47.97, 43.25]]
pocket: {name: Pocket, points: [[48.12, 43.1], [48.12, 43.25], [48.08, 43.25], [48.08, 43.1]]}
""",
    "areas.yaml": """
start_lines:
  soviet: {front: ["1018", "1518", "2016"], segments: [["1518", "2016"]]}
entry_areas:
  A: ["1030", "1130"]
""",
    "control.yaml": """
control_points: []
""",
}


def write_sources(folder: Path, **replaced: str) -> Path:
    for name, text in {**SOURCES, **replaced}.items():
        (folder / name).write_text(text)
    return folder


@pytest.fixture(scope="module")
def game_map(tmp_path_factory):
    return compile_map(load_sources(write_sources(tmp_path_factory.mktemp("sources"))), GRID)


def test_pinned_places_sit_in_their_hexes_and_others_are_projected(game_map):
    assert game_map.hexes[GRID.hex_of("1515")].name == "Northtown"
    assert HexFeature.CITY in game_map.hexes[GRID.hex_of("1522")].features
    midway = game_map.place("Midway")
    assert 15 <= GRID.offset_of(midway.hex)[0] <= 21 and midway.approximate
    assert game_map.metadata["residuals_in_hexes"]["Northtown"] < 0.01


def test_a_river_becomes_a_continuous_chain_of_hexsides_that_splits_the_ground(game_map):
    sides = [s for s in game_map.rivers.values() if s.name == "Test"]
    assert len(sides) > 10 and all(s.river is RiverClass.MINOR for s in sides)
    assert game_map.river_shape("Test").geom_type == "LineString"  # one unbroken line
    north, south = GRID.hex_of("2515"), GRID.hex_of("2522")
    assert south not in _reach(game_map, north, crossing=False)


def test_a_road_crossing_a_river_makes_a_bridge(game_map):
    bridges = [s for s in game_map.rivers.values() if s.bridge]
    assert len(bridges) == 1 and bridges[0].name == "Test"
    road = [c for c in game_map.connections if c.kind is ConnectionKind.PRIMARY_ROAD]
    assert Hexside.between(bridges[0].hexside.a, bridges[0].hexside.b) in {
        Hexside.between(c.a, c.b) for c in road
    }


def test_roads_and_railroads_join_adjacent_hexes_only(game_map):
    kinds = {c.kind for c in game_map.connections}
    assert kinds == {ConnectionKind.PRIMARY_ROAD, ConnectionKind.RAILROAD}
    for connection in game_map.connections:
        Hexside.between(connection.a, connection.b)  # raises if not adjacent


def test_polygons_become_terrain_and_the_pocket(game_map):
    assert game_map.terrain(GRID.hex_of("2515")) is Terrain.ELEVATED
    assert game_map.terrain(GRID.hex_of("1522")) is Terrain.CLEAR
    assert game_map.pocket and all(GRID.offset_of(h)[1] < 15 for h in game_map.pocket)


def test_german_supply_edges_stop_at_the_major_river_14_2(game_map):
    german = set(game_map.supply_edges["german"])
    west = {h for h in game_map.edges["west"]}
    assert german and not (west & german)  # Bigwater cuts the west edge off from Kotelnikovo
    assert set(game_map.supply_edges["soviet"]).isdisjoint(game_map.pocket)


def test_start_lines_are_parts_of_their_front_19_11(game_map):
    (segment,) = game_map.start_lines["soviet"]
    front = game_map.fronts["soviet"]
    assert GRID.id_of(segment[0]) == "1518" and GRID.id_of(segment[-1]) == "2016"
    assert GRID.id_of(front[0]) == "1018"
    assert segment == front[front.index(segment[0]) :]


def test_the_compiled_file_round_trips_exactly(game_map, tmp_path: Path):
    path = tmp_path / "compiled.json"
    path.write_text(compiled_text(game_map))
    loaded = load_game_map(path)
    assert loaded.hexes == game_map.hexes
    assert loaded.rivers == game_map.rivers
    assert loaded.connections == game_map.connections
    assert compiled_text(loaded) == compiled_text(game_map)


def test_export_has_the_documented_keys(game_map):
    data = json.loads(json.dumps(export_data(game_map)))
    assert {
        "hexes",
        "hexsides",
        "connections",
        "places",
        "entry_areas",
        "supply_edges",
        "grid",
    } <= set(data)
    assert data["hexes"]["1515"] == {
        "terrain": "clear",
        "features": ["village"],
        "name": "Northtown",
        "pocket": False,
    }
    assert data["grid"]["shifted_columns"] == "even"
    assert {"a", "b", "feature", "name", "bridge"} == set(data["hexsides"][0])


def _reach(game_map, start, crossing):
    seen, frontier = {start}, [start]
    while frontier:
        hex_ = frontier.pop()
        for _, neighbour in game_map.grid.neighbours(hex_):
            if neighbour in seen or (not crossing and game_map.river_between(hex_, neighbour)):
                continue
            seen.add(neighbour)
            frontier.append(neighbour)
    return seen


def test_hexes_across_a_river_are_counted_column_by_column_19_13(game_map):
    across = game_map.north_of("Test", 15, 25)
    assert GRID.hex_of("2515") in across and GRID.hex_of("1515") in across
    assert GRID.hex_of("2522") not in across and GRID.hex_of("2615") not in across


# --- control points ---------------------------------------------------------------------


def test_three_pins_alone_need_no_correction(game_map):
    projection = game_map.metadata["projection"]
    assert projection["control_points"] == 3
    assert projection["largest_correction_in_hexes"] < 1e-6


def test_a_control_point_takes_the_ground_under_it_to_its_hex(tmp_path):
    control = """
control_points:
  - {name: Bend, at: [47.9, 43.15], hex: "2024", note: "pulls Midway two hexes south"}
"""
    bent = compile_map(load_sources(write_sources(tmp_path, **{"control.yaml": control})), GRID)
    assert GRID.id_of(bent.place("Midway").hex) == "2024"
    assert bent.hexes[GRID.hex_of("1515")].name == "Northtown"  # the pins stay put
    residuals = bent.metadata["residuals_in_hexes"]
    assert set(residuals) == {"Northtown", "Easttown", "Kotelnikovo", "Bend"}
    assert residuals["Bend"] > 0.5  # four points are more than an affine map can fit
    assert bent.metadata["projection"]["largest_correction_in_hexes"] > 0.5


def test_grid_points_interpolate_between_hex_centres():
    def middle(a: str, b: str) -> tuple[float, float]:
        start, end = MAP_LAYOUT.hexside_segment(GRID.hex_of(a), GRID.hex_of(b))
        return (start[0] + end[0]) / 2, (start[1] + end[1]) / 2

    assert grid_point(GRID, 24, 28) == pytest.approx(MAP_LAYOUT.center(GRID.hex_of("2428")))
    assert grid_point(GRID, 25, 17) == pytest.approx(MAP_LAYOUT.center(GRID.hex_of("2517")))
    assert grid_point(GRID, 24, 20.5) == pytest.approx(middle("2420", "2421"))
    assert grid_point(GRID, 24.5, 20) == pytest.approx(middle("2420", "2520"))
    assert grid_point(GRID, 25.5, 20) == pytest.approx(middle("2520", "2620"))


@pytest.mark.parametrize(
    ("control", "message"),
    [
        ('{name: Far, at: [47.9, 43.15], hex: "9999", note: x}', "'Far'"),
        ('{name: Northtown, at: [47.9, 43.15], hex: "2024", note: x}', "Northtown"),
        ('{name: Twin, at: [48.0, 43.0], hex: "2024", note: x}', "same place"),
    ],
)
def test_control_points_that_cannot_make_a_projection_are_refused(tmp_path, control, message):
    sources = load_sources(
        write_sources(tmp_path, **{"control.yaml": f"control_points:\n  - {control}\n"})
    )
    with pytest.raises(MapCompileError, match=message):
        compile_map(sources, GRID)


def test_a_railroad_keeps_the_hex_of_each_of_its_points_where_a_road_would_cut_the_corner():
    """A line bending at a hex centre whose neighbours on either side touch: a road drops
    the corner hex, a railroad keeps it (its point there is a station, issue 23)."""
    station = GRID.hex_of("1515")
    (_, before), (_, after) = GRID.neighbours(station)[:2]
    assert after in {n for _, n in GRID.neighbours(before)}  # the corner can be cut
    bend = LineString([MAP_LAYOUT.center(h) for h in (before, station, after)])
    (road,) = _hex_paths(bend, GRID, set())
    (rail,) = _hex_paths(bend, GRID, {station})
    assert station not in road
    assert rail == [before, station, after]
