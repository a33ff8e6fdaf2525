"""The window while the computer thinks (issue 38): the longest wait of a 10 ms timer on the
window's thread while the heuristic player thinks in a worker (qt/kit/background.py), as
the table runs it, against the longest wait of the same timer with the event loop idle for
as long (the floor: what the machine's load alone costs). The issue's goal is a window
never blocked more than 100 ms while the computer thinks; the ratio says how much of the
wait the thinking adds.

`computer.think_heuristic` is the heuristic player's median decision in the same games,
against the random player's (its floor: finding the legal actions and one draw)."""

from __future__ import annotations

import random
import statistics
import time
from functools import partial

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QApplication

from bench.harness import Measurement
from owsqt.journal.textformat import Play
from owsqt.players.interface import situation_of
from owsqt.players.legal import legal_actions
from owsqt.players.randomplayer import RandomPlayer
from owsqt.qt.kit.background import Background
from owsqt.qt.kit.heap import settle_heap
from owsqt.rules.actors import acting_side
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import GameSession, new_game
from owsqt.session.computer import Move, computer_to_move, play_move, seed_of, think
from owsqt.session.seat import Seat

TICK_MS = 10
THOUGHTS = 60  # the computer's decisions measured


def _game(player: str) -> tuple[GameSession, Seat]:
    seat = Seat(Player.SOVIET, player, "normal")
    session = new_game(
        default_ruleset(),
        "we-are-coming",
        Mode.STRICT,
        seed=4,
        play=Play.COMPUTER,
        computer=seat.text,
        game="b" * 32,
    )
    session.apply_default_setup()
    return session, seat


def _human_acts(session: GameSession, human: RandomPlayer) -> None:
    ruleset, state = session.ruleset, session.state
    legal = legal_actions(ruleset, state, human.rng)
    sides = [acting_side(ruleset, state, action) for action in legal]
    own = [a for a, side in zip(legal, sides, strict=True) if side is Player.GERMAN]
    own = own or [a for a, side in zip(legal, sides, strict=True) if side is None]
    session.submit(human.pick(situation_of(ruleset, state, Player.GERMAN), own))


class _Ticks(QObject):
    """A 10 ms timer on the window's thread: the longest wait between two of its ticks
    while `counting`."""

    def __init__(self) -> None:
        super().__init__()
        self.longest = 0.0
        self.counting = False
        self._last = 0.0
        self._timer = QTimer(self, interval=TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.counting and self._last:
            self.longest = max(self.longest, now - self._last)
        self._last = now

    def restart(self) -> None:
        self._last = 0.0


def _wait(loop: QEventLoop, seconds: float) -> None:
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def _gaps_while_thinking() -> tuple[float, float, list[float]]:
    """The longest tick gap while the heuristic player thinks in a worker, the longest
    while the loop idles as long, and each thought's seconds."""
    session, seat = _game("heuristic")
    human = RandomPlayer(random.Random(4))
    settle_heap()  # as the program does once its window is up (qt/app/launch.py)
    ticks = _Ticks()
    background = Background(ticks, lambda error: (_ for _ in ()).throw(error))
    loop = QEventLoop()
    thoughts: list[float] = []
    came: list[Move | None] = []

    def back(move: Move | None) -> None:
        came.append(move)
        loop.quit()

    while len(thoughts) < THOUGHTS and session.state.phase is not Phase.GAME_OVER:
        if not computer_to_move(session, seat):
            _human_acts(session, human)
            continue
        came.clear()
        work = partial(think, session.ruleset, session.state, seat, seed_of(session))
        background.start(work, back)
        ticks.restart()
        ticks.counting = True
        started = time.perf_counter()
        loop.exec()
        ticks.counting = False
        thoughts.append(time.perf_counter() - started)
        move = came[0]
        if move is None:
            _human_acts(session, human)
        else:
            play_move(session, seat, move)
    thinking = ticks.longest
    ticks.longest = 0.0
    ticks.restart()
    ticks.counting = True
    _wait(loop, sum(thoughts))
    return thinking, ticks.longest, thoughts


def _random_thoughts() -> list[float]:
    session, seat = _game("random")
    human = RandomPlayer(random.Random(4))
    thoughts: list[float] = []
    while len(thoughts) < THOUGHTS and session.state.phase is not Phase.GAME_OVER:
        if not computer_to_move(session, seat):
            _human_acts(session, human)
            continue
        started = time.perf_counter()
        move = think(session.ruleset, session.state, seat, seed_of(session))
        thoughts.append(time.perf_counter() - started)
        if move is None:
            _human_acts(session, human)
        else:
            play_move(session, seat, move)
    return thoughts


def run() -> list[Measurement]:
    QApplication.instance() or QApplication([])
    QCoreApplication.processEvents()
    thinking, idle, thoughts = _gaps_while_thinking()
    floor = _random_thoughts()
    return [
        Measurement("computer.window_gap_while_thinking", thinking, idle),
        Measurement(
            "computer.think_heuristic", statistics.median(thoughts), statistics.median(floor)
        ),
    ]
