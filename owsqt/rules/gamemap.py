"""GameMap: the compiled battle map the rules and the UI read (terrain, rivers, roads, areas).

Built by the map compiler from geographic sources and loaded at start-up from
resources/map/compiled.json. Hexes are cube `Hex` values inside; shapely
geometry is in Layout units (size 1, y down), so the UI draws the same shapes
the rules use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge

from owsqt.rules.hexgrid import Hex, HexGrid, Hexside, Layout, hex_polygon, hexes_polygon

MAP_LAYOUT = Layout(1.0)  # compiled coordinates: hex size 1, origin at hex 0000's centre


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


@dataclass(frozen=True)
class GameMap:
    grid: HexGrid
    hexes: Mapping[Hex, MapHex]
    rivers: Mapping[Hexside, RiverSide]
    connections: tuple[Connection, ...]
    places: tuple[Place, ...]
    entry_areas: Mapping[str, tuple[Hex, ...]]
    supply_edges: Mapping[str, tuple[Hex, ...]]  # player -> edge hexes that are supply sources
    start_lines: Mapping[str, tuple[tuple[Hex, ...], ...]]  # side -> segments as hex paths
    metadata: Mapping[str, object] = field(default_factory=dict)

    @property
    def layout(self) -> Layout:
        return MAP_LAYOUT

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
