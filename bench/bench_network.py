"""Network play (issue 40): an action played live reaches the other table (the Soviet places
a counter and his program puts it in the room; the German's program takes it in, checked as
a file) against a bare matrix-nio round trip on the same local Synapse (one client sends an
event, the other syncs until it has it). Goal: at most 1.5 times the bare round trip."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path

from nio import AsyncClient

from bench.harness import Measurement, measure
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play
from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.room import GameRoom
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.network.homeserver import Homeserver

REPEATS = 15
PING = "org.owsqt.ping"


def run() -> list[Measurement]:
    with tempfile.TemporaryDirectory() as folder:
        server = Homeserver.start(Path(folder))
        loop = asyncio.new_event_loop()
        try:
            work, floor, clients = loop.run_until_complete(_tables(server))
            measured = measure(
                "network.action_live",
                lambda: loop.run_until_complete(work()),
                lambda: loop.run_until_complete(floor()),
                REPEATS,
            )
            for client in clients:
                loop.run_until_complete(client.close())
            return [measured]
        finally:
            loop.close()
            server.stop()


async def _client(server: Homeserver, name: str) -> AsyncClient:
    user = server.register(name, f"{name} password")
    client = AsyncClient(server.url, user)
    await client.login(f"{name} password")
    return client


Step = Callable[[], object]


async def _tables(server: Homeserver):  # type: ignore[no-untyped-def]
    """Two tables of a game of We are coming! through one room, the Soviet setting up live;
    the work (one placement, to the other table) and the floor (a bare event, to the other
    client)."""
    ruleset = default_ruleset()
    german_client = await _client(server, "german")
    soviet_client = await _client(server, "soviet")
    keys = {p: Identity.generate() for p in Player}
    session = new_game(
        ruleset, "we-are-coming", Mode.STRICT, play=Play.EMAIL, identity=keys[Player.GERMAN]
    )
    room = await GameRoom.create(german_client, session.header.game, soviet_client.user_id)
    german = NetworkGame(session, room, soviet_client.user_id)
    await german.send()
    await soviet_client.sync(timeout=1000)
    soviet_room = await GameRoom.join(soviet_client, room.room_id)
    soviet = await join_network_game(
        ruleset, soviet_room, german_client.user_id, keys[Player.SOVIET]
    )
    await german.pull()  # the German's room read up to now
    state = soviet.session.state
    scenario = ruleset.scenarios[state.scenario]
    placements = iter(default_setup(ruleset, scenario, state, Player.SOVIET, state.options))
    pinged = {"since": (await german_client.sync(timeout=0)).next_batch}

    async def action() -> None:
        assert soviet.session.submit(next(placements)).applied
        await soviet.play_live()
        while await german.pull(wait_ms=2000) is None:
            pass

    async def bare() -> None:
        await soviet_client.room_send(room.room_id, PING, {"n": 1})
        while True:
            synced = await german_client.sync(
                timeout=2000,
                since=pinged["since"],
                sync_filter={"room": {"rooms": [room.room_id], "timeline": {"types": [PING]}}},
            )
            pinged["since"] = synced.next_batch
            joined = synced.rooms.join.get(room.room_id)
            if joined is not None and joined.timeline.events:
                return

    return action, bare, (german_client, soviet_client)
