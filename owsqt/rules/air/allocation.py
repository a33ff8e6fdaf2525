"""The Air Allocation Segment (4.3): the Soviet side places ready air units in its mission
boxes in secret (step 1), the German side does the same (step 2), then both charts are
revealed and the German side may place its remaining ready fighters (step 3).

At one computer the table keeps a side's boxes out of sight until the reveal. Between two
machines an allocation may be made sealed: the side has allocated, and shows its boxes
(the allocation it committed to, which the e-mail exchange checks) once the other side
has allocated, before step 3."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.air.charts import box_problem, flying_weather, weather_of
from owsqt.rules.core.actions import AllocateAir
from owsqt.rules.core.events import AirAllocated, AirUnitMoved, Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.scenario.ruleset import Ruleset

STEP_ONE, STEP_TWO, STEP_THREE = 1, 2, 3


def allocation_step(ruleset: Ruleset, state: GameState) -> tuple[Player, int] | None:
    """[4.3] Who allocates now and in which step; None when no allocation is left (or the
    weather grounds every air unit, 4.2)."""
    if not flying_weather(ruleset, state):
        return None
    air = state.air
    if Player.SOVIET not in air.allocated:
        return Player.SOVIET, STEP_ONE
    if Player.GERMAN not in air.allocated:
        return Player.GERMAN, STEP_TWO
    for player in Player:  # a sealed allocation is shown before the reveal
        if player in air.sealed:
            return player, STEP_ONE if player is Player.SOVIET else STEP_TWO
    if not air.fighters_placed:
        return Player.GERMAN, STEP_THREE
    return None


def allocation_due(ruleset: Ruleset, state: GameState) -> Violation | None:
    """[4.3] Why the Air Allocation Segment may not end yet: a side has not allocated
    (steps 1 and 2 are each side's, even to allocate nothing)."""
    step = allocation_step(ruleset, state)
    if step is None or step[1] == STEP_THREE:
        return None
    player, number = step
    return Violation(
        "4.3", f"the {player.title} player allocates his air units first (step {number})"
    )


def _judge(ruleset: Ruleset, state: GameState, action: AllocateAir) -> list[Violation]:
    _check(ruleset, action)
    if not flying_weather(ruleset, state):
        weather = weather_of(ruleset, state)
        return [
            Violation("4.2", f"air units fly only on clear turns; turn {state.turn} is {weather}")
        ]
    step = allocation_step(ruleset, state)
    if step is None:
        return [Violation("4.3", "every side has allocated its air units this turn")]
    player, number = step
    violations = []
    showing = player in state.air.sealed
    if action.sealed and (showing or number == STEP_THREE or action.missions):
        violations.append(
            Violation("4.3", "only a secret allocation of step 1 or 2 is sealed, with no boxes")
        )
    if action.player is not None and action.player is not player:
        violations.append(
            Violation("4.3", f"the {player.title} player allocates now (step {number})")
        )
    for air_id, box in action.missions.items():
        unit = ruleset.catalogue.air[air_id]
        if unit.player is not player:
            violations.append(Violation("4.3", f"{unit.name} is not a {player.title} air unit"))
            continue
        if state.air_units[air_id].box is not AirBox.READY:
            violations.append(
                Violation("4.3", f"{unit.name} was not ready at the start of the turn")
            )
        if number == STEP_THREE and not unit.type.is_fighter:
            violations.append(
                Violation("4.3", "after the reveal only German fighters are placed (step 3)")
            )
        problem = box_problem(ruleset, air_id, box)
        if problem is not None:
            violations.append(problem)
    return violations


def _check(ruleset: Ruleset, action: AllocateAir) -> None:
    for air_id, box in action.missions.items():
        if air_id not in ruleset.catalogue.air:
            raise InvalidAction(f"there is no air unit {air_id!r} in this game")
        if box in (AirBox.READY, AirBox.FLOWN, AirBox.DISRUPTED):
            raise InvalidAction(f"{box.value} is not a mission box (4.3)")


def _resolve(
    ruleset: Ruleset, state: GameState, action: AllocateAir
) -> tuple[GameState, list[Event]]:
    _check(ruleset, action)
    step = allocation_step(ruleset, state)
    if step is None:
        raise InvalidAction("no air allocation is due now (4.3)")
    player, number = step
    for air_id, box in action.missions.items():
        state = state.with_air_unit(air_id, box)
    air = state.air
    how = ""
    if number == STEP_THREE:
        air = replace(air, fighters_placed=True)
    elif player in air.sealed:  # the sealed allocation shown
        air, how = replace(air, sealed=air.sealed - {player}), "shown"
    else:
        sealed = air.sealed | {player} if action.sealed else air.sealed
        air = replace(air, allocated=air.allocated | {player}, sealed=sealed)
        how = "sealed" if action.sealed else ""
    state = replace(state, air_operations=air)
    events: list[Event] = [AirAllocated(player, number, how)]
    if number == STEP_THREE:
        events.extend(AirUnitMoved(a, b, None) for a, b in action.missions.items())
    elif charts_revealed(ruleset, state):  # step 3: both charts are shown (the log too)
        events.extend(
            AirUnitMoved(air_id, unit.box, None)
            for air_id, unit in state.air_units.items()
            if unit.box not in (AirBox.READY, AirBox.FLOWN, AirBox.DISRUPTED)
        )
    return state, events


def charts_revealed(ruleset: Ruleset, state: GameState) -> bool:
    """[4.3] Whether both Air Operations Charts are shown: after both sides allocated this
    turn and showed any sealed allocation (before that, each side's mission boxes are its
    secret)."""
    air = state.air
    return (air.allocated >= set(Player) and not air.sealed) or not flying_weather(ruleset, state)


HANDLERS = {AllocateAir: (_judge, _resolve)}
