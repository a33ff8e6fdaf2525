"""The command line against the computer (issue 38, item 5): `owsqt new --computer SIDE`
makes a game whose header seats the computer on that side (session/seat.py), and `owsqt new`
and `owsqt act` let it play its steps until the human must act (session/computer.py), each
of its moves told as the human may read it (18.1: under the fog of war, no hidden unit of
the computer's named) with the reason it was chosen."""

from __future__ import annotations

import argparse
from typing import Any

from owsqt.cli.errors import InputError, say
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession
from owsqt.session.computer import computer_to_move, play_until_human
from owsqt.session.seat import DEFAULT_PLAYER, Seat


def seat_of(args: argparse.Namespace) -> Seat | None:
    """The computer's seat `owsqt new` asks for (`--computer`, `--player`, `--level`), or
    None; InputError in one line for a combination that makes no game against it."""
    if args.computer is None:
        if args.player is not None or args.level is not None:
            raise InputError("--player and --level: only with --computer SIDE")
        return None
    if args.play is not None:
        raise InputError(f"--computer: a game against the computer is no {args.play} game")
    if args.empty:
        raise InputError("--computer: the computer sets up its side itself; leave out --empty")
    return Seat(Player(args.computer), args.player or DEFAULT_PLAYER, args.level or "normal")


def computer_plays(session: GameSession) -> list[dict[str, Any]]:
    """In a game against the computer, let it play until the human must act (nothing in any
    other game); each of its entries as the human reads it: its number, narration and the
    computer's reason."""
    seat = session.seat
    if seat is None or not computer_to_move(session, seat):
        return []
    first = len(session.entries) + 1
    play_until_human(session, seat)
    human = seat.side.opponent
    return [
        {
            "entry": number,
            "events": list(session.narration(number, human)),
            "reason": session.computer_said(number, human),
        }
        for number in range(first, len(session.entries) + 1)
    ]


def say_moves(moves: list[dict[str, Any]]) -> None:
    """The computer's moves, as `computer_plays` tells them, each with its reason."""
    for move in moves:
        say(f"entry {move['entry']} (the computer)")
        for line in move["events"]:
            say(f"  {line}")
        say(f"  {move['reason']}")
