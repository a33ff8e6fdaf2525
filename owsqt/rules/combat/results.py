"""Fire combat and its results (11.2 steps 6-8, 11.5-11.8, 12.1).

`Fire` rolls one side's fire on the Combat Results Table. The result waits in
`combat.pending` for the side it hit: `TakeLosses` distributes the mandatory points
(11.6); `AnswerOptional` takes the optional result as a proficiency check or a retreat
(11.5); a passed check takes it as losses, a failed one as losses and disruption (and
an attacker may then neither fire nor advance); `Retreat` moves the stack hit (11.7).
When all defenders are gone the attackers may `Advance` (11.8).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.advance import Advance as AdvanceOptions
from owsqt.rules.combat.advance import advance_paths
from owsqt.rules.combat.artillery import proficiency_check
from owsqt.rules.combat.casualties import disrupt, lose_points
from owsqt.rules.combat.fire import Engagement, fire_solution
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.passagefire import offer_special_fire, strength_losses
from owsqt.rules.combat.prepared import (
    FIRE_STEPS,
    advancers,
    alive,
    combat_violation,
    current_combat,
    defenders,
    engaged_attackers,
    firing_units,
    has_work,
    next_step,
    step_actor,
)
from owsqt.rules.combat.retreat import Blocked, RetreatOptions, RetreatPath, retreat_paths
from owsqt.rules.core.actions import Advance, AnswerOptional, Fire, Retreat, TakeLosses
from owsqt.rules.core.events import (
    CombatMoved,
    ConvoyDestroyed,
    Eighty88,
    Event,
    FireResolved,
    OptionalAnswered,
    ProficiencyChecked,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import CombatState, GameState, PendingResult, SpecialFireChoice
from owsqt.rules.core.steps import CombatStep, PassageKind, ResultStage
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.movement.holding import held_in_place
from owsqt.rules.movement.leaving import units_left
from owsqt.rules.movement.offmap import return_turn
from owsqt.rules.movement.ringhold import note_retreated, stays_put
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset

LOSS_STAGES = (ResultStage.MANDATORY, ResultStage.OPTIONAL_LOSSES, ResultStage.FAILED_LOSSES)


def engagement(state: GameState, combat: CombatState) -> Engagement:
    return Engagement(
        attacker=combat.attacker,
        target=combat.target,
        attackers=engaged_attackers(state, combat),
        defenders=defenders(state, combat),
        attacker_lead=combat.attacker_lead,
        defender_lead=combat.defender_lead or defenders(state, combat)[0],
    )


# --- steps 6 and 7: fire ------------------------------------------------------------------


def _attacking_hexes(state: GameState, combat: CombatState) -> set[Hex]:
    return {
        hex_
        for u in firing_units(state, combat, combat.attacker)
        if (hex_ := state.units[u].hex) is not None
    }


def _judge_fire(ruleset: Ruleset, state: GameState, action: Fire) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    combat = current_combat(state)
    if step_actor(state, combat) is not combat.attacker:
        hexes = _attacking_hexes(state, combat)
        if action.at not in hexes:
            return [Violation("11.2", "the defender fires at one of the attacking hexes")]
    return []


def _resolve_fire(
    ruleset: Ruleset, state: GameState, action: Fire
) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    side = step_actor(state, combat)
    if combat.pending is not None or side is None or combat.step not in FIRE_STEPS:
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
        hit = tuple(u for u in engaged_attackers(state, combat) if state.units[u].hex == at)
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
    state, eighty_eight = _eighty_eight(ruleset, state, combat, side)
    events.extend(eighty_eight)
    hit = alive(state, hit)
    mandatory, optional = result.mandatory, result.optional
    if _artillery_alone(ruleset, state, hit):  # 12.1: all its results are mandatory
        mandatory, optional = mandatory + optional, 0
    if mandatory + optional == 0 or not hit:
        state, stepped = next_step(ruleset, replace(state, combat=combat))
        return state, [*events, *stepped]
    pending = PendingResult(
        player=side.opponent,
        units=hit,
        lead=lead if lead in hit else None,
        mandatory=mandatory,
        optional=optional,
        stage=ResultStage.MANDATORY if mandatory else ResultStage.OPTIONAL,
        fired_from=fired_from,
    )
    return replace(state, combat=replace(combat, pending=pending)), events


def _eighty_eight(
    ruleset: Ruleset, state: GameState, combat: CombatState, side: Player
) -> tuple[GameState, list[Event]]:
    """[16.1] German 88mm antiaircraft units in a hex attacked by a Soviet force with a
    tank unit add a mandatory point to the German result, taken by a Soviet tank."""
    catalogue = ruleset.catalogue
    if side is not Player.GERMAN or combat.attacker is not Player.SOVIET:
        return state, []
    if not any(catalogue.ground[u].antitank_88 for u in defenders(state, combat)):
        return state, []
    tanks = [
        u for u in engaged_attackers(state, combat) if catalogue.ground[u].type is UnitType.TANK
    ]
    if not tanks:
        return state, []
    tank = max(tanks, key=lambda u: (state.units[u].strength, u))  # the first to hand
    state, lost = lose_points(ruleset, state, tank, 1)
    return state, [Eighty88(tank), *lost]


def _artillery_alone(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> bool:
    catalogue = ruleset.catalogue
    return bool(units) and all(catalogue.ground[u].unit_class is UnitClass.ARTILLERY for u in units)


# --- results: losses, the optional choice, retreats ----------------------------------------


def _pending(state: GameState) -> PendingResult:
    combat = current_combat(state)
    if combat.pending is None:
        raise InvalidAction("no fire result is waiting")
    return combat.pending


def points_due(state: GameState, pending: PendingResult) -> int:
    """The points a loss stage asks for, no more than the stack has (11.5, 11.6)."""
    due = pending.mandatory if pending.stage is ResultStage.MANDATORY else pending.optional
    capacity = sum(state.units[u].strength for u in alive(state, pending.units))
    return min(due, capacity)


def _judge_losses(ruleset: Ruleset, state: GameState, action: TakeLosses) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    pending = _pending(state)
    if pending.stage not in LOSS_STAGES:
        return [Violation("11.5", "the optional result is answered first")]
    priorities = LossPriorities(ruleset, state, alive(state, pending.units), pending.lead)
    problem = priorities.check(action.hits)
    return [problem] if problem else []


def _resolve_losses(
    ruleset: Ruleset, state: GameState, action: TakeLosses
) -> tuple[GameState, list[Event]]:
    pending = _pending(state)
    if pending.stage not in LOSS_STAGES:
        raise InvalidAction("the optional result is answered before losses are taken")
    due = points_due(state, pending)
    if len(action.hits) != due:
        raise InvalidAction(f"{due} strength points are to be lost, not {len(action.hits)}")
    events: list[Event] = []
    for unit_id in action.hits:
        if unit_id not in pending.units:
            raise InvalidAction(f"{ruleset.unit_name(unit_id)} was not hit")
        state, lost = lose_points(ruleset, state, unit_id, 1)
        events.extend(lost)
    combat = current_combat(state)
    if pending.player is not combat.attacker and not alive(state, pending.units):
        # 11.8: a stack eliminated lets the firer advance the results left unfulfilled
        mandatory = pending.stage is ResultStage.MANDATORY
        asked = pending.mandatory if mandatory else pending.optional
        later = pending.optional if mandatory else 0
        combat = replace(combat, advance_length=asked - len(action.hits) + later)
    if pending.stage is ResultStage.FAILED_LOSSES:
        state, disrupted = disrupt(ruleset, state, alive(state, pending.units))  # 11.5
        events.extend(disrupted)
        if pending.player is combat.attacker:
            units = frozenset(pending.units)
            combat = replace(
                combat, no_fire=combat.no_fire | units, no_advance=combat.no_advance | units
            )
    if pending.stage is ResultStage.MANDATORY and pending.optional and alive(state, pending.units):
        combat = replace(combat, pending=replace(pending, stage=ResultStage.OPTIONAL))
        return replace(state, combat=combat), events
    state, stepped = _settled(ruleset, replace(state, combat=replace(combat, pending=None)))
    return state, [*events, *stepped]


def _settled(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """After a result: convoys left alone on the hex attacked are destroyed (16.3); the
    step is done when its side has fired."""
    state, destroyed = _convoys_left_alone(ruleset, state)
    state, stepped = _step_on(ruleset, state)
    return state, [*destroyed, *stepped]


def _convoys_left_alone(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    if defenders(state, combat):
        return state, []
    events: list[Event] = []
    for convoy in (u for u in combat.defending if u in state.stack(combat.target)):
        gone = replace(state.units[convoy], status=UnitStatus.PERMANENTLY_LOST, hex=None)
        state = state.with_unit(convoy, gone)
        events.append(ConvoyDestroyed(convoy, combat.target))
    # 15.3: the convoys destroyed may have been the hex's last friendly units
    state, lifted = units_left(ruleset, state, [combat.target], moved=False)
    return state, [*events, *lifted]


def _step_on(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    side = step_actor(state, combat)
    if combat.step in FIRE_STEPS and side in combat.fired:
        return next_step(ruleset, state)
    return state, []


def _judge_optional(ruleset: Ruleset, state: GameState, action: AnswerOptional) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    pending = _pending(state)
    if pending.stage is not ResultStage.OPTIONAL:
        return [Violation("11.5", "there is no optional result to answer now")]
    if not action.check:
        if holds_ring_forces(ruleset, state, pending):
            return [
                Violation(
                    "5.2",
                    "Ring Forces defend in place and never retreat voluntarily: they make a "
                    "proficiency check",
                )
            ]
        options = retreat_options(ruleset, state, pending)
        if options.blocked is Blocked.SURROUNDED:
            return [Violation("11.7", "a surrounded stack makes a proficiency check")]
    return []


def holds_ring_forces(ruleset: Ruleset, state: GameState, pending: PendingResult) -> bool:
    """[5.2] The defending stack a result hit holds Ring Forces units: if attacked, they
    make a proficiency check to defend in place."""
    defending = pending.player is not current_combat(state).attacker
    return defending and any(stays_put(ruleset, state, u) for u in pending.units)


def _resolve_optional(
    ruleset: Ruleset, state: GameState, action: AnswerOptional
) -> tuple[GameState, list[Event]]:
    pending = _pending(state)
    if pending.stage is not ResultStage.OPTIONAL:
        raise InvalidAction("there is no optional result to answer now")
    combat = current_combat(state)
    options = None if action.check else retreat_options(ruleset, state, pending)
    if options is not None and options:
        stage = ResultStage.RETREAT
        events: list[Event] = [OptionalAnswered(pending.player, "retreats", "11.5")]
    elif options is not None and options.blocked is Blocked.TERRAIN:
        stage = ResultStage.FAILED_LOSSES  # 11.7: it stands, loses the points and is disrupted
        events = [
            OptionalAnswered(
                pending.player, "cannot retreat: stands, loses the points and is disrupted", "11.7"
            )
        ]
    else:  # a check, chosen or forced on a surrounded stack (11.7)
        checker = pending.lead or alive(state, pending.units)[0]
        roll, state, rolled = roll_die(state, "proficiency check", pending.player)
        passed = proficiency_check(ruleset, checker, roll)
        proficiency = ruleset.catalogue.ground[checker].proficiency
        events = [rolled, ProficiencyChecked(checker, roll, proficiency, "optional result")]
        stage = ResultStage.OPTIONAL_LOSSES if passed else ResultStage.FAILED_LOSSES
    combat = replace(current_combat(state), pending=replace(pending, stage=stage))
    return replace(state, combat=combat), events


def retreat_options(ruleset: Ruleset, state: GameState, pending: PendingResult) -> RetreatOptions:
    """[11.7] The retreats open to the stack a pending result hit."""
    units = alive(state, pending.units)
    return retreat_paths(ruleset, state, units, pending.optional, firing=pending.fired_from)


def chosen_retreat(
    ruleset: Ruleset, state: GameState, pending: PendingResult, path: tuple[Hex, ...]
) -> RetreatPath | None:
    """The legal retreat `path` names (its start hex first), if it is one."""
    for option in retreat_options(ruleset, state, pending).paths:
        if path == (option.start, *option.hexes):
            return option
    return None


def retreat_problem(
    ruleset: Ruleset, state: GameState, pending: PendingResult, path: tuple[Hex, ...]
) -> Violation | None:
    """[11.7, 8.2] Why `path` is not one of the stack's legal retreats."""
    if chosen_retreat(ruleset, state, pending, path) is not None:
        return None
    options = retreat_options(ruleset, state, pending)
    if not options:
        return Violation("11.7", options.reason or "the stack cannot retreat")
    best = options.paths[0]
    shown = " > ".join(ruleset.grid.id_of(h) for h in (best.start, *best.hexes))
    return Violation(
        "11.7",
        f"not a legal retreat of {pending.optional} hexes away from the "
        f"units that fired (for example {shown})",
    )


