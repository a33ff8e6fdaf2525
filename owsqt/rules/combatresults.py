"""Fire combat and its results (11.2 steps 6-8, 11.5-11.8, 12.1).

`Fire` rolls one side's fire on the Combat Results Table. The result waits in
`combat.pending` for the side it hit: `TakeLosses` distributes the mandatory points
(11.6); `AnswerOptional` takes the optional result as a proficiency check or a retreat
(11.5); a passed check takes it as losses, a failed one as losses and disruption (and
an attacker may then neither fire nor advance); `Retreat` moves the stack hit (11.7).
When all defenders are gone the attackers may `Advance` (11.8).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from owsqt.rules.actions import Advance, AnswerOptional, Fire, Retreat, TakeLosses
from owsqt.rules.artillery import proficiency_check
from owsqt.rules.casualties import disrupt, lose_points
from owsqt.rules.combat import (
    advancers,
    alive,
    combat_violation,
    defenders,
    firing_units,
    next_step,
    step_actor,
)
from owsqt.rules.events import CombatMoved, Event, FireResolved, ProficiencyChecked
from owsqt.rules.firecombat import Engagement, fire_solution
from owsqt.rules.freeplay import roll_die
from owsqt.rules.hexgrid import Hex, distance
from owsqt.rules.losses import LossPriorities
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.state import CombatState, GameState, PendingResult
from owsqt.rules.units import UnitClass
from owsqt.rules.verdict import InvalidAction, Violation
from owsqt.rules.vocabulary import Player

LOSS_STAGES = ("mandatory", "optional_losses", "failed_losses")


def _combat(state: GameState) -> CombatState:
    if state.combat is None:
        raise InvalidAction("no combat is under way")
    return state.combat


def engagement(state: GameState, combat: CombatState) -> Engagement:
    return Engagement(
        attacker=combat.attacker,
        target=combat.target,
        attackers=alive(state, combat.attackers),
        defenders=defenders(state, combat),
        attacker_lead=combat.attacker_lead,
        defender_lead=combat.defender_lead or defenders(state, combat)[0],
    )


# --- steps 6 and 7: fire ------------------------------------------------------------------


def _attacking_hexes(state: GameState, combat: CombatState) -> set[Hex]:
    return {
        state.units[u].hex
        for u in firing_units(state, combat, combat.attacker)
        if state.units[u].hex is not None
    }


def _judge_fire(ruleset: Ruleset, state: GameState, action: Fire) -> list[Violation]:
    wrong = combat_violation(state, action.player, ("first_fire", "second_fire"))
    if wrong:
        return [wrong]
    combat = _combat(state)
    if step_actor(state, combat) is not combat.attacker:
        hexes = _attacking_hexes(state, combat)
        if action.at not in hexes:
            return [Violation("11.2", "the defender fires at one of the attacking hexes")]
    return []


def _resolve_fire(ruleset: Ruleset, state: GameState, action: Fire):
    combat = _combat(state)
    side = step_actor(state, combat)
    if (
        combat.pending is not None
        or side is None
        or combat.step
        not in (
            "first_fire",
            "second_fire",
        )
    ):
        raise InvalidAction("no side fires now")
    firing = firing_units(state, combat, side)
    if side is combat.attacker:
        hit = defenders(state, combat)
        fired_from = tuple(sorted(_attacking_hexes(state, combat)))
        lead = combat.defender_lead
    else:
        at = action.at
        if at is None or at not in _attacking_hexes(state, combat):
            raise InvalidAction("the defender names the attacking hex he fires at")
        hit = tuple(u for u in alive(state, combat.attackers) if state.units[u].hex == at)
        fired_from = (combat.target,)
        lead = combat.attacker_lead
    solution = fire_solution(ruleset, state, engagement(state, combat), side, firing)
    roll, state, rolled = roll_die(state, "fire combat", side)
    result = solution.result(ruleset, roll)
    events: list[Event] = [
        rolled,
        FireResolved(
            f"{side.title} fire",
            solution.total_factors,
            solution.column,
            solution.drm,
            roll,
            str(result),
        ),
    ]
    combat = replace(combat, fired=combat.fired | {side})
    mandatory, optional = result.mandatory, result.optional
    if _artillery_alone(ruleset, state, hit):  # 12.1: all its results are mandatory
        mandatory, optional = mandatory + optional, 0
    if mandatory + optional == 0:
        state, stepped = next_step(ruleset, replace(state, combat=combat))
        return state, [*events, *stepped]
    pending = PendingResult(
        player=side.opponent,
        units=hit,
        lead=lead if lead in hit else None,
        mandatory=mandatory,
        optional=optional,
        stage="mandatory" if mandatory else "optional",
        fired_from=fired_from,
    )
    return replace(state, combat=replace(combat, pending=pending)), events


def _artillery_alone(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> bool:
    catalogue = ruleset.catalogue
    return bool(units) and all(catalogue.ground[u].unit_class is UnitClass.ARTILLERY for u in units)


# --- results: losses, the optional choice, retreats ----------------------------------------


def _pending(state: GameState) -> PendingResult:
    combat = _combat(state)
    if combat.pending is None:
        raise InvalidAction("no fire result is waiting")
    return combat.pending


def _points_due(state: GameState, pending: PendingResult) -> int:
    due = pending.mandatory if pending.stage == "mandatory" else pending.optional
    capacity = sum(state.units[u].strength for u in alive(state, pending.units))
    return min(due, capacity)


def _judge_losses(ruleset: Ruleset, state: GameState, action: TakeLosses) -> list[Violation]:
    wrong = combat_violation(state, action.player, ("pending",))
    if wrong:
        return [wrong]
    pending = _pending(state)
    if pending.stage not in LOSS_STAGES:
        return [Violation("11.5", "the optional result is answered first")]
    priorities = LossPriorities(ruleset, state, alive(state, pending.units), pending.lead)
    problem = priorities.check(action.hits)
    return [problem] if problem else []


def _resolve_losses(ruleset: Ruleset, state: GameState, action: TakeLosses):
    pending = _pending(state)
    if pending.stage not in LOSS_STAGES:
        raise InvalidAction("the optional result is answered before losses are taken")
    due = _points_due(state, pending)
    if len(action.hits) != due:
        raise InvalidAction(f"{due} strength points are to be lost, not {len(action.hits)}")
    events: list[Event] = []
    for unit_id in action.hits:
        if unit_id not in pending.units:
            raise InvalidAction(f"{ruleset.unit_name(unit_id)} was not hit")
        state, lost = lose_points(ruleset, state, unit_id, 1)
        events.extend(lost)
    combat = _combat(state)
    if pending.stage == "failed_losses":
        state, disrupted = disrupt(state, alive(state, pending.units))  # 11.5
        events.extend(disrupted)
        if pending.player is combat.attacker:
            units = frozenset(pending.units)
            combat = replace(
                combat, no_fire=combat.no_fire | units, no_advance=combat.no_advance | units
            )
    if pending.stage == "mandatory" and pending.optional and alive(state, pending.units):
        combat = replace(combat, pending=replace(pending, stage="optional"))
        return replace(state, combat=combat), events
    state, stepped = _settled(ruleset, replace(state, combat=replace(combat, pending=None)))
    return state, [*events, *stepped]


def _settled(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """After a result: the step is done when its side has fired."""
    combat = _combat(state)
    side = step_actor(state, combat)
    if combat.step in ("first_fire", "second_fire") and side in combat.fired:
        return next_step(ruleset, state)
    return state, []


def _judge_optional(ruleset: Ruleset, state: GameState, action: AnswerOptional):
    wrong = combat_violation(state, action.player, ("pending",))
    if wrong:
        return [wrong]
    if _pending(state).stage != "optional":
        return [Violation("11.5", "there is no optional result to answer now")]
    return []


def _resolve_optional(ruleset: Ruleset, state: GameState, action: AnswerOptional):
    pending = _pending(state)
    if pending.stage != "optional":
        raise InvalidAction("there is no optional result to answer now")
    combat = _combat(state)
    if not action.check:
        stage = "retreat"
        events: list[Event] = []
    else:
        checker = pending.lead or alive(state, pending.units)[0]
        roll, state, rolled = roll_die(state, "proficiency check", pending.player)
        passed = proficiency_check(ruleset, checker, roll)
        proficiency = ruleset.catalogue.ground[checker].proficiency
        events = [rolled, ProficiencyChecked(checker, roll, proficiency, "optional result")]
        stage = "optional_losses" if passed else "failed_losses"
    combat = replace(_combat(state), pending=replace(pending, stage=stage))
    return replace(state, combat=combat), events


def retreat_problem(
    ruleset: Ruleset, state: GameState, pending: PendingResult, path: tuple[Hex, ...]
) -> Violation | None:
    """[11.7, 8.2] A retreat of the optional result's hexes, each farther from the firing
    units, never into enemy-held hexes, across the Don or (Soviet units) into the pocket."""
    start = state.units[alive(state, pending.units)[0]].hex
    if not path or path[0] != start:
        return Violation("11.7", "a retreat starts on the hex of the units retreating")
    if len(path) - 1 < pending.optional:
        return Violation("11.7", f"the retreat is {pending.optional} hexes long")
    player = ruleset.catalogue.ground[pending.units[0]].player
    game_map = ruleset.game_map
    for a, b in itertools.pairwise(path):
        where = ruleset.grid.id_of(b)
        if distance(a, b) != 1:
            return Violation("11.7", f"{where} is not next to {ruleset.grid.id_of(a)}")
        away = min(distance(f, b) for f in pending.fired_from)
        if away <= min(distance(f, a) for f in pending.fired_from):
            return Violation("11.7", f"{where} is not farther from the units that fired")
        stack = state.stack(b)
        if stack and ruleset.catalogue.ground[stack[0]].player is not player:
            return Violation("11.7", f"{where} is held by the enemy")
        river = game_map.river_between(a, b)
        if river is not None and river.river.value == "major":
            return Violation("8.2", "no retreat across the Don")
        if player is Player.SOVIET and b in game_map.pocket:
            return Violation("8.2", "no Soviet unit enters the pocket")
    return None


def _judge_retreat(ruleset: Ruleset, state: GameState, action: Retreat) -> list[Violation]:
    wrong = combat_violation(state, action.player, ("pending",))
    if wrong:
        return [wrong]
    pending = _pending(state)
    if pending.stage != "retreat":
        return [Violation("11.5", "the stack did not choose to retreat")]
    problem = retreat_problem(ruleset, state, pending, action.path)
    return [problem] if problem else []


def _resolve_retreat(ruleset: Ruleset, state: GameState, action: Retreat):
    pending = _pending(state)
    if pending.stage != "retreat" or not action.path:
        raise InvalidAction("no retreat is due now")
    for hex_ in action.path:
        if hex_ not in ruleset.game_map.hexes:
            raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")
    units = alive(state, pending.units)
    end = action.path[-1]
    for unit_id in units:
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=end))
    events: list[Event] = [CombatMoved(units, action.path, "retreated")]
    combat = _combat(state)
    if pending.player is combat.attacker:
        retreated = frozenset(units)  # out of the fight: no fire, no advance (11.5)
        combat = replace(
            combat, no_fire=combat.no_fire | retreated, no_advance=combat.no_advance | retreated
        )
    else:
        combat = replace(combat, retreat=action.path)
    state, stepped = _settled(ruleset, replace(state, combat=replace(combat, pending=None)))
    return state, [*events, *stepped]


# --- step 8: the advance ---------------------------------------------------------------------


def _judge_advance(ruleset: Ruleset, state: GameState, action: Advance) -> list[Violation]:
    wrong = combat_violation(state, action.player, ("advance",))
    if wrong:
        return [wrong]
    combat = _combat(state)
    allowed = advancers(ruleset, state, combat)
    violations = []
    for unit_id in action.units:
        if unit_id not in allowed:
            violations.append(Violation("11.8", f"{ruleset.unit_name(unit_id)} may not advance"))
    if not action.path or action.path[0] != combat.target:
        violations.append(Violation("11.8", "the first hex of an advance is the vacated hex"))
    limit = max(len(combat.retreat) - 1, 1)
    if len(action.path) > limit:
        violations.append(Violation("11.8", f"the advance is at most {limit} hexes"))
    for a, b in itertools.pairwise(action.path):
        if distance(a, b) != 1:
            violations.append(Violation("11.8", "an advance goes hex by hex"))
            break
    return violations


def _resolve_advance(ruleset: Ruleset, state: GameState, action: Advance):
    combat = _combat(state)
    if combat.step != "advance" or not action.path:
        raise InvalidAction("there is no advance now")
    end = action.path[-1]
    start = state.units[action.units[0]].hex
    for unit_id in action.units:
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=end))
    path = (start, *action.path) if start is not None else action.path
    events: list[Event] = [CombatMoved(action.units, path, "advanced")]
    state, stepped = next_step(ruleset, state)
    return state, [*events, *stepped]


HANDLERS = {
    Fire: (_judge_fire, _resolve_fire),
    TakeLosses: (_judge_losses, _resolve_losses),
    AnswerOptional: (_judge_optional, _resolve_optional),
    Retreat: (_judge_retreat, _resolve_retreat),
    Advance: (_judge_advance, _resolve_advance),
}
