"""Areas the rules measure on the map, in one home: "within N hexes of" a hex (4.5, 12.4),
of any of many hexes (4.6, 12.4) or of the pocket (5.1, 19.31).

An `Area` is decided by exact hex distance: its hexes are a frozenset, clipped to the map,
and membership is a set lookup. Its shapely shape (the union of its hexes' polygons, in
MAP_LAYOUT units) is built the first time it is asked for, to draw the area, export it or
query it spatially; the rules never need it. Builders keep what is pure in bounded caches,
so that a rule and the overlay that draws it read the very same value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from owsqt.rules.core.hexgrid import Hex, hexes_within, neighbour
from owsqt.rules.map.gamemap import GameMap


@dataclass(frozen=True)
class Area:
    """A set of map hexes the rules measure, with its outline for drawing. Two areas are
    equal when they hold the same hexes."""

    game_map: GameMap = field(compare=False, repr=False)
    hexes: frozenset[Hex]

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.hexes

    def __len__(self) -> int:
        return len(self.hexes)

    def __or__(self, other: Area) -> Area:
        return Area(self.game_map, self.hexes | other.hexes)

    def __and__(self, other: Area) -> Area:
        return Area(self.game_map, self.hexes & other.hexes)

    def __sub__(self, other: Area) -> Area:
        return Area(self.game_map, self.hexes - other.hexes)

    @cached_property
    def shape(self) -> BaseGeometry:
        """The union of the hexes' polygons (a Polygon, with holes where the area has them,
        or a MultiPolygon), in MAP_LAYOUT units; an empty Polygon for no hexes."""
        return self.game_map.area_shape(self.hexes)

    def polygons(self) -> list[Polygon]:
        """The shape's parts, each a polygon that may have holes."""
        shape = self.shape
        if shape.is_empty:
            return []
        if isinstance(shape, MultiPolygon):
            return list(shape.geoms)
        assert isinstance(shape, Polygon)
        return [shape]

    def to_json(self) -> dict[str, Any]:
        """The hexes as sorted CCRR ids and the outline as polygons of MAP_LAYOUT points
        (each an exterior ring and its holes), for export."""
        ids = self.game_map.grid.id_of
        return {
            "hexes": sorted(ids(h) for h in self.hexes),
            "polygons": [
                {
                    "exterior": [[round(x, 6), round(y, 6)] for x, y in polygon.exterior.coords],
                    "holes": [
                        [[round(x, 6), round(y, 6)] for x, y in ring.coords]
                        for ring in polygon.interiors
                    ],
                }
                for polygon in self.polygons()
            ],
        }


# The map's few hundred centres times a handful of radii: every disc the game asks for.
@lru_cache(maxsize=4096)
def disc(game_map: GameMap, centre: Hex, radius: int) -> Area:
    """Every map hex within `radius` hexes of `centre`, `centre` included."""
    return Area(game_map, whole_map(game_map).hexes.intersection(hexes_within(centre, radius)))


# A few states' units at a time; an entry may hold a large outline once drawn.
@lru_cache(maxsize=64)
def _reach(game_map: GameMap, sources: frozenset[Hex], radius: int) -> Area:
    if not sources:
        return Area(game_map, frozenset())
    discs = [disc(game_map, source, radius).hexes for source in sources]
    return Area(game_map, discs[0].union(*discs[1:]))


def reach(game_map: GameMap, sources: Iterable[Hex], radius: int) -> Area:
    """Every map hex within `radius` hexes of any of `sources` (4.6, 12.4): the union of
    their discs, each cached, taken in one pass of C set unions. (A multi-source
    breadth-first search gives the same hexes but pays Python per hex; the union pays it
    once per disc, ever.)"""
    return _reach(game_map, frozenset(sources), radius)


@lru_cache(maxsize=16)
def pocket_band(game_map: GameMap, radius: int) -> Area:
    """The hexes outside the pocket within `radius` hexes of one of its hexes: where a unit
    is "within N hexes of the pocket" (5.1, 19.31 d). Measured from the pocket's edge
    hexes only: a shortest line from any pocket hex to a hex outside leaves the pocket
    through an edge hex at least as near, so the inner hexes' discs add nothing."""
    pocket = game_map.pocket
    edge = [h for h in pocket if any(neighbour(h, side) not in pocket for side in range(1, 7))]
    return Area(game_map, reach(game_map, edge, radius).hexes - pocket)


@lru_cache(maxsize=4)
def whole_map(game_map: GameMap) -> Area:
    """Every hex of the map (4.6: German air units may strike any hex)."""
    return Area(game_map, frozenset(game_map.grid.hexes()))
