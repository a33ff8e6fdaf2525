"""The Air Combat Segment (4.4): interception, the bounce, fighter against fighter, then
the interceptors against the bombers.

When the segment begins every air superiority fighter facing an enemy mission rolls for
its interception (its proficiency or less); one facing an empty mission box, or failing,
goes to the flown box. Each mission box that interceptors reached becomes an AirBattle.
Where escorts fly, the bounce is rolled (die plus the best proficiency engaged, ties
rolled again): its winner pairs his fighters with the enemy's (every enemy fighter
covered before any is doubled) and fires first; the other side's unpaired fighters are
designated at the winner's, then every survivor of the other side returns fire. The
surviving interceptors then choose bombers of the mission; that fire is simultaneous,
and each bomber fired upon fires back at the first fighter that fired at it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from owsqt.rules.air.charts import ESCORT_OF, INTERCEPTS, flying_weather, units_in
from owsqt.rules.core.actions import AirEngage
from owsqt.rules.core.events import (
    AirCheck,
    AirFireResolved,
    AirUnitMoved,
    BounceRolled,
    Event,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import AirBattle, GameState
from owsqt.rules.core.steps import AirBattleStage
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.tables.results import AirCombatResult
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
        answered = set(_answers(battle.pairs).values())
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


# --- the choices -------------------------------------------------------------------------


def _judge(ruleset: Ruleset, state: GameState, action: AirEngage) -> list[Violation]:
    _check(ruleset, action)
    battle = current_battle(state)
    if battle is None:
        return [Violation("4.4", "no air battle waits for a choice")]
    actor = battle_actor(battle)
    if action.player is not None and action.player is not actor:
        return [Violation("4.4", f"the {actor.title} player chooses the targets now")]
    deciding = deciding_units(ruleset, state, battle)
    targets = target_units(ruleset, state, battle)
    violations = []
    for firer, target in action.pairs.items():
        if firer not in deciding:
            name = ruleset.catalogue.air[firer].name
            violations.append(Violation("4.4", f"{name} does not choose a target now"))
        if target not in targets:
            name = ruleset.catalogue.air[target].name
            violations.append(Violation("4.4", f"{name} may not be fired at in this round"))
    if violations or battle.stage is AirBattleStage.BOMBERS:
        return violations  # 4.4: the interceptors "may choose to fire on any or all bombers"
    missing = [u for u in deciding if u not in action.pairs]
    if missing:
        names = ", ".join(ruleset.catalogue.air[u].name for u in missing)
        violations.append(Violation("4.4", f"every engaged fighter is paired: {names}"))
    covered = _targets_covered(battle, action.pairs)
    doubled = len(covered) < covered.total()
    if doubled and set(covered) != set(targets):
        violations.append(
            Violation(
                "4.4",
                "every enemy fighter must be engaged before two fire at the same one",
            )
        )
    return violations


def _targets_covered(battle: AirBattle, pairs: FrozenMap[str, str]) -> Counter[str]:
    """How often each enemy fighter is fired at by the deciding side, counting the
    fighters the other side paired with its own: they fire back at their pair."""
    counts: Counter[str] = Counter(pairs.values())
    if battle.stage is AirBattleStage.DESIGNATION:
        counts.update(_answers(battle.pairs).values())
    return counts


def _answers(pairs: FrozenMap[str, str]) -> dict[str, str]:
    """[4.4] Each fighter fired at answers the first fighter paired with it."""
    answers: dict[str, str] = {}
    for firer, target in pairs.items():
        answers.setdefault(target, firer)
    return answers


def _check(ruleset: Ruleset, action: AirEngage) -> None:
    for air_id in (*action.pairs.keys(), *action.pairs.values()):
        if air_id not in ruleset.catalogue.air:
            raise InvalidAction(f"there is no air unit {air_id!r} in this game")


def _resolve(
    ruleset: Ruleset, state: GameState, action: AirEngage
) -> tuple[GameState, list[Event]]:
    _check(ruleset, action)
    battle = current_battle(state)
    if battle is None:
        raise InvalidAction("no air battle waits for a choice (4.4)")
    if battle.stage is AirBattleStage.PAIRING:
        battle = replace(battle, pairs=action.pairs)
        untargeted = [
            u
            for u in fighters_of(ruleset, state, battle, battle_actor(battle).opponent)
            if u not in set(action.pairs.values())
        ]
        if untargeted:  # 4.4: the other side designates its unpaired fighters first
            return _with_battle(state, replace(battle, stage=AirBattleStage.DESIGNATION)), []
        return _fighter_round(ruleset, state, battle, FrozenMap())
    if battle.stage is AirBattleStage.DESIGNATION:
        return _fighter_round(ruleset, state, battle, action.pairs)
    return _bomber_round(ruleset, state, battle, action.pairs)


def _with_battle(state: GameState, battle: AirBattle | None) -> GameState:
    """The state with the current battle replaced (None: it is over)."""
    rest = state.air.battles[1:]
    battles = (battle, *rest) if battle is not None else rest
    return replace(state, air_operations=replace(state.air, battles=battles))


# --- the fire ------------------------------------------------------------------------------


def _fighter_round(
    ruleset: Ruleset, state: GameState, battle: AirBattle, designated: FrozenMap[str, str]
) -> tuple[GameState, list[Event]]:
    """[4.4] The side with the bounce fires and its results are applied; then the other
    side's surviving fighters return fire: at the fighter paired with them, or as they
    were designated."""
    winner = battle.bounce
    assert winner is not None
    events: list[Event] = []
    engaged = set(battle.pairs) | set(battle.pairs.values()) | set(designated)
    for firer, target in battle.pairs.items():
        if state.air_units[target].box in OUT:  # 4.4: aborted already; no reassignment
            continue
        state, fired = _fire(ruleset, state, firer, target, winner)
        events.extend(fired)
    answers = {**_answers(battle.pairs), **designated}
    for firer, target in answers.items():
        if state.air_units[firer].box not in OUT:
            state, fired = _fire(ruleset, state, firer, target, winner.opponent)
            events.extend(fired)
    air = state.air
    state = replace(state, air_operations=replace(air, engaged=air.engaged | engaged))
    battle = replace(battle, stage=AirBattleStage.BOMBERS, pairs=FrozenMap())
    return _after_fighters(ruleset, state, battle, events)


def _after_fighters(
    ruleset: Ruleset, state: GameState, battle: AirBattle, events: list[Event]
) -> tuple[GameState, list[Event]]:
    """[4.4] Surviving interceptors go on to the bombers; with none, the battle is over."""
    if flying(state, battle.interceptors) and bombers_of(ruleset, state, battle):
        return _with_battle(state, battle), events
    return _with_battle(state, None), events


def _bomber_round(
    ruleset: Ruleset, state: GameState, battle: AirBattle, pairs: FrozenMap[str, str]
) -> tuple[GameState, list[Event]]:
    """[4.4] Simultaneous fire: each interceptor at its bomber, each bomber fired upon at
    the first fighter that fired at it; no result is applied before all have fired."""
    shots = [*pairs.items(), *_answers(pairs).items()]
    events: list[Event] = []
    results: list[tuple[str, AirCombatResult]] = []
    interceptor = battle.interceptor
    for firer, target in shots:
        side = interceptor if firer in pairs else interceptor.opponent
        state, result, fired = _roll(ruleset, state, firer, target, side)
        events.extend(fired)
        results.append((target, result))
    for target, result in results:
        state, moved = _apply(state, target, result)
        events.extend(moved)
    return _with_battle(state, None), events


def _fire(
    ruleset: Ruleset, state: GameState, firer: str, target: str, side: Player
) -> tuple[GameState, list[Event]]:
    state, result, events = _roll(ruleset, state, firer, target, side)
    state, moved = _apply(state, target, result)
    return state, [*events, *moved]


def _roll(
    ruleset: Ruleset, state: GameState, firer: str, target: str, side: Player
) -> tuple[GameState, AirCombatResult, list[Event]]:
    differential, column, drm = air_fire(ruleset, firer, target)
    roll, state, rolled = roll_die(state, "air combat", side)
    result = ruleset.tables.air_combat.resolve(differential, drm, roll=roll)
    fired = AirFireResolved(firer, target, column, drm, roll, str(result))
    return state, result, [rolled, fired]


def _apply(state: GameState, target: str, result: AirCombatResult) -> tuple[GameState, list[Event]]:
    """[4.4] A: the target aborts to the flown box; D: to the disrupted box."""
    if result.no_effect or state.air_units[target].box is AirBox.DISRUPTED:
        return state, []
    box = AirBox.DISRUPTED if result.disrupted else AirBox.FLOWN
    if state.air_units[target].box is box:
        return state, []
    return state.with_air_unit(target, box), [AirUnitMoved(target, box, None)]


HANDLERS = {AirEngage: (_judge, _resolve)}
