"""The network commands (issue 40; arguments in networkargs.py): `host` makes a game by
e-mail in a new Matrix room, `join` joins one from its room, `sync` takes the opponent's
part in and sends the player's own (owsqt/network). Each says what it did in a line or
two; bad input and a homeserver that cannot be reached are one line (exit 2)."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import sys
from collections.abc import Coroutine
from typing import Any

from owsqt.cli.errors import InputError
from owsqt.cli.exitcodes import EXIT_OK
from owsqt.journal.textformat import EntryKind
from owsqt.network.account import Account, kept_token, sign_in
from owsqt.network.hosting import host_game, join_room_game
from owsqt.network.link import NetworkGame, your_move
from owsqt.network.record import NetworkRecord, RecordError
from owsqt.network.room import GameRoom, RoomError
from owsqt.rules.core.verdict import Mode
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import open_journal

PASSWORD_VARIABLE = "OWSQT_MATRIX_PASSWORD"


def _password(account: Account) -> str | None:
    """The password to sign in with, when no token is kept: OWSQT_MATRIX_PASSWORD, or
    asked in the terminal; None when neither is there (the token may do)."""
    if kept_token(account) is not None:
        return os.environ.get(PASSWORD_VARIABLE)
    given = os.environ.get(PASSWORD_VARIABLE)
    if given is None and sys.stdin.isatty():
        given = getpass.getpass(f"Password of {account.user_id}: ")
    if given is None:
        raise InputError(f"sign in to {account.key}: set {PASSWORD_VARIABLE}, or run in a terminal")
    return given


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    try:
        return asyncio.run(coroutine)
    except (RoomError, RecordError, TimeoutError) as error:
        raise InputError(str(error)) from None


def host(args: argparse.Namespace) -> int:
    ruleset = default_ruleset()
    if args.scenario not in ruleset.scenarios:
        raise InputError(f"--scenario: there is no scenario {args.scenario!r}")
    account = Account(args.homeserver, args.user)
    options = (FOG_OF_WAR,) if args.fog else ()
    room_id, game = _run(
        host_game(
            ruleset, args.scenario, Mode(args.mode), options, account, _password(account),
            args.opponent, args.out, default_setup=not args.empty,
        )
    )  # fmt: skip
    print(f"{args.out}: game {game[:8]} in room {room_id}")
    print(f"your opponent joins with: owsqt join --room '{room_id}' --out GAME.owsg ...")
    return EXIT_OK


def join(args: argparse.Namespace) -> int:
    account = Account(args.homeserver, args.user)
    side = _run(join_room_game(default_ruleset(), account, _password(account), args.room, args.out))
    print(f"{args.out}: you play {side.capitalize()}; send your part with owsqt sync")
    return EXIT_OK


def sync(args: argparse.Namespace) -> int:
    ruleset = default_ruleset()
    try:
        record = NetworkRecord.load(args.file)
    except RecordError as error:
        raise InputError(str(error)) from None
    session = open_journal(ruleset, args.file)
    said: list[str] = []

    async def synced() -> None:
        client = await sign_in(record.account, _password(record.account))
        try:
            room = GameRoom(client, record.room_id)
            game = NetworkGame(session, room, record.opponent, record.shared(session.text()))
            exchange = game.exchange
            last = session.entries[-1] if session.entries else None
            if (
                last is not None
                and last.kind is EntryKind.SEND
                and (last.by or "") in exchange.local_sides
                and session.text() != game.shared
            ):
                game.pending(session.text())  # sent, not yet in the room: it goes now
                await game.flush()
                said.append(f"file {last.field('file')} put in the room")
            report = await game.pull()
            if report is not None:
                said.append(
                    f"took in file {report.file_number} of your opponent (entries "
                    f"{report.first_entry}-{report.last_entry})"
                )
            if exchange.why_not_act() is None and exchange.waiting_for_opponent():
                await game.send()
                said.append(f"sent file {exchange.files_sent} to the room")
            record.with_shared(game.shared).save(args.file)
            said.append(exchange.why_not_act() or your_move(session))
        finally:
            await client.close()

    try:
        _run(synced())
    finally:
        session.close()
    for line in said:
        print(f"{args.file}: {line}")
    return EXIT_OK
