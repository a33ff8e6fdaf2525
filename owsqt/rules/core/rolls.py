"""Rolling the game's die inside a rule: the value, the state after it and its event (2.0).

`roll_die` is the one place the rules roll; `begin_action` is where the engine begins each
action it applies, for the keyed die of a game with the fog of war (18.1, core/dice.py)."""

from __future__ import annotations

from owsqt.rules.core.events import DiceRolled
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player


def roll_die(
    state: GameState, purpose: str, player: Player | None, key: str | None = None
) -> tuple[int, GameState, DiceRolled]:
    """Roll the game's die once for `player` (None: for no side) with `purpose`: the value,
    the state after it and the event (2.0: 1-10). Under the keyed die (18.1) the value
    depends on the action, the player, the `key` (the purpose unless given) and the rolls
    of that player and key this action made before, and on no other roll. A purpose that
    names a counter is keyed by its id, so that renaming the counter in the data changes
    no roll of a game already played."""
    value, dice = state.dice.roll(purpose if key is None else key, player)
    return value, state.with_dice(dice), DiceRolled(purpose, player, value)


def begin_action(state: GameState) -> GameState:
    """[18.1] The state as the engine begins applying an action: the keyed die counts the
    new action's rolls afresh. Under the sequential die, `state` itself."""
    dice = state.dice.begin_action()
    return state if dice is state.dice else state.with_dice(dice)
