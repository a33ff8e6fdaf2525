"""The arguments of `owsqt table`: one subcommand a die-roll table, each saying what its
numbers mean (argparse only; the lookups are in owsqt/cli/tables.py)."""

from __future__ import annotations

import argparse

HANDLER = "owsqt.cli.tables:table"
ROLL_HELP = "the die as rolled, 1-10 (the modifiers are added to it)"


def add_table_command(commands: argparse._SubParsersAction) -> None:
    table = commands.add_parser(
        "table",
        help="look up a result on one of the game's tables, printed in words",
        description="Look up one die roll on a table of the game. The answer names the table, "
        "the column used and the modified roll, then says in words what the result does, "
        "with the book's notation in brackets, e.g. 'CRT, 26 factors, 1 column shift left: "
        "column 20; roll 7 +3 = 10: ... (2/4)'.",
    )
    tables = table.add_subparsers(dest="table", metavar="TABLE", required=True)
    for name, help_text, factors in (
        ("crt", "Combat Results Table (11.4, 11.5)", "total combat factors firing (11.4)"),
        ("bombardment", "Bombardment Table (12.4, 4.5, 4.6)", "total bombardment factors"),
        ("counterbattery", "Counterbattery Table (12.4)", "total counterbattery factors"),
    ):
        sub = tables.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--factors", type=int, required=True, help=factors)
        sub.add_argument(
            "--shifts",
            type=int,
            default=0,
            help="columns shifted to the left, e.g. for terrain (11.4; always left)",
        )
        sub.add_argument("--drm", type=int, default=0, help="net die roll modifier, + or -")
        sub.add_argument("--roll", type=int, required=True, help=ROLL_HELP)
        sub.set_defaults(handler=HANDLER)
    air = tables.add_parser(
        "air-combat",
        help="Air Combat Results Table (4.4)",
        description="Air Combat Results Table (4.4): one air unit's fire at another.",
    )
    air.add_argument(
        "--differential",
        type=int,
        required=True,
        help="the firing unit's air-to-air factor minus the target's defence factor",
    )
    air.add_argument("--drm", type=int, default=0, help="net die roll modifier, + or -")
    air.add_argument("--roll", type=int, required=True, help=ROLL_HELP)
    air.set_defaults(handler=HANDLER)
    ready = tables.add_parser(
        "air-recovery",
        help="Air unit recovery, by chart line (4.7)",
        description="Air unit recovery (4.7): whether a flown or disrupted air unit is ready.",
    )
    ready.add_argument(
        "--class", dest="recovery_class", required=True, help="the chart line: JG, ZG, STG, IAD…"
    )
    ready.add_argument("--disrupted", action="store_true", help="the unit is disrupted")
    ready.add_argument("--roll", type=int, required=True, help="the die, 1-10")
    ready.set_defaults(handler=HANDLER)