def _judge_retreat(ruleset: Ruleset, state: GameState, action: Retreat) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    pending = _pending(state)
    if pending.stage is not ResultStage.RETREAT:
        return [Violation("11.5", "the stack did not choose to retreat")]
    problem = retreat_problem(ruleset, state, pending, action.path)
    return [problem] if problem else []


def _resolve_retreat(
    ruleset: Ruleset, state: GameState, action: Retreat
) -> tuple[GameState, list[Event]]:
    pending = _pending(state)
    if pending.stage is not ResultStage.RETREAT or not action.path:
        raise InvalidAction("no retreat is due now")
    for hex_ in action.path:
        if hex_ not in ruleset.game_map.hexes:
            raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")
    option = chosen_retreat(ruleset, state, pending, action.path)
    entries = option.zoc_entries if option is not None else ()
    # ASSIST and FREE take an illegal path as given, without its fire and losses
    passage = SpecialFireChoice(
        pending.player.opponent,
        PassageKind.RETREAT,
        pending.units,
        pending.lead,
        action.path,
        tuple(entry.hex for entry in entries),
        tuple(entry.firers for entry in entries),
        option.strength_loss if option is not None else 0,
        option.exit_hex if option is not None else None,
    )
    # 11.7: the owner of the units whose ZOC the stack enters chooses whether they fire
    offered = offer_special_fire(state, passage)
    if offered is not None:
        return offered
    return finish_retreat(ruleset, state, passage)


