"""A game's Matrix room (matrix-nio): made by the player who creates the game, who invites
his opponent by Matrix id; the pieces of the game file go as `org.owsqt.part` events
(parts.py) and each send is told beside them in words a Matrix client shows ("Soviet
player: your move, turn 3, Soviet movement"), which notifies the opponent on his phone.

The history is read whole and in order: a sync with a gap is filled by paging back, and an
event already read (a homeserver may repeat one) is not read again."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import ClientError
from nio import (
    AsyncClient,
    JoinError,
    MessageDirection,
    RoomCreateError,
    RoomInviteError,
    RoomMessagesError,
    RoomSendError,
    SyncError,
)

from owsqt.network.parts import EVENT_TYPE, Piece

TIMELINE = 100  # events a sync or a page brings
NOTICE = "m.room.message"
TRIES = 3  # a request cut off is made again this many times before the caller is told
CUT = (ClientError, asyncio.TimeoutError, OSError)  # a connection cut, a server gone


class RoomError(RuntimeError):
    """What the homeserver refused, in one line."""


@dataclass(frozen=True, slots=True)
class Arrived:
    """An event of the room read: who sent it, its id and its content."""

    sender: str
    event_id: str
    content: dict[str, Any]
    kind: str = EVENT_TYPE

    @property
    def is_piece(self) -> bool:
        return self.kind == EVENT_TYPE

    @property
    def said(self) -> str | None:
        """The words of a chat message (m.text) of the room; None for anything else."""
        if self.kind != NOTICE or self.content.get("msgtype") != "m.text":
            return None
        body = self.content.get("body")
        return body if isinstance(body, str) else None


class GameRoom:
    """One game's room, seen through one player's signed-in client."""

    def __init__(self, client: AsyncClient, room_id: str) -> None:
        self.client = client
        self.room_id = room_id
        self._since: str | None = None
        self._seen: set[str] = set()

    @classmethod
    async def create(cls, client: AsyncClient, game: str, invite: str) -> GameRoom:
        """A new private room for `game`, the opponent `invite` invited."""
        made = await _patiently(
            functools.partial(
                client.room_create,
                name=f"owsqt game {game[:8]}",
                topic="Operation Winter Storm, played with owsqt",
                invite=[invite],
                federate=True,
            )
        )
        if isinstance(made, RoomCreateError):
            raise RoomError(f"the homeserver made no room: {made.message}")
        return cls(client, made.room_id)

    @classmethod
    async def join(cls, client: AsyncClient, room_id: str) -> GameRoom:
        joined = await _patiently(functools.partial(client.join, room_id))
        if isinstance(joined, JoinError):
            raise RoomError(f"cannot join {room_id}: {joined.message}")
        return cls(client, room_id)

    async def send(self, pieces: Iterable[Piece], notice: str | None) -> None:
        """The pieces of a part, then the words that tell it (if any). Each event has a
        transaction id made from what it holds, so that sending a part again after a cut
        connection (some of its events in, some not) adds none twice: the homeserver keeps
        one event a transaction id."""
        last = ""
        for piece in pieces:
            content = piece.content()
            last = _transaction(EVENT_TYPE, content)
            await self._send(EVENT_TYPE, content, last)
        if notice is not None:
            body = {"msgtype": "m.notice", "body": notice}
            await self._send(NOTICE, body, _transaction(NOTICE, {"after": last, **body}))

    async def invite(self, user: str) -> None:
        """Invite `user` to the room: an onlooker, who plays no side."""
        invited = await _patiently(functools.partial(self.client.room_invite, self.room_id, user))
        if isinstance(invited, RoomInviteError):
            raise RoomError(f"cannot invite {user}: {invited.message}")

    async def say(self, words: str) -> None:
        """A chat message to the room (any Matrix client shows it too)."""
        body = {"msgtype": "m.text", "body": words}
        await self._send(NOTICE, body, _transaction(NOTICE, {"at": time.time_ns(), **body}))

    async def _send(self, kind: str, content: dict[str, Any], transaction: str) -> None:
        sent = await _patiently(
            lambda: self.client.room_send(self.room_id, kind, content, tx_id=transaction)
        )
        if isinstance(sent, RoomSendError):
            raise RoomError(f"the homeserver refused an event: {sent.message}")

    async def fetch(self, wait_ms: int = 0) -> list[Arrived]:
        """The pieces sent to the room since the last fetch, in order (waiting up to `wait_ms`
        for one when none is there)."""
        room_filter = {
            "room": {
                "rooms": [self.room_id],
                "timeline": {"limit": TIMELINE, "types": [EVENT_TYPE, NOTICE]},
                "state": {"lazy_load_members": True},
            },
            "presence": {"types": []},
            "account_data": {"types": []},
        }
        synced = await _patiently(
            lambda: self.client.sync(timeout=wait_ms, sync_filter=room_filter, since=self._since)
        )
        if isinstance(synced, SyncError):
            raise RoomError(f"the homeserver did not sync: {synced.message}")
        room = synced.rooms.join.get(self.room_id)
        events = [e.source for e in room.timeline.events] if room is not None else []
        if room is not None and room.timeline.limited:
            events = [*await self._before(room.timeline.prev_batch), *events]
        self._since = synced.next_batch  # only once all is read: a cut reads it again
        return self._new(events)

    async def _before(self, token: str | None) -> list[dict[str, Any]]:
        """The events before `token` not read yet, oldest first (a gap in a sync)."""
        found: list[dict[str, Any]] = []
        while token:
            page = await _patiently(
                functools.partial(
                    self.client.room_messages,
                    self.room_id,
                    start=token,
                    direction=MessageDirection.back,
                    limit=TIMELINE,
                    message_filter={"types": [EVENT_TYPE, NOTICE]},
                )
            )
            if isinstance(page, RoomMessagesError):
                raise RoomError(f"the homeserver did not page back: {page.message}")
            fresh = [e.source for e in page.chunk if e.event_id not in self._seen]
            found = [*reversed(fresh), *found]
            if not page.chunk or len(fresh) < len(page.chunk) or page.end == token:
                break
            token = page.end
        return found

    def _new(self, events: list[dict[str, Any]]) -> list[Arrived]:
        arrived = []
        for event in events:
            event_id = str(event.get("event_id", ""))
            kind = event.get("type")
            if kind not in (EVENT_TYPE, NOTICE) or event_id in self._seen:
                continue
            self._seen.add(event_id)
            content = event.get("content")
            content = content if isinstance(content, dict) else {}
            arrived.append(Arrived(str(event.get("sender", "")), event_id, content, str(kind)))
        return arrived


def _transaction(kind: str, content: dict[str, Any]) -> str:
    """The transaction id of an event: the same for the same event sent again."""
    text = json.dumps([kind, content], sort_keys=True, separators=(",", ":"))
    return "owsqt-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


async def _patiently(request: Callable[[], Awaitable[Any]]) -> Any:
    """Make `request`, again after a cut connection (TRIES in all); RoomError when the
    homeserver cannot be reached: what was not done is done when the caller tries again."""
    for attempt in range(TRIES):
        try:
            return await request()
        except CUT as error:
            if attempt == TRIES - 1:
                raise RoomError(f"the homeserver cannot be reached: {error}") from error
            await asyncio.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")
