"""Making and joining a game played through a Matrix room (issue 40), for the command line
(`owsqt host`, `owsqt join`) and the table alike: the game file, the room, the first part
in it, and the network record beside the file."""

from __future__ import annotations

from pathlib import Path

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Play
from owsqt.network.account import Account, sign_in
from owsqt.network.link import NetworkGame, join_network_game
from owsqt.network.record import NetworkRecord
from owsqt.network.room import GameRoom
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game
from owsqt.session.orders import orders_from_text


async def host_game(
    ruleset: Ruleset,
    scenario: str,
    mode: Mode,
    options: tuple[str, ...],
    account: Account,
    password: str | None,
    opponent: str,
    path: Path,
    side: Player = Player.GERMAN,
    orders: str = "",
    default_setup: bool = True,
) -> tuple[str, str]:
    """A new game by e-mail at `path` (its creator plays `side`) in a new room, `opponent`
    invited and the first file in the room, with the creator's standing `orders` (as a file
    writes them) if any, and with `default_setup` his side's default set-up when it sets up
    first (19.11): (the room id, the game id)."""
    session = new_game(
        ruleset, scenario, mode, play=Play.EMAIL, side=side, path=path, options=options
    )
    try:
        if default_setup:
            session.apply_default_setup()  # by e-mail: his own side's, if it sets up first
        if orders and session.email is not None:
            session.email.give_orders(orders_from_text(orders))
        client = await sign_in(account, password)
        try:
            room = await GameRoom.create(client, session.header.game, opponent)
            game = NetworkGame(session, room, opponent)
            await game.send()
            record = NetworkRecord(account, room.room_id, opponent, 0, "")
            record.with_shared(game.shared).save(path)
            return room.room_id, session.header.game
        finally:
            await client.close()
    finally:
        session.close()


async def join_room_game(
    ruleset: Ruleset, account: Account, password: str | None, room_id: str, path: Path
) -> str:
    """Join the game of the room `room_id` from its creator's first file, written to `path`;
    the side this player plays."""
    client = await sign_in(account, password)
    try:
        room = await GameRoom.join(client, room_id)
        game = await join_network_game(ruleset, room, None, Identity.load_or_create(), path=path)
        NetworkRecord(account, room_id, game.opponent, 0, "").with_shared(game.shared).save(path)
        side = sorted(game.exchange.local_sides)[0]
        game.session.close()
        return side
    finally:
        await client.close()
