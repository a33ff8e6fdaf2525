"""Counterbattery and bombardment inside a combat (11.2 steps 3-5, 12.2, 12.4).

- Counterbattery: artillery (not mortars or rockets) fires at an enemy artillery unit
  designated for the combat. Each firing unit first passes a proficiency check; those that
  fail do not fire and take no fired marker. Any result stops the target's mission; "S"
  marks it fired, numbers cost it strength points. Firing units are marked fired.
- Bombardment: each designated unit that is still able fires once, alone or combined
  with others, at one enemy unit (never a headquarters). Points are lost at once; "D"
  disrupts. Defensive bombardment measures range to the hex under attack. Under the fog
  of war (18.1) a mission names a unit its side sees, or strikes a hidden unit of the hex
  drawn at random (fog/draw.py); an attack shows every engaged unit, and names its target.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from owsqt.rules.combat.artillery import (
    NOT_COUNTERBATTERY,
    BombardmentSolution,
    bombardment_problems,
    bombardment_result,
    bombardment_solution,
    counterbattery_result,
    counterbattery_solution,
    proficiency_check,
)
from owsqt.rules.combat.casualties import disrupt, lose_points
from owsqt.rules.combat.fire import Item
from owsqt.rules.combat.prepared import (
    alive,
    combat_violation,
    current_combat,
    defenders,
    has_work,
    next_step,
)
from owsqt.rules.core.actions import AirStrike, Bombard, BombardmentMission, Counterbattery
from owsqt.rules.core.events import (
    AirUnitMoved,
    BombardmentDeclared,
    Event,
    FireResolved,
    MarkerChanged,
    ProficiencyChecked,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import AirUnitState, CombatState, GameState
from owsqt.rules.core.steps import CombatStep
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player, UnitMarker
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.draw import draw_target, one_target, random_target_problems, unseen_target
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import wrong_player

BOMBARDMENT_STEPS = (CombatStep.DEFENSIVE_BOMBARDMENT, CombatStep.OFFENSIVE_BOMBARDMENT)  # 4, 5


def designated_guns(combat: CombatState, defensive: bool) -> tuple[str, ...]:
    """The artillery a side designated for this combat that has not fired its mission."""
    guns = combat.defense_artillery if defensive else combat.attack_artillery
    return tuple(u for u in guns if u not in combat.bombarded)


def with_stack(combat: CombatState) -> frozenset[str]:
    """[8.4] The guns supporting a hasty attack that move with its stack (designated and
    among the attacking units): they bombard at full strength, the only exception to 12.3."""
    if not combat.hasty:
        return frozenset()
    return frozenset(combat.attack_artillery) & frozenset(combat.attackers)


def _mark_fired(state: GameState, units: Iterable[str]) -> tuple[GameState, list[Event]]:
    """[12.2] A fired marker on artillery that bombarded or fired counterbattery."""
    events: list[Event] = []
    for unit_id in units:
        unit = state.units[unit_id]
        if not unit.fired:
            state = state.with_unit(unit_id, replace(unit, fired=True))
            events.append(MarkerChanged(unit_id, UnitMarker.FIRED, True))
    return state, events


def _after(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """Stay in the step while it has work; else go on."""
    combat = current_combat(state)
    if has_work(ruleset, state, combat, combat.step):
        return state, []
    return next_step(ruleset, state)


# --- step 3: counterbattery ----------------------------------------------------------------


def _judge_counterbattery(
    ruleset: Ruleset, state: GameState, action: Counterbattery
) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    combat = current_combat(state)
    catalogue = ruleset.catalogue
    owner = catalogue.ground[action.target_unit].player
    enemy_guns = designated_guns(combat, defensive=owner is not combat.attacker)
    violations: list[Violation] = []
    if action.target_unit not in enemy_guns:
        violations.append(
            Violation("12.4", "counterbattery fires at enemy artillery designated for this combat")
        )
    if catalogue.ground[action.target_unit].type in NOT_COUNTERBATTERY:
        violations.append(
            Violation("12.4", "mortar and rocket units are not counterbattery targets")
        )
    target_hex = state.units[action.target_unit].hex
    for unit_id in action.units:
        if catalogue.ground[unit_id].player is owner:
            violations.append(
                Violation("12.4", f"{ruleset.unit_name(unit_id)} is on the target's side")
            )
        elif target_hex is not None:
            violations.extend(
                bombardment_problems(ruleset, state, unit_id, target_hex, counterbattery=True)
            )
    return violations


def _resolve_counterbattery(
    ruleset: Ruleset, state: GameState, action: Counterbattery
) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    if combat.step is not CombatStep.COUNTERBATTERY or not action.units:
        raise InvalidAction("counterbattery belongs to the combat's counterbattery step")
    side = ruleset.catalogue.ground[action.units[0]].player
    events: list[Event] = []
    firing = []
    for unit_id in action.units:  # 12.4: each unit passes a check before it fires
        roll, state, rolled = roll_die(state, "counterbattery check", side)
        proficiency = ruleset.catalogue.ground[unit_id].proficiency
        events += [rolled, ProficiencyChecked(unit_id, roll, proficiency, "counterbattery")]
        if proficiency_check(ruleset, unit_id, roll):
            firing.append(unit_id)
    if not firing:
        return state, events
    solution = counterbattery_solution(ruleset, state, tuple(firing), action.target_unit)
    roll, state, rolled = roll_die(state, "counterbattery", side)
    result = counterbattery_result(ruleset, solution, roll)
    events += [
        rolled,
        FireResolved(
            "counterbattery",
            solution.total_factors,
            solution.column,
            solution.drm,
            roll,
            str(result),
        ),
    ]
    state, marked = _mark_fired(state, firing)
    events.extend(marked)
    state = state.with_artillery(bombarded=frozenset(firing))  # 12.1: its mission this phase
    if result.suppressed or result.losses:
        combat = current_combat(state)
        state = replace(
            state, combat=replace(combat, bombarded=combat.bombarded | {action.target_unit})
        )
        # 12.4: the mission is stopped; the target counts as having fired it (12.1, 8.4)
        state = state.with_artillery(bombarded=frozenset({action.target_unit}))
        state, marked = _mark_fired(state, (action.target_unit,))
        events.extend(marked)
        state, lost = lose_points(ruleset, state, action.target_unit, result.losses)
        events.extend(lost)
    state, stepped = _after(ruleset, state)
    return state, [*events, *stepped]


# --- steps 4 and 5: bombardment ---------------------------------------------------------------


def _judge_bombard(ruleset: Ruleset, state: GameState, action: Bombard) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    combat = current_combat(state)
    defensive = combat.step is CombatStep.DEFENSIVE_BOMBARDMENT
    guns = designated_guns(combat, defensive)
    catalogue = ruleset.catalogue
    violations = []
    for unit_id in action.units:
        if unit_id not in guns:
            violations.append(
                Violation(
                    "12.4",
                    f"{ruleset.unit_name(unit_id)} was not "
                    "designated for this bombardment or has fired",
                )
            )
    one_target(action.target_unit, action.hidden_in)
    side = combat.attacker.opponent if defensive else combat.attacker
    if action.hidden_in is not None:
        return [*violations, *_random_target_problems(ruleset, state, combat, action.hidden_in)]
    targets = alive(state, combat.attackers) if defensive else defenders(state, combat)
    if action.target_unit not in targets:
        violations.append(Violation("12.4", "the target is a unit engaged on the other side"))
    elif catalogue.ground[action.target_unit].unit_class is UnitClass.HEADQUARTERS:
        violations.append(Violation("12.4", "headquarters units may not be bombarded"))
    elif unseen := unseen_target(ruleset, state, side, action.target_unit):
        violations.append(unseen)  # 18.1: in a mission; an attack shows every engaged unit
    return violations


def _random_target_problems(
    ruleset: Ruleset, state: GameState, combat: CombatState, hex_: Hex
) -> list[Violation]:
    """[18.1, 12.4] A hidden unit drawn at random is the target of a bombardment mission
    only: during an attack's resolution every engaged unit is seen, and named."""
    if combat.attackers:
        return [Violation("18.1", "an attack shows every engaged unit: name the target")]
    if hex_ != combat.target:
        where = ruleset.grid.id_of(combat.target)
        return [Violation("12.4", f"the mission bombards {where}, its target hex")]
    return random_target_problems(ruleset, state, combat.attacker, hex_)


