"""Open die rolls, for anything the players agree to settle with the die."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.actions import RollDice
from owsqt.rules.events import DiceRolled, Event
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.state import GameState
from owsqt.rules.verdict import InvalidAction, Violation
from owsqt.rules.vocabulary import Player

MAX_DICE_PER_ROLL = 10


def roll_die(
    state: GameState, purpose: str, player: Player | None
) -> tuple[int, GameState, DiceRolled]:
    """Roll the game's die once: the value, the state after it and the event (2.0: 1-10)."""
    value, dice = state.dice.roll()
    return value, replace(state, dice=dice), DiceRolled(purpose, player, value)


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
