"""The session as the widgets see it: one QObject whose signals say what happened and whose
slots act, so that no widget holds the session or is handed functions of it.

The bridge owns the game in play (`session`); the main window connects its signals to the
views. Widgets read `bridge.session` when they redraw and call `bridge.submit` to act."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from owsqt.journal.textformat import Play
from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.option import fog_on
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession
from owsqt.session.computer import Move, play_move, take_back


class SessionBridge(QObject):
    """The game on the table, as Qt signals and slots."""

    changed = Signal()  # the state or the journal changed: views redraw from the session
    replaced = Signal()  # another game is on the table (a new game, an opened file, a join)
    submitted = Signal(object)  # the Outcome of an action sent through `submit`
    said = Signal(str, int)  # a line for the status bar and how long it stays (ms)
    # The OSError that kept an action out of the game file; a JournalWriteFailed when the
    # session let go of the file after it (session.lost), and the game goes on unsaved.
    write_failed = Signal(object)
    replay_requested = Signal(int, int)  # show journal entries first..last on the map
    view_changed = Signal()  # another side looks at the table, or free play shows all (18.1)

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._gate: Callable[[], bool] = lambda: False
        self._seat: Player | None = None  # hot-seat: who has the computer (play/handover.py)
        self._show_all = False  # free play: the fog of war turned off at the table (18.1)

    @property
    def session(self) -> GameSession:
        return self._session

    @property
    def ruleset(self) -> Ruleset:
        return self._session.ruleset

    # --- what the table may show (18.1) ---------------------------------------------------

    @property
    def viewer(self) -> Player | None:
        """The side whose eyes the table draws for, or None when it may show everything
        (no fog of war, or free play with the fog turned off). E-mail: this computer's
        side; against the computer: the human's, whoever acts; hot-seat: who has the
        computer (the acting side until someone is seated); solitaire: the side that acts
        now."""
        session = self._session
        state = session.state
        if not fog_on(state) or (self._show_all and session.mode is Mode.FREE):
            return None
        if session.seat is not None:  # the computer's side is never shown as it sees it
            return session.seat.side.opponent
        local = session.players.local_sides
        if len(local) == 1:
            return Player(next(iter(local)))
        if session.play is Play.HOT_SEAT and self._seat is not None:
            return self._seat
        acting = who_acts(session.ruleset, state)
        return state.active if len(acting) != 1 else next(iter(acting))

    def seen(self, state: GameState | None = None) -> SideView:
        """[18.1] What the viewer may know of `state` (the game's present by default)."""
        return self._session.seen_in(state or self._session.state, self.viewer)

    @property
    def seat(self) -> Player | None:
        return self._seat

    @seat.setter
    def seat(self, player: Player | None) -> None:
        if player is not self._seat:
            self._seat = player
            self.view_changed.emit()

    @property
    def show_all(self) -> bool:
        return self._show_all

    @show_all.setter
    def show_all(self, on: bool) -> None:
        if on is not self._show_all:
            self._show_all = on
            self.view_changed.emit()

    def set_gate(self, closed: Callable[[], bool]) -> None:
        """`closed()` is asked before each action; when it says True nothing is sent (the
        window closes the gate while a replay shows the past, and says why itself)."""
        self._gate = closed

    def submit(self, action: Action) -> Outcome | None:
        """Send an action to the session. A refusal, a broken rule or an impossible action
        is said, never lost; returns the outcome, or None when nothing could be sent."""
        return self._send(lambda: self._session.submit(action))

    def play_computer(self, move: Move) -> Outcome | None:
        """Journal the computer's `move` (session/computer.py: play_move, its reason in the
        entry) as `submit` sends a player's action: what happens is said, never lost."""
        seat = self._session.seat
        if seat is None:
            raise ValueError("the game on the table is not played against the computer")
        return self._send(lambda: play_move(self._session, seat, move))

    def _send(self, act: Callable[[], Outcome]) -> Outcome | None:
        """Make `act()` journal an action unless the gate is closed; tell the views."""
        if self._gate():
            return None
        try:
            outcome = act()
        except OSError as error:  # first: a JournalWriteFailed is a ValueError too
            self.write_failed.emit(error)
            self.changed.emit()  # the title says the game is unsaved now
            return None
        except InvalidAction as error:
            self.say(str(error))
            return None
        self.changed.emit()
        self.submitted.emit(outcome)
        return outcome

    def undo(self) -> bool:
        """Take back the last action; against the computer, the human's last action with
        the computer's moves since (session/computer.py: take_back). False when the gate
        kept it from being tried."""
        session = self._session
        if session.seat is not None:
            return self._walk(lambda: take_back(session))
        return self._walk(session.undo)

    def redo(self) -> bool:
        """Make again the action taken back last; False when the gate kept it."""
        return self._walk(self._session.redo)

    def _walk(self, step: Callable[[], object]) -> bool:
        """Undo or redo: why the history refuses is said, a failed write reported; the
        views redraw either way."""
        if self._gate():
            return False
        try:
            step()
        except OSError as error:  # first: a JournalWriteFailed is a ValueError too
            self.write_failed.emit(error)
        except ValueError as error:
            self.say(str(error), 5000)
        self.changed.emit()
        return True

    def replace(self, session: GameSession) -> None:
        """Put another game on the table; the one before is closed (its file stays)."""
        before, self._session = self._session, session
        if before is not session:
            before.close()
        self.replaced.emit()
        self.changed.emit()

    def refresh(self) -> None:
        """Say the session changed by other means than `submit` (undo, an imported file)."""
        self.changed.emit()

    def say(self, text: str, milliseconds: int = 8000) -> None:
        self.said.emit(text, milliseconds)

    def watch(self, first: int, last: int) -> None:
        self.replay_requested.emit(first, last)
