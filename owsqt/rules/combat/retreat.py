"""Retreats after combat (11.7): the legal paths of a retreating stack and what each costs.

Pure geometry: nothing here rolls dice or changes the state. The combat sequence offers
the paths to the owning player (11.7: he retreats his units), then applies the path's
strength point losses, lets the `firers` of each enemy ZOC entered shoot (11.7, 12.4),
and moves the stack; a path that leaves the map sets OFF_MAP_RETURN with `exit_hex` as
the return hex.

Readings of 11.7 this module implements:

- "The full number of hexes required measured from the firing enemy unit": the retreat
  is measured from one hex of the units that fired, the owning player's choice: every
  step ends one hex farther from it and no nearer to any other firing hex. A stack
  attacked from two hexes may so slip past one while leaving the other behind, as the
  11.8 example's stack does through the ZOC of the motorized battalions that had just
  fired. Pass a single hex to measure from one unit only.
- "A unit cannot end its retreat in an enemy ZOC": after the required hexes the stack
  goes on, by the same rules, until the first hex outside every enemy ZOC; a path that
  cannot get there is no path. Friendly units do not negate enemy ZOCs here (10.3 is
  about supply only).
- "Only through an enemy ZOC if no other path is available": when some path enters no
  enemy ZOC hex (the start hex is not entered), only such paths are offered; otherwise
  every path is, each with the fire it draws.
- "If possible, towards a friendly supply source": the sources are the map's supply
  edges of the stack's side (14.2: Soviet north and east, German and Rumanian south and
  west south of the Don); among the paths left, those ending nearer (in hexes, as the
  crow flies) to the nearest source hex than the start are offered, if there are any.
  A path off the map from a supply edge hex ends at the source (distance -1).
  ZOC comes first: "can only" forbids, "if possible" prefers.
- Off the map: a step off the map edge ends the retreat there, however many hexes were
  required; the units are not eliminated and return at the exit hex (11.7).
- Losses: an armor or artillery class unit in the stack makes it lose 1 SP per unbridged
  minor river hexside crossed, once for the whole stack. A bridge (the map's own or a
  Bridge marker, not under a Bridge Out marker, 16.2) crossed by Soviet units with
  either of its hexes inside interdiction zones costs the sum of those zones' MP
  penalties in SP (4.5: overlapping zones add; only Soviet units are interdicted).
- Enemy-occupied hexes are closed, convoys included.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

from owsqt.rules.core.hexgrid import Hex, Hexside, distance, neighbour
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.map.gamemap import RiverSide
from owsqt.rules.movement.interdiction import cover_of
from owsqt.rules.movement.movecost import step_prohibition
from owsqt.rules.movement.offmap import supply_edge_distance
from owsqt.rules.movement.zoc import zoc_holders, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset

_COSTLY_CLASSES = (UnitClass.ARMOR, UnitClass.ARTILLERY)  # 11.7: lose SP at minor rivers


class Blocked(StrEnum):
    """Why a stack has no retreat path (11.7)."""

    TERRAIN = "terrain"  # it stands, takes the optional result as SP and is disrupted
    SURROUNDED = "surrounded"  # enemy units close every path: a proficiency check instead


BLOCKED_TEXT = {
    Blocked.TERRAIN: "terrain prevents the retreat: the units stand, take the optional "
    "result as strength point losses and are disrupted",
    Blocked.SURROUNDED: "the units are surrounded: they must make a proficiency check",
}


@dataclass(frozen=True, slots=True)
class ZocEntry:
    """An enemy ZOC hex the retreat enters, and the enemy units whose ZOC it is: they may
    fire at the stack (11.7), artillery included (12.4), never disrupted units (13.0)."""

    hex: Hex
    firers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BridgeLoss:
    """A bridge crossed inside interdiction zones and the SP it costs (11.7, 4.5)."""

    hexside: Hexside
    points: int


@dataclass(frozen=True, slots=True)
class RetreatPath:
    """One legal retreat: the hexes entered (the start excluded; a last step off the map
    is not listed but sets `off_map`) and everything it costs."""

    start: Hex
    hexes: tuple[Hex, ...]
    required: int
    off_map: bool
    minor_rivers: tuple[Hexside, ...]  # unbridged minor river hexsides crossed
    river_loss: int  # 11.7: 1 SP per hexside for a stack with armor or artillery class units
    bridge_losses: tuple[BridgeLoss, ...]
    zoc_entries: tuple[ZocEntry, ...]
    supply_distance: int  # hexes from the end to the nearest friendly supply source (14.2)

    @property
    def length(self) -> int:
        """Hexes retreated, the step off the map included."""
        return len(self.hexes) + self.off_map

    @property
    def extended(self) -> bool:
        """[11.7] Longer than the result, to get out of an enemy ZOC."""
        return self.length > self.required

    @property
    def end(self) -> Hex | None:
        """Where the stack stands afterwards; None when it left the map."""
        if self.off_map:
            return None
        return self.hexes[-1]

    @property
    def exit_hex(self) -> Hex | None:
        """[11.7] The hex the stack left the map from, where it returns."""
        if not self.off_map:
            return None
        return self.hexes[-1] if self.hexes else self.start

    @property
    def strength_loss(self) -> int:
        """SP the whole stack loses to rivers and interdicted bridges (11.7)."""
        return self.river_loss + sum(b.points for b in self.bridge_losses)

    @property
    def firers(self) -> tuple[str, ...]:
        """Every enemy unit whose ZOC the path enters, in the order first met."""
        return tuple(dict.fromkeys(u for entry in self.zoc_entries for u in entry.firers))


@dataclass(frozen=True, slots=True)
class RetreatOptions:
    """The paths offered to the owning player, best first, or why there is none."""

    start: Hex
    required: int
    paths: tuple[RetreatPath, ...]
    blocked: Blocked | None = None
    through_zoc: bool = False  # no path avoids enemy ZOCs: these draw fire (11.7)
    toward_supply: bool = False  # the paths end nearer a friendly supply source

    def __bool__(self) -> bool:
        return bool(self.paths)

    @property
    def reason(self) -> str | None:
        """The 11.7 sentence for a stack that cannot retreat."""
        return None if self.blocked is None else f"11.7: {BLOCKED_TEXT[self.blocked]}"


def river_crossing(
    ruleset: Ruleset, state: GameState, a: Hex, b: Hex
) -> tuple[RiverSide | None, bool]:
    """The river between adjacent `a` and `b` and whether a bridge spans it: the map's own,
    or a Bridge marker; a Bridge Out marker removes one (16.2)."""
    side = Hexside.between(a, b)
    river = ruleset.game_map.rivers.get(side)
    if river is None:
        return None, False
    marker = state.bridged(side)
    return river, river.bridge if marker is None else marker


def supply_distance(ruleset: Ruleset, player: Player, hex_: Hex, came_from: Hex) -> int:
    """Hexes from `hex_` to the nearest of `player`'s supply edge hexes (14.2); -1 for a
    hex off the map entered from one of them (the stack went off beyond its source)."""
    if (
        hex_ not in ruleset.game_map.hexes
        and came_from in ruleset.game_map.supply_edges[player.value]
    ):
        return -1
    return supply_edge_distance(ruleset, player, hex_)


class _Retreat:
    """One search: the stack, the firing hexes, and the enemy's hexes and ZOC."""

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        units: tuple[str, ...],
        required: int,
        firing: tuple[Hex, ...],
        *,
        with_enemy: bool = True,
    ) -> None:
        catalogue = ruleset.catalogue
        self.ruleset, self.state, self.required, self.firing = ruleset, state, required, firing
        self.player = catalogue.ground[units[0]].player
        self.start = state.units[units[0]].hex
        self.costly = any(catalogue.ground[u].unit_class in _COSTLY_CLASSES for u in units)
        enemy = self.player.opponent
        self.enemy_hexes = frozenset(
            hex_
            for hex_, stack in state.stacks.items()
            if with_enemy and catalogue.ground[stack[0]].player is enemy
        )
        self.zoc = zoc_of(ruleset, state, enemy) if with_enemy else frozenset()

    def paths(self) -> list[RetreatPath]:
        assert self.start is not None
        found: dict[tuple[Hex, ...], None] = {}
        for origin in self.firing:
            found.update(dict.fromkeys(self._walk([self.start], origin)))
        # two steps off the map from the same edge hex are one retreat: priced, they merge
        return list(dict.fromkeys(self._priced(path) for path in found))

    def _walk(self, path: list[Hex], origin: Hex) -> Iterator[tuple[Hex, ...]]:
        here = path[-1]
        if here not in self.ruleset.game_map.hexes:  # off the map: the retreat ends (11.7)
            yield tuple(path)
            return
        if len(path) > self.required and here not in self.zoc:
            yield tuple(path)
            return
        for side in range(1, 7):
            step = neighbour(here, side)
            if self._farther(origin, here, step) and self._open(here, step):
                path.append(step)
                yield from self._walk(path, origin)
                path.pop()

    def _open(self, a: Hex, b: Hex) -> bool:
        """Whether the stack may step from `a` to `b` (11.7, 8.2)."""
        game_map = self.ruleset.game_map
        if b not in game_map.hexes:
            return True
        if b in self.enemy_hexes:
            return False
        # 8.2, 11.7: never across the Don, bridges included; never into the pocket for
        # Soviet units. The Terrain Effects Chart says which.
        return step_prohibition(self.ruleset, a, b, self.player) is None

    def _farther(self, origin: Hex, a: Hex, b: Hex) -> bool:
        """[11.7] A step farther from `origin` and no nearer to any other firing hex."""
        if distance(origin, b) <= distance(origin, a):
            return False
        return all(distance(hex_, b) >= distance(hex_, a) for hex_ in self.firing)

    def _priced(self, path: tuple[Hex, ...]) -> RetreatPath:
        ruleset, state = self.ruleset, self.state
        on_map = ruleset.game_map.hexes
        rivers: list[Hexside] = []
        bridges: list[BridgeLoss] = []
        entries: list[ZocEntry] = []
        for a, b in pairwise(path):
            if b not in on_map:
                continue
            river, bridged = river_crossing(ruleset, state, a, b)
            if river is not None and not bridged:
                rivers.append(Hexside.between(a, b))
            elif river is not None and self.player is Player.SOVIET:
                # 4.5, 11.7: the zones holding either hex of the bridge
                points = cover_of(ruleset.game_map, state).either(a, b)
                if points:
                    bridges.append(BridgeLoss(Hexside.between(a, b), points))
            if b in self.zoc:
                firers = zoc_holders(ruleset, state, self.player.opponent, b)
                entries.append(ZocEntry(b, firers))
        off_map = path[-1] not in on_map
        assert self.start is not None
        return RetreatPath(
            start=self.start,
            hexes=path[1:-1] if off_map else path[1:],
            required=self.required,
            off_map=off_map,
            minor_rivers=tuple(rivers),
            river_loss=len(rivers) if self.costly else 0,
            bridge_losses=tuple(bridges),
            zoc_entries=tuple(entries),
            supply_distance=supply_distance(ruleset, self.player, path[-1], path[-2]),
        )


