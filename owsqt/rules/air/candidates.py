"""Plausible air actions for a state (4.3-4.6), built to be legal: allocations of some
ready units to the boxes they may fly, the targets of the air battle under way, ground
attacks and interdiction missions. A companion of legalactions for the fuzzer."""

from __future__ import annotations

import random

from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.air.battles import (
    battle_actor,
    current_battle,
    deciding_units,
    proposed_pairs,
    target_units,
)
from owsqt.rules.air.charts import MISSION_BOXES, box_problem, units_in
from owsqt.rules.air.strikes import mission_aircraft
from owsqt.rules.combat.targets import ground_attack_reach
from owsqt.rules.core.actions import Action, AirEngage, AllocateAir, GroundAttack, Interdict
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import AirBattleStage, Segment
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.draw import hidden_targets
from owsqt.rules.fog.view import view
from owsqt.rules.scenario.ruleset import Ruleset

FLY_CHANCE = 0.6  # how often a ready unit is sent on a mission in a sampled allocation
STRIKES = 2  # ground attack targets sampled per side


def air_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """The air actions of the current segment of the Air Operations Phase."""
    if state.segment is Segment.AIR_ALLOCATION:
        return _allocations(ruleset, state, rng)
    if state.segment is Segment.AIR_COMBAT:
        return _engagements(ruleset, state, rng)
    if state.segment is Segment.AIR_BOMBARDMENT:
        return [a for p in Player for a in _ground_attacks(ruleset, state, p, rng)]
    if state.segment is Segment.INTERDICTION:
        return _interdictions(ruleset, state, rng)
    return []


def _allocations(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    step = allocation_step(ruleset, state)
    if step is None:
        return []
    player, number = step
    ready = units_in(ruleset, state, player, AirBox.READY)
    if number == STEP_THREE:
        ready = tuple(u for u in ready if ruleset.catalogue.air[u].type.is_fighter)
    empty = AllocateAir(player=player, missions=FrozenMap())
    return [empty, AllocateAir(player=player, missions=sampled_missions(ruleset, ready, rng))]


def sampled_missions(
    ruleset: Ruleset, units: tuple[str, ...], rng: random.Random
) -> FrozenMap[str, AirBox]:
    """[4.3] Missions for some of `units` (FLY_CHANCE each), each to a box it may fly."""
    missions = {}
    for air_id in units:
        player = ruleset.catalogue.air[air_id].player
        boxes = [b for b in MISSION_BOXES[player] if box_problem(ruleset, air_id, b) is None]
        if boxes and rng.random() < FLY_CHANCE:
            missions[air_id] = rng.choice(boxes)
    return FrozenMap(missions)


def _engagements(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    battle = current_battle(state)
    if battle is None:
        return []
    deciding = list(deciding_units(ruleset, state, battle))
    targets = list(target_units(ruleset, state, battle))
    if not targets:
        return []
    rng.shuffle(targets)
    if battle.stage is AirBattleStage.BOMBERS:
        chosen = [u for u in deciding if rng.random() < FLY_CHANCE]
        pairs = {u: rng.choice(targets) for u in chosen}
    else:  # 4.4: every enemy fighter covered before any is doubled
        pairs = proposed_pairs(ruleset, state, battle)
    return [AirEngage(player=battle_actor(battle), pairs=FrozenMap(pairs))]


def _ground_attacks(
    ruleset: Ruleset, state: GameState, player: Player, rng: random.Random
) -> list[Action]:
    aircraft = mission_aircraft(ruleset, state, player, AirBox.GROUND_ATTACK)
    if not aircraft:
        return []
    catalogue = ruleset.catalogue.ground
    reach = ground_attack_reach(ruleset, state, player)  # 4.6
    seen = view(ruleset, state, player)  # 18.1: a hidden unit is struck only as drawn
    enemies = [
        unit_id
        for unit_id, unit in seen.state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and unit.hex is not None
        and catalogue[unit_id].player is player.opponent
        and catalogue[unit_id].unit_class is not UnitClass.HEADQUARTERS  # 12.4
        and unit.hex in reach
    ]
    actions: list[Action] = []
    for target in rng.sample(enemies, min(STRIKES, len(enemies))):
        flying = tuple(u for u in aircraft if rng.random() < FLY_CHANCE) or aircraft[:1]
        actions.append(GroundAttack(player=player, air_units=flying, target_unit=target))
    # 18.1: a hidden unit of a stack within reach, drawn at random
    hiding = [
        h for h in sorted(seen.hidden) if h in reach and hidden_targets(ruleset, state, seen, h)
    ]
    if hiding:
        for hex_ in rng.sample(hiding, min(STRIKES, len(hiding))):
            actions.append(GroundAttack(player=player, air_units=aircraft, hidden_in=hex_))
    return actions


def _interdictions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    aircraft = mission_aircraft(ruleset, state, Player.GERMAN, AirBox.INTERDICTION)
    soviet = [
        unit.hex
        for unit_id, unit in state.units.items()
        if unit.hex is not None and ruleset.catalogue.ground[unit_id].player is Player.SOVIET
    ]
    if not aircraft or not soviet:
        return []
    return [Interdict(player=Player.GERMAN, air_units=aircraft, target=rng.choice(soviet))]
