"""The map compiler: geographic sources in, the hex map the rules use out (shapely).

Polygons become hex terrain, rivers become the hexsides that follow them most
closely, roads and the railroad become hex-to-hex connections, places become
hex features. The result is deterministic, so a test can recompile and compare
it with the shipped file.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable
from pathlib import Path

from shapely import STRtree
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.prepared import prep

from owsqt.rules.core.hexgrid import Hex, HexGrid, Hexside, hex_polygon, line
from owsqt.rules.map.frontlines import FrontError, compile_front, compile_segments
from owsqt.rules.map.gamemap import (
    MAP_LAYOUT,
    Connection,
    ConnectionKind,
    Edge,
    GameMap,
    HexFeature,
    MapHex,
    Place,
    RiverClass,
    RiverSide,
    Terrain,
)
from owsqt.rules.map.mapsources import (
    LatLon,
    MapSources,
    SourceControlPoint,
    SourceLine,
    load_grid,
    load_sources,
)
from owsqt.rules.map.projection import (
    ControlPoint,
    Projection,
    fit,
    largest_correction,
    residuals,
)

# A hex takes an area's terrain when the area covers at least this share of it.
TERRAIN_COVER = 0.5
# Road and river lines are sampled this often (in hex sizes) to find the hexes they cross.
SAMPLE_STEP = 0.2
# Who must reach a supply edge without crossing the Don: the hex of the German railhead.
AXIS_REAR_PLACE = "Kotelnikovo"

# A point of the layout, (x, y); shapely's Point is the geometry.
XY = tuple[float, float]


class MapCompileError(ValueError):
    """Sources that cannot make a map: too few pins, a place off the map, ..."""


def compile_map(sources: MapSources, grid: HexGrid) -> GameMap:
    """Compile the sources onto `grid`."""
    projection, control_points = _projection(sources, grid)
    hexes = grid.hexes()
    cells = {hex_: hex_polygon(MAP_LAYOUT, hex_) for hex_ in hexes}
    frame = _frame(cells.values())

    terrain = _terrain(sources, projection, cells)
    pocket = _covered(_project_polygon(sources.pocket.points, projection), cells)
    places, features, names, collisions = _places(sources, projection, grid)
    rivers = _rivers(sources.rivers, projection, grid, frame)
    connections = _connections(sources, projection, grid, frame)
    rivers = _mark_bridges(rivers, connections)

    map_hexes = {
        hex_: MapHex(
            hex=hex_,
            terrain=terrain[hex_],
            features=frozenset(features.get(hex_, ())),
            name=names.get(hex_),
            pocket=hex_ in pocket,
        )
        for hex_ in hexes
    }
    fronts, start_lines = _start_lines(sources, grid)
    entry_areas = {
        name: tuple(grid.hex_of(hex_id) for hex_id in ids)
        for name, ids in sorted(sources.rules_areas.entry_areas.items())
    }
    draft = GameMap.from_parts(
        grid, map_hexes, rivers, connections, places, entry_areas, {}, start_lines, fronts=fronts
    )
    metadata = {
        "projection": {
            "model": (
                "affine least squares from local kilometres to hex layout units, plus a "
                "thin-plate spline through its residuals"
            ),
            "coefficients": [round(value, 9) for value in projection.coefficients],
            "km_per_hex": round(projection.km_per_hex, 3),
            "control_points": len(control_points),
            "largest_correction_in_hexes": round(
                largest_correction(projection, (MAP_LAYOUT.center(h) for h in hexes), MAP_LAYOUT),
                3,
            ),
        },
        "residuals_in_hexes": residuals(projection, control_points, MAP_LAYOUT),
        "places_sharing_a_hex": collisions,
    }
    return GameMap.from_parts(
        grid,
        map_hexes,
        rivers,
        connections,
        places,
        entry_areas,
        _supply_edges(draft, grid),
        start_lines,
        metadata,
        fronts=fronts,
    )


def _start_lines(
    sources: MapSources, grid: HexGrid
) -> tuple[dict[str, tuple[Hex, ...]], dict[str, tuple[tuple[Hex, ...], ...]]]:
    """Each side's front and its named segments (19.11, 19.12)."""
    areas = sources.rules_areas
    fronts, start_lines = {}, {}
    try:
        for side in sorted(areas.fronts):
            fronts[side] = compile_front(grid, side, areas.fronts[side])
            segments = areas.start_lines.get(side, ())
            start_lines[side] = compile_segments(grid, side, fronts[side], segments)
    except FrontError as error:
        raise MapCompileError(f"areas.yaml: {error}") from None
    return fronts, start_lines


