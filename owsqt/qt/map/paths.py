"""The map's layers as QPainterPaths, built once from a GameMap: terrain, areas, lines, towns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from owsqt.qt.map.shapes import (
    Segment,
    add_bridge,
    add_polyline,
    chained_path,
    grid_path,
    hatch_path,
    hexes_path,
    marsh_tufts_path,
    middle_hex,
    outline_path,
    point,
    point_key,
    rail_ties_path,
    railroad_lines,
)
from owsqt.qt.map.style import (
    CITY_HALF,
    ENTRY_COLOURS,
    MARSH_TUFT_WIDTH,
    POCKET_HATCH_SPACING,
    START_LINE_COLOURS,
    START_LINE_OTHER,
    VILLAGE_RADIUS,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.map.gamemap import (
    MAP_LAYOUT,
    ConnectionKind,
    GameMap,
    HexFeature,
    RiverClass,
    Terrain,
)

_TILE = 6  # hex columns and rows in one tile of a tiled layer
_GRID_MARGIN = 0.05  # how far past its hexsides a tile of the grid may be drawn


class Tiles:
    """A layer cut into tiles of a few hexes each: a zoomed-in view draws only those it shows."""

    def __init__(self, paths: Mapping[tuple[int, int], QPainterPath], margin: float) -> None:
        self._tiles = [
            (path.controlPointRect().adjusted(-margin, -margin, margin, margin), path)
            for _, path in sorted(paths.items())
            if not path.isEmpty()
        ]

    def _shown(self, exposed: QRectF) -> Iterable[QPainterPath]:
        return (path for bounds, path in self._tiles if bounds.intersects(exposed))

    def fill(self, painter: QPainter, exposed: QRectF, colour: QColor) -> None:
        for path in self._shown(exposed):
            painter.fillPath(path, colour)

    def stroke(self, painter: QPainter, exposed: QRectF, pen: QPen) -> None:
        for path in self._shown(exposed):
            painter.strokePath(path, pen)


def _by_tile(
    game_map: GameMap, hexes: Sequence[Hex], overlap: bool
) -> dict[tuple[int, int], list[Hex]]:
    """`hexes` sorted into tiles; with `overlap`, each also into its neighbours' tiles."""
    grid = game_map.grid
    chosen = frozenset(hexes)

    def tile(hex_: Hex) -> tuple[int, int]:
        column, row = grid.offset_of(hex_)
        return (column // _TILE, row // _TILE)

    tiles: dict[tuple[int, int], list[Hex]] = {}
    for hex_ in hexes:
        keys = {tile(hex_)}
        if overlap:
            keys.update(tile(other) for _, other in grid.neighbours(hex_) if other in chosen)
        for key in keys:
            tiles.setdefault(key, []).append(hex_)
    return tiles


def _tiled_fill(game_map: GameMap, hexes: Sequence[Hex]) -> Tiles:
    # Each tile also covers the edge hexes of the tiles around it: antialiased tiles that only
    # touched would leave a faint seam along their common hexsides.
    return Tiles(
        {
            key: hexes_path(tile_hexes)
            for key, tile_hexes in _by_tile(game_map, hexes, overlap=True).items()
        },
        0.0,
    )


def terrain_of(game_map: GameMap) -> dict[Hex, Terrain]:
    """The terrain of every hex on the map; clear where the map says nothing."""
    return {
        hex_: (info.terrain if (info := game_map.hexes.get(hex_)) else Terrain.CLEAR)
        for hex_ in game_map.grid.hexes()
    }


@dataclass(frozen=True, slots=True, eq=False)
class TerrainPaths:
    ground: Tiles  # every hex on the map
    elevated: Tiles
    marsh: Tiles
    elevated_edge: QPainterPath  # where elevated ground meets lower ground
    marsh_tufts: Tiles
    grid: Tiles
    map_edge: QPainterPath


def terrain_paths(game_map: GameMap, terrain: Mapping[Hex, Terrain]) -> TerrainPaths:
    on_map = game_map.grid.hexes()
    everywhere = frozenset(on_map)
    elevated = [h for h in on_map if terrain[h] is Terrain.ELEVATED]
    marsh = [h for h in on_map if terrain[h] is Terrain.MARSH]
    marsh_tiles = _by_tile(game_map, marsh, overlap=False)
    grid_tiles = _by_tile(game_map, on_map, overlap=False)
    return TerrainPaths(
        ground=_tiled_fill(game_map, on_map),
        elevated=_tiled_fill(game_map, elevated),
        marsh=_tiled_fill(game_map, marsh),
        elevated_edge=outline_path(frozenset(elevated), everywhere),
        marsh_tufts=Tiles(
            {key: marsh_tufts_path(hexes) for key, hexes in marsh_tiles.items()}, MARSH_TUFT_WIDTH
        ),
        grid=Tiles(
            {key: grid_path(hexes, everywhere) for key, hexes in grid_tiles.items()}, _GRID_MARGIN
        ),
        map_edge=outline_path(everywhere, None),
    )


@dataclass(frozen=True, slots=True, eq=False)
class EntryArea:
    area: QPainterPath
    outline: QPainterPath
    colour: QColor
    name: str
    middle: QPointF  # where its badge goes


@dataclass(frozen=True, slots=True, eq=False)
class AreaPaths:
    """The pocket, the entry areas and the start lines."""

    pocket: QPainterPath
    pocket_edge: QPainterPath
    pocket_hatch: QPainterPath  # across the pocket's bounds; clip it to the pocket
    entry_areas: list[EntryArea]
    start_lines: list[tuple[QPainterPath, QColor]]


def area_paths(game_map: GameMap) -> AreaPaths:
    on_map = frozenset(game_map.grid.hexes())
    pocket_hexes = frozenset(game_map.pocket)
    pocket = hexes_path(pocket_hexes)
    entry_areas = []
    for index, (name, hexes) in enumerate(sorted(game_map.entry_areas.items())):
        area = [h for h in hexes if h in on_map]
        if not area:
            continue
        colour = ENTRY_COLOURS[index % len(ENTRY_COLOURS)]
        outline = outline_path(frozenset(area), None)
        entry_areas.append(
            EntryArea(hexes_path(area), outline, colour, name, point(middle_hex(area)))
        )
    start_lines = []
    for side, front in sorted(game_map.fronts.items()):
        path = QPainterPath()
        add_polyline(path, [MAP_LAYOUT.center(h) for h in front])
        start_lines.append((path, START_LINE_COLOURS.get(side.lower(), START_LINE_OTHER)))
    return AreaPaths(
        pocket=pocket,
        pocket_edge=outline_path(pocket_hexes, None),
        pocket_hatch=hatch_path(pocket.boundingRect(), POCKET_HATCH_SPACING),
        entry_areas=entry_areas,
        start_lines=start_lines,
    )


def roads_between(game_map: GameMap) -> dict[frozenset[Hex], ConnectionKind]:
    """The road joining each pair of hexes that has one."""
    roads: dict[frozenset[Hex], ConnectionKind] = {}
    for connection in game_map.connections:
        if connection.kind is not ConnectionKind.RAILROAD:
            pair = frozenset((connection.a, connection.b))
            # A primary road wins where both kinds join the same hexes.
            if roads.get(pair) is not ConnectionKind.PRIMARY_ROAD:
                roads[pair] = connection.kind
    return roads


@dataclass(frozen=True, slots=True, eq=False)
class ConnectionPaths:
    railroad: QPainterPath
    rail_ties: QPainterPath
    primary_roads: QPainterPath
    secondary_roads: QPainterPath


def connection_paths(
    game_map: GameMap, roads: Mapping[frozenset[Hex], ConnectionKind]
) -> ConnectionPaths:
    """Roads and the railroad, which moves aside where a road joins the same hexes."""
    by_kind: dict[ConnectionKind, list[Segment]] = {k: [] for k in ConnectionKind}
    for connection in game_map.connections:
        ends = (MAP_LAYOUT.center(connection.a), MAP_LAYOUT.center(connection.b))
        by_kind[connection.kind].append(ends)
    road_segments = {
        frozenset((point_key(MAP_LAYOUT.center(a)), point_key(MAP_LAYOUT.center(b))))
        for a, b in roads
    }
    railroad = QPainterPath()
    rail_segments: list[Segment] = []
    for points, closed in railroad_lines(by_kind[ConnectionKind.RAILROAD], road_segments):
        add_polyline(railroad, points, closed)
        rail_segments.extend(pairwise([*points, points[0]] if closed else points))
    return ConnectionPaths(
        railroad=railroad,
        rail_ties=rail_ties_path(rail_segments),
        primary_roads=chained_path(by_kind[ConnectionKind.PRIMARY_ROAD]),
        secondary_roads=chained_path(by_kind[ConnectionKind.SECONDARY_ROAD]),
    )


@dataclass(frozen=True, slots=True, eq=False)
class RiverPaths:
    minor: QPainterPath
    major: QPainterPath
    bridge_decks: QPainterPath
    bridge_sides: QPainterPath
    bridge_roads: dict[ConnectionKind, QPainterPath]  # drawn again over the decks


def river_paths(game_map: GameMap, roads: Mapping[frozenset[Hex], ConnectionKind]) -> RiverPaths:
    rivers: dict[RiverClass, list[Segment]] = {k: [] for k in RiverClass}
    decks = QPainterPath()
    sides = QPainterPath()
    bridge_roads = {
        ConnectionKind.PRIMARY_ROAD: QPainterPath(),
        ConnectionKind.SECONDARY_ROAD: QPainterPath(),
    }
    for side in game_map.rivers.values():
        a, b = side.hexside
        segment = MAP_LAYOUT.hexside_segment(a, b)
        rivers[side.river].append(segment)
        if side.bridge:
            span = add_bridge(decks, sides, segment, MAP_LAYOUT.center(b), side.river)
            kind = roads.get(frozenset((a, b)))
            if kind is not None:
                add_polyline(bridge_roads[kind], span)
    return RiverPaths(
        minor=chained_path(rivers[RiverClass.MINOR]),
        major=chained_path(rivers[RiverClass.MAJOR]),
        bridge_decks=decks,
        bridge_sides=sides,
        bridge_roads=bridge_roads,
    )


@dataclass(frozen=True, slots=True)
class Town:
    hex: Hex
    kind: HexFeature  # CITY or VILLAGE
    name: str  # "" if it has none; several names joined by " / "


def towns_of(game_map: GameMap) -> list[Town]:
    """The cities and villages on the map, from its hexes and its places, in hex order."""
    kinds: dict[Hex, HexFeature] = {}
    names: dict[Hex, list[str]] = {}
    for hex_, info in game_map.hexes.items():
        if HexFeature.CITY in info.features:
            kinds[hex_] = HexFeature.CITY
        elif HexFeature.VILLAGE in info.features:
            kinds[hex_] = HexFeature.VILLAGE
        if info.name:
            names.setdefault(hex_, []).append(info.name)
    for place in game_map.places:
        if kinds.get(place.hex) is not HexFeature.CITY:
            kinds[place.hex] = place.kind
        listed = names.setdefault(place.hex, [])
        if place.name not in listed:
            listed.append(place.name)
    on_map: Set[Hex] = frozenset(game_map.grid.hexes())
    return [
        Town(hex_, kind, " / ".join(names.get(hex_, ())))
        for hex_, kind in sorted(kinds.items())
        if hex_ in on_map
    ]


def town_paths(towns: Iterable[Town]) -> tuple[QPainterPath, QPainterPath]:
    """The symbols of the cities (blocks) and of the villages (dots)."""
    cities = QPainterPath()
    villages = QPainterPath()
    for town in towns:
        x, y = MAP_LAYOUT.center(town.hex)
        if town.kind is HexFeature.CITY:
            cities.addRect(
                QRectF(x - CITY_HALF, y - CITY_HALF * 0.85, 2 * CITY_HALF, 1.7 * CITY_HALF)
            )
        else:
            villages.addEllipse(QPointF(x, y), VILLAGE_RADIUS, VILLAGE_RADIUS)
    return cities, villages
