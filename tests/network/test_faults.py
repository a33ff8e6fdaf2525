"""Faults of the network (issue 40): both players' connections to the homeserver go through
a proxy that cuts them at random (tests/network/cutproxy.py). The game goes on through 100
cuts and more, every file arriving whole, no entry lost and none twice: the clients send
again what a cut interrupted (each event's transaction id is made from what it holds, so
the homeserver keeps one), and a fetch a cut interrupted is read again."""

from __future__ import annotations

import asyncio
import random

import pytest
from aiohttp import ClientError
from nio import AsyncClient, AsyncClientConfig

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play, parse
from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.room import GameRoom, RoomError
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from tests.network.cutproxy import CutProxy
from tests.session.pbemkit import clock, fresh_shares, set_up

pytestmark = [pytest.mark.homeserver, pytest.mark.slow]

CUTS = 100
# nio sends again after a cut connection by itself, here with short waits
PATIENT = AsyncClientConfig(
    max_timeouts=None, backoff_factor=0.01, max_timeout_retry_wait_time=0.2, request_timeout=10
)


async def through(proxy_url: str, account) -> AsyncClient:
    """A client signed in through the proxy (a sign-in cut off is made again)."""
    user, password = account
    client = AsyncClient(proxy_url, user, config=PATIENT)
    for _ in range(20):
        try:
            await client.login(password)
            return client
        except ClientError:
            continue
    raise AssertionError("never signed in")


async def pulled(game: NetworkGame) -> None:
    """Pull until the opponent's part is in (a fetch may come back empty while the pieces
    are still on their way, or be cut: then it is made again)."""
    for _ in range(100):
        try:
            if await game.pull(wait_ms=500) is not None:
                return
        except RoomError:
            continue
    raise AssertionError("the opponent's part never came whole")


async def sent(game: NetworkGame) -> None:
    """Send the holder's part; a cut keeps it, and it goes once the connection is back."""
    try:
        await game.send()
    except RoomError:
        for _ in range(100):
            try:
                await game.flush()
                return
            except RoomError:
                continue
        raise AssertionError("the part never reached the room") from None


def test_40_a_game_goes_on_through_100_cut_connections_with_no_entry_lost_or_twice(
    shipped, homeserver, players
):
    async def play():
        proxy = CutProxy(homeserver.url, random.Random(40))
        url = await proxy.start()
        keys = {p: Identity.generate() for p in Player}
        german_client = await through(url, players["german"])
        soviet_client = await through(url, players["soviet"])
        session = new_game(
            shipped, "we-are-coming", Mode.STRICT, play=Play.EMAIL,
            identity=keys[Player.GERMAN], clock=clock(),
        )  # fmt: skip
        session.email.fresh = fresh_shares(keys[Player.GERMAN])
        room = await GameRoom.create(german_client, session.header.game, players["soviet"][0])
        german = NetworkGame(session, room, players["soviet"][0])
        await sent(german)
        soviet_room = await GameRoom.join(soviet_client, room.room_id)
        soviet = await join_network_game(
            shipped, soviet_room, players["german"][0], keys[Player.SOVIET],
            fresh=fresh_shares(keys[Player.SOVIET]),
        )  # fmt: skip
        set_up(soviet.session, Player.SOVIET)
        await sent(soviet)
        await pulled(german)
        set_up(german.session, Player.GERMAN)
        sender, receiver = german, soviet
        files = 3
        while proxy.cuts < CUTS:
            await sent(sender)  # the holder's part: what he may do is not this test's
            await pulled(receiver)
            assert receiver.session.text() == sender.session.text()
            sender, receiver = receiver, sender
            files += 1
            assert files < 400, f"only {proxy.cuts} cuts in {files} files"
        final = parse(receiver.session.text()).entries
        assert [e.number for e in final] == list(range(1, len(final) + 1))
        sends = [e for e in final if e.kind.value == "send"]
        assert [int(e.field("file")) for e in sends] == list(range(1, len(sends) + 1))
        await german_client.close()
        await soviet_client.close()
        await proxy.stop()
        return proxy.cuts

    assert asyncio.run(play()) >= CUTS
