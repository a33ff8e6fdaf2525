"""Map shapes as QPainterPaths in map units: hex areas and outlines, joined lines and symbols."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence, Set

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from owsqt.qt.map.style import (
    BRIDGE_FLARE,
    BRIDGE_HALF_WIDTH,
    MAJOR_RIVER_WIDTH,
    MINOR_RIVER_WIDTH,
    RAIL_BESIDE_ROAD,
    RAIL_TIE_LENGTH,
    RAIL_TIE_SPACING,
)
from owsqt.rules.core.hexgrid import Hex, Point, neighbour
from owsqt.rules.map.gamemap import MAP_LAYOUT, RiverClass

Segment = tuple[Point, Point]
PointKey = tuple[float, float]


def point(hex_: Hex) -> QPointF:
    """The centre of `hex_`."""
    x, y = MAP_LAYOUT.center(hex_)
    return QPointF(x, y)


def point_key(xy: Point) -> PointKey:
    """`xy` rounded, so that the same corner or centre reached twice compares equal."""
    return (round(xy[0], 6), round(xy[1], 6))


def add_polyline(path: QPainterPath, points: Sequence[Point], closed: bool = False) -> None:
    (x0, y0), *rest = points
    path.moveTo(x0, y0)
    for x, y in rest:
        path.lineTo(x, y)
    if closed:
        path.closeSubpath()


def geometry_path(geometry: BaseGeometry, scale: float = 1.0) -> QPainterPath:
    """A shapely Polygon or MultiPolygon, holes and all, as a path `scale` times its size:
    each ring a closed subpath, filled odd-even so that holes stay open."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    parts = geometry.geoms if isinstance(geometry, MultiPolygon) else [geometry]
    for part in parts:
        if not isinstance(part, Polygon) or part.is_empty:
            continue
        for ring in (part.exterior, *part.interiors):
            add_polyline(path, [(x * scale, y * scale) for x, y in ring.coords], closed=True)
    return path


