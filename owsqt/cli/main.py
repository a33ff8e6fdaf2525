"""The command line: the desktop by default, and headless commands for data, replay and tables.

This module stays light: it builds the argument parser and nothing else, so that
`owsqt --version` and `owsqt --help` start at once. Each command names its handler as
"module:function", imported only when that command runs (the rules, the map, Qt).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from owsqt import __version__
from owsqt.cli.errors import complain, input_message, is_bad_input
from owsqt.cli.exitcodes import EXIT_BAD_INPUT, EXIT_CODES_HELP, EXIT_OK
from owsqt.userfiles import JOURNAL_SUFFIX


class Parser(argparse.ArgumentParser):
    """An argument parser whose help may end with text computed only when help is shown
    (`describe`): the scenario list of `owsqt new --help` needs the data files."""

    def __init__(self, *args: Any, describe: Callable[[], str] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self._describe = describe

    def format_help(self) -> str:
        if self._describe is not None:
            self.epilog = self._describe()
            self._describe = None
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        """A wrong command line in one line (argparse prints the usage too), exit code 2."""
        command = self.prog.removeprefix("owsqt").strip()
        complain(f"{command + ': ' if command else ''}{message} (see {self.prog} --help)")
        sys.exit(EXIT_BAD_INPUT)


def _as_open(argv: list[str]) -> list[str]:
    """`owsqt GAME.owsg`, as a desktop opens a double-clicked game file (the .desktop file's
    %f, the Windows and macOS file associations), is `owsqt --open GAME.owsg`."""
    if len(argv) == 1 and argv[0].endswith(JOURNAL_SUFFIX):
        return ["--open", argv[0]]
    return argv


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(_as_open(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        return _desktop(args)
    module, _, name = args.handler.partition(":")
    handler = getattr(importlib.import_module(module), name)
    try:
        return int(handler(args))
    except BrokenPipeError:  # the output was cut short (e.g. `| head`): nothing to say
        sys.stderr.close()
        return EXIT_OK
    except OSError as error:  # a file named on the command line cannot be read or written
        complain(input_message(error))
    except Exception as error:  # bad input is said in one line; a bug keeps its traceback
        if not is_bad_input(error):
            raise
        complain(input_message(error))
    return EXIT_BAD_INPUT


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="owsqt",
        description="A rules-aware table for Operation Winter Storm. Without a command, "
        "the desktop opens.",
        epilog=EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action="version", version=f"owsqt {__version__}")
    parser.add_argument("--open", dest="game", type=Path, metavar="FILE", help="open a saved game")
    parser.add_argument(
        "--self-test",
        type=Path,
        metavar="PICTURE.png",
        help="check this owsqt: start the desktop, open a new campaign game, save a picture "
        "of the window and quit (prints one line of JSON)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _data_commands(commands)
    _game_commands(commands)
    from owsqt.cli.tableargs import add_table_command  # light: argparse only

    add_table_command(commands)
    from owsqt.cli.networkargs import add_network_commands  # light: argparse only

    add_network_commands(commands)
    return parser


def _data_commands(commands: argparse._SubParsersAction) -> None:
    validate = commands.add_parser("validate-data", help="check every data file")
    validate.set_defaults(handler="owsqt.cli.data:validate_data")

    compile_map = commands.add_parser("compile-map", help="rebuild the compiled battle map")
    compile_map.set_defaults(handler="owsqt.cli.data:compile_map")

    export_map = commands.add_parser("export-map", help="write the map as JSON for other tools")
    export_map.add_argument("--json", dest="out", type=Path, required=True, metavar="FILE")
    export_map.set_defaults(handler="owsqt.cli.data:export_map")

    render_map = commands.add_parser("render-map", help="draw the whole map to a PNG file")
    render_map.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    render_map.add_argument(
        "--scale", type=float, default=1.0, help="1.0 is about 64 px a hex; at most 4"
    )
    render_map.set_defaults(handler="owsqt.cli.data:render_map")

    moves = commands.add_parser("moves", help="where a stack can move from a default set-up")
    moves.add_argument("--scenario", required=True, help="a scenario id")
    moves.add_argument("--unit", required=True, help="a unit id; its whole stack moves")
    moves.add_argument("--json", action="store_true", help="print JSON")
    moves.set_defaults(handler="owsqt.cli.data:moves")

    screenshot = commands.add_parser(
        "screenshot",
        help="render the table of a saved game (at any entry) or of a new game to PNG",
        description="Draw the desktop's table offscreen: a saved game FILE as it stood after "
        "--entry N (default: its last entry), or a new game of --scenario with its default "
        "set-up.",
    )
    screenshot.add_argument("file", type=Path, nargs="?", metavar="FILE", help="a saved game")
    screenshot.add_argument("--entry", type=int, metavar="N", help="after this entry (0: start)")
    screenshot.add_argument("--scenario", help="a scenario id, for a new game (no FILE)")
    screenshot.add_argument("--hex", dest="hex_id", metavar="CCRR", help="centre on this hex")
    screenshot.add_argument("--zoom", type=float, default=0.6, help="1.0 is about 64 px a hex")
    screenshot.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    screenshot.set_defaults(handler="owsqt.cli.data:screenshot")

    export_oob = commands.add_parser("export-oob", help="write the order of battle")
    export_oob.add_argument("--json", dest="out", type=Path, metavar="FILE")
    export_oob.add_argument("--markdown", type=Path, metavar="FILE", help="the readable version")
    export_oob.set_defaults(handler="owsqt.cli.data:export_oob")


def _game_commands(commands: argparse._SubParsersAction) -> None:
    from owsqt.cli.headlessargs import add_commands  # light: argparse only

    add_commands(commands)  # new, act, replay, verify
    from owsqt.cli.arenaargs import add_arena_command  # light: argparse only

    add_arena_command(commands)


def _desktop(args: argparse.Namespace) -> int:
    from owsqt.qt.app.launch import run  # imported here: the headless commands never load Qt

    return run(sys.argv[:1], args.game, args.self_test)
