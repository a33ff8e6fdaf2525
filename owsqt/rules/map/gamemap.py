"""GameMap: the compiled battle map the rules and the UI read (terrain, rivers, roads, areas).

One compact representation, the data of resources/map/compiled.json, backs the
map: the compiler writes it, start-up reads it, and each part (hexes, rivers,
connections, ...) is decoded into typed values the first time it is asked for.
Hexes are cube `Hex` values inside; shapely geometry is in MAP_LAYOUT units
(hex size 1, y down), so the UI draws the same shapes the rules use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge

from owsqt.rules.core.hexgrid import Hex, HexGrid, Hexside, Layout, hex_polygon, hexes_polygon

MAP_LAYOUT = Layout(1.0)  # compiled coordinates: hex size 1, origin at hex 0000's centre
FORMAT = "owsqt compiled map"
VERSION = 2  # 2: each side's whole front beside its start line segments


class Terrain(StrEnum):
    """The terrain filling a hex (Terrain Effects Chart)."""

    CLEAR = "clear"
    ELEVATED = "elevated"
    MARSH = "marsh"


class HexFeature(StrEnum):
    """Features in a hex that use the other terrain of the hex (TEC)."""

    CITY = "city"
    VILLAGE = "village"


class RiverClass(StrEnum):
    """Rivers run along hexsides (TEC: major rivers are prohibited, minor rivers cost MP)."""

    MAJOR = "major_river"
    MINOR = "minor_river"


class ConnectionKind(StrEnum):
    """Roads and the railroad join hex centres (TEC)."""

    PRIMARY_ROAD = "primary_road"
    SECONDARY_ROAD = "secondary_road"
    RAILROAD = "railroad"


class Edge(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


@dataclass(frozen=True, slots=True)
class MapHex:
    hex: Hex
    terrain: Terrain
    features: frozenset[HexFeature] = frozenset()
    name: str | None = None
    pocket: bool = False


@dataclass(frozen=True, slots=True)
class RiverSide:
    """A river along one hexside; `bridge` where a road crosses it."""

    hexside: Hexside
    river: RiverClass
    name: str
    bridge: bool = False


@dataclass(frozen=True, slots=True)
class Connection:
    a: Hex
    b: Hex
    kind: ConnectionKind
    name: str = ""


@dataclass(frozen=True, slots=True)
class Place:
    name: str
    hex: Hex
    kind: HexFeature
    latitude: float
    longitude: float
    approximate: bool = False
    former: tuple[str, ...] = ()  # earlier names (the legend's gazetteer shows them)
    now: str | None = None  # the present-day name, where it differs


def _place(entry: list[Any], by_id: Mapping[str, Hex]) -> Place:
    """One compiled place; a file written before places had names of other times has none."""
    name, hex_id, kind, latitude, longitude, approximate, *names = entry
    former = names[0] if names else []
    now = names[1] if len(names) > 1 else None
    return Place(
        name, by_id[hex_id], HexFeature(kind), latitude, longitude, approximate, tuple(former), now
    )


_TERRAIN_CODES = {Terrain.CLEAR: "c", Terrain.ELEVATED: "e", Terrain.MARSH: "m"}
_TERRAIN_BY_CODE = {code: terrain for terrain, code in _TERRAIN_CODES.items()}


class GameMap:
    """The battle map. Build it from compiled data, or from parts with `from_parts`."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"expected {FORMAT} version {VERSION}")
        self.data = data
        self.grid = HexGrid(**data["grid"])
        self.metadata: Mapping[str, Any] = data["metadata"]

    @classmethod
    def from_parts(
        cls,
        grid: HexGrid,
        hexes: Mapping[Hex, MapHex],
        rivers: Mapping[Hexside, RiverSide],
        connections: tuple[Connection, ...],
        places: tuple[Place, ...],
        entry_areas: Mapping[str, tuple[Hex, ...]],
        supply_edges: Mapping[str, tuple[Hex, ...]],
        start_lines: Mapping[str, tuple[tuple[Hex, ...], ...]],
        metadata: Mapping[str, Any] | None = None,
        *,
        fronts: Mapping[str, tuple[Hex, ...]] | None = None,
    ) -> GameMap:
        """Encode typed parts into the compact data (the compiler's and the tests' way in)."""
        ids = grid.id_of
        columns = {}
        for column in range(grid.first_column, grid.last_column + 1):
            codes = []
            for row in range(grid.first_row, grid.last_row + 1):
                info = hexes[grid.hex_from_offset(column, row)]
                codes.append(_TERRAIN_CODES[info.terrain] + ("p" if info.pocket else ""))
            columns[f"{column:02d}"] = " ".join(codes)
        ordered = sorted(hexes.values(), key=lambda info: ids(info.hex))
        data = {
            "format": FORMAT,
            "version": VERSION,
            "grid": {
                "first_column": grid.first_column,
                "last_column": grid.last_column,
                "first_row": grid.first_row,
                "last_row": grid.last_row,
                "shifted_columns": grid.shifted_columns,
            },
            "metadata": dict(metadata or {}),
            "terrain_by_column": columns,
            "names": {ids(info.hex): info.name for info in ordered if info.name},
            "features": {
                ids(info.hex): sorted(f.value for f in info.features)
                for info in ordered
                if info.features
            },
            "places": [
                [
                    p.name,
                    ids(p.hex),
                    p.kind.value,
                    p.latitude,
                    p.longitude,
                    p.approximate,
                    list(p.former),
                    p.now,
                ]
                for p in places
            ],
            "rivers": [
                [grid.hexside_id(s.hexside), s.river.value, s.name, s.bridge]
                for s in sorted(rivers.values(), key=lambda s: s.hexside)
            ],
            "connections": [[ids(c.a), ids(c.b), c.kind.value, c.name] for c in connections],
            "entry_areas": {k: [ids(h) for h in v] for k, v in sorted(entry_areas.items())},
            "supply_edges": {k: [ids(h) for h in v] for k, v in sorted(supply_edges.items())},
            "start_lines": {
                side: [[ids(h) for h in segment] for segment in segments]
                for side, segments in sorted(start_lines.items())
            },
            "fronts": {
                side: [ids(h) for h in front] for side, front in sorted((fronts or {}).items())
            },
        }
        return cls(data)

    @property
    def layout(self) -> Layout:
        return MAP_LAYOUT

    # --- the parts, decoded on first use ------------------------------------------------

    @cached_property
    def _by_id(self) -> dict[str, Hex]:
        return dict(zip(self.grid.ids(), self.grid.hexes(), strict=True))

    @cached_property
    def hexes(self) -> dict[Hex, MapHex]:
        by_id = self._by_id
        names = {by_id[k]: v for k, v in self.data["names"].items()}
        features = {
            by_id[k]: frozenset(map(HexFeature, v)) for k, v in self.data["features"].items()
        }
        hexes = {}
        cells = iter(self.grid.hexes())  # column by column, north to south, as the codes are
        for codes in self.data["terrain_by_column"].values():
            for code in codes.split(" "):
                hex_ = next(cells)
                hexes[hex_] = MapHex(
                    hex_,
                    _TERRAIN_BY_CODE[code[0]],
                    features.get(hex_, frozenset()),
                    names.get(hex_),
                    code.endswith("p"),
                )
        return hexes

    @cached_property
    def rivers(self) -> dict[Hexside, RiverSide]:
        by_id = self._by_id
        rivers = {}
        for side_id, river, name, bridge in self.data["rivers"]:
            a, b = side_id.split("/")
            side = Hexside.between(by_id[a], by_id[b])
            rivers[side] = RiverSide(side, RiverClass(river), name, bridge)
        return rivers

    @cached_property
    def connections(self) -> tuple[Connection, ...]:
        by_id = self._by_id
        return tuple(
            Connection(by_id[a], by_id[b], ConnectionKind(kind), name)
            for a, b, kind, name in self.data["connections"]
        )

    @cached_property
    def places(self) -> tuple[Place, ...]:
        by_id = self._by_id
        return tuple(_place(entry, by_id) for entry in self.data["places"])

    @cached_property
    def entry_areas(self) -> dict[str, tuple[Hex, ...]]:
        return {k: tuple(self._by_id[h] for h in v) for k, v in self.data["entry_areas"].items()}

    @cached_property
    def supply_edges(self) -> dict[str, tuple[Hex, ...]]:
        """Player -> the edge hexes that are his supply sources (14.2)."""
        return {k: tuple(self._by_id[h] for h in v) for k, v in self.data["supply_edges"].items()}

    @cached_property
    def start_lines(self) -> dict[str, tuple[tuple[Hex, ...], ...]]:
        return {
            side: tuple(tuple(self._by_id[h] for h in segment) for segment in segments)
            for side, segments in self.data["start_lines"].items()
        }

    @cached_property
    def fronts(self) -> dict[str, tuple[Hex, ...]]:
        """Each side's 12 December line across the map, west to east (19.11, 19.12); its
        start line segments are parts of it (owsqt.rules.map.frontlines)."""
        return {
            side: tuple(self._by_id[h] for h in front)
            for side, front in self.data["fronts"].items()
        }

    def validate(self) -> None:
        """Decode every part now, so damaged data fails here and not in the middle of a game."""
        for part in (
            "hexes",
            "rivers",
            "connections",
            "places",
            "entry_areas",
            "supply_edges",
            "start_lines",
            "fronts",
        ):
            getattr(self, part)
        if len(self.hexes) != len(self._by_id):
            raise ValueError(f"{len(self.hexes)} hexes for a grid of {len(self._by_id)}")

    # --- what the rules ask -------------------------------------------------------------

    def terrain(self, hex_: Hex) -> Terrain:
        return self.hexes[hex_].terrain

    def river_between(self, a: Hex, b: Hex) -> RiverSide | None:
        """The river along the hexside between two adjacent hexes, if any."""
        return self.rivers.get(Hexside.between(a, b))

    def connections_of(self, hex_: Hex) -> tuple[Connection, ...]:
        return self._connections_by_hex.get(hex_, ())

    @cached_property
    def _connections_by_hex(self) -> dict[Hex, tuple[Connection, ...]]:
        found: dict[Hex, list[Connection]] = {}
        for connection in self.connections:
            found.setdefault(connection.a, []).append(connection)
            found.setdefault(connection.b, []).append(connection)
        return {hex_: tuple(items) for hex_, items in found.items()}

    @cached_property
    def pocket(self) -> frozenset[Hex]:
        """[8.2] The Stalingrad pocket: no Soviet unit may enter these hexes."""
        return frozenset(hex_ for hex_, info in self.hexes.items() if info.pocket)

    @cached_property
    def edges(self) -> dict[Edge, tuple[Hex, ...]]:
        """The hexes on each map edge."""
        grid = self.grid
        by_edge: dict[Edge, list[Hex]] = {edge: [] for edge in Edge}
        for hex_ in grid.hexes():
            column, row = grid.offset_of(hex_)
            if row == grid.first_row:
                by_edge[Edge.NORTH].append(hex_)
            if row == grid.last_row:
                by_edge[Edge.SOUTH].append(hex_)
            if column == grid.first_column:
                by_edge[Edge.WEST].append(hex_)
            if column == grid.last_column:
                by_edge[Edge.EAST].append(hex_)
        return {edge: tuple(hexes) for edge, hexes in by_edge.items()}

    def reachable_without_major_river(self, start: Hex) -> frozenset[Hex]:
        """Every hex reachable from `start` without crossing a major river (the Don): the
        map's geography, which the compiler reads for the supply edges south of it (14.2).
        What units may cross is the Terrain Effects Chart's to say (movement.movecost)."""

        def crosses(a: Hex, b: Hex) -> bool:
            side = self.rivers.get(Hexside.between(a, b))
            return side is None or side.river is not RiverClass.MAJOR

        return self.connected(start, crosses)

    def connected(self, start: Hex, crosses: Callable[[Hex, Hex], bool]) -> frozenset[Hex]:
        """Every hex reachable from `start` by steps from a hex to a neighbour that
        `crosses(a, b)` allows."""
        seen = {start}
        frontier = [start]
        while frontier:
            hex_ = frontier.pop()
            for _, neighbour in self.grid.neighbours(hex_):
                if neighbour in seen or not crosses(hex_, neighbour):
                    continue
                seen.add(neighbour)
                frontier.append(neighbour)
        return frozenset(seen)

    def north_of(self, river: str, first_column: int, last_column: int) -> frozenset[Hex]:
        """Hexes of the given columns on the north bank of `river` ("across" it, 19.13, 19.23).

        A river running west to east along hexsides must cross every column it spans on
        the horizontal hexsides inside that column, so a hex is north of it when an odd
        number of such river hexsides lie between it and the south edge of the map.
        """
        grid = self.grid
        found = set()
        for column in range(first_column, last_column + 1):
            crossings = 0
            for row in range(grid.last_row, grid.first_row - 1, -1):
                hex_ = grid.hex_from_offset(column, row)
                if row < grid.last_row:
                    below = grid.hex_from_offset(column, row + 1)
                    side = self.rivers.get(Hexside.between(hex_, below))
                    if side is not None and side.name == river:
                        crossings += 1
                if crossings % 2:
                    found.add(hex_)
        return frozenset(found)

    def place(self, name: str) -> Place:
        for place in self.places:
            if place.name == name:
                return place
        raise KeyError(f"no place named {name!r} on the map")

    # --- shapes, shared by the rules and the UI ----------------------------------------

    def hex_shape(self, hex_: Hex) -> Polygon:
        return hex_polygon(MAP_LAYOUT, hex_)

    def area_shape(self, hexes: frozenset[Hex] | tuple[Hex, ...]) -> BaseGeometry:
        return hexes_polygon(MAP_LAYOUT, hexes)

    def river_shape(self, name: str) -> BaseGeometry:
        """The hexside edges of one river, merged into lines."""
        segments = [
            LineString(MAP_LAYOUT.hexside_segment(side.hexside.a, side.hexside.b))
            for side in self.rivers.values()
            if side.name == name
        ]
        return linemerge(MultiLineString(segments)) if segments else MultiLineString()
