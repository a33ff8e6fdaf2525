"""The command line: the desktop by default, and headless commands for data, replay and tables."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from owsqt import __version__
from owsqt.journal.textformat import JournalError
from owsqt.rules.codec import encode
from owsqt.rules.datafile import DataError
from owsqt.rules.ruleset import Ruleset, default_ruleset

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        return _desktop(args)
    try:
        return args.handler(args)
    except DataError as error:
        print(f"owsqt: a data file is broken: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as error:
        print(f"owsqt: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="owsqt", description="A rules-aware table for Operation Winter Storm."
    )
    parser.add_argument("--version", action="version", version=f"owsqt {__version__}")
    parser.add_argument("--open", dest="game", type=Path, metavar="FILE", help="open a saved game")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = commands.add_parser("validate-data", help="check every data file")
    validate.set_defaults(handler=_validate_data)

    replay = commands.add_parser("replay", help="replay a saved game and summarise its state")
    replay.add_argument("file", type=Path)
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    replay.set_defaults(handler=_replay)

    table = commands.add_parser("table", help="look up a result on one of the game's tables")
    tables = table.add_subparsers(dest="table", metavar="TABLE", required=True)
    for name, help_text in (
        ("crt", "Combat Results Table (11.4)"),
        ("bombardment", "Bombardment Table (12.4, 4.5, 4.6)"),
        ("counterbattery", "Counterbattery Table (12.4)"),
    ):
        sub = tables.add_parser(name, help=help_text)
        sub.add_argument("--factors", type=int, required=True, help="total factors firing")
        sub.add_argument("--shifts", type=int, default=0, help="column shifts to the left")
        sub.add_argument("--drm", type=int, default=0, help="net die roll modifier")
        sub.add_argument("--roll", type=int, required=True, help="the die, 1-10")
        sub.set_defaults(handler=_table)
    air = tables.add_parser("air-combat", help="Air Combat Results Table (4.4)")
    air.add_argument("--differential", type=int, required=True, help="air-to-air minus defence")
    air.add_argument("--drm", type=int, default=0, help="net die roll modifier")
    air.add_argument("--roll", type=int, required=True, help="the die, 1-10")
    air.set_defaults(handler=_table)
    return parser


def _desktop(args: argparse.Namespace) -> int:
    from owsqt.qt.app import run  # imported here: the headless commands never load Qt

    return run(sys.argv[:1], args.game)


def _validate_data(args: argparse.Namespace) -> int:
    ruleset = Ruleset.load()
    print(
        f"data ok: {len(ruleset.grid.ids())} hexes, {len(ruleset.catalogue.ground)} ground and "
        f"{len(ruleset.catalogue.air)} air counters, {len(ruleset.scenarios)} scenarios, "
        "every table"
    )
    return EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    from owsqt.session import GameSession

    ruleset = default_ruleset()
    try:
        session = GameSession.from_text(ruleset, _read(args.file))
    except JournalError as error:
        print(f"owsqt: {args.file}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    state = session.state
    if args.json:
        summary = {
            "scenario": state.scenario,
            "mode": session.mode.value,
            "entries": len(session.entries),
            "state": encode(state, ruleset.grid),
        }
        print(json.dumps(summary, indent=2, sort_keys=True))
        return EXIT_OK
    statuses = Counter(unit.status.value for unit in state.units.values())
    print(f"{ruleset.scenarios[state.scenario].title} ({session.mode.value} play)")
    print(f"entries: {len(session.entries)}, dice rolled: {state.dice.rolls_made}")
    active = f", {state.active.title} player" if state.active else ""
    print(f"turn {state.turn} of {state.last_turn}: {state.phase}/{state.segment}{active}")
    print("units: " + ", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))
    return EXIT_OK


def _read(path: Path) -> str:
    from owsqt.journal.store import read_text

    return read_text(path)


def _table(args: argparse.Namespace) -> int:
    tables = default_ruleset().tables
    if args.table == "air-combat":
        result = tables.air_combat.resolve(args.differential, args.drm, roll=args.roll)
    else:
        table = {
            "crt": tables.crt,
            "bombardment": tables.bombardment,
            "counterbattery": tables.counterbattery,
        }[args.table]
        result = table.resolve(args.factors, args.shifts, args.drm, roll=args.roll)
    print(result)
    return EXIT_OK
