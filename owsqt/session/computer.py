"""A game against the computer (issue 38): the computer's seat in the game's header, when it
must act, how it thinks and how its move is journalled.

The computer plays by the rules the human plays by: it chooses among the actions the rules
allow its side now (players/legal.py), on what its side may see (players/interface.py:
under the fog of war, 18.1, its own side's world), and its move is applied in the game's
mode like any other. `think` is pure and reads only the immutable state it is given, so that
the table may run it in a worker thread; `play_move` journals the move (on the thread that
owns the session), with the player's reason in the entry. `take_back` is the human's undo:
his last action and the computer's moves after it, never across a die."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from owsqt.journal.history import Applied
from owsqt.players.catalogue import make_player
from owsqt.players.interface import LEVELS, Choice, Situation, situation_of
from owsqt.players.legal import legal_actions
from owsqt.players.sealed import unsealed_hidden
from owsqt.rules.actors import acting_side, who_acts
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome, judge
from owsqt.rules.fog.option import fog_on
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import belief
from owsqt.session.game import GameSession
from owsqt.session.play import ComputerPlay
from owsqt.session.seat import Seat, by_computer
from owsqt.session.worldmoves import in_whole_game

TRIES = 8  # moves refused in the whole game (18.1) before the computer plays a safe one


def computer_to_move(session: GameSession, seat: Seat) -> bool:
    """[3.1, 6.1, 12.4] Whether the game waits on the computer now: the step waits on its
    side, and, when it waits on both sides (the initiative bids, a counterbattery), the
    computer has not made the last effective action (each side acts in turn, so neither
    holds the step forever; after a take-back, the turn is the human's again)."""
    state = session.state
    if state.phase is Phase.GAME_OVER:
        return False
    waiting = who_acts(session.ruleset, state)
    if seat.side not in waiting:
        return False
    if seat.side.opponent not in waiting:
        return True
    last = next(session.effective_actions(), None)
    if last is None or not by_computer(session.entries[last.entry - 1]):
        return True
    return not _human_may_act(session.ruleset, state, seat)


def _human_may_act(ruleset: Ruleset, state: GameState, seat: Seat) -> bool:
    """[3.1, 12.4] Whether the rules allow the human any action now: in a counterbattery
    step both sides may fire, but going on with the combat is the attacker's; when the
    defender has no gun left to fire, the computer, attacking, goes on."""
    legal = legal_actions(ruleset, state, random.Random(0))
    return any(acting_side(ruleset, state, action) is not seat.side for action in legal)


@dataclass(frozen=True, slots=True)
class Move:
    """What the computer chose: `action` in the whole game's terms, the player's `choice`
    (made on its side's situation) and how long it thought."""

    action: Action
    choice: Choice
    seconds: float


def think(
    ruleset: Ruleset, state: GameState, seat: Seat, seed: str, alone: bool = False
) -> Move | None:
    """The computer's move in `state` (the whole game), or None when it has nothing of its
    own to do in a step that waits on both sides (the human acts, or ends the step); with
    `alone`, it then makes what no side owns (the arena: nobody else will).

    Its player chooses on what its side may see (its situation) among the actions the rules
    allow its side in its own world (4.3, 6.1: when it allocates or bids second, the step
    it acts in is the whole game's, though the enemy's secret is kept from its situation),
    and the choice is named in the whole game's terms (worldmoves.py). A choice the whole
    game refuses (under the fog of war its side's world can be wrong about a hidden hex) is
    struck off, as a human's refused move is, and the player chooses again; after TRIES
    refusals it plays the first action the whole game allows it (ending the step when it
    may). Pure: reads only `state`; the arena and the game against the computer both think
    so (cli/arenagames.py)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    level = LEVELS[seat.level]
    situation = situation_of(ruleset, state, seat.side)
    world = _world(ruleset, state, seat.side, situation)
    legal = _own(world.ruleset, world.state, seat, rng, alone)
    if legal is None:
        return None
    player = make_player(seat.player, rng, level)
    for _ in range(TRIES):
        if not legal:
            break
        choice = player.choose(situation, legal, level.budget)
        action = in_whole_game(state, world.state, choice.action)
        if action is not None and judge(ruleset, state, action).legal:
            return Move(action, choice, time.perf_counter() - started)
        legal = [other for other in legal if other != choice.action]
    fallback = _own(ruleset, state, seat, rng, alone=True)
    if not fallback:
        raise RuntimeError(f"the rules allow the {seat.side.title} side nothing now")
    choice = Choice(fallback[0], 0.0, "no choice of its own was allowed: the first allowed")
    return Move(fallback[0], choice, time.perf_counter() - started)


def _world(ruleset: Ruleset, state: GameState, side: Player, situation: Situation) -> Situation:
    """[18.1, 4.3, 6.1] `side`'s world of the whole game, the enemy's secret of this turn
    in it: where the actions the rules allow it now are found (its situation, when no
    secret is kept from it)."""
    if unsealed_hidden(ruleset, state, side) is state:
        return situation
    if not fog_on(state):
        return Situation(ruleset, state, side)
    world = belief(ruleset, state, side)
    return Situation(world.ruleset, world.state, side)


def _own(
    ruleset: Ruleset, state: GameState, seat: Seat, rng: random.Random, alone: bool
) -> list[Action] | None:
    """[3.1] The actions the rules allow the computer's side in `state`: its own, else, when
    the step waits on it alone (or `alone`), those no side owns (ending a step of both
    sides); None when it has none and the step waits on the human too."""
    legal = legal_actions(ruleset, state, rng)
    sides = [acting_side(ruleset, state, action) for action in legal]
    own = [action for action, side in zip(legal, sides, strict=True) if side is seat.side]
    if own:
        return own
    if not alone and seat.side.opponent in who_acts(ruleset, state):
        return None
    return [action for action, side in zip(legal, sides, strict=True) if side is None]


def seed_of(session: GameSession) -> str:
    """The computer's own seed for its next move: the game's id and the journal's length.
    A game reopened thinks the same thought again; it never reads the dice to come."""
    return f"{session.header.game}:{len(session.entries)}"


def play_move(session: GameSession, seat: Seat, move: Move) -> Outcome:
    """Journal the computer's `move` in the game's mode, with its reason in the entry."""
    return session.write_action(move.action, (seat.field(move.choice.reason),))


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


def why_not_take_back(session: GameSession) -> str | None:
    """Why the human cannot take back his last action now (None: he can, `take_back`)."""
    plan = _taken_back(session)
    return plan if isinstance(plan, str) else None


def take_back(session: GameSession) -> list[Applied]:
    """[Undo] Take back the computer's moves made since the human's last action, and that
    action, the last first, as undo entries; ValueError saying why when they cannot all be
    (a die rolled, a change of active player, outside FREE play: journal/history.py)."""
    plan = _taken_back(session)
    if isinstance(plan, str):
        raise ValueError(plan)
    players = session.players
    assert isinstance(players, ComputerPlay)  # _taken_back found the computer's seat
    with players.taking_back():
        return [session.undo() for _ in plan]


def _taken_back(session: GameSession) -> list[Applied] | str:
    """The effective actions `take_back` undoes, the last first: the computer's since the
    human's last action, then that action; or why not."""
    if session.seat is None or not isinstance(session.players, ComputerPlay):
        return "this is not a game against the computer"
    reason = session.players.why_not_act()
    if reason:
        return reason
    plan: list[Applied] = []
    for applied in session.effective_actions():
        computer = by_computer(session.entries[applied.entry - 1])
        if applied.barrier and session.mode is not Mode.FREE:
            whose = "the computer's move after your last action" if computer else "your last action"
            return f"{whose} cannot be taken back: {applied.barrier}"
        plan.append(applied)
        if not computer:
            return plan
    return "there is no action of yours to take back"
