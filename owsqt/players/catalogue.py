"""The computer players by name, as the arena and the table choose them."""

from __future__ import annotations

import random

from owsqt.players.greedy import GreedyPlayer
from owsqt.players.heuristic.player import HeuristicPlayer
from owsqt.players.interface import NORMAL, ComputerPlayer, Level
from owsqt.players.names import PLAYER_NAMES
from owsqt.players.randomplayer import RandomPlayer


def make_player(name: str, rng: random.Random, level: Level = NORMAL) -> ComputerPlayer:
    """The player called `name`, drawing on `rng`; ValueError for an unknown name."""
    if name == "random":
        return RandomPlayer(rng)
    if name == "greedy":
        return GreedyPlayer(rng, level)
    if name == "heuristic":
        return HeuristicPlayer(rng, level)
    raise ValueError(f"no computer player is called {name!r} (one of {', '.join(PLAYER_NAMES)})")
