"""The combat sequence of a prepared attack (11.1-11.3), as steps of `GameState.combat`.

Step 1 `PreparedAttack` names the hex, the attacking units, their lead and the
artillery designated to bombard; step 2 `Defend` the defender's lead and artillery.
Then counterbattery (3), defensive (4) and offensive (5) bombardment, the two fires (6,
7: the defender first unless all his units are disrupted, 13.0) and the advance (8).
A step with nothing to do is passed by itself; `ContinueCombat` ends a step a player is
done with. Results wait in `combat.pending` for the choices of the side they hit
(results.py); bombardment lives in bombard.py. COMBAT_STEP_ALLOWS says which action kinds
each step allows, as the sequence-of-play table does for the segments.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.artillery import NOT_COUNTERBATTERY, bombardment_problems, friendly_near
from owsqt.rules.combat.fire import fire_factors
from owsqt.rules.combat.leads import poor_lead
from owsqt.rules.core.actions import (
    Action,
    Advance,
    AirStrike,
    AnswerOptional,
    Bombard,
    ChangeLead,
    ContinueCombat,
    Counterbattery,
    Defend,
    Fire,
    HastyAttack,
    PreparedAttack,
    Retreat,
    TakeLosses,
)
from owsqt.rules.core.events import (
    AttackDeclared,
    CombatEnded,
    CombatMoved,
    CombatStepReached,
    Event,
    FireResolved,
    LeadChanged,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.units import AirType, UnitClass
from owsqt.rules.fog.option import fog_on
from owsqt.rules.movement.arrivals import release
from owsqt.rules.movement.holding import held_in_place
from owsqt.rules.movement.leaving import attack_begun, units_left
from owsqt.rules.movement.ringhold import note_attacked
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army, may_move_in_segment
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS, wrong_player

STEPS = tuple(CombatStep)
FIRE_STEPS = (CombatStep.FIRST_FIRE, CombatStep.SECOND_FIRE)  # 6 and 7
# [11.2] The action kinds each step of a combat allows (a new lead, 11.3, is named in any
# step after the defence: _judge_lead). A fire result waiting for the side it hit allows
# only the answers to it (11.5-11.7).
COMBAT_STEP_ALLOWS: dict[CombatStep, frozenset[type[Action]]] = {
    CombatStep.DEFENSE: frozenset({Defend}),
    CombatStep.COUNTERBATTERY: frozenset({Counterbattery, ContinueCombat}),
    CombatStep.DEFENSIVE_BOMBARDMENT: frozenset({Bombard, ContinueCombat}),
    CombatStep.OFFENSIVE_BOMBARDMENT: frozenset({Bombard, AirStrike, ContinueCombat}),
    CombatStep.FIRST_FIRE: frozenset({Fire, ContinueCombat}),
    CombatStep.SECOND_FIRE: frozenset({Fire, ContinueCombat}),
    CombatStep.ADVANCE: frozenset({Advance, ContinueCombat}),
}
RESULT_ANSWERS: frozenset[type[Action]] = frozenset({TakeLosses, AnswerOptional, Retreat})


def current_combat(state: GameState) -> CombatState:
    """The combat under way; an InvalidAction when there is none."""
    if state.combat is None:
        raise InvalidAction("no combat is under way")
    return state.combat


def alive(state: GameState, units: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(u for u in units if state.units[u].status is UnitStatus.ON_MAP)


def defenders(state: GameState, combat: CombatState) -> tuple[str, ...]:
    """The units attacked still fighting on their hex; convoys, with no combat value and no
    way to absorb losses (16.3), stand aside; attackers that advanced there do not count."""
    on_hex = state.stack(combat.target)
    return fighting(state, tuple(u for u in combat.defending if u in on_hex))


def fighting(state: GameState, units: tuple[str, ...]) -> tuple[str, ...]:
    """[16.3] The units with a combat value: convoys (strength 0) take no part in combat."""
    return tuple(u for u in units if state.units[u].strength > 0)


def engaged_attackers(state: GameState, combat: CombatState) -> tuple[str, ...]:
    """The attacking units still on the map next to the hex attacked."""
    return tuple(
        u
        for u in fighting(state, alive(state, combat.attackers))
        if (hex_ := state.units[u].hex) is not None and distance(hex_, combat.target) == 1
    )


def first_firer(state: GameState, combat: CombatState) -> Player:
    """[11.2 step 6, 13.0] The defender fires first unless every defending unit is
    disrupted (a mixed stack keeps the right)."""
    if combat.opening_fire is not None:
        return combat.opening_fire
    units = defenders(state, combat)
    if units and all(state.units[u].disrupted for u in units):
        return combat.attacker
    return combat.attacker.opponent


def step_actor(state: GameState, combat: CombatState) -> Player | None:
    """Who acts now in the combat: the side a pending result hit, else the step's side
    (None in the counterbattery step, where both may fire)."""
    if combat.pending is not None:
        return combat.pending.player
    firer = first_firer(state, combat)
    return {
        CombatStep.DEFENSE: combat.attacker.opponent,
        CombatStep.COUNTERBATTERY: None,
        CombatStep.DEFENSIVE_BOMBARDMENT: combat.attacker.opponent,
        CombatStep.OFFENSIVE_BOMBARDMENT: combat.attacker,
        CombatStep.FIRST_FIRE: firer,
        CombatStep.SECOND_FIRE: firer.opponent,
        CombatStep.ADVANCE: combat.attacker,
    }[combat.step]


def combat_violation(state: GameState, action: Action) -> Violation | None:
    """[11.2] The action's kind belongs to the step the combat under way has reached (or to
    the result waiting, 11.5), and its player is the one who acts in it."""
    combat = state.combat
    if combat is None:
        return Violation("11.2", "no combat is under way")
    answer = type(action) in RESULT_ANSWERS
    if combat.pending is not None and not answer:
        return Violation("11.5", "the result of the last fire is settled first")
    if combat.pending is None and type(action) not in COMBAT_STEP_ALLOWS[combat.step]:
        return Violation("11.2", f"the combat is at its {combat.step.title} step")
    actor = step_actor(state, combat)
    if actor is not None and action.player is not None and action.player is not actor:
        return Violation("11.2", f"the {actor.title} player acts in this step")
    return None


# --- step 1: the attack ------------------------------------------------------------------


def attack_violations(
    ruleset: Ruleset,
    state: GameState,
    action: PreparedAttack | HastyAttack,
    movement_kind: Segment | None,
) -> list[Violation]:
    """[11.1, 11.3, 13.0, 7.1] What any attack must respect: the phasing player's units,
    next to an enemy hex, undisrupted, of the segment's kind, with a proper lead, and
    artillery able to bombard. `movement_kind`: the movement segment whose units fight in
    this combat segment (None for a hasty attack, whose units are judged as movers, and out
    of the combat segments: the engine refused it)."""
    catalogue = ruleset.catalogue
    attacker = catalogue.ground[action.units[0]].player
    where = ruleset.grid.id_of(action.target)
    violations = []
    wrong = wrong_player(state, attacker, "only the phasing player attacks")
    if wrong:
        violations.append(wrong)
    if state.combat is not None:
        violations.append(Violation("11.2", "finish the combat under way first"))
    target_units = state.stack(action.target)
    if not target_units or catalogue.ground[target_units[0]].player is attacker:
        violations.append(Violation("11.1", f"{where} holds no enemy units"))
    elif not fighting(state, target_units):
        violations.append(
            Violation("16.3", f"{where} holds only convoys: units moving through destroy them")
        )
    for unit_id in action.units:
        if state.units[unit_id].strength == 0:
            name = ruleset.unit_name(unit_id)
            violations.append(Violation("16.3", f"{name} has no combat value"))
    for unit_id in action.units:
        violations.extend(_attacker_violations(ruleset, state, action, unit_id, movement_kind))
    if action.lead not in action.units:
        violations.append(Violation("11.3", "the lead unit is one of the attacking units"))
    elif poor_lead(ruleset, action.lead) and not all(poor_lead(ruleset, u) for u in action.units):
        violations.append(
            Violation(
                "11.3", "the lead may be artillery or headquarters only when no other unit attacks"
            )
        )
    for unit_id in action.artillery:
        # 8.4: a gun moving with the hasty attack's stack (one of its units) supports it
        with_stack = isinstance(action, HastyAttack) and unit_id in action.units
        violations.extend(
            bombardment_problems(ruleset, state, unit_id, action.target, with_stack=with_stack)
        )
    violations.extend(stuka_violations(ruleset, state, attacker, action.stukas, action.units))
    return violations


STUKA_SEGMENTS = (Segment.MECHANIZED_MOVEMENT, Segment.MECHANIZED_COMBAT)  # 4.6, 8.4


def stuka_violations(
    ruleset: Ruleset,
    state: GameState,
    attacker: Player,
    stukas: tuple[str, ...],
    units: tuple[str, ...] = (),
) -> list[Violation]:
    """[4.6, 8.4] Withheld Ju-87s support only a German attack in the mechanized movement
    or combat segment; [5.1] never one by Sixth Army units."""
    catalogue = ruleset.catalogue
    violations = []
    for air_id in stukas:
        if air_id not in catalogue.air or air_id not in state.air_units:
            raise InvalidAction(f"there is no air unit {air_id!r} in this game")
        name = catalogue.air[air_id].name
        if catalogue.air[air_id].type is not AirType.DIVE_BOMBER:
            violations.append(Violation("4.6", f"{name} is not a Ju-87 dive bomber unit"))
        if state.air_units[air_id].box is not AirBox.WITHHELD:
            violations.append(Violation("4.6", f"{name} was not withheld from the air phase"))
    sixth = [u for u in units if is_sixth_army(ruleset, u)]
    if stukas and sixth:
        name = ruleset.unit_name(sixth[0])
        violations.append(Violation("5.1", f"Sixth Army units receive no air support: {name}"))
    if stukas and (attacker is not Player.GERMAN or state.segment not in STUKA_SEGMENTS):
        violations.append(
            Violation(
                "4.6",
                "withheld Stukas support German mechanized "
                "formations in their movement or combat segment",
            )
        )
    return violations


def _attack_violations(
    ruleset: Ruleset, state: GameState, action: PreparedAttack
) -> list[Violation]:
    movement_kind = COMBAT_SEGMENTS.get(state.segment)  # 11.1: None out of them
    violations: list[Violation] = []
    if action.target in state.prepared_targets:
        where = ruleset.grid.id_of(action.target)
        violations.append(Violation("11.1", f"{where} has had its prepared attack this phase"))
    return [*violations, *attack_violations(ruleset, state, action, movement_kind)]


def _attacker_violations(
    ruleset: Ruleset,
    state: GameState,
    action: PreparedAttack | HastyAttack,
    unit_id: str,
    kind: Segment | None,
) -> list[Violation]:
    name = ruleset.unit_name(unit_id)
    unit = state.units[unit_id]
    violations = []
    if unit.hex is None or distance(unit.hex, action.target) != 1:
        violations.append(Violation("11.1", f"{name} is not next to the hex attacked"))
    elif (rule := closed_to_attack(ruleset, unit.hex, action.target)) is not None:
        violations.append(Violation(rule, f"{name} may not attack across the Don"))
    if unit.disrupted:
        violations.append(Violation("13.0", f"{name} is disrupted: it may not attack"))
    gun = ruleset.catalogue.ground[unit_id].bombardment is not None
    if gun and unit_id not in action.artillery:
        # What the gun did this Player Phase bars its fire, not the markers: they last
        # until the Recovery Phase (17.1), and a gun that bombarded in the enemy's phase
        # fires combat in its own.
        record = state.artillery
        if unit_id in record.bombarded:  # 12.1: not both in the same Player Phase
            violations.append(
                Violation("12.1", f"{name} has bombarded this phase: no fire combat too")
            )
        if unit_id in record.moved_adjacent:  # 12.3: rocket artillery included
            violations.append(
                Violation(
                    "12.3", f"{name} moved next to the enemy this phase: no direct fire combat"
                )
            )
    if kind is not None and not may_move_in_segment(ruleset, unit_id, kind):
        violations.append(Violation("7.1", f"{name} fights in the other combat segment"))
    return violations


def closed_to_attack(ruleset: Ruleset, a: Hex, b: Hex) -> str | None:
    """The rule that forbids attacking from `a` into the adjacent `b`: the Terrain Effects
    Chart's combat column prohibits it across a major river (the Don, 8.2); None where
    units may attack."""
    river = ruleset.game_map.river_between(a, b)
    return ruleset.tables.tec.attack_rule(river.river.value) if river is not None else None


def check_attack(ruleset: Ruleset, state: GameState, action: PreparedAttack | HastyAttack) -> None:
    if not action.units:
        raise InvalidAction("an attack names its units")
    if action.target not in ruleset.game_map.hexes:
        raise InvalidAction(f"hex {ruleset.grid.id_of(action.target)} is not on the map")
    for unit_id in (*action.units, *action.artillery):
        if state.units[unit_id].status is not UnitStatus.ON_MAP:
            raise InvalidAction(f"{ruleset.unit_name(unit_id)} is not on the map")


def judge_attack(ruleset: Ruleset, state: GameState, action: PreparedAttack) -> list[Violation]:
    check_attack(ruleset, state, action)
    return _attack_violations(ruleset, state, action)


def _resolve_attack(
    ruleset: Ruleset, state: GameState, action: PreparedAttack
) -> tuple[GameState, list[Event]]:
    check_attack(ruleset, state, action)
    attacker = ruleset.catalogue.ground[action.units[0]].player
    combat = CombatState(
        attacker=attacker,
        target=action.target,
        attackers=action.units,
        attacker_lead=action.lead,
        step=CombatStep.DEFENSE,
        attack_artillery=action.artillery,
        stukas=action.stukas,
    )
    state = replace(state, prepared_targets=state.prepared_targets | {action.target})
    return open_combat(ruleset, state, combat)


def open_combat(
    ruleset: Ruleset, state: GameState, combat: CombatState
) -> tuple[GameState, list[Event]]:
    """An attack begins: it counts for 6.2, releases the reserves attacked (19.11) and
    marks the Ring armies attacked (5.2);
    [15.1] the attackers' construction, and under a prepared attack the defenders', ends;
    the guns that join its fire have fought this Player Phase (12.1)."""
    attacker = combat.attacker
    combat = replace(combat, defending=state.stack(combat.target))
    guns = frozenset(
        u
        for u in combat.attackers
        if ruleset.catalogue.ground[u].bombardment is not None and u not in combat.attack_artillery
    )
    state = state.with_artillery(fought=guns)
    made = state.initiative.attacks_made
    initiative = replace(
        state.initiative, attacks_made=made.set(attacker, (made.get(attacker, 0) or 0) + 1)
    )
    state = replace(state, combat=combat, initiative=initiative)
    state = note_attacked(ruleset, state, combat.defending)  # 5.2: for the release roll
    events: list[Event] = [
        AttackDeclared(
            attacker, combat.target, combat.attackers, combat.attacker_lead, combat.hasty
        )
    ]
    state, released = release(state, list(state.stack(combat.target)), "attacked")
    attacking = [state.units[u].hex for u in combat.attackers]
    state, abandoned = attack_begun(  # 15.1
        ruleset, state, attacking, combat.target, prepared=not combat.hasty
    )
    return state, [*events, *released, *abandoned]


# --- step 2: the defence ---------------------------------------------------------------


def _judge_defend(ruleset: Ruleset, state: GameState, action: Defend) -> list[Violation]:
    combat = state.combat
    wrong = combat_violation(state, action)
    if wrong or combat is None:
        return [wrong] if wrong else []
    units = defenders(state, combat)
    violations = []
    if action.lead not in units:
        violations.append(Violation("11.3", "the lead unit is one of the defending units"))
    elif poor_lead(ruleset, action.lead) and not all(poor_lead(ruleset, u) for u in units):
        violations.append(
            Violation(
                "11.3", "the lead may be artillery or headquarters only when no other unit defends"
            )
        )
    for unit_id in action.artillery:
        # 12.4: for defensive bombardment, range is measured to the unit under attack
        violations.extend(bombardment_problems(ruleset, state, unit_id, combat.target))
    return violations


def _resolve_defend(
    ruleset: Ruleset, state: GameState, action: Defend
) -> tuple[GameState, list[Event]]:
    combat = state.combat
    if combat is None or combat.step is not CombatStep.DEFENSE:
        raise InvalidAction("there is no attack to defend against now")
    combat = replace(combat, defender_lead=action.lead, defense_artillery=action.artillery)
    return next_step(ruleset, replace(state, combat=combat))


# --- stepping on --------------------------------------------------------------------------


def has_work(ruleset: Ruleset, state: GameState, combat: CombatState, step: CombatStep) -> bool:
    """Whether `step` offers anything to do, or is passed by itself."""
    attack_guns = [u for u in alive(state, combat.attack_artillery) if u not in combat.bombarded]
    defence_guns = [u for u in alive(state, combat.defense_artillery) if u not in combat.bombarded]
    if step is CombatStep.COUNTERBATTERY:
        if fog_on(state):  # 18.1: whether an enemy gun could answer is the enemy's to know
            return any(counterbattery_target(ruleset, state, g) for g in attack_guns + defence_guns)
        return any(counterbattery_possible(ruleset, state, g) for g in attack_guns + defence_guns)
    if step is CombatStep.DEFENSIVE_BOMBARDMENT:
        return bool(defence_guns)
    if step is CombatStep.OFFENSIVE_BOMBARDMENT:
        return bool(attack_guns) or any(a not in combat.bombarded for a in combat.stukas)
    if step in FIRE_STEPS:
        firer = (
            first_firer(state, combat)
            if step is CombatStep.FIRST_FIRE
            else first_firer(state, combat).opponent
        )
        target = (
            defenders(state, combat)
            if firer is combat.attacker
            else engaged_attackers(state, combat)
        )
        return (
            firer not in combat.fired and bool(firing_units(state, combat, firer)) and bool(target)
        )
    if step is CombatStep.ADVANCE:  # 8.4: after a hasty attack, only into the hex (finish_hasty)
        vacated = not defenders(state, combat)
        return not combat.hasty and vacated and bool(advancers(ruleset, state, combat))
    return True


def counterbattery_target(ruleset: Ruleset, state: GameState, gun: str) -> bool:
    """[12.4] Whether counterbattery may fire at `gun` at all: on the map, and not a mortar
    or rocket unit."""
    unit = state.units[gun]
    return unit.hex is not None and ruleset.catalogue.ground[gun].type not in NOT_COUNTERBATTERY


def counterbattery_possible(ruleset: Ruleset, state: GameState, gun: str) -> bool:
    """[12.4] Whether an enemy artillery unit could fire counterbattery at `gun`: a
    counterbattery target in range of an enemy gun that has not fired."""
    catalogue = ruleset.catalogue
    target = state.units[gun].hex
    if target is None or not counterbattery_target(ruleset, state, gun):
        return False
    enemy = catalogue.ground[gun].player.opponent
    return any(
        catalogue.ground[u].player is enemy
        and catalogue.ground[u].bombardment is not None
        and catalogue.ground[u].type not in NOT_COUNTERBATTERY
        and not bombardment_problems(ruleset, state, u, target, counterbattery=True)
        for u in sorted(state.units)
        if state.units[u].status is UnitStatus.ON_MAP
    )


def firing_units(state: GameState, combat: CombatState, side: Player) -> tuple[str, ...]:
    """The units that fire for `side`: the defenders on their hex; the attackers still on
    the map next to it, except artillery that bombarded (12.1) and units that failed a
    check (11.5)."""
    if side is not combat.attacker:
        return defenders(state, combat)
    return tuple(
        u
        for u in engaged_attackers(state, combat)
        if u not in combat.no_fire and u not in combat.attack_artillery
    )


def advancers(ruleset: Ruleset, state: GameState, combat: CombatState) -> tuple[str, ...]:
    """[11.8] Attacking non-artillery units still next to the vacated hex that may advance;
    [5.1, 5.2, 19.11] not those held in place: an advance is a move (reading 162)."""
    catalogue = ruleset.catalogue
    return tuple(
        u
        for u in firing_units(state, combat, combat.attacker)
        if catalogue.ground[u].unit_class is not UnitClass.ARTILLERY
        and u not in combat.no_advance
        and held_in_place(ruleset, state, u) is None
    )


def next_step(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """Go to the next step with something to do; after the last, the combat is over."""
    combat = state.combat
    assert combat is not None
    index = STEPS.index(combat.step) + 1
    rolled: list[Event] = []
    if index == STEPS.index(CombatStep.FIRST_FIRE):
        state, rolled = _cleared_by_bombardment(ruleset, state, combat)
        combat = state.combat
        assert combat is not None
    while index < len(STEPS) and not has_work(ruleset, state, combat, STEPS[index]):
        index += 1
    if index == len(STEPS):
        events: list[Event] = []
        if combat.hasty:
            state, events = finish_hasty(ruleset, state, combat)
        return replace(state, combat=None), [*rolled, *events, CombatEnded(combat.target)]
    combat = replace(combat, step=STEPS[index])
    if combat.opening_fire is None and index >= STEPS.index(CombatStep.FIRST_FIRE):
        combat = replace(combat, opening_fire=first_firer(state, combat))
    return replace(state, combat=combat), [*rolled, CombatStepReached(combat.step)]


def _cleared_by_bombardment(
    ruleset: Ruleset, state: GameState, combat: CombatState
) -> tuple[GameState, list[Event]]:
    """[11.8] Defenders all destroyed by bombardment before a prepared attack: the
    attackers roll an unmodified attack and advance the total of its results, at least
    into the hex. (A hasty attack's stack simply enters it and moves on, 8.4.)"""
    if combat.hasty or not combat.defending or defenders(state, combat):
        return state, []
    attackers = engaged_attackers(state, combat)
    factors = sum(i.value for i in fire_factors(ruleset, state, attackers))
    if factors == 0:
        return replace(state, combat=replace(combat, advance_length=1)), []
    roll, state, die = roll_die(state, "advance after bombardment", combat.attacker)
    result = ruleset.tables.crt.resolve(factors, 0, 0, roll=roll)
    column = ruleset.tables.crt.column_for(factors, 0)
    fired = FireResolved("unmodified attack for the advance", factors, column, 0, roll, str(result))
    combat = replace(combat, advance_length=max(result.total, 1))
    return replace(state, combat=combat), [die, fired]


def finish_hasty(
    ruleset: Ruleset, state: GameState, combat: CombatState
) -> tuple[GameState, list[Event]]:
    """[8.4] After a hasty attack: a vacated hex is entered by the attackers still in the
    fight; those that retreated or were disrupted stop moving. [15.1, 15.3] The hex they
    leave and the hex they enter settle their entrenchments. Guns that enter it next to
    another enemy unit have moved adjacent to the enemy this phase (12.3)."""
    events: list[Event] = []
    stopped = {u for u in combat.attackers if u in combat.no_advance or state.units[u].disrupted}
    stopped |= {u for u in combat.attackers if u not in alive(state, combat.attackers)}
    going = tuple(u for u in alive(state, combat.attackers) if u not in stopped)
    if not state.stack(combat.target) and going:
        start = state.units[going[0]].hex
        origins = [state.units[u].hex for u in going]
        for unit_id in going:
            state = state.with_unit(unit_id, replace(state.units[unit_id], hex=combat.target))
        path = (start, combat.target) if start is not None else (combat.target,)
        events.append(CombatMoved(going, path, "advanced"))
        state, lifted = units_left(ruleset, state, origins, [combat.target])
        events.extend(lifted)
        if friendly_near(ruleset, state, combat.attacker.opponent, combat.target, 1):
            guns = (u for u in going if ruleset.catalogue.ground[u].bombardment is not None)
            state = state.with_artillery(moved_adjacent=frozenset(guns))
    movement = state.movement
    moving = FrozenMap({u: p for u, p in movement.moving.items() if u not in stopped})
    done = movement.done | (stopped & set(movement.moving))
    return replace(state, movement=replace(movement, moving=moving, done=done)), events


def _judge_continue(ruleset: Ruleset, state: GameState, action: ContinueCombat) -> list[Violation]:
    wrong = combat_violation(state, action)
    return [wrong] if wrong else []


def _resolve_continue(
    ruleset: Ruleset, state: GameState, action: ContinueCombat
) -> tuple[GameState, list[Event]]:
    combat = state.combat
    if combat is None or combat.pending is not None or combat.step is CombatStep.DEFENSE:
        raise InvalidAction("there is no combat step to finish now")
    if combat.step in FIRE_STEPS:
        side = step_actor(state, combat)
        assert side is not None
        combat = replace(combat, fired=combat.fired | {side})  # 11.1: combat is voluntary
    return next_step(ruleset, replace(state, combat=combat))


# --- 11.3: a new lead --------------------------------------------------------------------


def _side_of(ruleset: Ruleset, state: GameState, action: ChangeLead) -> Player:
    return ruleset.catalogue.ground[action.lead].player


def _judge_lead(ruleset: Ruleset, state: GameState, action: ChangeLead) -> list[Violation]:
    combat = state.combat
    if combat is None or combat.step is CombatStep.DEFENSE:
        return [Violation("11.3", "a lead is changed during a combat, after both are named")]
    side = _side_of(ruleset, state, action)
    if action.player is not None and action.player is not side:
        return [Violation("11.3", "each player names his own lead")]
    attacking = side is combat.attacker
    current = combat.attacker_lead if attacking else combat.defender_lead
    units = engaged_attackers(state, combat) if attacking else defenders(state, combat)
    violations = []
    if (
        current is not None
        and current in alive(state, (current,))
        and not state.units[current].disrupted
    ):
        violations.append(
            Violation("11.3", "the lead is changed only when it has been disrupted or lost")
        )
    others = [u for u in units if u != current]  # the disrupted lead steps down
    if action.lead not in others:
        violations.append(Violation("11.3", "the new lead is another of the units engaged"))
    elif poor_lead(ruleset, action.lead) and not all(poor_lead(ruleset, u) for u in others):
        violations.append(
            Violation(
                "11.3", "the lead may be artillery or headquarters only when no other unit fights"
            )
        )
    return violations


def _resolve_lead(
    ruleset: Ruleset, state: GameState, action: ChangeLead
) -> tuple[GameState, list[Event]]:
    combat = state.combat
    if combat is None:
        raise InvalidAction("no combat is under way")
    if _side_of(ruleset, state, action) is combat.attacker:
        combat = replace(combat, attacker_lead=action.lead)
    else:
        combat = replace(combat, defender_lead=action.lead)
    return replace(state, combat=combat), [LeadChanged(action.lead)]


HANDLERS = {
    ChangeLead: (_judge_lead, _resolve_lead),
    PreparedAttack: (judge_attack, _resolve_attack),
    Defend: (_judge_defend, _resolve_defend),
    ContinueCombat: (_judge_continue, _resolve_continue),
}
