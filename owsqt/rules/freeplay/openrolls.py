"""Open die rolls, for anything the players agree to settle with the die."""

from __future__ import annotations

from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.events import Event
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.scenario.ruleset import Ruleset

MAX_DICE_PER_ROLL = 10


def _judge(ruleset: Ruleset, state: GameState, action: RollDice) -> list[Violation]:
    return []


def _resolve(ruleset: Ruleset, state: GameState, action: RollDice) -> tuple[GameState, list[Event]]:
    if not 1 <= action.count <= MAX_DICE_PER_ROLL:
        raise InvalidAction(f"roll 1 to {MAX_DICE_PER_ROLL} dice at a time, not {action.count}")
    events: list[Event] = []
    for _ in range(action.count):
        _, state, event = roll_die(state, action.purpose, action.player or state.active)
        events.append(event)
    return state, events


HANDLERS = {RollDice: (_judge, _resolve)}
