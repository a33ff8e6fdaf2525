"""Rolling the game's die inside a rule: the value, the state after it and its event (2.0)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.events import DiceRolled
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player


def roll_die(
    state: GameState, purpose: str, player: Player | None
) -> tuple[int, GameState, DiceRolled]:
    """Roll the game's die once: the value, the state after it and the event (2.0: 1-10)."""
    value, dice = state.dice.roll()
    return value, replace(state, dice=dice), DiceRolled(purpose, player, value)