def _resolve_bombard(
    ruleset: Ruleset, state: GameState, action: Bombard
) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    if combat.step not in BOMBARDMENT_STEPS or not action.units:
        raise InvalidAction("bombardment belongs to the combat's bombardment steps")
    one_target(action.target_unit, action.hidden_in)
    side = ruleset.catalogue.ground[action.units[0]].player
    drawn: list[Event] = []
    if action.hidden_in is not None:  # 18.1: the unit is drawn before the guns fire
        target, state, drawn = draw_target(ruleset, state, side, action.hidden_in, "bombardment")
    else:
        assert action.target_unit is not None  # one_target
        target = action.target_unit
    solution = bombardment_solution(
        ruleset, state, action.units, target, with_stack=with_stack(combat)
    )
    state, marked = _mark_fired(state, action.units)
    state = state.with_artillery(bombarded=frozenset(action.units))  # 12.1: this phase
    state, events = _bombard(ruleset, state, solution, "bombardment", side, action.units, target)
    return state, [*drawn, *marked, *events]


def _bombard(
    ruleset: Ruleset,
    state: GameState,
    solution: BombardmentSolution,
    what: str,
    side: Player,
    firing: tuple[str, ...],
    target: str,
) -> tuple[GameState, list[Event]]:
    """[12.4, 4.6] Roll a bombardment, mark its firers' mission done, take the points off
    the target and disrupt it on a D; then stay in the step while it has work."""
    roll, state, rolled = roll_die(state, what, side)
    result = bombardment_result(ruleset, solution, roll)
    events: list[Event] = [
        rolled,
        FireResolved(
            what, solution.total_factors, solution.column, solution.drm, roll, str(result)
        ),
    ]
    combat = current_combat(state)
    state = replace(state, combat=replace(combat, bombarded=combat.bombarded | set(firing)))
    state, lost = lose_points(ruleset, state, target, result.losses)
    events.extend(lost)
    if result.disrupted:
        state, disrupted = disrupt(ruleset, state, (target,))
        events.extend(disrupted)
    state, stepped = _after(ruleset, state)
    return state, [*events, *stepped]


