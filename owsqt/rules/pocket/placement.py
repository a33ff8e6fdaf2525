"""The Sixth Army units placed in the pocket once Thunderclap is activated (5.1).

In the Sixth Army Activation Segment of the turn of activation, each unit of the attack
group still in the force pool is placed on a hex inside the pocket, within the stacking
limit (9.2); the segment ends only once all are placed (reading 93). They are in regular
supply (5.1: the first turn of activation).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import PlaceSixthArmy
from owsqt.rules.core.events import Event, UnitPlaced
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player, Supply, ThunderclapStatus, UnitStatus
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army
from owsqt.rules.turn.sequence import wrong_player


def placing_now(state: GameState) -> bool:
    """[5.1] Whether this is the segment where the activated Sixth Army is placed (its
    first units placed may have linked up already)."""
    thunderclap = state.thunderclap
    return (
        state.segment is Segment.SIXTH_ARMY_ACTIVATION
        and thunderclap.status in (ThunderclapStatus.ACTIVE, ThunderclapStatus.LINKED)
        and thunderclap.activated_turn == state.turn
    )


def waiting_units(ruleset: Ruleset, state: GameState) -> list[str]:
    """[5.1] The Sixth Army units still in the force pool, by id."""
    return [
        unit_id
        for unit_id in sorted(state.units)
        if state.units[unit_id].status is UnitStatus.FORCE_POOL and is_sixth_army(ruleset, unit_id)
    ]


def placement_hexes(ruleset: Ruleset, state: GameState, unit_id: str) -> list[Hex]:
    """[5.1, 9.2] The pocket hexes where the unit fits under the stacking limit, by id."""
    definition = ruleset.catalogue.ground[unit_id]
    room = ruleset.tables.stacking_limit - definition.stacking_value(state.units[unit_id].reduced)
    found = []
    for hex_ in ruleset.game_map.pocket:
        stack = state.stack(hex_)
        if stack and ruleset.catalogue.ground[stack[0]].player is not Player.GERMAN:
            continue
        if stacking_points(ruleset, state, hex_) <= room:
            found.append(hex_)
    return sorted(found, key=ruleset.grid.id_of)


def placement_due(ruleset: Ruleset, state: GameState) -> Violation | None:
    """[5.1] The segment of activation ends once every Sixth Army unit is placed."""
    if not placing_now(state):
        return None
    left = waiting_units(ruleset, state)
    if not left:
        return None
    names = ", ".join(ruleset.unit_name(u) for u in left)
    return Violation(
        "5.1", f"the activated Sixth Army units are placed in the pocket first: {names}"
    )


def _judge(ruleset: Ruleset, state: GameState, action: PlaceSixthArmy) -> list[Violation]:
    violations = []
    wrong = wrong_player(state, action.player, "only that player places units")
    if wrong:
        violations.append(wrong)
    name = ruleset.unit_name(action.unit)
    if not is_sixth_army(ruleset, action.unit):
        return [*violations, Violation("5.1", f"{name} is not a Sixth Army unit")]
    if not placing_now(state):
        status = state.thunderclap.status
        violations.append(
            Violation(
                "5.1",
                "Sixth Army units are placed in the segment Thunderclap is activated; "
                f"Thunderclap is {status.value.replace('_', ' ')}",
            )
        )
    if state.units[action.unit].status is not UnitStatus.FORCE_POOL:
        violations.append(Violation("5.1", f"{name} has been placed already"))
    if action.hex not in ruleset.game_map.pocket:
        where = ruleset.grid.id_of(action.hex)
        violations.append(Violation("5.1", f"{name} is placed inside the pocket, not on {where}"))
    elif action.hex not in placement_hexes(ruleset, state, action.unit):
        where = ruleset.grid.id_of(action.hex)
        limit = ruleset.tables.stacking_limit
        violations.append(Violation("9.2", f"{name} would put {where} over {limit} points"))
    return violations


def _resolve(
    ruleset: Ruleset, state: GameState, action: PlaceSixthArmy
) -> tuple[GameState, list[Event]]:
    unit = state.units[action.unit]
    if unit.status is not UnitStatus.FORCE_POOL:
        raise InvalidAction(f"{ruleset.unit_name(action.unit)} is not in the force pool")
    if action.hex not in ruleset.game_map.hexes:
        raise InvalidAction(f"hex {ruleset.grid.id_of(action.hex)} is not on the map")
    bottom = max((state.units[u].stack_order for u in state.stack(action.hex)), default=-1)
    strength = unit.strength or ruleset.catalogue.ground[action.unit].combat
    placed = replace(
        unit,
        status=UnitStatus.ON_MAP,
        hex=action.hex,
        strength=strength,
        supply=Supply.REGULAR,
        stack_order=bottom + 1,
    )
    state = state.with_unit(action.unit, placed)
    return state, [UnitPlaced(action.unit, action.hex, None, UnitStatus.FORCE_POOL)]


HANDLERS = {PlaceSixthArmy: (_judge, _resolve)}
