"""[18.1] Fog of war as a game option: chosen at New Game beside a scenario's own options
(19.41) and recorded with them in the game file's header. A new game with it also records
the keyed die (core/dice.py), which the program chooses, never the players."""

from __future__ import annotations

from owsqt.rules.core.dice import KEYED_DICE
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import STEPS_PASS

FOG_OF_WAR = "fog-of-war"
"""The option's id in `GameState.options` and the file's `options:` line."""

GAME_OPTIONS = (FOG_OF_WAR,)
"""Options every scenario has, besides those its own file lists: the players choose them."""

PROGRAM_OPTIONS = (KEYED_DICE, STEPS_PASS)
"""Options a file may record that the program sets itself and never offers to players."""


def fog_on(state: GameState) -> bool:
    """[18.1] Whether the game is played with the fog of war rules."""
    return FOG_OF_WAR in state.options


def new_game_options(chosen: tuple[str, ...]) -> tuple[str, ...]:
    """[18.1] The options a new game records for the options the players `chose`: with the
    fog of war, the keyed die too, so that each side's program, rolling only for the units
    it may know, still agrees with the other's on every roll both make; without it, never.
    Every new game passes the steps that need nobody (3.1, idlesteps.py)."""
    options = tuple(option for option in chosen if option not in PROGRAM_OPTIONS)
    keyed = (KEYED_DICE,) if FOG_OF_WAR in options else ()
    return (*options, *keyed, STEPS_PASS)


def misplaced_option(options: tuple[str, ...]) -> str | None:
    """[18.1] Why a file's `options` cannot stand together, or None: the keyed die belongs
    to a game with the fog of war only."""
    if KEYED_DICE in options and FOG_OF_WAR not in options:
        return f"the option {KEYED_DICE!r} is for a game with {FOG_OF_WAR!r} only"
    return None
