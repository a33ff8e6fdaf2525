"""[18.1] Fog of war as a game option: chosen at New Game beside a scenario's own options
(19.41) and recorded with them in the game file's header."""

from __future__ import annotations

from owsqt.rules.core.state import GameState

FOG_OF_WAR = "fog-of-war"
"""The option's id in `GameState.options` and the file's `options:` line."""

GAME_OPTIONS = (FOG_OF_WAR,)
"""Options every scenario has, besides those its own file lists."""


def fog_on(state: GameState) -> bool:
    """[18.1] Whether the game is played with the fog of war rules."""
    return FOG_OF_WAR in state.options
