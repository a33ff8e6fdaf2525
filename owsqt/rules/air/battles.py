"""The Air Combat Segment (4.4): its battles and what the table asks of them.

When the segment begins every air superiority fighter facing an enemy mission rolls for
its interception (its proficiency or less); one facing an empty mission box, or failing,
goes to the flown box. Each mission box that interceptors reached becomes an AirBattle.
Where escorts fly, the bounce is rolled (die plus the best proficiency engaged, ties
rolled again). The choices and the fire that follow are `engage`'s.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.air.charts import ESCORT_OF, INTERCEPTS, flying_weather, units_in
from owsqt.rules.core.events import (
    AirCheck,
    AirUnitMoved,
    BounceRolled,
    Event,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import AirBattle, GameState
from owsqt.rules.core.steps import AirBattleStage
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.scenario.ruleset import Ruleset

# The order the battles are fought in: the German interceptors first, as in the 4.4 example.
BATTLES = (
    (Player.GERMAN, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK),
    (Player.SOVIET, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK),
    (Player.SOVIET, AirBox.AIR_SUPERIORITY_VS_INTERDICTION),
)
OUT = (AirBox.FLOWN, AirBox.DISRUPTED)


# --- queries -----------------------------------------------------------------------------


def current_battle(state: GameState) -> AirBattle | None:
    battles = state.air.battles
    return battles[0] if battles else None


def battle_actor(battle: AirBattle) -> Player:
    """Whose choice the battle waits for (4.4)."""
    if battle.stage is AirBattleStage.PAIRING:
        assert battle.bounce is not None
        return battle.bounce
    if battle.stage is AirBattleStage.DESIGNATION:
        assert battle.bounce is not None
        return battle.bounce.opponent
    return battle.interceptor


def flying(state: GameState, units: tuple[str, ...]) -> tuple[str, ...]:
    """The units of `units` not aborted or disrupted."""
    return tuple(u for u in units if state.air_units[u].box not in OUT)


def fighters_of(
    ruleset: Ruleset, state: GameState, battle: AirBattle, player: Player
) -> tuple[str, ...]:
    """[4.4] The fighters of `player` in the fighter combat of `battle`: the interceptors,
    or the escorts of the mission they attack."""
    if player is battle.interceptor:
        return flying(state, battle.interceptors)
    return units_in(ruleset, state, player, ESCORT_OF[battle.mission])


def bombers_of(ruleset: Ruleset, state: GameState, battle: AirBattle) -> tuple[str, ...]:
    """[4.4] The mission aircraft the interceptors may fire at."""
    return units_in(ruleset, state, battle.interceptor.opponent, battle.mission)


def deciding_units(ruleset: Ruleset, state: GameState, battle: AirBattle) -> tuple[str, ...]:
    """The units the battle's deciding side names targets for, now."""
    actor = battle_actor(battle)
    if battle.stage is AirBattleStage.BOMBERS:
        return flying(state, battle.interceptors)
    mine = fighters_of(ruleset, state, battle, actor)
    if battle.stage is AirBattleStage.DESIGNATION:
        targeted = set(battle.pairs.values())
        return tuple(u for u in mine if u not in targeted)
    return mine


def target_units(ruleset: Ruleset, state: GameState, battle: AirBattle) -> tuple[str, ...]:
    """The enemy units the deciding side may fire at now."""
    actor = battle_actor(battle)
    if battle.stage is AirBattleStage.BOMBERS:
        return bombers_of(ruleset, state, battle)
    return fighters_of(ruleset, state, battle, actor.opponent)


def proposed_pairs(ruleset: Ruleset, state: GameState, battle: AirBattle) -> dict[str, str]:
    """[4.4] A target for each deciding unit, for the table to offer first: every enemy
    fighter not yet engaged is covered before any is fired at twice (the bombers: one
    each, in turn)."""
    deciding = deciding_units(ruleset, state, battle)
    targets = list(target_units(ruleset, state, battle))
    if not targets:
        return {}
    if battle.stage is AirBattleStage.DESIGNATION:
        answered = set(answers(battle.pairs).values())
        targets.sort(key=lambda t: t in answered)  # the uncovered ones first
    return {unit: targets[index % len(targets)] for index, unit in enumerate(deciding)}


