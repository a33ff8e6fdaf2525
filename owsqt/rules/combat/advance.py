"""Advance after combat (11.8): where each attacking unit may advance, and along which path.

Pure geometry: nothing here rolls dice or changes the state. The combat sequence calls it
once all defenders are eliminated or retreated, with the length of the required retreat
(or of the unfulfilled results), the vacated hex and the path the defenders took.

How units are classified (`advance_kind`):

- armored: the armor class of 2.1 (tank, assault gun, self-propelled antitank,
  reconnaissance, mechanized infantry), whatever its movement class: the example's
  mechanized infantry battalion advances with the panzers;
- artillery class units (antitank and antiaircraft too) and convoys never advance
  (11.8: "non-artillery class units");
- cavalry: the cavalry type, motorized or not ("Cavalry units");
- motorized: any other unit with a motorized or tracked movement class (motorized
  infantry, motorcycle, motorized engineers; a motorized headquarters too);
- infantry: the rest (non-motorized infantry, engineers and headquarters).

Readings of 11.8 this module implements:

- The length counts the vacated hex: an advance of 4 enters the vacated hex and at most
  three more, so units following the retreat path stop next to the retreated stack.
  A length below 1 still enters the vacated hex ("at a minimum").
- Entering the vacated hex is part of the retreat path: its ZOCs never stop anyone.
  A unit stays on the path while each hex it enters is the next hex of the retreat,
  and ignores all ZOCs there; its first other hex is a deviation, and from then on:
  Soviet armored units stop on entering the ZOC of a German armored or artillery class
  unit, German (and Rumanian) armored units only on entering the ZOC of a Soviet
  armored unit, motorized units on entering any enemy ZOC. A unit's own ZOC counts
  (10.1; 13.0: a disrupted unit has none).
- Cavalry advances at most two hexes and, off the retreat path, not through an enemy
  ZOC: its second hex is refused when the vacated hex or that hex is in an enemy ZOC.
- No step crosses an unbridged minor river, nor the Don, bridged or not (8.2); Soviet
  units never enter the pocket (8.2); enemy-held hexes are closed; friendly ones are
  open (stacking is checked at the conclusion of combat, 9.3).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum

from owsqt.rules.combat.retreat import river_crossing
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import MovementClass, UnitClass, UnitDef, UnitType
from owsqt.rules.movement.movecost import closed_crossing, closed_hex
from owsqt.rules.movement.zoc import zoc_holders, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset


class AdvanceKind(StrEnum):
    """How far and how freely a unit advances after combat (11.8)."""

    ARMORED = "armored"
    MOTORIZED = "motorized"
    CAVALRY = "cavalry"
    INFANTRY = "infantry"  # the vacated hex only
    NONE = "none"  # artillery class units and convoys do not advance


_MOST_HEXES = {AdvanceKind.CAVALRY: 2, AdvanceKind.INFANTRY: 1}


def advance_kind(unit: UnitDef) -> AdvanceKind:
    """[11.8] The advance rules a unit follows; see the module docstring."""
    if unit.unit_class in (UnitClass.ARTILLERY, UnitClass.CONVOY):
        return AdvanceKind.NONE
    if unit.unit_class is UnitClass.ARMOR:
        return AdvanceKind.ARMORED
    if unit.type is UnitType.CAVALRY:
        return AdvanceKind.CAVALRY
    if unit.movement_class is not MovementClass.NON_MOTORIZED:
        return AdvanceKind.MOTORIZED
    return AdvanceKind.INFANTRY


@dataclass(frozen=True, slots=True)
class Advance:
    """Where one unit may end its advance: each hex with a path to it, the vacated hex
    first; no hexes with the reason when it may not advance at all."""

    unit: str
    kind: AdvanceKind
    paths: FrozenMap[Hex, tuple[Hex, ...]] = field(default_factory=FrozenMap)
    reason: str | None = None

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(self.paths)


def advance_paths(
    ruleset: Ruleset,
    state: GameState,
    units: Collection[str],
    length: int,
    vacated: Hex,
    retreat_path: tuple[Hex, ...] | None = None,
) -> dict[str, Advance]:
    """[11.8] For each attacking unit, the hexes it may advance to and a path to each.

    `length`: the hexes of the required retreat, or of the unfulfilled results when the
    defenders were eliminated; `retreat_path`: the hexes the retreating stack entered
    (`RetreatPath.hexes`; a leading vacated hex is accepted), None when there was none.
    """
    if length < 0:
        raise ValueError(f"an advance cannot be {length} hexes long")
    route = tuple(retreat_path or ())
    route = (vacated, *route[1:]) if route[:1] == (vacated,) else (vacated, *route)
    searches: dict[Player, _Search] = {}
    found = {}
    for unit_id in units:
        player = ruleset.catalogue.ground[unit_id].player
        if player not in searches:
            searches[player] = _Search(ruleset, state, player, route, max(length, 1))
        found[unit_id] = searches[player].advance(unit_id)
    return found


class _Search:
    """What every advancing unit of one side shares: the route, enemy-held hexes and the
    enemy ZOCs that stop it."""

    def __init__(
        self, ruleset: Ruleset, state: GameState, player: Player, route: tuple[Hex, ...], most: int
    ) -> None:
        catalogue = ruleset.catalogue
        self.ruleset, self.state, self.player = ruleset, state, player
        self.route, self.vacated, self.most = route, route[0], most
        enemy = player.opponent
        self.enemy_hexes = frozenset(
            h for h, stack in state.stacks.items() if catalogue.ground[stack[0]].player is enemy
        )
        if self.vacated in self.enemy_hexes:
            raise ValueError("the vacated hex is still held by the enemy")
        self.zoc = zoc_of(ruleset, state, enemy)
        # 11.8: German armor stops at Soviet armor only
        stoppers: tuple[UnitClass, ...] = (UnitClass.ARMOR,)
        if player is Player.SOVIET:
            stoppers = (UnitClass.ARMOR, UnitClass.ARTILLERY)
        self.armor_stops = frozenset(
            h
            for h in self.zoc
            if any(
                catalogue.ground[u].unit_class in stoppers
                for u in zoc_holders(ruleset, state, enemy, h)
            )
        )

    def advance(self, unit_id: str) -> Advance:
        kind = advance_kind(self.ruleset.catalogue.ground[unit_id])
        if kind is AdvanceKind.NONE:
            return Advance(unit_id, kind, reason="11.8: only non-artillery class units advance")
        closed = self._closed(self._start_of(unit_id), self.vacated)
        if closed is not None:
            return Advance(unit_id, kind, reason=closed)
        return Advance(unit_id, kind, FrozenMap(self._reach(kind)))

    def _start_of(self, unit_id: str) -> Hex:
        unit = self.state.units[unit_id]
        if unit.status is not UnitStatus.ON_MAP or unit.hex is None:
            raise ValueError(f"{unit_id} is not on the map")
        if distance(unit.hex, self.vacated) != 1:
            raise ValueError(f"{unit_id} is not next to the vacated hex: it did not attack")
        return unit.hex

    def _closed(self, a: Hex, b: Hex) -> str | None:
        """Why no unit of this side may advance from `a` into `b` (11.8, 8.2)."""
        game_map = self.ruleset.game_map
        if b not in game_map.hexes or b in self.enemy_hexes:
            return "11.8: units advance into open hexes of the map"
        crossing = closed_crossing(self.ruleset, a, b)
        if crossing is not None:
            return str(crossing)
        river, bridged = river_crossing(self.ruleset, self.state, a, b)
        if river is not None and not bridged:
            return f"11.8: no advance across the unbridged {river.name}"
        closed = closed_hex(self.ruleset, b, self.player)
        if closed is not None:
            return f"{closed.rule}: no {self.player.title} unit may enter the Stalingrad pocket"
        return None

    def _reach(self, kind: AdvanceKind) -> dict[Hex, tuple[Hex, ...]]:
        """Breadth first over (hex, still on the retreat path, stopped)."""
        most = min(self.most, _MOST_HEXES.get(kind, self.most))
        found: dict[Hex, tuple[Hex, ...]] = {self.vacated: (self.vacated,)}
        frontier: list[tuple[tuple[Hex, ...], bool, bool]] = [((self.vacated,), True, False)]
        seen = {(self.vacated, True, False)}
        while frontier:
            later = []
            for path, on_route, stopped in frontier:
                if stopped or len(path) >= most:
                    continue
                here = path[-1]
                for _, step in self.ruleset.grid.neighbours(here):
                    if self._closed(here, step) is not None:
                        continue
                    follows = on_route and self.route[len(path) : len(path) + 1] == (step,)
                    halt = False
                    if not follows:
                        if kind is AdvanceKind.CAVALRY and (here in self.zoc or step in self.zoc):
                            continue  # 11.8: cavalry does not move through enemy ZOCs
                        halt = step in self._stops(kind)
                    key = (step, follows, halt)
                    if key in seen:
                        continue
                    seen.add(key)
                    found.setdefault(step, (*path, step))
                    later.append(((*path, step), follows, halt))
            frontier = later
        return found

    def _stops(self, kind: AdvanceKind) -> frozenset[Hex]:
        """[11.8] The enemy ZOC hexes where a deviating unit of `kind` must stop."""
        if kind is AdvanceKind.ARMORED:
            return self.armor_stops
        return self.zoc
