"""The map held to its ground truth: resources/map/sources/gazetteer.yaml, read and checked.

The gazetteer freezes, as data, the hex each sourced place belongs in and the hexes of each
railway's stations in their order along the line (issue 23). `problems` compares a compiled
map with it and says, one line each, every place more than a hex from where its source puts
it, every station off its railway and every railway whose rails do not join its stations in
order. It reads nothing but the map and the gazetteer, so a change of the projection or of
the sources that moves a village or cuts a line shows up here.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.data.datafile import Node, load_yaml
from owsqt.rules.map.gamemap import ConnectionKind, GameMap
from owsqt.rules.map.mapsources import HEX_ID_EXPECTED, parse_hex_id

# How far (in hexes) a compiled place may lie from the hex its source puts it in.
PLACE_TOLERANCE = 1
# The gazetteer, relative to the resources directory.
GAZETTEER = Path("map", "sources", "gazetteer.yaml")


@dataclass(frozen=True, slots=True)
class ExpectedPlace:
    name: str
    hex: str | None  # "CCRR"; None: the source puts it beyond the map's edge


@dataclass(frozen=True, slots=True)
class Station:
    name: str
    hex: str
    approximate: bool = False  # its own site is not sourced; the hex is the line's there


@dataclass(frozen=True, slots=True)
class ExpectedRailway:
    name: str  # the railroad's name in roads.yaml, which its compiled connections carry
    stretches: tuple[tuple[Station, ...], ...]  # runs of the line on the sheet, in order


@dataclass(frozen=True, slots=True)
class Gazetteer:
    places: tuple[ExpectedPlace, ...]
    railways: tuple[ExpectedRailway, ...]


def load_gazetteer(path: Path) -> Gazetteer:
    """Read gazetteer.yaml; a malformed file raises DataError naming the file and key."""
    root = load_yaml(path)
    root.check_keys(required=("places", "railways"))
    return Gazetteer(
        places=tuple(_place(node) for node in root.get("places").as_list()),
        railways=tuple(_railway(node) for node in root.get("railways").as_list()),
    )


def _place(node: Node) -> ExpectedPlace:
    node.check_keys(required=("name",), optional=("hex", "beyond_edge"))
    hex_node, beyond = node.optional("hex"), node.optional("beyond_edge")
    off_sheet = beyond.as_bool() if beyond else False
    if (hex_node is None) != off_sheet:
        found = "both" if hex_node else "neither"
        raise node.error("either 'hex' (a CCRR id) or 'beyond_edge: true'", found)
    hex_id = hex_node.as_parsed(parse_hex_id, HEX_ID_EXPECTED) if hex_node else None
    return ExpectedPlace(node.get("name").as_str(), hex_id)


def _railway(node: Node) -> ExpectedRailway:
    node.check_keys(required=("name", "stretches"))
    stretches = tuple(
        tuple(_station(item) for item in stretch.as_list(min_length=1))
        for stretch in node.get("stretches").as_list(min_length=1)
    )
    return ExpectedRailway(node.get("name").as_str(), stretches)


def _station(node: Node) -> Station:
    node.check_keys(required=("station", "hex"), optional=("approximate",))
    flag = node.optional("approximate")
    return Station(
        name=node.get("station").as_str(),
        hex=node.get("hex").as_parsed(parse_hex_id, HEX_ID_EXPECTED),
        approximate=flag.as_bool() if flag else False,
    )


def problems(game_map: GameMap, gazetteer: Gazetteer) -> list[str]:
    """Every way the compiled map departs from the gazetteer, one line each (none: it holds)."""
    found = [_place_problem(game_map, place) for place in gazetteer.places]
    lines = [line for line in found if line]
    for railway in gazetteer.railways:
        lines += _railway_problems(game_map, railway)
    return lines


def _place_problem(game_map: GameMap, expected: ExpectedPlace) -> str | None:
    grid = game_map.grid
    compiled = [p for p in game_map.places if p.name == expected.name]
    if expected.hex is None:
        if compiled:
            where = grid.id_of(compiled[0].hex)
            return f"{expected.name} is in {where}, but its source puts it beyond the map's edge"
        return None
    target = _grid_hex(game_map, expected.hex)
    if target is None:
        return f"gazetteer: {expected.name}'s hex {expected.hex} is not on the map"
    if not compiled:
        return f"{expected.name} is not on the map; its source puts it in {expected.hex}"
    place = compiled[0]
    off = distance(place.hex, target)
    if off > PLACE_TOLERANCE:
        return (
            f"{expected.name} is in {grid.id_of(place.hex)}, {off} hexes from {expected.hex} "
            "where its source puts it"
        )
    return None


def _railway_problems(game_map: GameMap, railway: ExpectedRailway) -> list[str]:
    rails = _rail_graph(game_map, railway.name)
    if not rails:
        return [f"the {railway.name} has no rail on the map"]
    lines = []
    for stretch in railway.stretches:
        hexes = [_grid_hex(game_map, station.hex) for station in stretch]
        lines += [
            f"gazetteer: station {station.name}'s hex {station.hex} is not on the map"
            for station, hex_ in zip(stretch, hexes, strict=True)
            if hex_ is None
        ]
        on_rail = [
            (station, hex_)
            for station, hex_ in zip(stretch, hexes, strict=True)
            if hex_ is not None
        ]
        lines += [
            f"station {station.name} in {station.hex} is on no hex of the {railway.name}"
            for station, hex_ in on_rail
            if hex_ not in rails
        ]
        stations = [(station, hex_) for station, hex_ in on_rail if hex_ in rails]
        if stations:
            lines += _order_problems(railway.name, rails, stations)
    return lines


def _order_problems(
    name: str, rails: dict[Hex, set[Hex]], stations: list[tuple[Station, Hex]]
) -> list[str]:
    """The rails must join each station to the next, each further along the line."""
    along = _steps_from(stations[0][1], rails)
    lines = []
    for (before, before_hex), (after, after_hex) in itertools.pairwise(stations):
        if after_hex not in _steps_from(before_hex, rails):
            lines.append(
                f"the {name} is broken: no rail joins {before.name} in {before.hex} "
                f"to {after.name} in {after.hex}"
            )
        elif before_hex in along and along[after_hex] <= along[before_hex]:
            lines.append(
                f"the {name} reaches {after.name} in {after.hex} before {before.name} "
                f"in {before.hex}, not after it"
            )
    return lines


def _rail_graph(game_map: GameMap, name: str) -> dict[Hex, set[Hex]]:
    graph: dict[Hex, set[Hex]] = {}
    for connection in game_map.connections:
        if connection.kind is ConnectionKind.RAILROAD and connection.name == name:
            graph.setdefault(connection.a, set()).add(connection.b)
            graph.setdefault(connection.b, set()).add(connection.a)
    return graph


def _steps_from(start: Hex, graph: dict[Hex, set[Hex]]) -> dict[Hex, int]:
    """How many rail steps each hex reachable from `start` lies from it."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        hex_ = queue.popleft()
        for neighbour in graph.get(hex_, ()):
            if neighbour not in steps:
                steps[neighbour] = steps[hex_] + 1
                queue.append(neighbour)
    return steps


def _grid_hex(game_map: GameMap, hex_id: str) -> Hex | None:
    try:
        return game_map.grid.hex_of(hex_id)
    except ValueError:  # a hex id off this map's grid
        return None