def retreat_paths(
    ruleset: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    hexes: int,
    *,
    firing: Collection[Hex],
) -> RetreatOptions:
    """[11.7] The paths along which the stack of `units` may retreat `hexes` hexes from
    the hexes of the enemy units that fired, best first, or why it cannot retreat.

    `units` are every unit of the stack in the combat, all on one hex. Paths avoiding
    enemy ZOCs come first (the others only when there are none), then those toward a
    friendly supply source; the rest is the owning player's choice.
    """
    start = _check(ruleset, state, units, hexes, firing)
    search = _Retreat(ruleset, state, units, hexes, tuple(firing))
    paths = search.paths()
    if not paths:
        unopposed = _Retreat(ruleset, state, units, hexes, tuple(firing), with_enemy=False)
        blocked = Blocked.SURROUNDED if unopposed.paths() else Blocked.TERRAIN
        return RetreatOptions(start, hexes, (), blocked)
    clear = [p for p in paths if not p.zoc_entries]
    paths = clear or paths
    here = supply_distance(ruleset, search.player, start, start)
    toward = [p for p in paths if p.supply_distance < here]
    paths = toward or paths
    paths.sort(key=lambda p: _order(ruleset, p))
    return RetreatOptions(start, hexes, tuple(paths), None, not clear, bool(toward))


def _order(ruleset: Ruleset, path: RetreatPath) -> tuple[int, int, int, int, tuple[str, ...]]:
    ids = tuple(ruleset.grid.id_of(h) for h in path.hexes)
    return (path.supply_distance, path.strength_loss, len(path.firers), path.length, ids)


def _check(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], hexes: int, firing: Collection[Hex]
) -> Hex:
    if not units:
        raise ValueError("name the units that retreat")
    where = {state.units[u].hex for u in units}
    statuses = {state.units[u].status for u in units}
    players = {ruleset.catalogue.ground[u].player for u in units}
    if len(where) != 1 or statuses != {UnitStatus.ON_MAP} or len(players) != 1:
        raise ValueError("a retreating stack is units of one side on one hex of the map")
    if hexes < 1:
        raise ValueError(f"a retreat is at least one hex, not {hexes}")
    if not firing:
        raise ValueError("name the hexes of the units that fired (11.7)")
    start = where.pop()
    assert start is not None
    return start
