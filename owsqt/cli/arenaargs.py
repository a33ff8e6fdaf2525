"""The arguments of `owsqt arena` (issue 38): light (argparse only), so that the command line
starts at once; the handler is in owsqt/cli/arena.py."""

from __future__ import annotations

import argparse

from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES


def add_arena_command(commands: argparse._SubParsersAction) -> None:
    arena = commands.add_parser(
        "arena",
        help="play computer players against each other and measure them",
        description="Play --games STRICT games of --scenario from its default set-up between "
        "two computer players, with paired seeds and sides swapped: game 2k has the --german "
        "player German and the --soviet one Soviet with seed S+k, game 2k+1 the same seed "
        "with the sides swapped. Prints the wins per side, the spread of results, the score "
        "of the first-named (--german) player with its 95%% Wilson interval (a draw counts "
        "half) and the decision times (median, 95th percentile).",
    )
    arena.add_argument("--scenario", required=True, help="a scenario id")
    arena.add_argument("--german", required=True, choices=PLAYER_NAMES, help="player A")
    arena.add_argument("--soviet", required=True, choices=PLAYER_NAMES, help="player B")
    arena.add_argument(
        "--level",
        choices=LEVEL_NAMES,
        default="normal",
        help="both players' strength level (docs/computer-players.md; default normal)",
    )
    arena.add_argument(
        "--fog",
        action="store_true",
        help="play with the fog of war (18.1): each player chooses on its own side's world",
    )
    arena.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID",
        help="an optional group of the scenario to play with (19.41: the Maximum Effort "
        "variant's), by id; may be given again; 'all' takes every one",
    )
    arena.add_argument("--games", type=int, default=2, help="how many games (default 2)")
    arena.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    arena.add_argument("--jobs", type=int, default=1, help="games at a time, in processes")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.set_defaults(handler="owsqt.cli.arena:arena")
