"""The shipped map against the ground: villages where their sources put them and the railways
through their stations in order (issue 23), and the check that says so (map/groundtruth.py).

The gazetteer (resources/map/sources/gazetteer.yaml) freezes the hexes; these tests hold the
compiled map to it, name the facts the issue corrects, and bend the map or the gazetteer to
see the check name what was bent.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from owsqt.rules.core.hexgrid import distance
from owsqt.rules.data.datafile import DataError
from owsqt.rules.map.gamemap import ConnectionKind, Edge, GameMap
from owsqt.rules.map.groundtruth import (
    GAZETTEER,
    ExpectedPlace,
    ExpectedRailway,
    Gazetteer,
    Station,
    load_gazetteer,
    problems,
)
from owsqt.rules.map.mapfile import load_game_map
from owsqt.rules.map.mapsources import load_sources

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
SOURCES = RESOURCES / "map" / "sources"
KOTELNIKOVO_LINE = "Kotelnikovo-Stalingrad railway"
CHIR_LINE = "Chir-Krivomuzginskaya-Karpovka railway"


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_game_map(RESOURCES / "map" / "compiled.json")


@pytest.fixture(scope="module")
def gazetteer() -> Gazetteer:
    return load_gazetteer(RESOURCES / GAZETTEER)


def hex_id(game_map: GameMap, name: str) -> str:
    return game_map.grid.id_of(game_map.place(name).hex)


def column(game_map: GameMap, name: str) -> int:
    return game_map.grid.offset_of(game_map.place(name).hex)[0]


def within(game_map: GameMap, name: str, expected: str) -> int:
    return distance(game_map.place(name).hex, game_map.grid.hex_of(expected))


def rail_hexes(game_map: GameMap, line: str) -> set[str]:
    ids = game_map.grid.id_of
    return {
        ids(hex_)
        for c in game_map.connections
        if c.kind is ConnectionKind.RAILROAD and c.name == line
        for hex_ in (c.a, c.b)
    }


def bent(game_map: GameMap, bend) -> GameMap:
    """A copy of the map whose compiled data `bend` has changed."""
    data = copy.deepcopy(dict(game_map.data))
    bend(data)
    return GameMap(data)


# --- the shipped map -----------------------------------------------------------------------


def test_the_shipped_map_holds_to_its_gazetteer(game_map, gazetteer):
    assert problems(game_map, gazetteer) == []


def test_novoaksaiskiy_lies_within_1_hex_of_its_sourced_position_downstream_of_zalivskiy(
    game_map,
):
    assert within(game_map, "Novoaksaiskiy", "1931") <= 1
    assert column(game_map, "Novoaksaiskiy") < column(game_map, "Zalivskiy")  # west: downstream


def test_peregruznoye_lies_within_1_hex_of_4036_south_of_the_aksai_by_aksai_village(game_map):
    assert within(game_map, "Peregruznoye", "4036") <= 1
    assert within(game_map, "Peregruznoye", hex_id(game_map, "Aksai")) <= 2
    across = game_map.north_of("Aksai", 36, 44)
    assert game_map.place("Peregruznoye").hex not in across


def test_umantsevo_lies_beyond_the_east_edge(game_map):
    assert "Umantsevo" not in {place.name for place in game_map.places}


def test_ivanovka_is_on_the_map_between_gromoslavka_and_vasilevka_on_the_myshkova(game_map):
    assert within(game_map, "Ivanovka", "3125") <= 1
    assert column(game_map, "Gromoslavka") < column(game_map, "Ivanovka")
    assert column(game_map, "Ivanovka") < column(game_map, "Vasilevka")


def test_no_zhutov_village_stands_beside_kruglyakov_whose_station_is_zhutovo(game_map):
    names = {place.name for place in game_map.places}
    assert "Zhutov" not in names
    assert hex_id(game_map, "Kruglyakov") in rail_hexes(game_map, KOTELNIKOVO_LINE)


def test_the_railway_runs_from_zhutovo_station_to_abganerovo_without_going_through_aksai(
    game_map,
):
    rails = rail_hexes(game_map, KOTELNIKOVO_LINE)
    assert {hex_id(game_map, "Kruglyakov"), hex_id(game_map, "Abganerovo"), "3829"} <= rails
    aksai = game_map.place("Aksai").hex
    nearest = min(distance(aksai, game_map.grid.hex_of(rail)) for rail in rails)
    assert nearest >= 3  # Gnilo-Aksaiskaya station is north of the village, not in it


def test_gremyachaya_is_the_first_station_north_east_of_kotelnikovo_then_chilekovo(game_map):
    assert within(game_map, "Gremyachaya", "2247") <= 1
    stations = tuple(
        Station(name, hex_id(game_map, name))
        for name in ("Kotelnikovo", "Gremyachaya", "Chilekovo", "Kruglyakov")
    )
    line = ExpectedRailway(KOTELNIKOVO_LINE, (stations,))
    assert problems(game_map, Gazetteer((), (line,))) == []


def test_abganerovo_lies_in_4733_and_4831_where_group_christea_enters_is_on_its_railway_19_12_e(
    game_map,
):
    assert within(game_map, "Abganerovo", "4733") <= 1
    christea = game_map.grid.hex_of("4831")
    assert christea in game_map.edges[Edge.EAST]
    assert "4831" in rail_hexes(game_map, KOTELNIKOVO_LINE)


def test_the_chir_line_runs_through_krivomuzginskaya_karpovskaya_and_voroponovo(game_map):
    rails = rail_hexes(game_map, CHIR_LINE)
    for place in ("Logovskiy", "Krivomuzginskaya", "Marinovka", "Voroponovo", "Stalingrad"):
        assert hex_id(game_map, place) in rails, place
    assert "3806" in rails  # Karpovskaya station, at Novy Rogachik south-east of Karpovka


def test_aksai_and_verchne_kumskij_keep_their_former_names_for_the_legend(game_map):
    assert game_map.place("Aksai").former == ("Gnilo-Aksaiskaya",)
    assert game_map.place("Verchne-Kumskij").former == ("Kumskiy",)
    assert game_map.place("Kruglyakov").now == "Oktyabrskiy"


def test_every_sourced_place_in_places_yaml_is_in_the_gazetteer(gazetteer):
    sources = load_sources(SOURCES)
    sourced = {place.name for place in sources.places if place.source}
    assert sourced == {place.name for place in gazetteer.places}


# --- the check names what is bent ------------------------------------------------------------


def test_novoaksaiskiy_drawn_back_at_2632_is_named(game_map, gazetteer):
    def move(data):
        next(p for p in data["places"] if p[0] == "Novoaksaiskiy")[1] = "2632"

    assert problems(bent(game_map, move), gazetteer) == [
        "Novoaksaiskiy is in 2632, 7 hexes from 1931 where its source puts it"
    ]


def test_a_village_one_hex_off_its_sourced_hex_passes(game_map, gazetteer):
    def move(data):
        next(p for p in data["places"] if p[0] == "Peregruznoye")[1] = "4037"

    assert problems(bent(game_map, move), gazetteer) == []


def test_umantsevo_drawn_on_the_sheet_is_named(game_map, gazetteer):
    def add(data):
        data["places"].append(["Umantsevo", "4853", "village", 47.685, 44.22, True, [], None])

    assert problems(bent(game_map, add), gazetteer) == [
        "Umantsevo is in 4853, but its source puts it beyond the map's edge"
    ]


def test_a_missing_ivanovka_is_named(game_map, gazetteer):
    def drop(data):
        data["places"] = [p for p in data["places"] if p[0] != "Ivanovka"]

    assert problems(bent(game_map, drop), gazetteer) == [
        "Ivanovka is not on the map; its source puts it in 3125"
    ]


def test_cutting_the_railway_between_zhutovo_station_and_gnilo_aksaiskaya_is_named(
    game_map, gazetteer
):
    def cut(data):
        data["connections"] = [
            c for c in data["connections"] if not (c[:2] == ["3431", "3531"] and c[2] == "railroad")
        ]

    assert problems(bent(game_map, cut), gazetteer) == [
        f"the {KOTELNIKOVO_LINE} is broken: no rail joins Zhutovo (at Kruglyakov) in 3032 "
        "to Gnilo-Aksaiskaya in 3829"
    ]


def test_a_railway_that_misses_gnilo_aksaiskaya_station_leaves_it_off_the_rails(
    game_map, gazetteer
):
    def reroute(data):
        data["connections"] = [
            c
            for c in data["connections"]
            if not (c[2] == "railroad" and c[3] == KOTELNIKOVO_LINE and "3829" in c[:2])
        ]

    assert problems(bent(game_map, reroute), gazetteer) == [
        f"station Gnilo-Aksaiskaya in 3829 is on no hex of the {KOTELNIKOVO_LINE}",
        f"the {KOTELNIKOVO_LINE} is broken: no rail joins Zhutovo (at Kruglyakov) in 3032 "
        "to Abganerovo in 4733",
    ]


def test_a_station_off_its_railway_is_named(game_map):
    line = ExpectedRailway(KOTELNIKOVO_LINE, ((Station("Abganerovo", "4734"),),))
    assert problems(game_map, Gazetteer((), (line,))) == [
        f"station Abganerovo in 4734 is on no hex of the {KOTELNIKOVO_LINE}"
    ]


def test_stations_out_of_order_are_named(game_map):
    stations = (Station("Krivomuzginskaya", "3009"), Station("Voroponovo", "4407"))
    stations += (Station("Karpovskaya", "3806"),)
    line = ExpectedRailway(CHIR_LINE, (stations,))
    assert problems(game_map, Gazetteer((), (line,))) == [
        f"the {CHIR_LINE} reaches Karpovskaya in 3806 before Voroponovo in 4407, not after it"
    ]


def test_a_railway_missing_from_the_map_is_named(game_map):
    line = ExpectedRailway("Kalach branch", ((Station("Kalach", "2204"),),))
    assert problems(game_map, Gazetteer((), (line,))) == [
        "the Kalach branch has no rail on the map"
    ]


def test_a_gazetteer_hex_beyond_the_grid_is_named(game_map):
    place = ExpectedPlace("Tinguta", "5122")
    assert problems(game_map, Gazetteer((place,), ())) == [
        "gazetteer: Tinguta's hex 5122 is not on the map"
    ]


# --- the files are read with one clear line for bad input ------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("places: []\n", "railways"),
        ('places: [{name: A, hex: "19x1"}]\nrailways: []\n', "places[0].hex"),
        ("places: [{name: A}]\nrailways: []\n", "places[0]"),
        ('places: [{name: A, hex: "1931", beyond_edge: true}]\nrailways: []\n', "places[0]"),
        ('places: [{name: A, hex: "1931", where: x}]\nrailways: []\n', "places[0].where"),
        ("places: []\nrailways: [{name: L, stretches: []}]\n", "railways[0].stretches"),
        ("places: []\nrailways: [{name: L, stretches: [[{station: S}]]}]\n", "stretches[0][0]"),
    ],
)
def test_a_bad_gazetteer_names_the_file_and_the_key_in_one_line(tmp_path, text, key):
    path = tmp_path / "gazetteer.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_gazetteer(path)
    message = str(caught.value)
    assert "gazetteer.yaml" in message and key in message and "\n" not in message, message


MAP_FILES = {
    "rivers.yaml": "rivers: []\n",
    "roads.yaml": "roads: []\nrailroads: []\n",
    "terrain.yaml": (
        "areas: []\npocket: {name: Pocket, points: [[48.6, 44.0], [48.7, 44.1], [48.6, 44.2]]}\n"
    ),
    "areas.yaml": "start_lines: {}\nentry_areas: {}\n",
    "control.yaml": "control_points: []\n",
}


def load_with_places(folder: Path, places: str):
    for name, content in MAP_FILES.items():
        (folder / name).write_text(content)
    (folder / "places.yaml").write_text(f"places: [{places}]\n")
    return load_sources(folder)


def test_a_place_reads_its_source_and_its_names_of_other_times(tmp_path):
    (place,) = load_with_places(
        tmp_path,
        "{name: Aksai, kind: village, at: [47.957, 43.976], source: 'ru.wikipedia',"
        " former: [Gnilo-Aksaiskaya], now: Aksai}",
    ).places
    assert (place.source, place.former, place.now) == (
        "ru.wikipedia",
        ("Gnilo-Aksaiskaya",),
        "Aksai",
    )


@pytest.mark.parametrize(
    ("place", "key"),
    [
        ("{name: A, kind: village, at: [48.0, 43.0], source: x, approximate: true}", "approximate"),
        ("{name: A, kind: village, at: [48.0, 43.0], former: Kumskiy}", "places[0].former"),
        ("{name: A, kind: village, at: [48.0, 43.0], former: [[x]]}", "places[0].former[0]"),
        ("{name: A, kind: village, at: [48.0, 43.0], now: ''}", "places[0].now"),
    ],
)
def test_a_bad_place_names_the_file_and_the_key_in_one_line(tmp_path, place, key):
    with pytest.raises(DataError) as caught:
        load_with_places(tmp_path, place)
    message = str(caught.value)
    assert "places.yaml" in message and key in message and "\n" not in message, message
