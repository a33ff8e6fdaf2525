"""Plausible combat actions for a state (11.0-12.0, 8.4), built to be legal: prepared
attacks in combat segments, hasty attacks by stacks that can pay for them, and every step
of a combat under way, results included. A companion of legalactions for the fuzzer and,
later, a computer player."""

from __future__ import annotations

import random
from collections.abc import Iterator

from owsqt.rules.combat.artillery import NOT_COUNTERBATTERY, bombardment_problems
from owsqt.rules.combat.bombard import BOMBARDMENT_STEPS
from owsqt.rules.combat.hasty import closed_target, short_of_points
from owsqt.rules.combat.leads import poor_lead
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.prepared import (
    FIRE_STEPS,
    advancers,
    alive,
    closed_to_attack,
    defenders,
    engaged_attackers,
    firing_units,
    step_actor,
)
from owsqt.rules.combat.results import (
    LOSS_STAGES,
    combat_advances,
    holds_ring_forces,
    points_due,
    retreat_options,
)
from owsqt.rules.combat.retreat import Blocked
from owsqt.rules.core.actions import (
    Action,
    Advance,
    AirStrike,
    AnswerOptional,
    Bombard,
    BombardmentMission,
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
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.draw import hidden_targets
from owsqt.rules.fog.view import view
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import may_move_in_segment
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS, MOVEMENT_SEGMENTS

ATTACKS = 2  # attacks sampled per call


def combat_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """The actions of the combat under way, or attacks the phasing player could open."""
    combat = state.combat
    if combat is not None:
        return _in_combat(ruleset, state, combat, rng)
    if state.active is None:
        return []
    if state.segment in COMBAT_SEGMENTS:
        return [*prepared_attacks(ruleset, state, rng), *missions(ruleset, state, rng)]
    if state.segment in MOVEMENT_SEGMENTS:
        return hasty_attacks(ruleset, state, rng)
    return []


# --- opening attacks -------------------------------------------------------------------------


def _spent_gun(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[12.1, 12.3] A gun that bombarded or moved next to the enemy this Player Phase has
    no direct fire combat."""
    record = state.artillery
    return ruleset.catalogue.ground[unit_id].bombardment is not None and (
        unit_id in record.bombarded or unit_id in record.moved_adjacent
    )


def _lead(ruleset: Ruleset, units: tuple[str, ...]) -> str:
    """[11.3] The most proficient unit that is neither artillery nor headquarters."""
    catalogue = ruleset.catalogue
    good = [u for u in units if not poor_lead(ruleset, u)] or list(units)
    return max(good, key=lambda u: (catalogue.ground[u].proficiency, u))


def _enemy_hexes_next_to(
    ruleset: Ruleset, state: GameState, hex_: Hex, player: Player
) -> Iterator[Hex]:
    catalogue = ruleset.catalogue
    for _, neighbour in ruleset.grid.neighbours(hex_):
        stack = state.stack(neighbour)
        if closed_to_attack(ruleset, hex_, neighbour) is not None:
            continue  # 8.2: no combat across the Don
        fighters = [u for u in stack if state.units[u].strength > 0]  # 16.3: not convoys
        if fighters and catalogue.ground[stack[0]].player is not player:
            yield neighbour


def prepared_attacks(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[11.1] Attacks on enemy hexes by every able unit next to them."""
    player = state.active
    assert player is not None
    kind = COMBAT_SEGMENTS[state.segment]
    catalogue = ruleset.catalogue
    able: dict[Hex, list[str]] = {}
    for hex_, stack in state.stacks.items():
        for unit_id in stack:
            unit = state.units[unit_id]
            if (
                catalogue.ground[unit_id].player is player
                and not unit.disrupted
                and unit.strength > 0  # 16.3: convoys have no combat value
                and not _spent_gun(ruleset, state, unit_id)
                and may_move_in_segment(ruleset, unit_id, kind)
            ):
                for target in _enemy_hexes_next_to(ruleset, state, hex_, player):
                    if target not in state.prepared_targets:
                        able.setdefault(target, []).append(unit_id)
    targets = sorted(able)
    actions: list[Action] = []
    for target in rng.sample(targets, min(ATTACKS, len(targets))):
        units = tuple(able[target])
        actions.append(
            PreparedAttack(player=player, target=target, units=units, lead=_lead(ruleset, units))
        )
    return actions


def missions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[12.4] A bombardment mission by one gun at an enemy hex it may reach."""
    player = state.active
    assert player is not None
    catalogue = ruleset.catalogue
    enemy = sorted(
        h for h, stack in state.stacks.items() if catalogue.ground[stack[0]].player is not player
    )
    guns = [
        u
        for u, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and not unit.fired
        and u not in state.artillery.bombarded  # 12.1: a mission held without fire (R115)
        and catalogue.ground[u].player is player
        and catalogue.ground[u].bombardment is not None
    ]
    for gun in rng.sample(sorted(guns), len(guns)):
        targets = [h for h in enemy if not bombardment_problems(ruleset, state, gun, h)]
        if targets:
            return [BombardmentMission(player=player, target=rng.choice(targets), units=(gun,))]
    return []


def hasty_attacks(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[8.4] Hasty attacks by stacks that may move now, stand within the stacking limit,
    and have the points; no support (the German artillery option is left to players)."""
    player = state.active
    assert player is not None
    actions: list[Action] = []
    hexes = sorted(state.stacks)
    rng.shuffle(hexes)
    for hex_ in hexes:
        units = tuple(
            u
            for u in movable_units(ruleset, state, hex_)
            if not state.units[u].disrupted
            and state.units[u].strength > 0
            and not _spent_gun(ruleset, state, u)
        )
        if not units or stacking_points(ruleset, state, hex_) > ruleset.tables.stacking_limit:
            continue
        for target in _enemy_hexes_next_to(ruleset, state, hex_, player):
            if closed_target(ruleset, state, units, target) is None and not short_of_points(
                ruleset, state, units, target
            ):
                lead = _lead(ruleset, units)
                actions.append(HastyAttack(player=player, target=target, units=units, lead=lead))
                break
        if len(actions) >= ATTACKS:
            break
    return actions


# --- a combat under way ---------------------------------------------------------------------


def _in_combat(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    actor = step_actor(state, combat)
    if combat.pending is not None:
        return _answers(ruleset, state, combat, rng)
    step = combat.step
    if step is CombatStep.DEFENSE:
        units = defenders(state, combat)
        guns = bombarding_guns(ruleset, state, combat.attacker.opponent, combat.target)
        chosen = tuple(rng.sample(guns, min(len(guns), rng.randint(0, 2))))
        return [Defend(player=actor, lead=_lead(ruleset, units), artillery=chosen)]
    actions: list[Action] = [ContinueCombat(player=actor), *_new_leads(ruleset, state, combat)]
    if step is CombatStep.COUNTERBATTERY:
        actions.extend(_counterbattery(ruleset, state, combat, rng))
    elif step in BOMBARDMENT_STEPS:
        actions.extend(_bombardments(ruleset, state, combat, rng))
    elif step in FIRE_STEPS:
        assert actor is not None
        if actor is combat.attacker:
            actions.append(Fire(player=actor))
        else:
            attackers = firing_units(state, combat, combat.attacker)
            hexes = sorted({h for h in (state.units[u].hex for u in attackers) if h is not None})
            if hexes:
                actions.append(Fire(player=actor, at=rng.choice(hexes)))
    elif step is CombatStep.ADVANCE:
        actions.extend(_advances(ruleset, state, combat, rng))
    return actions


def _new_leads(ruleset: Ruleset, state: GameState, combat: CombatState) -> list[Action]:
    """[11.3] A new lead for a side whose lead is disrupted or lost."""
    actions: list[Action] = []
    sides = (
        (combat.attacker, combat.attacker_lead, engaged_attackers(state, combat)),
        (combat.attacker.opponent, combat.defender_lead, defenders(state, combat)),
    )
    for player, lead, units in sides:
        others = tuple(u for u in units if u != lead)
        stepped_down = lead is None or not alive(state, (lead,)) or state.units[lead].disrupted
        if stepped_down and others:
            actions.append(ChangeLead(player=player, lead=_lead(ruleset, others)))
    return actions


def bombarding_guns(ruleset: Ruleset, state: GameState, player: Player, target: Hex) -> list[str]:
    """Artillery of `player` that may bombard `target` (12.4)."""
    catalogue = ruleset.catalogue
    return sorted(
        u
        for u, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and catalogue.ground[u].player is player
        and catalogue.ground[u].bombardment is not None
        and not bombardment_problems(ruleset, state, u, target)
    )


def _counterbattery(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    catalogue = ruleset.catalogue
    actions: list[Action] = []
    designated = [
        u
        for u in (*combat.attack_artillery, *combat.defense_artillery)
        if u not in combat.bombarded
        and state.units[u].hex is not None
        and catalogue.ground[u].type not in NOT_COUNTERBATTERY
    ]
    for target in designated:
        owner = catalogue.ground[target].player
        hex_ = state.units[target].hex
        assert hex_ is not None  # designated holds only guns on a hex
        shooters = [
            u
            for u, unit in state.units.items()
            if unit.status is UnitStatus.ON_MAP
            and catalogue.ground[u].player is owner.opponent
            and catalogue.ground[u].bombardment is not None
            and not bombardment_problems(ruleset, state, u, hex_, counterbattery=True)
        ]
        if shooters:
            shooter = rng.choice(sorted(shooters))
            actions.append(Counterbattery(units=(shooter,), target_unit=target))
    return actions


def _bombardments(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    return [*_artillery_fire(ruleset, state, combat, rng), *_air_strikes(state, combat, rng)]


def _air_strikes(state: GameState, combat: CombatState, rng: random.Random) -> list[Action]:
    """[4.6] The designated Stukas that have not bombarded, at a unit of the hex."""
    stukas = tuple(a for a in combat.stukas if a not in combat.bombarded)
    targets = [u for u in defenders(state, combat)]
    if combat.step is not CombatStep.OFFENSIVE_BOMBARDMENT or not stukas or not targets:
        return []
    return [AirStrike(player=combat.attacker, air_units=stukas, target_unit=rng.choice(targets))]


def _artillery_fire(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    defensive = combat.step is CombatStep.DEFENSIVE_BOMBARDMENT
    designated = combat.defense_artillery if defensive else combat.attack_artillery
    guns = [u for u in alive(state, designated) if u not in combat.bombarded]
    hit = alive(state, combat.attackers) if defensive else defenders(state, combat)
    side = combat.attacker.opponent if defensive else combat.attacker
    seen = view(ruleset, state, side)  # 18.1: a mission's hidden units are not named
    targets = [
        u
        for u in hit
        if ruleset.catalogue.ground[u].unit_class is not UnitClass.HEADQUARTERS and seen.knows(u)
    ]
    # 18.1: in a mission, a hidden unit drawn at random (an attack shows every engaged unit)
    drawn = not combat.attackers and bool(hidden_targets(ruleset, state, seen, combat.target))
    if not guns or not (targets or drawn):
        return []
    gun = (rng.choice(guns),)
    actions: list[Action] = []
    if targets:
        actions.append(Bombard(player=side, units=gun, target_unit=rng.choice(targets)))
    if drawn:
        actions.append(Bombard(player=side, units=gun, hidden_in=combat.target))
    return actions


def _advances(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    units = advancers(ruleset, state, combat)
    if not units:
        return []
    unit_id = rng.choice(units)
    options = combat_advances(ruleset, state, combat, (unit_id,))[unit_id]
    limit = ruleset.tables.stacking_limit
    value = ruleset.catalogue.ground[unit_id].stacking_value(state.units[unit_id].reduced)
    ends = sorted(h for h in options.paths if stacking_points(ruleset, state, h) + value <= limit)
    if not ends:
        return []
    end = rng.choice(ends)
    return [Advance(player=combat.attacker, units=(unit_id,), path=options.paths[end])]


def _answers(
    ruleset: Ruleset, state: GameState, combat: CombatState, rng: random.Random
) -> list[Action]:
    """The answers to the result waiting for its side."""
    pending = combat.pending
    assert pending is not None
    units = alive(state, pending.units)
    player = pending.player
    if pending.stage in LOSS_STAGES:
        hits = LossPriorities(ruleset, state, units, pending.lead).default(
            points_due(state, pending)
        )
        return [TakeLosses(player=player, hits=hits)]
    if pending.stage is ResultStage.OPTIONAL:
        actions: list[Action] = [AnswerOptional(player=player, check=True)]
        if holds_ring_forces(ruleset, state, pending):  # 5.2: they defend in place
            return actions
        if retreat_options(ruleset, state, pending).blocked is not Blocked.SURROUNDED:
            actions.append(AnswerOptional(player=player, check=False))
        return actions
    options = retreat_options(ruleset, state, pending).paths
    option = rng.choice(options)
    return [Retreat(player=player, path=(option.start, *option.hexes))]
