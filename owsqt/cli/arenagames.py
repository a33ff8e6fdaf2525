"""One game of the arena (issue 38): a STRICT game from the scenario's default set-up (with
the fog of war, 18.1, if asked), each side played by a computer player on its own situation
as in a game against the computer (session/computer.py), each decision timed."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.actors import who_acts
from owsqt.rules.core.state import GameResult, GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game
from owsqt.session.computer import Move, think
from owsqt.session.seat import Seat

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
    fog: bool = False  # played with the fog of war (18.1)
    options: tuple[str, ...] = ()  # the scenario's optional groups taken (19.41)


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
    """Play `game` to its end (or MAX_ACTIONS); RuntimeError if nothing is legal before the
    end or the rules refuse what a player chose (a bug).

    Each decision is the game against the computer's (session/computer.py `think`): the
    player chooses on its side's situation (under the fog of war, 18.1, its own world) and
    its choice is named in the whole game's terms. Of the sides the step waits for, the one
    that did not make the last action thinks first (3.1, 6.1, 11.2: neither holds a step of
    both forever); when neither has an action of its own, that one makes what no side owns
    (the end of the step). Each thought is seeded by the game's seed, the side and the count
    of decisions made, so that a game plays the same again."""
    options = (*game.options, *((FOG_OF_WAR,) if game.fog else ()))
    session = new_game(ruleset, game.scenario, Mode.STRICT, seed=game.seed, options=options)
    session.apply_default_setup()
    seats = {
        side: Seat(side, name, game.level)
        for side, name in ((Player.GERMAN, game.german), (Player.SOVIET, game.soviet))
    }
    decisions: list[tuple[str, float]] = []
    last: Player | None = None  # the side that made the last action
    while session.state.phase is not Phase.GAME_OVER and len(decisions) < MAX_ACTIONS:
        side, move = next_decision(
            ruleset, session.state, seats, last, f"{game.seed}:{len(decisions)}"
        )
        decisions.append((seats[side].player, move.seconds))
        if not session.submit(move.action).applied:
            raise RuntimeError(f"seed {game.seed}: the rules refused {move.choice.reason}")
        last = side
    result = session.state.result
    session.close()
    winner = result.winner if result else None
    return GameRecord(game, winner, outcome_of(result), len(decisions), tuple(decisions))


def next_decision(
    ruleset: Ruleset, state: GameState, seats: dict[Player, Seat], last: Player | None, seed: str
) -> tuple[Player, Move]:
    """[3.1] The side that moves now and its move."""
    waiting = who_acts(ruleset, state)
    order = [side for side in (Player.GERMAN, Player.SOVIET) if side in waiting]
    if last is Player.GERMAN:
        order.reverse()
    if not order:
        raise RuntimeError(f"{seed}: nobody acts before the end, turn {state.turn}")
    for side in order:
        move = think(ruleset, state, seats[side], f"{seed}:{side.value}")
        if move is not None:
            return side, move
    side = order[0]
    move = think(ruleset, state, seats[side], f"{seed}:{side.value}", alone=True)
    assert move is not None  # alone, a side always moves (or think raised: nothing legal)
    return side, move


def outcome_of(result: GameResult | None) -> str:
    """[19.0, 6.2] A result in words: "Soviet decisive victory", "a draw", "unfinished"."""
    if result is None:
        return UNFINISHED
    level = "win by forfeit" if result.rule == "6.2" else result.reason.split(":")[0]
    return f"{result.winner.title} {level}" if result.winner else level
