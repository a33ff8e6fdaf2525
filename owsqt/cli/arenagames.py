"""One game of the arena (issue 38): a STRICT game from the scenario's default set-up, each
side played by a computer player on its own situation (players/interface.py), each decision
timed."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from owsqt.players.catalogue import make_player
from owsqt.players.interface import LEVELS, situation_of
from owsqt.players.legal import legal_actions, side_to_move
from owsqt.rules.core.state import GameResult
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game

MAX_ACTIONS = 20_000  # far above a real game's length (the fuzzer's bound)
UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """What one game asks: its scenario, seed and the player of each side, by name."""

    scenario: str
    seed: int
    german: str
    soviet: str
    level: str = "normal"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one game ended: the winner (None: a draw or unfinished), the result's words
    ("German decisive victory") and the seconds of each decision, by the player's name."""

    game: ArenaGame
    winner: Player | None
    outcome: str
    actions: int
    decisions: tuple[tuple[str, float], ...]


def play_arena_game(ruleset: Ruleset, game: ArenaGame) -> GameRecord:
    """Play `game` to its end (or MAX_ACTIONS); RuntimeError if the rules refuse what a
    player chose or nothing is legal before the end (a bug)."""
    session = new_game(ruleset, game.scenario, Mode.STRICT, seed=game.seed)
    session.apply_default_setup()
    sampling = random.Random(game.seed)  # the candidates' sample (rules/legalactions)
    level = LEVELS[game.level]
    players = {
        side: make_player(name, random.Random(f"{game.seed}:{side.value}"), level)
        for side, name in ((Player.GERMAN, game.german), (Player.SOVIET, game.soviet))
    }
    decisions: list[tuple[str, float]] = []
    last: Player | None = None  # the side that made the last action
    while session.state.phase is not Phase.GAME_OVER and len(decisions) < MAX_ACTIONS:
        state = session.state
        legal = legal_actions(ruleset, state, sampling)
        if not legal:
            raise RuntimeError(f"seed {game.seed}: no legal action, turn {state.turn}")
        side, own = side_to_move(ruleset, state, legal, last)
        started = time.perf_counter()
        choice = players[side].choose(situation_of(ruleset, state, side), own, level.budget)
        decisions.append((players[side].name, time.perf_counter() - started))
        if not session.submit(choice.action).applied:
            raise RuntimeError(f"seed {game.seed}: the rules refused {choice.reason}")
        last = side
    result = session.state.result
    session.close()
    winner = result.winner if result else None
    return GameRecord(game, winner, outcome_of(result), len(decisions), tuple(decisions))


def outcome_of(result: GameResult | None) -> str:
    """[19.0, 6.2] A result in words: "Soviet decisive victory", "a draw", "unfinished"."""
    if result is None:
        return UNFINISHED
    level = "win by forfeit" if result.rule == "6.2" else result.reason.split(":")[0]
    return f"{result.winner.title} {level}" if result.winner else level