def finish_retreat(
    ruleset: Ruleset, state: GameState, passage: SpecialFireChoice
) -> tuple[GameState, list[Event]]:
    """[11.7] A retreat after the fire from the ZOCs it entered: a point per unbridged
    minor river for armor and artillery and the interdicted bridges' points, then the
    move (off the map, to return at the exit hex), the hexes left and entered settled."""
    pending = _pending(state)
    how = "retreated" if passage.exit_hex is None else "retreated off the map from"
    events: list[Event] = [CombatMoved(alive(state, passage.units), passage.path, how)]
    state, lost = strength_losses(ruleset, state, passage.units, passage.lead, passage.extra_losses)
    events.extend(lost)
    units = alive(state, passage.units)
    origins = [state.units[u].hex for u in units]
    if passage.exit_hex is not None:  # 11.7: they return at the exit hex, in their next phase
        back = return_turn(state, pending.player)
        for unit_id in units:
            gone = replace(
                state.units[unit_id],
                status=UnitStatus.OFF_MAP_RETURN,
                hex=None,
                return_hex=passage.exit_hex,
                return_turn=back,
            )
            state = state.with_unit(unit_id, gone)
    else:
        for unit_id in units:
            moved = replace(state.units[unit_id], hex=passage.path[-1])
            state = state.with_unit(unit_id, moved)
    state = note_retreated(ruleset, state, units)  # 5.2: they may move in the ring segment
    # 15.1, 15.3: retreating builders leave their work; the hexes left and entered settle
    entered = [] if passage.exit_hex is not None else [passage.path[-1]]
    state, lifted = units_left(ruleset, state, origins, entered)
    events.extend(lifted)
    combat = current_combat(state)
    if pending.player is combat.attacker:
        retreated = frozenset(pending.units)  # out of the fight: no fire, no advance (11.5)
        combat = replace(
            combat, no_fire=combat.no_fire | retreated, no_advance=combat.no_advance | retreated
        )
    else:
        combat = replace(combat, retreat=passage.path, advance_length=pending.optional)
    state, stepped = _settled(ruleset, replace(state, combat=replace(combat, pending=None)))
    return state, [*events, *stepped]


