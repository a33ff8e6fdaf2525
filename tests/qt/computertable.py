"""Helpers for the tests of a game against the computer at the table (issue 38): a game
started as the New Game dialog starts it, its window with the computer's pace at 0, and a
wait until the human must act."""

from __future__ import annotations

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice, start_game
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession
from tests.qt.tabletools import window_for

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
    """A STRICT game against the computer, both sides set up by default."""
    choice = NewGameChoice(
        scenario,
        options,
        Mode.STRICT,
        play=Play.COMPUTER,
        side=human,
        computer_player=player,
        computer_level=level,
    )
    return start_game(ruleset, choice, path, seed=seed)


def computer_window(qtbot, ruleset, session: GameSession) -> MainWindow:
    """The table of `session`, the computer playing at once (no pace)."""
    window = window_for(qtbot, ruleset, session)
    window.computer.turns.pace_ms = 0
    return window


def wait_for_human(qtbot, window: MainWindow, timeout: int = TURN_MS) -> None:
    """Until the computer has played what it must and the human acts (or the game is over)."""
    turns = window.computer.turns
    qtbot.waitUntil(lambda: not turns.playing and turns.why_wait() is None, timeout=timeout)
