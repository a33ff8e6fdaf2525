"""Destroyed units and lost headquarters back in play, and the permanent loss of the
units that are not (17.4).

- A unit's headquarters is the HQ of its own formation when that formation has no
  formation under it (a division); units of an army or corps directly, or of a formation
  without a headquarters, are independent and may use any headquarters of their side
  (reading 84).
- A destroyed unit re-enters, for the replacement points spent on it, on or next to its
  headquarters, that headquarters on the map and in regular supply (reading 85); never in
  an enemy ZOC, on an enemy unit, over the stacking limit or (Soviet) in the pocket
  (8.2). When the headquarters is in
  an enemy ZOC, next to any other unit of the same division too.
- A lost headquarters returns free next to any of its subordinate units (`Reenter` with
  no points); one its owner has not placed returns by itself when the segment ends, on
  the first such hex (reading 86).
- When the Replacement Segment ends, every destroyed unit still off the map is
  permanently lost (reading 87).
"""

from __future__ import annotations

from owsqt.rules.core.actions import Reenter
from owsqt.rules.core.events import Event, UnitPlaced, UnitStatusChanged
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player, Supply, UnitStatus
from owsqt.rules.data.units import UnitCatalogue, UnitClass
from owsqt.rules.movement.movecost import closed_crossing
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.recovery.replacements import owner_violations, points_violations, spend
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.determination import arriving_supply


def is_headquarters(catalogue: UnitCatalogue, unit_id: str) -> bool:
    return catalogue.ground[unit_id].unit_class is UnitClass.HEADQUARTERS


def headquarters_of(catalogue: UnitCatalogue, unit_id: str) -> str | None:
    """[17.4] The headquarters of the unit's division; None for an independent unit."""
    formation = catalogue.ground[unit_id].formation
    if formation is None or any(f.parent == formation for f in catalogue.formations.values()):
        return None  # an army's or a corps' own units
    return next(
        (
            u.id
            for u in catalogue.ground.values()
            if u.formation == formation and u.unit_class is UnitClass.HEADQUARTERS
        ),
        None,
    )


def reentry_hexes(ruleset: Ruleset, state: GameState, unit_id: str, points: int) -> list[Hex]:
    """[17.4] Where a destroyed unit may re-enter with `points`, by hex id."""
    catalogue = ruleset.catalogue
    player = catalogue.ground[unit_id].player
    enemy_zoc = zoc_of(ruleset, state, player.opponent)
    own = headquarters_of(catalogue, unit_id)
    if own is None:
        hqs = [
            u
            for u, s in state.units.items()
            if s.status is UnitStatus.ON_MAP
            and is_headquarters(catalogue, u)
            and catalogue.ground[u].player is player
        ]
    else:
        hqs = [own]
    near: set[Hex] = set()
    for hq in hqs:
        hq_hex = _supplied_hex(state, hq)
        if hq_hex is None:
            continue
        near.add(hq_hex)
        near.update(_around(ruleset, hq_hex))
        if own is not None and hq_hex in enemy_zoc:  # beside the rest of the division
            formation = catalogue.ground[unit_id].formation
            for other in sorted(state.units):
                other_hex = _supplied_hex(state, other)
                if other_hex and other != hq and catalogue.ground[other].formation == formation:
                    near.update(_around(ruleset, other_hex))
    reduced = _reduced(ruleset, unit_id, points)
    return _placeable(ruleset, state, unit_id, near - enemy_zoc, reduced)


def return_hexes(ruleset: Ruleset, state: GameState, hq_id: str) -> list[Hex]:
    """[17.4] Where a lost headquarters may return: next to any of its subordinate units."""
    formation = ruleset.catalogue.ground[hq_id].formation
    near: set[Hex] = set()
    if formation is not None:
        for unit in ruleset.catalogue.units_of(formation):
            state_of = state.units.get(unit.id)
            if unit.id != hq_id and state_of and state_of.status is UnitStatus.ON_MAP:
                assert state_of.hex is not None  # a unit on the map stands on a hex
                near.update(_around(ruleset, state_of.hex))
    return _placeable(ruleset, state, hq_id, near, reduced=False)


def _supplied_hex(state: GameState, unit_id: str) -> Hex | None:
    """The hex of a unit on the map and in supply; None also for a unit the state does not
    hold (an enemy unit hidden from a side's world, 18.1)."""
    unit = state.units.get(unit_id)
    if unit is not None and unit.status is UnitStatus.ON_MAP and unit.supply is Supply.REGULAR:
        return unit.hex
    return None


def _around(ruleset: Ruleset, hex_: Hex) -> list[Hex]:
    """The hexes next to `hex_` on its side of the Don (8.2: no unit crosses it)."""
    return [
        neighbour
        for _, neighbour in ruleset.grid.neighbours(hex_)
        if closed_crossing(ruleset, hex_, neighbour) is None
    ]


