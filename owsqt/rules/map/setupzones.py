"""Set-up zones (19.11-19.32): where a scenario lets each group of units start.

A zone is a small value that answers which hexes it allows on a GameMap. Zones
combine: "within 4 hexes of 4441 but behind the 12 December start line" is
AllOf(Within(4441, 4), BehindStartLine("soviet")).
"""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.map.frontlines import rear_hexes
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.map.zones import disc, pocket_band, reach


@dataclass(frozen=True, slots=True)
class Zone:
    """Base of all zones."""

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AtHex(Zone):
    """A fixed hex: "hex 4514"."""

    hex_id: str

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return frozenset({game_map.grid.hex_of(self.hex_id)})

    def describe(self) -> str:
        return f"hex {self.hex_id}"


@dataclass(frozen=True, slots=True)
class Within(Zone):
    """ "within N hexes of hex X" (the hex itself included)."""

    hex_id: str
    distance: int

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return disc(game_map, game_map.grid.hex_of(self.hex_id), self.distance).hexes

    def describe(self) -> str:
        unit = "hex" if self.distance == 1 else "hexes"
        return f"within {self.distance} {unit} of {self.hex_id}"


@dataclass(frozen=True, slots=True)
class NearStartLine(Zone):
    """ "within N hexes of start line between hexes A-B": measured from the line's hexes
    into the side's own rear only (reading 158)."""

    side: str
    first: str
    last: str
    distance: int

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        segment = _segment(game_map, self.side, self.first, self.last)
        return reach(game_map, segment, self.distance).hexes & rear_hexes(game_map, self.side)

    def describe(self) -> str:
        return f"within {self.distance} hexes of the start line {self.first}-{self.last}"


@dataclass(frozen=True, slots=True)
class NorthOfRow(Zone):
    """ "anywhere north of hexrow xx24": rows above the given row."""

    row: int

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        grid = game_map.grid
        return frozenset(h for h in grid.hexes() if grid.offset_of(h)[1] < self.row)

    def describe(self) -> str:
        return f"north of hexrow xx{self.row:02d}"


@dataclass(frozen=True, slots=True)
class BehindStartLine(Zone):
    """ "behind the 12 December start line": the side's own rear of its line, line included."""

    side: str

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return rear_hexes(game_map, self.side)

    def describe(self) -> str:
        owner = "Soviet" if self.side == "soviet" else "Axis"
        return f"behind the {owner} 12 December start line"


@dataclass(frozen=True, slots=True)
class SouthOfRiver(Zone):
    """ "south of the Aksai River": every hex not across the river (GameMap.north_of)."""

    river: str

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        grid = game_map.grid
        north = game_map.north_of(self.river, grid.first_column, grid.last_column)
        return frozenset(grid.hexes()) - north

    def describe(self) -> str:
        return f"south of the {self.river}"


@dataclass(frozen=True, slots=True)
class AllOf(Zone):
    """Every condition at once: "within 2 hexes of 3542 but south of Aksai River"."""

    zones: tuple[Zone, ...]

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        result = self.zones[0].hexes(game_map)
        for zone in self.zones[1:]:
            result &= zone.hexes(game_map)
        return result

    def describe(self) -> str:
        return " and ".join(zone.describe() for zone in self.zones)


@dataclass(frozen=True, slots=True)
class AnyOf(Zone):
    """Any of several: "within 1 hex of 3431, 3428, and 3127"."""

    zones: tuple[Zone, ...]

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        result: frozenset[Hex] = frozenset()
        for zone in self.zones:
            result |= zone.hexes(game_map)
        return result

    def describe(self) -> str:
        return " or ".join(zone.describe() for zone in self.zones)


def _segment(game_map: GameMap, side: str, first: str, last: str) -> tuple[Hex, ...]:
    grid = game_map.grid
    ends = {grid.hex_of(first), grid.hex_of(last)}
    for segment in game_map.start_lines.get(side, ()):
        if {segment[0], segment[-1]} == ends:
            return segment
    raise ValueError(f"there is no {side} start line segment {first}-{last} on the map")


@dataclass(frozen=True, slots=True)
class NearPocket(Zone):
    """ "within N hexes of the pocket" and outside it (19.31 d: the Soviet Ring Forces)."""

    distance: int

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return pocket_band(game_map, self.distance).hexes

    def describe(self) -> str:
        return f"within {self.distance} hexes of the pocket"


@dataclass(frozen=True, slots=True)
class WithFormations(Zone):
    """ "attached to any formation" / "with any division above": a hex holding a unit of one
    of these formations. Which hexes those are depends on the set-up, so the checker asks
    `occupied` with the hexes of those formations' units."""

    formations: tuple[str, ...]

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        raise TypeError("a zone 'with formations' depends on where those formations stand")

    def describe(self) -> str:
        return "stacked with a unit of " + ", ".join(self.formations)


@dataclass(frozen=True, slots=True)
class Choice(Zone):
    """[19.12] The 23rd Panzer Division: units worth at most `stacking_points` set up in
    `zone`; the player sends the others to the force pool."""

    stacking_points: int
    zone: Zone

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return self.zone.hexes(game_map)

    def describe(self) -> str:
        return f"up to {self.stacking_points} stacking points {self.zone.describe()}"


@dataclass(frozen=True, slots=True)
class InPocket(Zone):
    """ "any hex inside the pocket" (5.1: where the Sixth Army units are placed)."""

    def hexes(self, game_map: GameMap) -> frozenset[Hex]:
        return game_map.pocket

    def describe(self) -> str:
        return "inside the pocket"
