"""Helpers for the tests of a game against the computer at the table (issue 38): a game
started as the New Game dialog starts it, its window with the computer's pace at 0, and a
wait until the human must act."""

from __future__ import annotations

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice
from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.core.actions import Action, AllocateAir, DeclareAttacks, EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession, new_game
from owsqt.session.computer import (
    computer_to_move,
    play_move,
    seed_of,
    think,
    why_not_take_back,
)
from tests.qt.tabletools import window_for

GAME = "0" * 31 + "7"
TURN_MS = 60_000  # the longest a test waits for the computer's turn


def computer_game(
    ruleset,
    scenario: str = "we-are-coming",
    human: Player = Player.GERMAN,
    player: str = "greedy",
    level: str = "normal",
    options: tuple[str, ...] = (),
    seed: int = 5,
    path=None,
) -> GameSession:
    """A STRICT game against the computer, both sides set up by default, its id (which
    seeds the computer's thoughts, session/computer.py: seed_of) always the same."""
    choice = NewGameChoice(
        scenario,
        options,
        Mode.STRICT,
        play=Play.COMPUTER,
        side=human,
        computer_player=player,
        computer_level=level,
    )
    session = new_game(
        ruleset,
        scenario,
        Mode.STRICT,
        seed=seed,
        options=options,
        path=path,
        play=Play.COMPUTER,
        side=human,
        computer=choice.computer.text if choice.computer else None,
        game=GAME,
    )
    session.apply_default_setup()
    return session


def computer_window(qtbot, ruleset, session: GameSession) -> MainWindow:
    """The table of `session`, the computer playing at once (no pace)."""
    window = window_for(qtbot, ruleset, session)
    window.computer.turns.pace_ms = 0
    return window


def wait_for_human(qtbot, window: MainWindow, timeout: int = TURN_MS) -> None:
    """Until the computer has played what it must and the human acts (or the game is over)."""
    turns = window.computer.turns
    qtbot.waitUntil(lambda: not turns.playing and turns.why_wait() is None, timeout=timeout)


def human_pass(session: GameSession, human: Player) -> Action:
    """The human's least action now: no air missions (4.3), no planned attacks (6.1), else
    the end of the step."""
    state = session.state
    step = allocation_step(session.ruleset, state)
    if step is not None and step[0] is human and step[1] != STEP_THREE:
        return AllocateAir(player=human, missions=FrozenMap())
    if (
        state.segment is Segment.INITIATIVE_DETERMINATION
        and human not in state.initiative.planned_attacks
    ):
        return DeclareAttacks(player=human, planned=0)
    return EndStep(player=human)


def before_computer_moves_in(
    session: GameSession,
    *segments: Segment,
    undoable: bool = False,
    limit: int = 300,
) -> tuple[str, Action]:
    """Play the game by the session alone, the human passing and the computer thinking on
    this thread, until a pass of the human's is followed by moves of the computer in one of
    `segments` (any segment when none is named), with `undoable` a pass he may take back
    (no die rolled since): the journal's text before that pass, and the pass."""
    seat = session.seat
    assert seat is not None
    before: tuple[str, Action] | None = None
    answered = False  # the computer moved since `before`, in one of `segments`
    for _ in range(limit):
        if computer_to_move(session, seat):
            move = think(session.ruleset, session.state, seat, seed_of(session))
            if move is not None:
                if before is not None and (not segments or session.state.segment in segments):
                    if not undoable:
                        return before
                    answered = True
                assert play_move(session, seat, move).applied
                continue
        if answered and before is not None and why_not_take_back(session) is None:
            return before
        answered = False
        action = human_pass(session, seat.side.opponent)
        before = (session.text(), action)
        outcome = session.submit(action)
        assert outcome.applied, outcome.verdict
    raise AssertionError(f"the computer never came to move in {segments}")
