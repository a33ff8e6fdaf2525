"""The arguments of the network commands `owsqt host`, `join` and `sync` (issue 40; light,
argparse only): a game by e-mail whose files go through a Matrix room
(docs/network-play.md). The handlers are in owsqt/cli/network.py. The password is read from
OWSQT_MATRIX_PASSWORD, or asked in the terminal, once: the homeserver's token is then kept
in the system's keyring where it has one."""

from __future__ import annotations

import argparse
from pathlib import Path

from owsqt.rules.core.verdict import Mode


def _account(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--homeserver", required=True, help="your homeserver's address (https://...)"
    )
    parser.add_argument("--user", required=True, help="your Matrix id (@you:server)")


def add_network_commands(commands: argparse._SubParsersAction) -> None:
    host = commands.add_parser(
        "host",
        help="make a game by e-mail played through a new Matrix room (you play German)",
        description="Make a game by e-mail whose files go through a new Matrix room, invite "
        "the opponent to it and put your first file there; he joins with `owsqt join`.",
    )
    host.add_argument("--scenario", required=True, help="a scenario id (owsqt new --help)")
    host.add_argument("--mode", choices=[m.value for m in Mode], default=Mode.STRICT.value)
    host.add_argument("--fog", action="store_true", help="play with the fog of war (18.1)")
    host.add_argument(
        "--empty",
        action="store_true",
        help="leave your set-up to be made (default: your side's default set-up when it sets "
        "up first, 19.11)",
    )
    _account(host)
    host.add_argument("--opponent", required=True, help="the opponent's Matrix id")
    host.add_argument("--out", type=Path, required=True, metavar="FILE")
    host.set_defaults(handler="owsqt.cli.network:host")

    join = commands.add_parser(
        "join",
        help="join a network game from its room (you play the free side)",
        description="Join the game of a Matrix room you were invited to, from its creator's "
        "first file, and write it to FILE.",
    )
    _account(join)
    join.add_argument("--room", required=True, help="the game's room id (!...:server)")
    join.add_argument("--out", type=Path, required=True, metavar="FILE")
    join.set_defaults(handler="owsqt.cli.network:join")

    sync = commands.add_parser(
        "sync",
        help="take in the opponent's file from the game's room, and send yours when done",
        description="Take in what the opponent put in the game's room (checked as a file by "
        "e-mail), then, when the game waits for him, send your part to the room.",
    )
    sync.add_argument("file", type=Path, metavar="FILE")
    sync.set_defaults(handler="owsqt.cli.network:sync")