# --- step 8: the advance ---------------------------------------------------------------------


def combat_advances(
    ruleset: Ruleset, state: GameState, combat: CombatState, units: tuple[str, ...]
) -> dict[str, AdvanceOptions]:
    """[11.8] Where each of `units` may advance: as far as the defenders retreated (or the
    results left unfulfilled), along or off their retreat path."""
    retreated = combat.retreat[1:] or None  # the hexes the retreat entered
    return advance_paths(ruleset, state, units, combat.advance_length, combat.target, retreated)


def _judge_advance(ruleset: Ruleset, state: GameState, action: Advance) -> list[Violation]:
    wrong = combat_violation(state, action)
    if wrong:
        return [wrong]
    combat = current_combat(state)
    allowed = advancers(ruleset, state, combat)
    violations = []
    for unit_id in action.units:
        if unit_id in allowed:
            continue
        held = held_in_place(ruleset, state, unit_id)  # 5.1, 5.2, 19.11: reading 162
        if held is not None:
            message = f"{held.message} (an advance after combat is a move)"
            violations.append(Violation(held.rule, message))
        else:
            violations.append(Violation("11.8", f"{ruleset.unit_name(unit_id)} may not advance"))
    if violations or not action.path:
        return violations or [Violation("11.8", "an advance names its hexes")]
    options = combat_advances(ruleset, state, combat, action.units)
    points = stacking_points(ruleset, state, action.path[-1]) + sum(
        ruleset.catalogue.ground[u].stacking_value(state.units[u].reduced)
        for u in action.units
        if state.units[u].hex != action.path[-1]
    )
    if points > ruleset.tables.stacking_limit:  # 9.3: checked at the conclusion of combat
        violations.append(
            Violation(
                "9.2", f"{ruleset.grid.id_of(action.path[-1])} would hold {points} stacking points"
            )
        )
    for unit_id, option in options.items():
        if option.paths.get(action.path[-1]) is None:
            why = option.reason or f"it may not reach {ruleset.grid.id_of(action.path[-1])}"
            violations.append(Violation("11.8", f"{ruleset.unit_name(unit_id)}: {why}"))
    return violations


