"""A game played through a Matrix room at the table (issue 40; docs/network-play.md): a game
file with its network record beside it (`FILE.network`, made by `owsqt host` or `join`) is
played through its room as soon as it is on the table. Each action of this player goes to
the room at once (live), File ▸ Send to opponent ends his part there, and what the opponent
plays is taken in as it comes, checked as an e-mail file, and shown. The room is read and
written on a thread of its own (roomthread.py); the game is touched only here, on the
window's thread. No rules here."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from owsqt.journal.textformat import JournalError
from owsqt.network.account import kept_token
from owsqt.network.link import NetworkGame, Outgoing
from owsqt.network.record import NetworkRecord, RecordError
from owsqt.network.room import Arrived
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.roomthread import RETRY_SECONDS, RoomThread
from owsqt.session import ImportRefused


class NetworkPlay(QObject):
    """The network side of the game on the table, when it has a room."""

    def __init__(self, window: QWidget, bridge: SessionBridge) -> None:
        super().__init__(window)
        self._window, self._bridge = window, bridge
        self._game: NetworkGame | None = None
        self._thread: RoomThread | None = None
        self._record: NetworkRecord | None = None
        self._path: Path | None = None
        self._in_flight: Outgoing | None = None
        bridge.changed.connect(self._changed)
        bridge.replaced.connect(self._replaced)
        window.destroyed.connect(lambda: self.detach())

    @property
    def active(self) -> bool:
        return self._game is not None

    # --- the game on the table ---------------------------------------------------------------

    def _replaced(self) -> None:
        """Another game on the table: its room, if it has one."""
        self.detach()
        path = self._bridge.session.path
        if path is not None and NetworkRecord.path_of(path).exists():
            self.attach(path)

    def attach(self, path: Path, password: str | None = None) -> bool:
        """Play the game on the table (its file `path`) through its room: signed in with
        the token kept in the keyring, else with `password` or one asked for."""
        self.detach()
        try:
            record = NetworkRecord.load(path)
            session = self._bridge.session
            game = NetworkGame(session, None, record.opponent, record.shared(session.text()))
        except (RecordError, ValueError) as error:
            self._bridge.say(f"Network: {error}")
            return False
        if password is None and kept_token(record.account) is None:
            password = self._ask_password(record)
            if password is None:
                return False
        thread = RoomThread(record.account, record.room_id, password)
        thread.arrived.connect(self._arrived)
        thread.put_done.connect(self._put_done)
        thread.failed.connect(lambda message: self._bridge.say(f"Network: {message}", 10000))
        self._game, self._thread, self._record, self._path = game, thread, record, path
        thread.start()
        self._bridge.say(f"Playing through room {record.room_id} with {record.opponent}")
        self._changed()  # a part sent, or played, before the window was opened
        return True

    def detach(self) -> None:
        if self._thread is not None:
            self._thread.stop()
        self._game = self._thread = self._record = self._path = self._in_flight = None

    def _ask_password(self, record: NetworkRecord) -> str | None:
        text, given = QInputDialog.getText(
            self._window,
            "Sign in to your homeserver",
            f"Password of {record.account.user_id} on {record.account.homeserver}:",
            QLineEdit.EchoMode.Password,
        )
        return text if given and text else None

    # --- what this player plays ----------------------------------------------------------------

    def send(self) -> None:
        """End this player's part and put it in the room (File ▸ Send to opponent)."""
        game = self._game
        if game is None:
            return
        try:
            game.end_part()
        except ValueError as error:
            self._bridge.say(str(error))
            return
        finally:
            self._bridge.refresh()
        self._bridge.say("Your part goes to the room: your opponent is told it is his move")

    def _changed(self) -> None:
        """The game changed: what this player wrote goes to the room, one part at a time."""
        game, thread = self._game, self._thread
        if game is None or thread is None or self._in_flight is not None:
            return
        outgoing = game.pending_part() or game.live_part()
        if outgoing is not None:
            self._in_flight = outgoing
            thread.put(outgoing)

    def _put_done(self, outgoing: Outgoing) -> None:
        if self._game is None or outgoing is not self._in_flight:
            return
        self._game.sent(outgoing)
        self._in_flight = None
        self._keep()
        self._changed()  # what was played meanwhile

    # --- what the opponent plays ---------------------------------------------------------------

    def _arrived(self, events: list[Arrived]) -> None:
        game = self._game
        if game is None:
            return
        game.take(events)
        try:
            report = game.take_in()
        except (JournalError, ImportRefused) as error:
            self._bridge.say(f"Network: the opponent's part is refused: {error}", 15000)
            return
        if report is None:
            return
        self._keep()
        self._bridge.refresh()
        self._bridge.say(
            f"From the room: entries {report.first_entry} to {report.last_entry} of your opponent"
        )
        if self._in_flight is None:
            QTimer.singleShot(int(RETRY_SECONDS * 1000), self._changed)

    def _keep(self) -> None:
        """Write how much of the file the room holds beside the game file."""
        if self._game is not None and self._record is not None and self._path is not None:
            self._record = self._record.with_shared(self._game.shared)
            self._record.save(self._path)
