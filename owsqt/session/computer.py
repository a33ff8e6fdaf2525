"""A game against the computer (issue 38): the computer's seat in the game's header, when it
must act, how it thinks and how its move is journalled.

The computer plays by the rules the human plays by: it chooses among the actions the rules
allow its side now (players/legal.py), on what its side may see (players/interface.py:
under the fog of war, 18.1, its own side's world), and its move is applied in the game's
mode like any other. `think` is pure and reads only the immutable state it is given, so that
the table may run it in a worker thread; `play_move` journals the move (on the thread that
owns the session), with the player's reason in the entry."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from owsqt.players.catalogue import make_player
from owsqt.players.interface import LEVELS, Choice, situation_of
from owsqt.players.legal import legal_actions
from owsqt.rules.actors import acting_side, who_acts
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.engine import Outcome, judge
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session.game import GameSession
from owsqt.session.seat import COMPUTER_FIELD, Seat, by_computer
from owsqt.session.worldmoves import in_whole_game

TRIES = 8  # moves refused in the whole game (18.1) before the computer plays a safe one


def computer_to_move(session: GameSession, seat: Seat) -> bool:
    """[3.1, 6.1, 12.4] Whether the game waits on the computer now: the step waits on its
    side, and, when it waits on both sides (the initiative bids, a counterbattery), the
    computer has not made the last action (each side acts in turn, so neither holds the
    step forever)."""
    state = session.state
    if state.phase is Phase.GAME_OVER:
        return False
    waiting = who_acts(session.ruleset, state)
    if seat.side not in waiting:
        return False
    if seat.side.opponent not in waiting:
        return True
    entries = session.entries
    return not entries or not by_computer(entries[-1])


@dataclass(frozen=True, slots=True)
class Move:
    """What the computer chose: `action` in the whole game's terms, the player's `choice`
    (made on its side's situation) and how long it thought."""

    action: Action
    choice: Choice
    seconds: float


def think(ruleset: Ruleset, state: GameState, seat: Seat, seed: str) -> Move | None:
    """The computer's move in `state` (the whole game), or None when it has nothing of its
    own to do in a step that waits on both sides (the human acts, or ends the step).

    Its player chooses on what its side may see among the actions the rules allow it, and
    the choice is named in the whole game's terms (worldmoves.py). A choice the whole game
    refuses (under the fog of war its side's world can be wrong about a hidden hex) is
    struck off, as a human's refused move is, and the player chooses again; after TRIES
    refusals it plays the first action the whole game allows it (ending the step when it
    may). Pure: reads only `state`."""
    started = time.perf_counter()
    rng = random.Random(seed)
    level = LEVELS[seat.level]
    situation = situation_of(ruleset, state, seat.side)
    legal = _own(situation.ruleset, situation.state, seat, rng)
    if legal is None:
        return None
    player = make_player(seat.player, rng, level)
    for _ in range(TRIES):
        if not legal:
            break
        choice = player.choose(situation, legal, level.budget)
        action = in_whole_game(state, situation.state, choice.action)
        if action is not None and judge(ruleset, state, action).legal:
            return Move(action, choice, time.perf_counter() - started)
        legal = [other for other in legal if other != choice.action]
    fallback = _own(ruleset, state, seat, rng)
    if not fallback:
        raise RuntimeError(f"the rules allow the {seat.side.title} side nothing now")
    choice = Choice(fallback[0], 0.0, "no choice of its own was allowed: the first allowed")
    return Move(fallback[0], choice, time.perf_counter() - started)


def _own(ruleset: Ruleset, state: GameState, seat: Seat, rng: random.Random) -> list[Action] | None:
    """[3.1] The actions the rules allow the computer's side in `state`: its own, else, when
    the step waits on it alone, those no side owns (ending a step of both sides); None when
    it has none and the step waits on the human too."""
    legal = legal_actions(ruleset, state, rng)
    sides = [acting_side(ruleset, state, action) for action in legal]
    own = [action for action, side in zip(legal, sides, strict=True) if side is seat.side]
    if own:
        return own
    if seat.side.opponent in who_acts(ruleset, state):
        return None
    return [action for action, side in zip(legal, sides, strict=True) if side is None]


def seed_of(session: GameSession) -> str:
    """The computer's own seed for its next move: the game's id and the journal's length.
    A game reopened thinks the same thought again; it never reads the dice to come."""
    return f"{session.header.game}:{len(session.entries)}"


def play_move(session: GameSession, seat: Seat, move: Move) -> Outcome:
    """Journal the computer's `move` in the game's mode, with its reason in the entry."""
    reason = f"{seat.player} {seat.level}: {move.choice.reason}"
    return session.write_action(move.action, ((COMPUTER_FIELD, reason),))


def play_until_human(
    session: GameSession,
    seat: Seat,
    on_move: Callable[[Move, Outcome], None] | None = None,
    limit: int = 20_000,
) -> list[Move]:
    """Let the computer play every action it must until the human must act or the game is
    over (`limit` at most, far above a game's length); `on_move` hears each. RuntimeError
    if the rules refuse what it chose (a bug)."""
    moves: list[Move] = []
    while len(moves) < limit and computer_to_move(session, seat):
        move = think(session.ruleset, session.state, seat, seed_of(session))
        if move is None:
            break
        outcome = play_move(session, seat, move)
        if not outcome.applied:
            raise RuntimeError(f"the rules refused the computer's move: {move.choice.reason}")
        moves.append(move)
        if on_move is not None:
            on_move(move, outcome)
    return moves