def hexes_path(hexes: Iterable[Hex]) -> QPainterPath:
    """The area of `hexes`, each hex a closed polygon."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for hex_ in hexes:
        add_polyline(path, MAP_LAYOUT.corners(hex_), closed=True)
    return path


def outline_path(hexes: Set[Hex], within: Set[Hex] | None) -> QPainterPath:
    """The edge of an area of hexes; with `within`, only where it borders hexes inside it."""
    segments = []
    for hex_ in hexes:
        corners = MAP_LAYOUT.corners(hex_)
        for side in range(1, 7):
            other = neighbour(hex_, side)
            if other not in hexes and (within is None or other in within):
                segments.append((corners[side - 1], corners[side % 6]))
    return chained_path(segments)


def grid_path(hexes: Sequence[Hex], on_map: Set[Hex]) -> QPainterPath:
    """Every hexside once: drawing shared sides twice would darken them under antialiasing."""
    path = QPainterPath()
    for hex_ in hexes:
        corners = MAP_LAYOUT.corners(hex_)
        for side in range(1, 7):
            other = neighbour(hex_, side)
            if other not in on_map or hex_ < other:
                (x0, y0), (x1, y1) = corners[side - 1], corners[side % 6]
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
    return path


def polylines(segments: Sequence[Segment]) -> list[tuple[list[Point], bool]]:
    """Segments joined end to end into polylines, each with whether it closes on itself."""
    ends: dict[PointKey, list[int]] = {}
    for index, (a, b) in enumerate(segments):
        ends.setdefault(point_key(a), []).append(index)
        ends.setdefault(point_key(b), []).append(index)
    used = [False] * len(segments)

    def walk(start: Point) -> tuple[list[Point], bool]:
        points = [start]
        here = point_key(start)
        while True:
            following = next((i for i in ends[here] if not used[i]), None)
            if following is None:
                return points, False
            used[following] = True
            a, b = segments[following]
            step = b if point_key(a) == here else a
            here = point_key(step)
            if here == point_key(start):
                return points, True
            points.append(step)

    # Open chains start at their loose ends; what is left over are closed loops.
    starts = [p for a, b in segments for p in (a, b) if len(ends[point_key(p)]) % 2 == 1]
    starts += [a for a, _ in segments]
    found = []
    for start in starts:
        if not all(used[i] for i in ends[point_key(start)]):
            found.append(walk(start))
    return found


def chained_path(segments: Sequence[Segment]) -> QPainterPath:
    """Segments joined into polylines, so that wide pens meet in smooth joins."""
    path = QPainterPath()
    for points, closed in polylines(segments):
        add_polyline(path, points, closed)
    return path


def railroad_lines(
    segments: Sequence[Segment], roads: Set[frozenset[PointKey]]
) -> list[tuple[list[Point], bool]]:
    """The railroad's polylines, moved to one side where a road joins the same hexes.

    Drawn on the same centre line, the wider road would hide the railroad entirely.
    """
    lines = []
    for points, closed in polylines(segments):
        count = len(points)
        moved = []
        for i, (x, y) in enumerate(points):
            normals = []
            beside = False
            for j, k in ((i - 1, i), (i, i + 1)):
                if closed:
                    j, k = j % count, k % count
                elif j < 0 or k >= count:
                    continue
                (ax, ay), (bx, by) = points[j], points[k]
                length = math.hypot(bx - ax, by - ay) or 1.0
                normals.append(((ay - by) / length, (bx - ax) / length))
                beside = beside or frozenset((point_key(points[j]), point_key(points[k]))) in roads
            if not beside:
                moved.append((x, y))
                continue
            # A mitred offset keeps both neighbouring stretches at the same distance.
            mx, my = sum(n[0] for n in normals), sum(n[1] for n in normals)
            size = math.hypot(mx, my) or 1.0
            mx, my = mx / size, my / size
            stretch = min(2.0, 1.0 / max(0.5, mx * normals[0][0] + my * normals[0][1]))
            moved.append((x + mx * RAIL_BESIDE_ROAD * stretch, y + my * RAIL_BESIDE_ROAD * stretch))
        lines.append((moved, closed))
    return lines


def marsh_tufts_path(hexes: Iterable[Hex]) -> QPainterPath:
    """Three tufts of reeds per hex, each a short base line with blades fanning up."""
    path = QPainterPath()
    spots = ((-0.42, -0.12), (0.38, -0.22), (0.0, 0.42))
    for hex_ in hexes:
        cx, cy = MAP_LAYOUT.center(hex_)
        for dx, dy in spots:
            x, y = cx + dx, cy + dy
            path.moveTo(x - 0.15, y)
            path.lineTo(x + 0.15, y)
            for lean, height in ((-0.07, 0.1), (0.0, 0.14), (0.07, 0.1)):
                path.moveTo(x + lean * 0.4, y)
                path.lineTo(x + lean, y - height)
    return path


def hatch_path(bounds: QRectF, spacing: float) -> QPainterPath:
    """Diagonal lines (rising to the right) across `bounds`, to be clipped to an area."""
    path = QPainterPath()
    if bounds.isEmpty():
        return path
    left, top, right, bottom = bounds.left(), bounds.top(), bounds.right(), bounds.bottom()
    height = bottom - top
    x = left - height
    while x < right:
        path.moveTo(x, bottom)
        path.lineTo(x + height, top)
        x += spacing
    return path


def rail_ties_path(segments: Sequence[Segment]) -> QPainterPath:
    """Short ties across the railroad, spaced evenly along each segment."""
    path = QPainterPath()
    for (x0, y0), (x1, y1) in segments:
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy * RAIL_TIE_LENGTH / 2, ux * RAIL_TIE_LENGTH / 2
        count = max(1, round(length / RAIL_TIE_SPACING))
        for i in range(count):
            t = (i + 0.5) * length / count
            x, y = x0 + ux * t, y0 + uy * t
            path.moveTo(x - nx, y - ny)
            path.lineTo(x + nx, y + ny)
    return path


def add_bridge(
    decks: QPainterPath,
    sides: QPainterPath,
    hexside: Segment,
    towards: Point,
    river: RiverClass,
) -> Segment:
    """A deck across the river at the hexside's middle, its sides flared at both banks.

    Returns the deck's span, where a road crossing the bridge is drawn again on top.
    """
    (x0, y0), (x1, y1) = hexside
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the river
    vx, vy = -uy, ux  # across it
    if (towards[0] - mx) * vx + (towards[1] - my) * vy < 0:
        vx, vy = -vx, -vy
    river_width = MAJOR_RIVER_WIDTH if river is RiverClass.MAJOR else MINOR_RIVER_WIDTH
    half_span = river_width / 2 + 0.11
    w = BRIDGE_HALF_WIDTH

    def at(along: float, across: float) -> Point:
        return (mx + ux * along + vx * across, my + uy * along + vy * across)

    add_polyline(
        decks,
        [at(-w, -half_span), at(w, -half_span), at(w, half_span), at(-w, half_span)],
        closed=True,
    )
    for edge in (-w, w):
        flare = math.copysign(BRIDGE_FLARE, edge)
        add_polyline(
            sides,
            [
                at(edge + flare, -half_span - BRIDGE_FLARE),
                at(edge, -half_span),
                at(edge, half_span),
                at(edge + flare, half_span + BRIDGE_FLARE),
            ],
        )
    return at(0, -half_span), at(0, half_span)


def middle_hex(hexes: Sequence[Hex]) -> Hex:
    """The hex nearest the middle of an area, where its badge goes."""
    points = [MAP_LAYOUT.center(h) for h in hexes]
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return min(hexes, key=lambda h: math.dist(MAP_LAYOUT.center(h), (mx, my)))