def _reduced(ruleset: Ruleset, unit_id: str, strength: int) -> bool:
    reduced = ruleset.catalogue.ground[unit_id].combat_reduced
    return reduced is not None and strength <= reduced


def _placeable(
    ruleset: Ruleset, state: GameState, unit_id: str, hexes: set[Hex], reduced: bool
) -> list[Hex]:
    """The hexes without enemy units where the unit fits under the 9.2 limit; never the
    pocket for a Soviet unit (8.2)."""
    definition = ruleset.catalogue.ground[unit_id]
    room = ruleset.tables.stacking_limit - definition.stacking_value(reduced)
    closed = ruleset.game_map.pocket if definition.player is Player.SOVIET else frozenset()
    found = []
    for hex_ in hexes - closed:
        stack = state.stack(hex_)
        if stack and ruleset.catalogue.ground[stack[0]].player is not definition.player:
            continue
        if stacking_points(ruleset, state, hex_) <= room:
            found.append(hex_)
    return sorted(found, key=ruleset.grid.id_of)


def _judge(ruleset: Ruleset, state: GameState, action: Reenter) -> list[Violation]:
    catalogue = ruleset.catalogue
    definition = catalogue.ground[action.unit]
    violations = owner_violations(ruleset, action.unit, action.player)
    status = state.units[action.unit].status
    if status is not UnitStatus.ELIMINATED:
        where = status.value.replace("_", " ")
        violations.append(Violation("17.4", f"only a destroyed unit re-enters; it is {where}"))
    if is_headquarters(catalogue, action.unit):
        if action.points:
            violations.append(
                Violation("17.4", "a headquarters returns free: no replacement points expended")
            )
        allowed = return_hexes(ruleset, state, action.unit)
        how = "next to one of its units, not on an enemy unit nor over the stacking limit"
    else:
        if not 1 <= action.points <= definition.combat:
            violations.append(
                Violation("17.4", f"it re-enters with 1 to {definition.combat} points")
            )
        violations.extend(points_violations(ruleset, state, action.unit, action.points))
        allowed = reentry_hexes(ruleset, state, action.unit, action.points)
        hq = headquarters_of(catalogue, action.unit)
        whose = catalogue.name_of(hq) if hq else "any headquarters (independent)"
        how = f"on or next to {whose} in regular supply, not in an enemy ZOC"
    if action.hex not in allowed:
        hexes = ", ".join(ruleset.grid.id_of(h) for h in allowed[:8]) or "none now"
        violations.append(Violation("17.4", f"{definition.name} enters {how}: {hexes}"))
    return violations


def _resolve(ruleset: Ruleset, state: GameState, action: Reenter) -> tuple[GameState, list[Event]]:
    definition = ruleset.catalogue.ground[action.unit]
    if state.units[action.unit].status is not UnitStatus.ELIMINATED:
        raise InvalidAction(f"{definition.name} is not destroyed")
    events: list[Event] = []
    if is_headquarters(ruleset.catalogue, action.unit):
        strength = definition.combat
    else:
        if not 0 < action.points <= definition.combat:
            raise InvalidAction(f"{definition.name} cannot re-enter at {action.points}")
        strength = action.points
        state, spent = spend(ruleset, state, action.unit, action.points)
        events.append(spent)
    return _place(ruleset, state, action.unit, action.hex, strength, events)


def _place(
    ruleset: Ruleset, state: GameState, unit_id: str, hex_: Hex, strength: int, events: list[Event]
) -> tuple[GameState, list[Event]]:
    bottom = max((state.units[u].stack_order for u in state.stack(hex_)), default=-1)
    reduced = _reduced(ruleset, unit_id, strength)
    supply = arriving_supply(ruleset, state, unit_id)  # 5.1: the Sixth Army's schedule
    back = UnitState(
        UnitStatus.ON_MAP, hex_, strength, reduced, supply=supply, stack_order=bottom + 1
    )
    state = state.with_unit(unit_id, back)
    return state, [*events, UnitPlaced(unit_id, hex_, None, UnitStatus.ELIMINATED)]


def end_reentry(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[17.4] When the Replacement Segment ends, lost headquarters not yet placed return
    by themselves; every other destroyed unit is permanently lost (readings 86, 87)."""
    events: list[Event] = []
    for unit_id in sorted(state.units):
        if state.units[unit_id].status is not UnitStatus.ELIMINATED:
            continue
        if is_headquarters(ruleset.catalogue, unit_id):
            hexes = return_hexes(ruleset, state, unit_id)
            if hexes:
                strength = ruleset.catalogue.ground[unit_id].combat
                state, placed = _place(ruleset, state, unit_id, hexes[0], strength, [])
                events.extend(placed)
                continue
        lost = UnitState(UnitStatus.PERMANENTLY_LOST)
        state = state.with_unit(unit_id, lost)
        events.append(UnitStatusChanged(unit_id, UnitStatus.PERMANENTLY_LOST, None))
    return state, events


HANDLERS = {Reenter: (_judge, _resolve)}
