"""[4.5] The interdiction zones of a state laid on the map once: each zone's disc, and for
every hex the zones that hold it, so that a step's penalty is two lookups, not a distance
per zone.

Overlapping zones are cumulative: a unit starting in two zones loses both penalties, and a
step pays the penalties of the zones it enters (those holding the hex it moves into and
not the hex it leaves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, InterdictionZone
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.map.zones import Area, disc


@dataclass(frozen=True, slots=True)
class InterdictionCover:
    """The live interdiction zones on the map: `areas[i]` is the disc of `zones[i]`, and
    `masks` has, for each hex in some zone, bit i set when zone i holds it."""

    zones: tuple[InterdictionZone, ...]
    areas: tuple[Area, ...]
    masks: Mapping[Hex, int]
    penalties: Mapping[Hex, int]  # hex -> the total MP penalty of the zones holding it

    def penalty(self, hex_: Hex) -> int:
        """[4.5] The MP a unit starting in `hex_` loses: every zone holding it, added."""
        return self.penalties.get(hex_, 0)

    def entering(self, a: Hex, b: Hex) -> int:
        """[4.5] The penalties of the zones a step from `a` into `b` enters."""
        entered = self.masks.get(b, 0) & ~self.masks.get(a, 0)
        return self._sum(entered) if entered else 0

    def either(self, a: Hex, b: Hex) -> int:
        """[4.5, 11.7] The penalties of the zones holding `a` or `b` (a bridge crossed)."""
        held = self.masks.get(a, 0) | self.masks.get(b, 0)
        return self._sum(held) if held else 0

    def _sum(self, mask: int) -> int:
        return sum(zone.penalty for i, zone in enumerate(self.zones) if mask >> i & 1)


NO_COVER = InterdictionCover((), (), MappingProxyType({}), MappingProxyType({}))


@lru_cache(maxsize=64)
def interdiction_cover(game_map: GameMap, zones: tuple[InterdictionZone, ...]) -> InterdictionCover:
    """The cover of `zones` (a state's `interdiction_zones`), built once for each set of
    zones: the markers change a few times a game, the states they lie in all the time."""
    if not zones:
        return NO_COVER
    areas = tuple(disc(game_map, zone.center, zone.radius) for zone in zones)
    masks: dict[Hex, int] = {}
    penalties: dict[Hex, int] = {}
    for i, (zone, area) in enumerate(zip(zones, areas, strict=True)):
        bit = 1 << i
        for hex_ in area.hexes:
            masks[hex_] = masks.get(hex_, 0) | bit
            penalties[hex_] = penalties.get(hex_, 0) + zone.penalty
    return InterdictionCover(zones, areas, MappingProxyType(masks), MappingProxyType(penalties))


def cover_of(game_map: GameMap, state: GameState) -> InterdictionCover:
    """[4.5] The interdiction zones of `state` on `game_map`."""
    return interdiction_cover(game_map, state.interdiction_zones)
