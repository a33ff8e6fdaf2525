"""The battle map's geographic sources (resources/map/sources/*.yaml), read and validated.

Places are points, rivers, roads and the railroad polylines, elevated ground,
marsh and the pocket polygons, all in latitude/longitude of the real ground.
Everything the rules define by hex ids (start lines, entry areas) is in
areas.yaml. control.yaml ties further real points to places of the printed map:
with the pinned places they are the projection's control points.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from owsqt.rules.core.hexgrid import HexGrid, ShiftedColumns
from owsqt.rules.data.datafile import Node, load_yaml

LatLon = tuple[float, float]

PLACE_KINDS = ("city", "village")
RIVER_CLASSES = ("major", "minor")
ROAD_CLASSES = ("primary", "secondary")
AREA_KINDS = ("elevated", "marsh")


@dataclass(frozen=True, slots=True)
class SourcePlace:
    name: str
    kind: str
    position: LatLon
    pin: str | None  # the hex the rules put it in; pins feed the projection's fit
    approximate: bool
    source: str | None = None  # the page the position was taken from, and what it gives
    former: tuple[str, ...] = ()  # earlier names, for the legend's gazetteer
    now: str | None = None  # the present-day name, where it differs


@dataclass(frozen=True, slots=True)
class SourceLine:
    name: str
    kind: str  # major / minor for rivers, primary / secondary for roads, railroad
    points: tuple[LatLon, ...]
    approximate: bool


@dataclass(frozen=True, slots=True)
class SourceArea:
    name: str
    kind: str  # elevated, marsh, pocket
    points: tuple[LatLon, ...]
    approximate: bool


@dataclass(frozen=True, slots=True)
class SourceControlPoint:
    """A real point and where the printed map has it: a hex centre or a grid position."""

    name: str
    position: LatLon
    hex: str | None  # "CCRR": the centre of that hex
    to: tuple[float, float] | None  # (column, row); fractions lie between hex centres
    note: str  # why the rules need the point there


@dataclass(frozen=True, slots=True)
class Areas:
    """What the rules give as hex ids (19.1-19.4, Turn Record Track)."""

    fronts: dict[str, tuple[str, ...]]  # side -> the waypoints of its line across the map
    start_lines: dict[str, tuple[tuple[str, str], ...]]  # side -> (from, to) hex id pairs
    entry_areas: dict[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class MapSources:
    places: tuple[SourcePlace, ...]
    rivers: tuple[SourceLine, ...]
    roads: tuple[SourceLine, ...]
    railroads: tuple[SourceLine, ...]
    areas: tuple[SourceArea, ...]  # elevated ground and marsh
    pocket: SourceArea
    rules_areas: Areas
    control_points: tuple[SourceControlPoint, ...] = ()


def load_sources(directory: Path) -> MapSources:
    places_root = load_yaml(directory / "places.yaml")
    places_root.check_keys(required=("places",))
    rivers_root = load_yaml(directory / "rivers.yaml")
    rivers_root.check_keys(required=("rivers",))
    roads_root = load_yaml(directory / "roads.yaml")
    roads_root.check_keys(required=("roads", "railroads"))
    terrain_root = load_yaml(directory / "terrain.yaml")
    terrain_root.check_keys(required=("areas", "pocket"))
    control_root = load_yaml(directory / "control.yaml")
    control_root.check_keys(required=("control_points",))
    return MapSources(
        places=tuple(_place(node) for node in places_root.get("places").as_list()),
        rivers=tuple(_line(node, RIVER_CLASSES) for node in rivers_root.get("rivers").as_list()),
        roads=tuple(_line(node, ROAD_CLASSES) for node in roads_root.get("roads").as_list()),
        railroads=tuple(
            _line(node, ("railroad",)) for node in roads_root.get("railroads").as_list()
        ),
        areas=tuple(_area(node, AREA_KINDS) for node in terrain_root.get("areas").as_list()),
        pocket=_area(terrain_root.get("pocket"), ("pocket",)),
        rules_areas=_rules_areas(load_yaml(directory / "areas.yaml")),
        control_points=_control_points(control_root.get("control_points")),
    )


def _point(node: Node) -> LatLon:
    pair = node.as_list(length=2)
    latitude = pair[0].as_fraction(minimum=-90, maximum=90)
    longitude = pair[1].as_fraction(minimum=-180, maximum=180)
    return float(latitude), float(longitude)


def _points(node: Node, minimum: int) -> tuple[LatLon, ...]:
    return tuple(_point(item) for item in node.as_list(min_length=minimum))


def _approximate(node: Node) -> bool:
    flag = node.optional("approximate")
    return flag.as_bool() if flag else False


def _place(node: Node) -> SourcePlace:
    node.check_keys(
        required=("name", "kind", "at"),
        optional=("pin", "approximate", "note", "source", "former", "now"),
    )
    pin, source, former, now = (node.optional(k) for k in ("pin", "source", "former", "now"))
    approximate = _approximate(node)
    if source is not None and approximate:
        raise node.get("approximate").error(
            "no 'approximate: true' on a place whose position has a source", "true"
        )
    return SourcePlace(
        name=node.get("name").as_str(),
        kind=node.get("kind").as_choice(PLACE_KINDS),
        position=_point(node.get("at")),
        pin=pin.as_scalar_text() if pin else None,
        approximate=approximate,
        source=source.as_str() if source else None,
        former=tuple(item.as_str() for item in former.as_list()) if former else (),
        now=now.as_str() if now else None,
    )


def _line(node: Node, kinds: tuple[str, ...]) -> SourceLine:
    node.check_keys(required=("name", "points"), optional=("class", "approximate", "note"))
    kind = node.get("class").as_choice(kinds) if len(kinds) > 1 else kinds[0]
    return SourceLine(
        node.get("name").as_str(), kind, _points(node.get("points"), 2), _approximate(node)
    )


def _area(node: Node, kinds: tuple[str, ...]) -> SourceArea:
    node.check_keys(required=("name", "points"), optional=("kind", "approximate", "note"))
    kind = node.get("kind").as_choice(kinds) if len(kinds) > 1 else kinds[0]
    return SourceArea(
        node.get("name").as_str(), kind, _points(node.get("points"), 3), _approximate(node)
    )


def _control_points(node: Node) -> tuple[SourceControlPoint, ...]:
    points = []
    names: set[str] = set()
    for item in node.as_list():
        point = _control_point(item)
        if point.name in names:
            raise item.get("name").error("a name no other control point has", repr(point.name))
        names.add(point.name)
        points.append(point)
    return tuple(points)


def _control_point(node: Node) -> SourceControlPoint:
    node.check_keys(required=("name", "at", "note"), optional=("hex", "to"))
    hex_node, to_node = node.optional("hex"), node.optional("to")
    if (hex_node is None) == (to_node is None):
        found = "both" if hex_node else "neither"
        raise node.error("either 'hex' (a CCRR id) or 'to' ([column, row])", found)
    hex_id: str | None = None
    to: tuple[float, float] | None = None
    if hex_node is not None:
        hex_id = hex_node.as_parsed(parse_hex_id, HEX_ID_EXPECTED)
    if to_node is not None:
        column, row = (float(item.as_fraction()) for item in to_node.as_list(length=2))
        to = (column, row)
    return SourceControlPoint(
        name=node.get("name").as_str(),
        position=_point(node.get("at")),
        hex=hex_id,
        to=to,
        note=node.get("note").as_str(),
    )


HEX_ID_EXPECTED = "a hex id of four digits such as '2331'"


def parse_hex_id(text: str) -> str:
    """A CCRR hex id as written in a source file; ValueError for anything else."""
    if not (len(text) == 4 and text.isascii() and text.isdigit()):
        raise ValueError(text)
    return text


def _rules_areas(root: Node) -> Areas:
    root.check_keys(required=("start_lines", "entry_areas"))
    fronts, start_lines = {}, {}
    for side, node in root.get("start_lines").as_mapping().items():
        node.check_keys(required=("front", "segments"))
        fronts[side] = tuple(
            item.as_parsed(parse_hex_id, HEX_ID_EXPECTED)
            for item in node.get("front").as_list(min_length=2)
        )
        start_lines[side] = tuple(
            _hex_pair(segment) for segment in node.get("segments").as_list(min_length=1)
        )
    entry_areas = {
        name: tuple(item.as_scalar_text() for item in ids.as_list(min_length=1))
        for name, ids in root.get("entry_areas").as_mapping().items()
    }
    return Areas(fronts, start_lines, entry_areas)


def _hex_pair(segment: Node) -> tuple[str, str]:
    start, end = segment.as_list(length=2)
    return start.as_scalar_text(), end.as_scalar_text()


def load_grid(path: Path) -> HexGrid:
    """The grid the map compiler lays the sources on (resources/map/grid.yaml)."""
    root: Node = load_yaml(path)
    keys = ("first_column", "last_column", "first_row", "last_row", "shifted_columns")
    root.check_keys(required=keys)
    try:
        return HexGrid(
            first_column=root.get("first_column").as_int(0, 99),
            last_column=root.get("last_column").as_int(0, 99),
            first_row=root.get("first_row").as_int(0, 99),
            last_row=root.get("last_row").as_int(0, 99),
            # as_choice returns one of the words it is given, which mypy reads as any str.
            shifted_columns=cast(
                ShiftedColumns, root.get("shifted_columns").as_choice(["odd", "even"])
            ),
        )
    except ValueError as error:
        raise root.error(
            "a grid whose last column and row are not before the first", str(error)
        ) from None
