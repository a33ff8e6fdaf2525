"""The default set-up: each side's counters placed in their zones (19.0), as actions.

Every group goes to the hexes of its zone nearest the zone's middle, on its own
side of the start line where it may, filling a hex to STACK_TARGET stacking
points before the next; a Ring Forces army first closes its face of the pocket
(setup/ringline.py, 5.2); losses of 19.21 are spread one point at a time.
The result is plain ManualEdit actions, so a new game's set-up is journalled
like anything a player does, and the players can adjust it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from owsqt.rules.core.actions import (
    Action,
    PlaceAirUnit,
    PlaceUnits,
    SetMarker,
    SetStrength,
    SetUnitStatus,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, Tally
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, LossClass, Player, UnitMarker, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply
from owsqt.rules.map.setupzones import AtHex, BehindStartLine, Choice
from owsqt.rules.movement.movecost import closed_hexes, open_area
from owsqt.rules.movement.ringhold import ring_army
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, SetupGroup
from owsqt.rules.setup.ringline import ring_line
from owsqt.rules.setup.setupcheck import allowed_hexes

STACK_TARGET = 12  # leaves room in a hex, as players set up, under the limit of 18 (9.2)
_REAR = {Player.SOVIET: "soviet", Player.GERMAN: "axis"}


def default_setup(
    ruleset: Ruleset,
    scenario: Scenario,
    state: GameState,
    player: Player,
    options: Iterable[str] = (),
    *,
    rest: bool = False,
) -> list[Action]:
    """The actions that set up `player`'s side of `scenario` on `state`; with `rest`, only
    the units the player has not placed yet, around those he has (the set-up tray's "Place
    the rest by default", reading 127)."""
    groups = scenario.groups(tuple(options))
    # Hexes the other side must set up in (19.12: Gruppe Bischof on 4146) stay free.
    kept_free = frozenset(
        hex_
        for group in groups
        if group.player is not player and isinstance(group.zone, AtHex)
        for hex_ in group.zone.hexes(ruleset.game_map)
    )
    planner = _Planner(ruleset, state, player, kept_free)
    for group in groups:
        if group.player is player:
            left = _left_to_place(ruleset, state, group) if rest else group
            if left is not None:
                planner.group(left)
    planner.air(scenario)
    return planner.actions


def _left_to_place(ruleset: Ruleset, state: GameState, group: SetupGroup) -> SetupGroup | None:
    """The part of `group` still off the map: its waiting units, the losses they still owe
    (19.21 a, 19.22 a) and, for a 19.12 choice, the stacking points still free."""
    waiting = tuple(u for u in group.units if state.units[u].status is UnitStatus.NOT_ARRIVED)
    if not waiting:
        return None
    zone = group.zone
    ground = ruleset.catalogue.ground
    placed = [u for u in group.units if state.units[u].status is UnitStatus.ON_MAP]
    if isinstance(zone, Choice):
        used = sum(ground[u].stacking_value(state.units[u].reduced) for u in placed)
        zone = replace(zone, stacking_points=max(0, zone.stacking_points - used))
    losses = group.losses
    if losses is not None:
        for unit_id in placed:
            loss_class = ground[unit_id].unit_class.loss_class
            taken = ground[unit_id].combat - state.units[unit_id].strength
            if loss_class is not None and taken:
                losses = losses.add(loss_class, -min(taken, losses.of(loss_class)))
    return replace(group, units=waiting, zone=zone, losses=losses)


class _Planner:
    def __init__(
        self, ruleset: Ruleset, state: GameState, player: Player, kept_free: frozenset[Hex]
    ) -> None:
        self.kept_free = kept_free
        self.ruleset = ruleset
        self.state = state
        self.player = player
        self.actions: list[Action] = []
        # 8.2: the ground on the battle's side of the Don, less what is closed to the side
        # (the pocket, to Soviet units).
        kotelnikovo = ruleset.game_map.place("Kotelnikovo").hex
        self.battle_area = open_area(ruleset, kotelnikovo) - closed_hexes(ruleset, player).keys()
        self.rear = BehindStartLine(_REAR[player]).hexes(ruleset.game_map)

    def add(self, action: Action) -> None:
        self.actions.append(action)
        self.state = apply(self.ruleset, self.state, action, Mode.FREE).state

    def group(self, group: SetupGroup) -> None:
        units = list(group.units)
        if group.start is UnitStatus.FORCE_POOL:
            self.add(
                SetUnitStatus(player=self.player, units=tuple(units), status=UnitStatus.FORCE_POOL)
            )
            return
        if isinstance(group.zone, Choice):
            units, pool = self._choose(units, group.zone.stacking_points)
            if pool:
                self.add(
                    SetUnitStatus(player=self.player, units=pool, status=UnitStatus.FORCE_POOL)
                )
        self._place(group, units)
        if group.losses is not None:
            self._spread_losses(units, group.losses)
        if group.reserve:
            self.add(
                SetMarker(
                    player=self.player, units=tuple(units), marker=UnitMarker.RESERVE, on=True
                )
            )

    def _choose(self, units: list[str], points: int) -> tuple[list[str], tuple[str, ...]]:
        chosen, pool, total = [], [], 0
        for unit_id in units:
            value = self.ruleset.catalogue.ground[unit_id].stacking
            if total + value <= points:
                chosen.append(unit_id)
                total += value
            else:
                pool.append(unit_id)
        return chosen, tuple(pool)

    def _place(self, group: SetupGroup, units: list[str]) -> None:
        hexes = self._preferred_hexes(group)
        catalogue = self.ruleset.catalogue
        batches: dict[Hex, list[str]] = {}
        if units and ring_army(self.ruleset, units[0]) is not None:  # 5.2: close the face
            batches = ring_line(self.ruleset, self.state, hexes, units, STACK_TARGET)
            lined = {u for batch in batches.values() for u in batch}
            units = [u for u in units if u not in lined]
        for unit_id in units:
            value = catalogue.ground[unit_id].stacking
            convoy = catalogue.ground[unit_id].unit_class is UnitClass.CONVOY
            target = next(
                (
                    h
                    for cap in (STACK_TARGET, 18)
                    for h in hexes
                    if self._load(h, batches) + value <= cap
                    and not (convoy and self._has_convoy(h, batches))  # 16.3
                ),
                None,
            )
            if target is not None:
                batches.setdefault(target, []).append(unit_id)
        for hex_, batch in batches.items():
            # 18.1: a stack shows its largest unit, by original strength, on top.
            batch.sort(key=lambda unit_id: -catalogue.ground[unit_id].combat)
            self.add(PlaceUnits(player=self.player, units=tuple(batch), to=hex_))

    def _has_convoy(self, hex_: Hex, batches: dict[Hex, list[str]]) -> bool:
        catalogue = self.ruleset.catalogue
        units = [*self.state.stack(hex_), *batches.get(hex_, ())]
        return any(catalogue.ground[u].unit_class is UnitClass.CONVOY for u in units)

    def _load(self, hex_: Hex, batches: dict[Hex, list[str]]) -> int:
        catalogue = self.ruleset.catalogue
        placed = sum(
            catalogue.ground[u].stacking_value(self.state.units[u].reduced)
            for u in self.state.stack(hex_)
        )
        return placed + sum(catalogue.ground[u].stacking for u in batches.get(hex_, ()))

    def _preferred_hexes(self, group: SetupGroup) -> list[Hex]:
        """The zone's usable hexes: the group's `default_at` first, in order, then its own
        rear, then nearest the zone's middle."""
        grid = self.ruleset.grid
        usable = [
            h
            for h in allowed_hexes(self.ruleset, self.state, group)
            if h in self.battle_area and h not in self.kept_free and not self._enemy_on(h)
        ]
        if not usable:
            return []
        centre_x = sum(grid.offset_of(h)[0] for h in usable) / len(usable)
        centre_y = sum(grid.offset_of(h)[1] for h in usable) / len(usable)
        first = [grid.hex_of(hex_id) for hex_id in group.default_at]

        def preference(hex_: Hex) -> tuple[int, bool, float, int, int]:
            column, row = grid.offset_of(hex_)
            spread = (column - centre_x) ** 2 + (row - centre_y) ** 2
            order = first.index(hex_) if hex_ in first else len(first)
            return (order, hex_ not in self.rear, round(spread, 6), column, row)

        return sorted(usable, key=preference)

    def _enemy_on(self, hex_: Hex) -> bool:
        catalogue = self.ruleset.catalogue
        return any(catalogue.ground[u].player is not self.player for u in self.state.stack(hex_))

    def _spread_losses(self, units: list[str], losses: Tally) -> None:
        catalogue = self.ruleset.catalogue
        for loss_class in LossClass:
            owed = losses.of(loss_class)
            members = [u for u in units if catalogue.ground[u].unit_class.loss_class is loss_class]
            strengths = {u: self.state.units[u].strength for u in members}
            while owed > 0 and any(s > 1 for s in strengths.values()):
                for unit_id in members:
                    if owed and strengths[unit_id] > 1:
                        strengths[unit_id] -= 1
                        owed -= 1
            for unit_id in members:
                if strengths[unit_id] != self.state.units[unit_id].strength:
                    self.add(
                        SetStrength(player=self.player, unit=unit_id, strength=strengths[unit_id])
                    )

    def air(self, scenario: Scenario) -> None:
        ready = scenario.air_ready.get(self.player)
        if ready is None:
            return
        own = [a.id for a in self.ruleset.catalogue.air.values() if a.player is self.player]
        for air_id in own[ready:]:
            self.add(PlaceAirUnit(player=self.player, air_unit=air_id, box=AirBox.FLOWN))