# --- projection -------------------------------------------------------------------------


def _projection(sources: MapSources, grid: HexGrid) -> tuple[Projection, list[ControlPoint]]:
    """The projection through the pinned places and control.yaml's points."""
    points = [
        ControlPoint(place.name, *place.position, MAP_LAYOUT.center(grid.hex_of(place.pin)))
        for place in sources.places
        if place.pin
    ]
    points += [
        ControlPoint(source.name, *source.position, _control_target(source, grid))
        for source in sources.control_points
    ]
    names = [point.name for point in points]
    if len(set(names)) < len(names):
        twice = sorted({name for name in names if names.count(name) > 1})
        raise MapCompileError(f"control points share a name with a pin or each other: {twice}")
    try:
        return fit(points), points
    except ValueError as err:  # numpy's LinAlgError (a singular system) is one too
        raise MapCompileError(f"no projection through the control points: {err}") from err


def _control_target(source: SourceControlPoint, grid: HexGrid) -> tuple[float, float]:
    if source.hex is not None:
        try:
            return MAP_LAYOUT.center(grid.hex_of(source.hex))
        except ValueError as err:
            raise MapCompileError(f"control point {source.name!r}: {err}") from err
    assert source.to is not None  # the loader requires one of hex and to
    return grid_point(grid, *source.to)


def grid_point(grid: HexGrid, column: float, row: float) -> tuple[float, float]:
    """The layout point of a (column, row) position: whole numbers are hex centres, fractions
    interpolate linearly between neighbouring centres, so (24, 31.5) is the middle of the
    hexside between 2431 and 2432 and (24.5, 31) that between 2431 and 2531."""

    def in_column(whole: int) -> tuple[float, float]:
        x, top = MAP_LAYOUT.center(grid.hex_from_offset(whole, 0))
        _, below = MAP_LAYOUT.center(grid.hex_from_offset(whole, 1))
        return x, top + row * (below - top)

    left = math.floor(column)
    share = column - left
    (x0, y0), (x1, y1) = in_column(left), in_column(left + 1)
    return x0 + share * (x1 - x0), y0 + share * (y1 - y0)


def _project_points(points: Iterable[LatLon], projection: Projection) -> list[XY]:
    return [projection(latitude, longitude) for latitude, longitude in points]


def _project_polygon(points: Iterable[LatLon], projection: Projection) -> Polygon:
    return Polygon(_project_points(points, projection)).buffer(0)


def _project_line(points: Iterable[LatLon], projection: Projection) -> LineString:
    return LineString(_project_points(points, projection))


def _frame(cells: Iterable[Polygon]) -> Polygon:
    minx, miny, maxx, maxy = MultiLineString([c.exterior for c in cells]).bounds
    return box(minx, miny, maxx, maxy)


# --- terrain and areas ------------------------------------------------------------------


def _covered(area: BaseGeometry, cells: dict[Hex, Polygon]) -> set[Hex]:
    """Hexes at least TERRAIN_COVER covered by `area`."""
    if area.is_empty:
        return set()
    prepared = prep(area)
    found = set()
    for hex_, cell in cells.items():
        if prepared.intersects(cell) and area.intersection(cell).area >= TERRAIN_COVER * cell.area:
            found.add(hex_)
    return found


def _terrain(
    sources: MapSources, projection: Projection, cells: dict[Hex, Polygon]
) -> dict[Hex, Terrain]:
    terrain = dict.fromkeys(cells, Terrain.CLEAR)
    # Marsh is painted after elevated ground: a floodplain inside hills stays marsh.
    for kind in ("elevated", "marsh"):
        for area in (a for a in sources.areas if a.kind == kind):
            for hex_ in _covered(_project_polygon(area.points, projection), cells):
                terrain[hex_] = Terrain(kind)
    return terrain


