"""The network side of a game played through a Matrix room, off the window's thread
(issue 40): a thread of its own runs an asyncio loop with the player's signed-in client
(owsqt/network), reads the room all the time (a long poll: what the opponent plays arrives
within the moment) and puts in it what the window hands over. What it reads and what came of
a put come back as signals, on the window's thread, which alone touches the game. No rules
here: the transport's own checks are owsqt/network's, the game's the session's."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

from PySide6.QtCore import QObject, Signal

from owsqt.network.account import Account, sign_in
from owsqt.network.link import Outgoing
from owsqt.network.room import GameRoom, RoomError

FETCH_WAIT_MS = 10_000  # a long poll: the homeserver answers as soon as an event comes
RETRY_SECONDS = 2.0  # after the homeserver could not be reached


class RoomThread(QObject):
    """The room of one game, read and written on a thread of its own."""

    arrived = Signal(object)  # list[Arrived], events read from the room
    put_done = Signal(object)  # the Outgoing now in the room
    failed = Signal(str)  # what went wrong, in one line (it is tried again)

    def __init__(self, account: Account, room_id: str, password: str | None = None) -> None:
        super().__init__()
        self._account, self._room_id, self._password = account, room_id, password
        self._loop = asyncio.new_event_loop()
        self._room: GameRoom | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="owsqt room", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def put(self, outgoing: Outgoing) -> Future[None]:
        """Put `outgoing` in the room (put_done, or failed, says how it went)."""
        return asyncio.run_coroutine_threadsafe(self._put(outgoing), self._loop)

    def say(self, words: str) -> Future[None]:
        """A chat message to the room (failed says when it could not go)."""
        return asyncio.run_coroutine_threadsafe(self._said(words), self._loop)

    async def _said(self, words: str) -> None:
        room = await self._signed_in()
        if room is None:
            return
        try:
            await room.say(words)
        except RoomError as error:
            self.failed.emit(str(error))

    def stop(self) -> None:
        """Stop reading, sign the client off the loop and end the thread."""
        self._stopping = True
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(_cancel_all, self._loop)
        self._thread.join(timeout=15)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._read())
        except asyncio.CancelledError:
            pass
        finally:
            self._loop.close()

    async def _read(self) -> None:
        client = None
        try:
            while client is None and not self._stopping:
                try:
                    client = await sign_in(self._account, self._password)
                except RoomError as error:
                    self.failed.emit(str(error))
                    await asyncio.sleep(RETRY_SECONDS)
            if client is None:
                return
            self._room = GameRoom(client, self._room_id)
            first = True
            while not self._stopping:
                try:
                    arrived = await self._room.fetch(0 if first else FETCH_WAIT_MS)
                except RoomError as error:
                    self.failed.emit(str(error))
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                if arrived:
                    self.arrived.emit(arrived)
                first = False
        finally:
            if client is not None:
                await client.close()

    async def _signed_in(self) -> GameRoom | None:
        """The room once the client is signed in (None: stopped before)."""
        while self._room is None and not self._stopping:
            await asyncio.sleep(0.05)
        return self._room

    async def _put(self, outgoing: Outgoing) -> None:
        room = await self._signed_in()
        if room is None:
            return
        try:
            await room.send(outgoing.pieces, outgoing.notice)
        except RoomError as error:
            self.failed.emit(str(error))
            return
        self.put_done.emit(outgoing)


def _cancel_all(loop: asyncio.AbstractEventLoop) -> None:
    for task in asyncio.all_tasks(loop):
        task.cancel()