# --- a bombardment mission outside an attack (12.2, 12.4) ---------------------------------------


def _judge_mission(
    ruleset: Ruleset, state: GameState, action: BombardmentMission
) -> list[Violation]:
    if not action.units:
        raise InvalidAction("a bombardment names its artillery")
    catalogue = ruleset.catalogue
    player = catalogue.ground[action.units[0]].player
    violations = []
    if state.combat is not None:  # the engine refuses a mission out of a combat segment
        violations.append(
            Violation(
                "12.2", "bombardment missions are fired in a combat segment, outside another combat"
            )
        )
    wrong = wrong_player(state, player, "the phasing player fires his missions")
    if wrong:
        violations.append(wrong)
    targets = state.stack(action.target)
    if not targets or catalogue.ground[targets[0]].player is player:
        violations.append(
            Violation("12.4", f"{ruleset.grid.id_of(action.target)} holds no enemy unit")
        )
    for unit_id in action.units:
        violations.extend(bombardment_problems(ruleset, state, unit_id, action.target))
        if unit_id in state.artillery.bombarded:  # 12.1: reading 115
            name = ruleset.unit_name(unit_id)
            violations.append(Violation("12.1", f"{name} has had its mission this phase"))
    return violations


def _resolve_mission(
    ruleset: Ruleset, state: GameState, action: BombardmentMission
) -> tuple[GameState, list[Event]]:
    if not action.units or state.combat is not None:
        raise InvalidAction("no bombardment mission can start now")
    player = ruleset.catalogue.ground[action.units[0]].player
    combat = CombatState(
        attacker=player,
        target=action.target,
        attackers=(),
        attacker_lead=action.units[0],
        step=CombatStep.DEFENSE,  # no defence to name: the mission goes on at once
        defending=state.stack(action.target),
        attack_artillery=action.units,
    )
    # [12.1] The mission is the guns' one for the phase, fired or not (reading 115).
    state = state.with_artillery(bombarded=frozenset(action.units))
    state, stepped = next_step(ruleset, replace(state, combat=combat))
    return state, [BombardmentDeclared(player, action.target, action.units), *stepped]


# --- withheld Stukas (4.6) ------------------------------------------------------------------


def _judge_strike(ruleset: Ruleset, state: GameState, action: AirStrike) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    combat = current_combat(state)
    violations = []
    for air_id in action.air_units:
        if air_id not in combat.stukas or air_id in combat.bombarded:
            violations.append(
                Violation("4.6", f"{air_id} was not designated for this attack or has bombarded")
            )
    targets = defenders(state, combat)
    if action.target_unit not in targets:
        violations.append(Violation("4.6", "the target is a unit of the hex attacked"))
    elif ruleset.catalogue.ground[action.target_unit].unit_class is UnitClass.HEADQUARTERS:
        violations.append(Violation("12.4", "headquarters units may not be bombarded"))
    return violations


def _resolve_strike(
    ruleset: Ruleset, state: GameState, action: AirStrike
) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    if combat.step is not CombatStep.OFFENSIVE_BOMBARDMENT or not action.air_units:
        raise InvalidAction("the Stukas bombard in the offensive bombardment step")
    for air_id in action.air_units:
        if air_id not in ruleset.catalogue.air:
            raise InvalidAction(f"there is no air unit {air_id!r} in this game")
    factors = tuple(
        Item(ruleset.catalogue.air[a].name, ruleset.catalogue.air[a].bombardment, "4.6")
        for a in action.air_units
    )
    solution = bombardment_solution(ruleset, state, (), action.target_unit, air_factors=factors)
    flown: list[Event] = []
    for air_id in action.air_units:  # 4.6: after bombardment, to the flown box
        state = replace(
            state, air_units=state.air_units.set(air_id, AirUnitState(box=AirBox.FLOWN))
        )
        flown.append(AirUnitMoved(air_id, AirBox.FLOWN, None))
    state, events = _bombard(
        ruleset,
        state,
        solution,
        "Stuka bombardment",
        combat.attacker,
        action.air_units,
        action.target_unit,
    )
    return state, [*flown, *events]


HANDLERS = {
    AirStrike: (_judge_strike, _resolve_strike),
    BombardmentMission: (_judge_mission, _resolve_mission),
    Counterbattery: (_judge_counterbattery, _resolve_counterbattery),
    Bombard: (_judge_bombard, _resolve_bombard),
}
