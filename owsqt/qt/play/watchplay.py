"""Watching a game played through a Matrix room at the table (issue 40): a room member
without a side (an onlooker, invited by a player) follows the game as it is played, each
part checked as the players' programs check it (owsqt/network/onlooker.py), on a table
that refuses every action (his key is neither side's), and reads the room's chat. The room
is read on a thread of its own (roomthread.py). No rules here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox

from owsqt.network.account import Account, sign_in
from owsqt.network.onlooker import Onlooker
from owsqt.network.room import Arrived, GameRoom, RoomError
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.chatdock import RoomChat
from owsqt.qt.play.networkdialog import NetworkGameDialog
from owsqt.qt.play.offthread import run_off_thread
from owsqt.qt.play.roomthread import RoomThread

WATCH_KEYS = "Ctrl+Alt+W"


class WatchPlay(QObject):
    """The game of a room this player watches, while he does."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, centre: Callable[[str], None]
    ) -> None:
        super().__init__(window)
        self._window, self._bridge, self._centre = window, bridge, centre
        self.onlooker: Onlooker | None = None
        self._thread: RoomThread | None = None
        self._chat = RoomChat(window, bridge, centre, self._say, "watchedRoomDock")
        self.watch_action = QAction("&Watch a network game…", window)
        self.watch_action.setShortcut(QKeySequence(WATCH_KEYS))
        self.watch_action.setToolTip(
            f"Follow the game of a Matrix room a player invited you to, as it is played "
            f"({WATCH_KEYS})"
        )
        self.watch_action.triggered.connect(self.ask)
        bridge.replaced.connect(self._replaced)
        window.destroyed.connect(lambda: self.stop())

    def ask(self) -> None:
        dialog = NetworkGameDialog(self._window, self._bridge.ruleset, hosting=False)
        dialog.setWindowTitle("Watch a network game")
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        self.watch(choice.account, choice.other, choice.password)

    def watch(self, account: Account, room_id: str, password: str | None) -> bool:
        """Join the room `room_id` as an onlooker and follow its game."""

        async def joined() -> None:
            client = await sign_in(account, password or None)
            try:
                await GameRoom.join(client, room_id)
            finally:
                await client.close()

        try:
            run_off_thread(self._window, "Joining the room", lambda _p: asyncio.run(joined()))
        except (RoomError, OSError) as error:
            QMessageBox.warning(self._window, "Cannot watch this game", str(error))
            return False
        self.stop()
        self.onlooker = Onlooker(self._bridge.ruleset)
        thread = RoomThread(account, room_id, password or None)
        thread.arrived.connect(self._arrived)
        thread.failed.connect(lambda message: self._bridge.say(f"Network: {message}", 10000))
        self._thread = thread
        self._chat.open()
        thread.start()
        self._bridge.say(f"Watching the game of room {room_id}")
        return True

    def stop(self) -> None:
        if self._thread is not None:
            self._thread.stop()
        self._chat.close()
        self._thread = self.onlooker = None

    def _replaced(self) -> None:
        watched = self.onlooker.session if self.onlooker is not None else None
        if watched is not None and self._bridge.session is not watched:
            self.stop()  # another game on the table

    def _arrived(self, events: list[Arrived]) -> None:
        onlooker = self.onlooker
        if onlooker is None:
            return
        onlooker.take(events)
        self._chat.follow(onlooker.chat)
        before = onlooker.session
        came = onlooker.take_in()
        for problem in onlooker.refused:
            self._bridge.say(f"Network: {problem}", 10000)
        onlooker.refused.clear()
        if onlooker.session is not None and onlooker.session is not before:
            self._bridge.replace(onlooker.session)  # the game on the table, read-only
        elif came:
            self._bridge.refresh()

    def _say(self, words: str) -> None:
        if self._thread is not None:
            self._thread.say(words)
