"""The 12 December start lines (19.11, 19.12): each side's front across the map, the named
segments of it the set-ups measure from, and each side's rear.

A front is drawn through hex centres from the west edge to the east edge. A side's rear
is the area between its front and its own map edge (the Soviet north, the Axis south),
computed with shapely as a polygon: the front's line closed round that edge. "Behind the
start line" is every hex of the rear, the line's own hexes included, and "within N hexes of
the start line" is measured only into it (19.11, 19.12, reading 158).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache

import shapely
from shapely.geometry import LineString, Polygon

from owsqt.rules.core.hexgrid import Hex, HexGrid, distance, line
from owsqt.rules.map.gamemap import MAP_LAYOUT, GameMap

# Which edge each side's rear runs to (19.11, 19.12): the Soviet rear is the north of the
# map, the Axis rear the south.
REAR_NORTH = {"soviet": True, "axis": False}
_OWNER = {"soviet": "Soviet", "axis": "Axis"}


class FrontError(ValueError):
    """A front or segment in the sources that cannot make a start line."""


def compile_front(grid: HexGrid, side: str, waypoints: Sequence[str]) -> tuple[Hex, ...]:
    """The hexes of a front: straight hex lines from waypoint to waypoint."""
    hexes: list[Hex] = []
    for first, last in itertools.pairwise(waypoints):
        try:
            stretch = line(grid.hex_of(first), grid.hex_of(last))
        except ValueError as error:
            raise FrontError(f"the {side} front's waypoint {error}") from None
        hexes.extend(stretch[1:] if hexes else stretch)
    return tuple(hexes)


def compile_segments(
    grid: HexGrid, side: str, front: tuple[Hex, ...], segments: Sequence[tuple[str, str]]
) -> tuple[tuple[Hex, ...], ...]:
    """Each named segment as the part of `front` between its two hexes."""
    result = []
    for first, last in segments:
        ends = []
        for hex_id in (first, last):
            hex_ = grid.hex_of(hex_id)
            if hex_ not in front:
                raise FrontError(f"the {side} segment {first}-{last}: {hex_id} is not on the front")
            ends.append(front.index(hex_))
        if ends[0] > ends[1]:
            raise FrontError(f"the {side} segment {first}-{last} runs east to west")
        result.append(front[ends[0] : ends[1] + 1])
    return tuple(result)


def rear_area(game_map: GameMap, side: str) -> Polygon:
    """The side's rear as a polygon in MAP_LAYOUT units: its front's line closed round the
    map edge behind it (the north for the Soviet side, the south for the Axis)."""
    return _rear_area(game_map, side)


@cache
def _rear_area(game_map: GameMap, side: str) -> Polygon:
    if side not in REAR_NORTH:
        raise ValueError(f"start lines belong to 'soviet' or 'axis', not {side!r}")
    points = [MAP_LAYOUT.center(h) for h in game_map.fronts[side]]
    xs = [MAP_LAYOUT.center(h)[0] for h in game_map.grid.hexes()]
    ys = [MAP_LAYOUT.center(h)[1] for h in game_map.grid.hexes()]
    margin = 4 * MAP_LAYOUT.size
    west, east = min(xs) - margin, max(xs) + margin
    edge_y = (min(ys) if REAR_NORTH[side] else max(ys)) + (-margin if REAR_NORTH[side] else margin)
    first, last = points[0], points[-1]
    ring = [(west, first[1]), *points, (east, last[1]), (east, edge_y), (west, edge_y)]
    return Polygon(ring)


def rear_hexes(game_map: GameMap, side: str) -> frozenset[Hex]:
    """ "Behind the start line": the hexes of the side's rear, its front's hexes included."""
    return _rear_hexes(game_map, side)


@cache
def _rear_hexes(game_map: GameMap, side: str) -> frozenset[Hex]:
    hexes = list(game_map.grid.hexes())
    xs, ys = zip(*(MAP_LAYOUT.center(h) for h in hexes), strict=True)
    inside = shapely.contains_xy(rear_area(game_map, side), xs, ys)  # every centre at once
    front = set(game_map.fronts[side])
    return frozenset(h for h, behind in zip(hexes, inside, strict=True) if behind or h in front)


def front_problems(game_map: GameMap) -> list[str]:
    """What breaks 19.11/19.12's start lines as the map draws them, one line each: a front
    that is not one line of touching hexes from the west edge to the east edge, a front
    that touches or crosses the other side's, a Soviet line not north of the Axis line."""
    problems = []
    grid = game_map.grid
    fronts = game_map.fronts
    for side in REAR_NORTH:
        front = fronts.get(side, ())
        owner = _OWNER[side]
        if not front:
            problems.append(f"the {owner} start line is missing")
            continue
        for a, b in itertools.pairwise(front):
            if distance(a, b) != 1:
                problems.append(
                    f"the {owner} start line jumps from {grid.id_of(a)} to {grid.id_of(b)}"
                )
        columns = [grid.offset_of(h)[0] for h in front]
        if columns[0] != grid.first_column or columns[-1] != grid.last_column:
            problems.append(
                f"the {owner} start line runs from {grid.id_of(front[0])} to "
                f"{grid.id_of(front[-1])}, not from the west edge to the east edge"
            )
        if len(set(front)) != len(front):
            problems.append(f"the {owner} start line passes a hex twice")
        if not rear_area(game_map, side).is_valid:
            problems.append(f"the {owner} start line turns back across itself")
    if all(fronts.get(side) for side in REAR_NORTH):
        problems += _apart(game_map, fronts)
    return problems


def _apart(game_map: GameMap, fronts: Mapping[str, tuple[Hex, ...]]) -> list[str]:
    grid = game_map.grid
    soviet, axis = fronts["soviet"], fronts["axis"]
    shared = sorted(grid.id_of(h) for h in set(soviet) & set(axis))
    if shared:
        return [f"the start lines share {', '.join(shared)}"]
    soviet_line = LineString([MAP_LAYOUT.center(h) for h in soviet])
    axis_line = LineString([MAP_LAYOUT.center(h) for h in axis])
    if soviet_line.intersects(axis_line):
        return ["the start lines cross between hexes"]
    south = sorted(grid.id_of(h) for h in soviet if h in rear_hexes(game_map, "axis"))
    if south:
        return [f"the Soviet start line runs south of the Axis line at {', '.join(south)}"]
    return []
