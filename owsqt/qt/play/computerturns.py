"""The computer's turns at the table, in a game against the computer (issue 38): whenever the
game waits on the computer (session/computer.py: `computer_to_move`) its thought runs off
the window's thread (`think` is pure and reads only the state it is given; kit/background.py
runs it), while the status bar says so beside a busy indicator; the move that comes back is
played on the window's thread (`bridge.play_computer`), so that the map and the log show
it, and after a pace a player can follow the computer goes on, until the human must act.

A thought on a game or a state that is no longer the table's (the human took something
back, opened another game or closed this one) is dropped, and the computer thinks again on
the game as it stands if it is still its move. No rules here: when the computer moves, what
it plays and how it is journalled are the session's."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMainWindow, QProgressBar

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.background import Background
from owsqt.qt.kit.seatline import computer_name
from owsqt.rules.core.state import GameState
from owsqt.session import GameSession
from owsqt.session.computer import Move, computer_to_move, seed_of, think
from owsqt.session.seat import Seat

PACE_MS = 600  # after each move of the computer, before its next: time to see it
# Before a thought begins, the window draws what changed: a thought running meanwhile would
# share the interpreter with the drawing and slow it several times over.
SETTLE_MS = 40
BUSY_WIDTH = 90


class ComputerTurns(QObject):
    """Plays the computer's moves at the table as they come; `pace_ms` between two of them
    (a setting: 0 plays them as soon as the window has drawn the last one)."""

    moved = Signal(object)  # the Move the computer played, once it is in the journal

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        blocked: Callable[[], bool],
        pace_ms: int = PACE_MS,
    ) -> None:
        super().__init__(window)
        self._window, self._bridge, self._blocked = window, bridge, blocked
        self.pace_ms = pace_ms
        self.background = Background(self, self._thought_failed)
        self.error: BaseException | None = None  # why the computer could not move, if so
        self._thinking_on: tuple[GameSession, GameState] | None = None
        self._idle_on: GameState | None = None  # it had nothing of its own to do here
        self._stuck_on: GameState | None = None  # its thought failed here: never again
        self._stopped = False
        self._soon = QTimer(self, singleShot=True, interval=SETTLE_MS)  # many changes, one look
        self._soon.timeout.connect(self._go)
        self._pace = QTimer(self, singleShot=True)
        self._pace.timeout.connect(self._go)
        self.indicator = QProgressBar(window)
        self.indicator.setObjectName("computerThinking")
        self.indicator.setRange(0, 0)  # busy: no end known
        self.indicator.setTextVisible(False)
        self.indicator.setMaximumWidth(BUSY_WIDTH)
        self.indicator.setToolTip("The computer is playing its side: wait for your move")
        self.indicator.hide()
        window.statusBar().addPermanentWidget(self.indicator)
        self._message = ""  # the status bar's line this shows while the computer plays
        bridge.changed.connect(self.follow)
        bridge.replaced.connect(self._restart)
        self.follow()

    @property
    def thinking(self) -> bool:
        """Whether the computer's thought is under way."""
        return self.background.busy

    @property
    def playing(self) -> bool:
        """Whether the computer is thinking or between two of its moves (its pace)."""
        return self.thinking or self._pace.isActive()

    def why_wait(self) -> str | None:
        """Why the human waits now (the computer is to move), for the commands it greys;
        None when the human may act."""
        session = self._bridge.session
        seat = session.seat
        if seat is None or self._stopped or session.state in (self._idle_on, self._stuck_on):
            return None
        if not computer_to_move(session, seat):
            return None
        return f"{computer_name(seat).lower()} is to move: wait for it"

    def follow(self) -> None:
        """The table changed: a thought on a game or state that has gone is dropped; look
        again, once the change is all in, whether the computer is to move."""
        if self._thinking_on is not None and not self._current(*self._thinking_on):
            self.background.cancel()
            self._thinking_on = None
        self._soon.start()

    def stop(self) -> None:
        """The window closes: no thought is wanted any more, nothing more is played."""
        self._stopped = True
        self.background.cancel()
        self._pace.stop()
        self._soon.stop()
        self._show(None)

    def _restart(self) -> None:
        """Another game on the table: nothing of the last one's goes on."""
        self.background.cancel()
        self._thinking_on = None
        self._pace.stop()
        self._idle_on = self._stuck_on = None
        self.error = None
        self.follow()

    def _current(self, session: GameSession, state: GameState) -> bool:
        return self._bridge.session is session and session.state is state

    def _go(self) -> None:
        """Think, off the window's thread, if the game waits on the computer now."""
        if self.thinking or self._pace.isActive():
            return
        session = self._bridge.session
        seat = session.seat
        state = session.state
        if seat is None or self._stopped or self._blocked() or self.why_wait() is None:
            self._show(None)
            return
        if not self._window.isVisible():  # shown first: the window calls `follow` then
            return
        self._thinking_on = (session, state)
        self._show(seat)
        work = partial(think, session.ruleset, state, seat, seed_of(session))
        self.background.start(work, self._thought)

    def _thought(self, move: Move | None) -> None:
        """The thought came back: its move played, if the game is still the one it thought on."""
        on, self._thinking_on = self._thinking_on, None
        if on is None or not self._current(*on):
            self.follow()
            return
        session, state = on
        seat = session.seat
        if move is None or seat is None:  # nothing of its own to do: the human acts
            self._idle_on = state
            self._show(None)
            self._bridge.refresh()  # the commands it greyed are the human's again
            return
        self._pace.start(max(self.pace_ms, SETTLE_MS))  # before the move's redraw asks again
        outcome = self._bridge.play_computer(move)
        if outcome is None:  # a replay began, or the file could not be written: said
            self._pace.stop()
            self._show(None)
            return
        if not outcome.applied:
            reasons = "; ".join(str(v) for v in outcome.verdict.violations)
            self._failed(RuntimeError(f"the rules refused its move ({reasons})"), state)
            return
        self.moved.emit(move)
        self._show(seat)  # the move's redraw took the line back; the turn goes on

    def _thought_failed(self, error: BaseException) -> None:
        on, self._thinking_on = self._thinking_on, None
        self._failed(error, on[1] if on is not None else self._bridge.session.state)

    def _failed(self, error: BaseException, state: GameState) -> None:
        """Its thought or its move failed (a bug): said, and never tried again on `state`."""
        self._pace.stop()
        self.error = error
        self._stuck_on = state
        self._show(None)
        self._bridge.refresh()  # the commands it greyed are the human's again
        self._bridge.say(f"The computer could not move: {error}", 20000)

    def _show(self, seat: Seat | None) -> None:
        """The status bar while the computer plays `seat` (None: it does not)."""
        bar = self._window.statusBar()
        self.indicator.setVisible(seat is not None)
        if seat is not None:
            self._message = f"{computer_name(seat)} is thinking…"
            bar.showMessage(self._message)
        elif self._message:
            if bar.currentMessage() == self._message:
                bar.clearMessage()
            self._message = ""