def _places(
    sources: MapSources, projection: Projection, grid: HexGrid
) -> tuple[tuple[Place, ...], dict[Hex, set[HexFeature]], dict[Hex, str], dict[str, list[str]]]:
    places: list[Place] = []
    features: dict[Hex, set[HexFeature]] = {}
    names: dict[Hex, str] = {}
    collisions: dict[str, list[str]] = {}
    for source in sources.places:
        x, y = projection(*source.position)
        hex_ = MAP_LAYOUT.hex_at_point(x, y)
        if source.pin:
            hex_ = grid.hex_of(source.pin)  # a pinned place is where the rules put it
        if not grid.contains(hex_):
            continue  # beyond the map edge: the ground around the map is not drawn
        kind = HexFeature(source.kind)
        places.append(
            Place(
                source.name,
                hex_,
                kind,
                *source.position,
                source.approximate,
                source.former,
                source.now,
            )
        )
        features.setdefault(hex_, set()).add(kind)
        if hex_ in names:
            collisions.setdefault(grid.id_of(hex_), [names[hex_]]).append(source.name)
            if kind is HexFeature.CITY:
                names[hex_] = source.name
        else:
            names[hex_] = source.name
    return tuple(places), features, names, collisions


# --- rivers along hexsides --------------------------------------------------------------


def _rivers(
    lines: Iterable[SourceLine], projection: Projection, grid: HexGrid, frame: Polygon
) -> dict[Hexside, RiverSide]:
    graph = _CornerGraph(grid)
    rivers: dict[Hexside, RiverSide] = {}
    for source in lines:
        river = RiverClass.MAJOR if source.kind == "major" else RiverClass.MINOR
        clipped = _project_line(source.points, projection).intersection(frame)
        for piece in _pieces(clipped):
            for hexside in graph.follow(piece):
                # A major river wins a hexside shared with a minor one (the Don's mouths).
                existing = rivers.get(hexside)
                if existing is None or river is RiverClass.MAJOR:
                    rivers[hexside] = RiverSide(hexside, river, source.name)
    return rivers


def _pieces(geometry: BaseGeometry) -> list[LineString]:
    if geometry.is_empty:
        return []
    if isinstance(geometry, LineString):
        return [geometry]
    return [part for part in getattr(geometry, "geoms", []) if isinstance(part, LineString)]