def air_fire(ruleset: Ruleset, firer: str, target: str) -> tuple[int, str, int]:
    """[4.4] The differential (air-to-air factor minus the target's defensive factor), its
    column and the die roll modifiers of one air unit firing at another."""
    catalogue = ruleset.catalogue.air
    shooter, aim = catalogue[firer], catalogue[target]
    table = ruleset.tables.air_combat
    differential = shooter.air_to_air - aim.defense
    drm = table.drm(
        shooter.proficiency, aim.proficiency, shooter.type.is_fighter, aim.type.is_fighter
    )
    return differential, table.column_for(differential), drm


# --- the segment begins ------------------------------------------------------------------


def start_battles(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[4.4] Interception rolls for every air superiority fighter, then the bounce where
    escorts fly; the battles wait for their sides' choices."""
    if not flying_weather(ruleset, state):
        return state, []
    events: list[Event] = []
    battles = []
    for player, box in BATTLES:
        fighters = units_in(ruleset, state, player, box)
        if not fighters:
            continue
        mission = INTERCEPTS[box]
        enemy = units_in(ruleset, state, player.opponent, mission, ESCORT_OF[mission])
        passed = []
        for air_id in fighters:
            if not enemy:  # 4.4: a box with no enemy units: back to the flown box
                state = state.with_air_unit(air_id, AirBox.FLOWN)
                events.append(AirUnitMoved(air_id, AirBox.FLOWN, None))
                continue
            needed = ruleset.catalogue.air[air_id].proficiency
            roll, state, rolled = roll_die(state, "interception", player)
            events.extend((rolled, AirCheck(air_id, "interception", roll, needed, roll <= needed)))
            if roll <= needed:
                passed.append(air_id)
            else:
                state = state.with_air_unit(air_id, AirBox.FLOWN)
                events.append(AirUnitMoved(air_id, AirBox.FLOWN, None))
        if not passed:
            continue
        battle = AirBattle(player, mission, tuple(passed), AirBattleStage.BOMBERS)
        escorts = units_in(ruleset, state, player.opponent, ESCORT_OF[mission])
        if escorts:
            state, winner, rolled_bounce = _bounce(ruleset, state, player, tuple(passed), escorts)
            events.extend(rolled_bounce)
            battle = replace(battle, stage=AirBattleStage.PAIRING, bounce=winner)
        battles.append(battle)
    state = replace(state, air_operations=replace(state.air, battles=tuple(battles)))
    return state, events


def _bounce(
    ruleset: Ruleset,
    state: GameState,
    interceptor: Player,
    interceptors: tuple[str, ...],
    escorts: tuple[str, ...],
) -> tuple[GameState, Player, list[Event]]:
    """[4.4] Each side rolls and adds its best engaged fighter's proficiency; ties again."""
    catalogue = ruleset.catalogue.air
    best = {
        interceptor: max(catalogue[u].proficiency for u in interceptors),
        interceptor.opponent: max(catalogue[u].proficiency for u in escorts),
    }
    events: list[Event] = []
    while True:
        totals = []
        for side in (interceptor, interceptor.opponent):
            roll, state, rolled = roll_die(state, "the bounce", side)
            events.append(rolled)
            totals.append((side, roll + best[side]))
        if totals[0][1] != totals[1][1]:
            winner = max(totals, key=lambda t: t[1])[0]
            events.append(BounceRolled(tuple(totals), winner))
            return state, winner, events


def answers(pairs: FrozenMap[str, str]) -> dict[str, str]:
    """[4.4] Each fighter fired at answers the first fighter paired with it."""
    answers: dict[str, str] = {}
    for firer, target in pairs.items():
        answers.setdefault(target, firer)
    return answers
