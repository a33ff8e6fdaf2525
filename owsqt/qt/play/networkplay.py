"""A game played through a Matrix room at the table (issue 40; docs/network-play.md): a game
file with its network record beside it (`FILE.network`, made by `owsqt host` or `join`) is
played through its room as soon as it is on the table. Each action of this player goes to
the room at once (live), File ▸ Send to opponent ends his part there, and what the opponent
plays is taken in as it comes, checked as an e-mail file, and shown. The room is read and
written on a thread of its own (roomthread.py); the game is touched only here, on the
window's thread. No rules here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMainWindow, QMessageBox

from owsqt.journal.textformat import JournalError
from owsqt.network.account import kept_token
from owsqt.network.hosting import host_game, join_room_game
from owsqt.network.link import NetworkGame, Outgoing
from owsqt.network.record import NetworkRecord, RecordError
from owsqt.network.room import Arrived, RoomError
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.chatdock import ChatDock, RoomChat
from owsqt.qt.play.networkdialog import NetworkChoice, NetworkGameDialog
from owsqt.qt.play.offthread import Progress, run_off_thread
from owsqt.qt.play.roomthread import RoomThread
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import ImportRefused
from owsqt.userfiles import games_dir

HOST_KEYS = "Ctrl+Alt+H"
JOIN_KEYS = "Ctrl+Alt+J"


class NetworkPlay(QObject):
    """The network side of the game on the table, when it has a room."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        load: Callable[[Path], bool],
        centre: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self._window, self._bridge, self._load, self._centre = window, bridge, load, centre
        self._chat = RoomChat(window, bridge, centre, self._say, "roomDock")
        self._password: str | None = None  # given in the dialog, for the game it made
        self.host_action = self._action(
            "&Host a network game…", HOST_KEYS, self.host,
            "Play a game through a Matrix room: each move reaches your opponent as you make "
            f"it ({HOST_KEYS})",
        )  # fmt: skip
        self.join_action = self._action(
            "Join a net&work game…", JOIN_KEYS, self.join,
            f"Join the game of a Matrix room your opponent invited you to ({JOIN_KEYS})",
        )  # fmt: skip
        self._game: NetworkGame | None = None
        self._thread: RoomThread | None = None
        self._record: NetworkRecord | None = None
        self._path: Path | None = None
        self._in_flight: Outgoing | None = None
        self._waiting: list[Arrived] = []  # events read while a part is taken in
        self._taking = False
        bridge.changed.connect(self._changed)
        bridge.replaced.connect(self._replaced)
        window.destroyed.connect(lambda: self.detach())

    def _action(self, text: str, keys: str, slot: Callable[[], None], tip: str) -> QAction:
        action = QAction(text, self._window)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    @property
    def active(self) -> bool:
        return self._game is not None

    @property
    def chat(self) -> ChatDock | None:
        """The room's chat dock (None before a game with a room was on the table)."""
        return self._chat.dock

    # --- making and joining a network game -----------------------------------------------

    def host(self) -> None:
        """Ask for the game and the accounts, make the game in a new room, and open it."""
        choice = self._asked(hosting=True)
        if choice is not None:
            self._host(choice, Mode.STRICT, (), Player.GERMAN, "")

    def host_chosen(
        self,
        scenario: str,
        mode: Mode,
        options: tuple[str, ...],
        side: Player,
        orders: str,
        default_setup: bool = True,
    ) -> None:
        """The game chosen in the New Game dialog, over the network: ask for the accounts,
        make the game in a new room, and open it."""
        choice = self._asked(hosting=True, scenario=scenario)
        if choice is not None:
            self._host(choice, mode, options, side, orders, default_setup)

    def _host(
        self,
        choice: NetworkChoice,
        mode: Mode,
        options: tuple[str, ...],
        side: Player,
        orders: str,
        default_setup: bool = True,
    ) -> None:
        path = _new_game_file(choice.scenario)
        work = host_game(
            self._bridge.ruleset, choice.scenario, mode, options, choice.account,
            choice.password or None, choice.other, path, side, orders, default_setup,
        )  # fmt: skip
        self._made(path, choice, lambda _progress: asyncio.run(work), "Making the room")

    def join(self) -> None:
        """Ask for the room and the account, join its game, and open it."""
        choice = self._asked(hosting=False)
        if choice is None:
            return
        path = _new_game_file("joined")
        work = join_room_game(
            self._bridge.ruleset, choice.account, choice.password or None, choice.other, path
        )
        self._made(path, choice, lambda _progress: asyncio.run(work), "Joining the game")

    def _asked(self, hosting: bool, scenario: str | None = None) -> NetworkChoice | None:
        dialog = NetworkGameDialog(self._window, self._bridge.ruleset, hosting, scenario)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()

    def _made(
        self, path: Path, choice: NetworkChoice, work: Callable[[Progress], object], label: str
    ) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            run_off_thread(self._window, label, work)
        except (RoomError, TimeoutError, ValueError, OSError) as error:
            QMessageBox.warning(self._window, "No network game", str(error))
            return
        self._password = choice.password or None
        self._load(path)  # on the table: played through its room (_replaced)

    # --- the game on the table ---------------------------------------------------------------

    def _replaced(self) -> None:
        """Another game on the table: its room, if it has one."""
        self.detach()
        path = self._bridge.session.path
        if path is not None and NetworkRecord.path_of(path).exists():
            password, self._password = self._password, None
            self.attach(path, password)

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
        self._chat.open()
        thread.start()
        self._bridge.say(f"Playing through room {record.room_id} with {record.opponent}")
        self._changed()  # a part sent, or played, before the window was opened
        return True

    def detach(self) -> None:
        if self._thread is not None:
            self._thread.stop()
        self._chat.close()
        self._game = self._thread = self._record = self._path = self._in_flight = None
        self._waiting = []

    def _say(self, words: str) -> None:
        if self._thread is not None:
            self._thread.say(words)

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
        """Events read from the room. What comes while a part is taken in (off the window's
        thread, its events still delivered) waits its turn: one import at a time."""
        self._waiting.extend(events)
        if self._taking or self._game is None:
            return
        self._taking = True
        try:
            while self._waiting and self._game is not None:
                batch, self._waiting = self._waiting, []
                self._take(self._game, batch)
        finally:
            self._taking = False

    def _take(self, game: NetworkGame, events: list[Arrived]) -> None:
        game.take(events)
        self._chat.follow(game.chat)
        try:
            # checked and replayed off the window's thread, as an opened file is: a part of
            # a day's play is long (offthread.py holds the window's input meanwhile)
            report = run_off_thread(
                self._window, "Taking in your opponent's part", lambda _progress: game.take_in()
            )
        except (JournalError, ImportRefused) as error:
            self._bridge.say(f"Network: the opponent's part is refused: {error}", 15000)
            return
        if report is None:
            return
        self._keep()
        self._bridge.refresh()  # and what his program wrote by itself goes out (_changed)
        self._bridge.say(
            f"From the room: entries {report.first_entry} to {report.last_entry} of your opponent"
        )

    def _keep(self) -> None:
        """Write how much of the file the room holds beside the game file."""
        if self._game is not None and self._record is not None and self._path is not None:
            self._record = self._record.with_shared(self._game.shared)
            self._record.save(self._path)


def _new_game_file(name: str) -> Path:
    """A new file in the games folder for a network game, named by `name` and the time."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d-%H%M%S")
    return games_dir() / f"network-{name}-{stamp}.owsg"