class _CornerGraph:
    """Hex corners joined by hexsides: rivers are shortest paths that hug their line."""

    def __init__(self, grid: HexGrid) -> None:
        self.edges: dict[XY, list[tuple[XY, Hexside, tuple[XY, XY]]]] = {}
        for hex_ in grid.hexes():
            for _, neighbour in grid.neighbours(hex_):
                if neighbour < hex_:
                    continue
                start, end = MAP_LAYOUT.hexside_segment(hex_, neighbour)
                a, b = _key(start), _key(end)
                side = Hexside.between(hex_, neighbour)
                segment = (start, end)
                self.edges.setdefault(a, []).append((b, side, segment))
                self.edges.setdefault(b, []).append((a, side, segment))
        self.corners = list(self.edges)
        self._tree = STRtree([Point(corner) for corner in self.corners])

    def nearest(self, point: tuple[float, ...]) -> XY:
        return self.corners[int(self._tree.nearest(Point(point)))]

    def follow(self, river: LineString) -> list[Hexside]:
        """The hexsides of the corner path from the river's first to its last point."""
        start = self.nearest(river.coords[0])
        goal = self.nearest(river.coords[-1])
        if start == goal:
            return []
        distances = {start: 0.0}
        previous: dict[XY, tuple[XY, Hexside]] = {}
        queue = [(0.0, start)]
        while queue:
            cost, corner = heapq.heappop(queue)
            if corner == goal:
                break
            if cost > distances[corner]:
                continue
            for neighbour, side, (p, q) in self.edges[corner]:
                middle = Point((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                # Length times closeness: the cheapest path stays on the river's line.
                step = 1.0 * (0.05 + middle.distance(river) ** 2)
                total = cost + step
                if total < distances.get(neighbour, math.inf):
                    distances[neighbour] = total
                    previous[neighbour] = (corner, side)
                    heapq.heappush(queue, (total, neighbour))
        sides = []
        corner = goal
        while corner != start:
            corner, side = previous[corner]
            sides.append(side)
        return sides[::-1]


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


# --- roads and the railroad ---------------------------------------------------------------


def _connections(
    sources: MapSources, projection: Projection, grid: HexGrid, frame: Polygon
) -> tuple[Connection, ...]:
    kinds = {"primary": ConnectionKind.PRIMARY_ROAD, "secondary": ConnectionKind.SECONDARY_ROAD}
    found: dict[tuple[Hex, Hex, ConnectionKind], Connection] = {}
    lines = [(road, kinds[road.kind]) for road in sources.roads]
    lines += [(rail, ConnectionKind.RAILROAD) for rail in sources.railroads]
    for source, kind in lines:
        clipped = _project_line(source.points, projection).intersection(frame)
        # A railroad keeps the hexes of its own points (its stations) on its path; roads are
        # left to the line alone.
        through = (
            {MAP_LAYOUT.hex_at_point(*xy) for xy in _project_points(source.points, projection)}
            if kind is ConnectionKind.RAILROAD
            else set()
        )
        for piece in _pieces(clipped):
            for path in _hex_paths(piece, grid, through):
                for a, b in itertools.pairwise(path):
                    low, high = sorted((a, b))
                    found.setdefault((low, high, kind), Connection(low, high, kind, source.name))
    # A primary road between two hexes makes a secondary one there redundant.
    primary = {(c.a, c.b) for c in found.values() if c.kind is ConnectionKind.PRIMARY_ROAD}
    return tuple(
        sorted(
            (
                c
                for c in found.values()
                if not (c.kind is ConnectionKind.SECONDARY_ROAD and (c.a, c.b) in primary)
            ),
            key=lambda c: (c.kind.value, c.a, c.b),
        )
    )


def _hex_paths(piece: LineString, grid: HexGrid, through: set[Hex]) -> list[list[Hex]]:
    """The hexes a line passes through, in order, each adjacent to the next; a new path
    begins wherever the line leaves the map, so no link ever joins hexes apart. The hexes
    `through` (those of the line's own points) are never dropped as detours."""
    steps = max(1, int(piece.length / SAMPLE_STEP))
    paths: list[list[Hex]] = [[]]
    for index in range(steps + 1):
        point = piece.interpolate(index / steps, normalized=True)
        hex_ = MAP_LAYOUT.hex_at_point(point.x, point.y)
        path = paths[-1]
        if not grid.contains(hex_):
            if path:
                paths.append([])
            continue
        if path and path[-1] == hex_:
            continue
        if path and hex_ not in {n for _, n in grid.neighbours(path[-1])}:
            filler = line(path[-1], hex_)[1:-1]
            if all(grid.contains(h) for h in filler):
                path.extend(filler)
            else:
                paths.append([])
                path = paths[-1]
        path.append(hex_)
    return [_without_detours(path, grid, through) for path in paths if len(path) > 1]


def _without_detours(path: list[Hex], grid: HexGrid, keep: set[Hex]) -> list[Hex]:
    """Drop a hex the line only clipped at a corner when its neighbours touch directly,
    unless it is one of the hexes to `keep`."""
    changed = True
    while changed:
        changed = False
        index = 1
        while index < len(path) - 1:
            before, after = path[index - 1], path[index + 1]
            if path[index] not in keep and after in {n for _, n in grid.neighbours(before)}:
                del path[index]
                changed = True
            else:
                index += 1
    return path


def _mark_bridges(
    rivers: dict[Hexside, RiverSide], connections: tuple[Connection, ...]
) -> dict[Hexside, RiverSide]:
    """A road crossing a river hexside is a bridge (TEC: Bridge)."""
    roads = {ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD}
    marked = dict(rivers)
    for connection in connections:
        if connection.kind not in roads:
            continue
        side = Hexside.between(connection.a, connection.b)
        if side in marked:
            river = marked[side]
            marked[side] = RiverSide(river.hexside, river.river, river.name, bridge=True)
    return dict(sorted(marked.items()))


# --- supply edges -------------------------------------------------------------------------


def _supply_edges(draft: GameMap, grid: HexGrid) -> dict[str, tuple[Hex, ...]]:
    """[14.2] Soviet: the north and east edges. German and Rumanian: the south and west
    edges south of the Don, i.e. those reached from the railhead without crossing it."""
    edges = draft.edges
    soviet = [h for h in (*edges[Edge.NORTH], *edges[Edge.EAST]) if h not in draft.pocket]
    rear = draft.reachable_without_major_river(draft.place(AXIS_REAR_PLACE).hex)
    axis = [h for h in (*edges[Edge.SOUTH], *edges[Edge.WEST]) if h in rear]
    return {"german": tuple(sorted(set(axis))), "soviet": tuple(sorted(set(soviet)))}


def compile_resources(resources: Path) -> GameMap:
    """Compile resources/map/sources onto the grid of resources/map/grid.yaml."""
    map_dir = resources / "map"
    return compile_map(load_sources(map_dir / "sources"), load_grid(map_dir / "grid.yaml"))