def _resolve_advance(
    ruleset: Ruleset, state: GameState, action: Advance
) -> tuple[GameState, list[Event]]:
    combat = current_combat(state)
    if combat.step is not CombatStep.ADVANCE or not action.path:
        raise InvalidAction("there is no advance now")
    end = action.path[-1]
    start = state.units[action.units[0]].hex
    options = combat_advances(ruleset, state, combat, action.units)
    route = next((o.paths[end] for o in options.values() if o.paths.get(end)), action.path)
    origins = [state.units[u].hex for u in action.units]
    for unit_id in action.units:
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=end))
    path = (start, *route) if start is not None else route
    events: list[Event] = [CombatMoved(action.units, path, "advanced")]
    # 15.1, 15.3: advancing builders leave their work; the hexes left and entered settle
    state, lifted = units_left(ruleset, state, origins, [end])
    events.extend(lifted)
    # 11.8: each unit advances once; others may still advance, elsewhere
    combat = replace(combat, no_advance=combat.no_advance | set(action.units))
    state = replace(state, combat=combat)
    if has_work(ruleset, state, combat, CombatStep.ADVANCE):
        return state, events
    state, stepped = next_step(ruleset, state)
    return state, [*events, *stepped]


HANDLERS = {
    Fire: (_judge_fire, _resolve_fire),
    TakeLosses: (_judge_losses, _resolve_losses),
    AnswerOptional: (_judge_optional, _resolve_optional),
    Retreat: (_judge_retreat, _resolve_retreat),
    Advance: (_judge_advance, _resolve_advance),
}
