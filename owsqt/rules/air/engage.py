"""The choices of an air battle (4.4) and the fire they lead to: the AirEngage handler.

The side with the bounce pairs its fighters with the enemy's (every enemy fighter covered
before any is doubled) and fires first; the other side's unpaired fighters are designated
at the winner's, then every survivor of the other side returns fire. A fighter whose
target aborted before its turn to fire holds its fire, on either side. The surviving
interceptors then choose bombers of the mission; that fire is simultaneous, and each
bomber fired upon fires back at the first fighter that fired at it. The battles
themselves, and the queries the table asks, are in `battles`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from owsqt.rules.air.battles import (
    OUT,
    air_fire,
    answers,
    battle_actor,
    bombers_of,
    current_battle,
    deciding_units,
    fighters_of,
    flying,
    target_units,
)
from owsqt.rules.core.actions import AirEngage
from owsqt.rules.core.events import AirFireResolved, AirUnitMoved, Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import AirBattle, GameState
from owsqt.rules.core.steps import AirBattleStage
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.tables.results import AirCombatResult
from owsqt.rules.scenario.ruleset import Ruleset

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
        counts.update(answers(battle.pairs).values())
    return counts


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
    were designated. A shot at a fighter that aborted already is not fired (`_fire`)."""
    winner = battle.bounce
    assert winner is not None
    events: list[Event] = []
    engaged = set(battle.pairs) | set(battle.pairs.values()) | set(designated)
    for firer, target in battle.pairs.items():
        state, fired = _fire(ruleset, state, firer, target, winner)
        events.extend(fired)
    returning = {**answers(battle.pairs), **designated}
    for firer, target in returning.items():
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
    shots = [*pairs.items(), *answers(pairs).items()]
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
    """[4.4] One shot of the fighter round, its result applied at once. A fighter that
    aborted does not fire, and none fires at one that aborted: "If the first attack forces
    the enemy unit to abort, the additional fighters allocated may not be reassigned",
    on either side (the returning side's second fighter too, reading 72)."""
    if state.air_units[firer].box in OUT or state.air_units[target].box in OUT:
        return state, []
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
