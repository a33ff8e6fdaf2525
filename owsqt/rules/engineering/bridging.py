"""Engineers build and destroy bridges (16.2).

Building: an engineer on one of a river hexside's two hexes starts at the start of its
player phase (`BuildBridge`) and must stay there the whole phase; at the end of the phase
it checks its proficiency, and a pass places a Bridge marker. Moving away gives the work
up. Destroying: an engineer on a bridge's hex spends 6 movement points if motorized (or
tracked), 3 if not (`DestroyBridge`), and a Bridge Out marker goes on the hexside.
The Don is never bridged (8.2).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from owsqt.rules.combat.artillery import proficiency_check
from owsqt.rules.core.actions import BuildBridge, DestroyBridge
from owsqt.rules.core.events import BridgeChanged, BridgeWorkBegun, Event, ProficiencyChecked
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState, MovementState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import BridgeState, Player
from owsqt.rules.data.units import MovementClass, UnitType
from owsqt.rules.movement.movecost import closed_crossing
from owsqt.rules.movement.ringhold import stays_put
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import may_move_in_segment
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS, wrong_player

BLOWING_COST = {MovementClass.NON_MOTORIZED: 3}  # 16.2; motorized (and tracked) units pay 6
MOTORIZED_BLOWING_COST = 6


def _engineer_violations(
    ruleset: Ruleset, state: GameState, unit_id: str, hexside: Hexside
) -> list[Violation]:
    definition = ruleset.catalogue.ground[unit_id]
    unit = state.units[unit_id]
    name = ruleset.unit_name(unit_id)
    violations: list[Violation] = []
    if definition.type is not UnitType.ENGINEER:
        violations.append(Violation("16.2", f"{name} is not an engineer unit"))
    if unit.hex not in (hexside.a, hexside.b):
        violations.append(Violation("16.2", f"{name} is not on either side of that hexside"))
    river = ruleset.game_map.rivers.get(hexside)
    if river is None:
        violations.append(Violation("16.2", "no river runs along that hexside"))
    elif (banned := closed_crossing(ruleset, hexside.a, hexside.b)) is not None:
        text = f"no unit crosses the {river.name}, bridges included"
        violations.append(Violation(banned.rule, text))
    wrong = wrong_player(state, definition.player, "engineers work in their own phase")
    if wrong:
        violations.append(wrong)
    return violations


def river_sides(ruleset: Ruleset, hex_: Hex) -> list[Hexside]:
    """The river hexsides of `hex_` an engineer may work on: minor rivers (8.2: never the
    Don)."""
    sides = []
    for _, other in ruleset.grid.neighbours(hex_):
        side = Hexside.between(hex_, other)
        river = ruleset.game_map.rivers.get(side)
        if river is not None and closed_crossing(ruleset, hex_, other) is None:
            sides.append(side)
    return sides


def bridged(ruleset: Ruleset, state: GameState, hexside: Hexside) -> bool:
    river = ruleset.game_map.rivers.get(hexside)
    marker = state.bridged(hexside)
    return river is not None and (river.bridge if marker is None else marker)


# --- building -----------------------------------------------------------------------------


def _judge_build(ruleset: Ruleset, state: GameState, action: BuildBridge) -> list[Violation]:
    # 16.2: the engine refuses it out of the start of the player phase
    violations = _engineer_violations(ruleset, state, action.unit, action.hexside)
    if bridged(ruleset, state, action.hexside):
        violations.append(Violation("16.2", "a bridge already spans that hexside"))
    if state.units[action.unit].disrupted:
        violations.append(Violation("13.0", f"{ruleset.unit_name(action.unit)} is disrupted"))
    return violations


def _resolve_build(
    ruleset: Ruleset, state: GameState, action: BuildBridge
) -> tuple[GameState, list[Event]]:
    if state.units[action.unit].hex is None:
        raise InvalidAction(f"{ruleset.unit_name(action.unit)} is not on the map")
    works = state.bridge_works.set(action.unit, action.hexside)
    return replace(state, bridge_works=works), [BridgeWorkBegun(action.unit, action.hexside)]


def finish_bridges(
    ruleset: Ruleset, state: GameState, player: Player
) -> tuple[GameState, list[Event]]:
    """[16.2] At the end of `player`'s phase each of his engineers still at its work
    checks its proficiency; a pass completes the bridge. The works are then over."""
    events: list[Event] = []
    for unit_id, hexside in sorted(state.bridge_works.items()):
        unit = state.units[unit_id]
        if ruleset.catalogue.ground[unit_id].player is not player:
            continue
        if unit.hex in (hexside.a, hexside.b) and not unit.disrupted:
            roll, state, rolled = roll_die(state, "bridge building", player)
            proficiency = ruleset.catalogue.ground[unit_id].proficiency
            events += [rolled, ProficiencyChecked(unit_id, roll, proficiency, "bridge, 16.2")]
            if proficiency_check(ruleset, unit_id, roll):
                built = state.bridges.set(hexside, BridgeState.BUILT)
                state = replace(state, bridges=built)
                events.append(BridgeChanged(hexside, BridgeState.BUILT))
    works = FrozenMap(
        {
            u: h
            for u, h in state.bridge_works.items()
            if ruleset.catalogue.ground[u].player is not player
        }
    )
    return replace(state, bridge_works=works), events


# --- destroying ----------------------------------------------------------------------------


def blowing_cost(ruleset: Ruleset, unit_id: str) -> int:
    movement_class = ruleset.catalogue.ground[unit_id].movement_class
    return BLOWING_COST.get(movement_class, MOTORIZED_BLOWING_COST)


def engineer_points(ruleset: Ruleset, state: GameState, unit_id: str) -> Fraction:
    """What the engineer may still spend this segment (its move's remainder, or all)."""
    moving = state.movement.moving
    if unit_id in moving:
        return moving[unit_id]
    return stack_move(ruleset, state, (unit_id,)).unit_points(unit_id)


def _judge_destroy(ruleset: Ruleset, state: GameState, action: DestroyBridge) -> list[Violation]:
    # 16.2: the engine refuses it out of a movement segment
    violations = _engineer_violations(ruleset, state, action.unit, action.hexside)
    if not bridged(ruleset, state, action.hexside):
        violations.append(Violation("16.2", "no bridge spans that hexside"))
    if state.segment in MOVEMENT_SEGMENTS and not may_move_in_segment(
        ruleset, action.unit, state.segment
    ):
        violations.append(
            Violation(
                "7.1", f"{ruleset.unit_name(action.unit)} moves in the other movement segment"
            )
        )
    if state.units[action.unit].reserve:
        violations.append(Violation("19.11", f"{ruleset.unit_name(action.unit)} is in reserve"))
    if stays_put(ruleset, state, action.unit):  # blowing a bridge spends movement points
        violations.append(
            Violation(
                "5.2",
                f"{ruleset.unit_name(action.unit)} is a Ring Forces unit: it may not move, "
                "nor spend movement points to blow a bridge",
            )
        )
    if action.unit in state.movement.done:
        violations.append(
            Violation("8.1", f"{ruleset.unit_name(action.unit)} has finished moving this segment")
        )
    cost = blowing_cost(ruleset, action.unit)
    if not violations and engineer_points(ruleset, state, action.unit) < cost:
        violations.append(Violation("16.2", f"blowing the bridge costs {cost} MP"))
    return violations


def _resolve_destroy(
    ruleset: Ruleset, state: GameState, action: DestroyBridge
) -> tuple[GameState, list[Event]]:
    if state.units[action.unit].hex is None:
        raise InvalidAction(f"{ruleset.unit_name(action.unit)} is not on the map")
    left = max(
        Fraction(0),
        engineer_points(ruleset, state, action.unit) - blowing_cost(ruleset, action.unit),
    )
    movement = state.movement
    done = movement.done | (set(movement.moving) - {action.unit})
    state = replace(
        state,
        movement=MovementState(done=frozenset(done), moving=FrozenMap({action.unit: left})),
        bridges=state.bridges.set(action.hexside, BridgeState.DESTROYED),
    )
    return state, [BridgeChanged(action.hexside, BridgeState.DESTROYED)]


HANDLERS = {
    BuildBridge: (_judge_build, _resolve_build),
    DestroyBridge: (_judge_destroy, _resolve_destroy),
}
