"""The arguments of the headless game commands `owsqt new`, `act`, `replay`, `verify` and
`recover`;
light (argparse only), so that the command line starts at once. The handlers are in
owsqt/cli/headless.py, imported when one of these commands runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES
from owsqt.rules.core.verdict import Mode

PLAYS = ("solitaire", "hot-seat")  # journal.textformat.Play's local kinds (tests check)


def add_commands(commands: argparse._SubParsersAction) -> None:
    new = commands.add_parser(
        "new",
        help="make a new game file (--fog: with the fog of war, 18.1)",
        description="Make a new game file, set up as its scenario's default set-up has it "
        "(19.11) unless --empty;\nwith --fog, played with the fog of war (18.1); with --computer "
        "SIDE, against the computer,\nwhich plays that side.",
        describe=scenario_list,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("--scenario", required=True, help="a scenario id (listed below)")
    new.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default=Mode.STRICT.value,
        help="free: nothing judged; assist: broken rules applied and logged; strict: "
        "broken rules refused (default)",
    )
    new.add_argument("--seed", type=int, help="the dice seed (default: a random one)")
    new.add_argument(
        "--play",
        choices=PLAYS,
        help="one player (solitaire, the default), or two at one computer",
    )
    new.add_argument(
        "--computer",
        choices=("german", "soviet"),
        help="play against the computer, which plays this side: it sets up and plays until "
        "you must act, and again after each `owsqt act` (docs/computer-players.md)",
    )
    new.add_argument(
        "--player",
        choices=PLAYER_NAMES,
        help="with --computer: the computer player (default: the strongest offered)",
    )
    new.add_argument(
        "--level",
        choices=LEVEL_NAMES,
        help="with --computer: its strength level, declared in docs/computer-players.md "
        "(default normal)",
    )
    new.add_argument(
        "--empty", action="store_true", help="leave the set-up to be made (default set-up else)"
    )
    new.add_argument(
        "--fog",
        action="store_true",
        help="play with the fog of war (18.1): each side sees of the enemy only the top unit "
        "of each stack, no strength markers and no entrenched units, except in combat "
        "(the game option fog-of-war)",
    )
    new.add_argument("--out", type=Path, required=True, metavar="FILE")
    new.set_defaults(handler="owsqt.cli.headless:new")

    act = commands.add_parser(
        "act",
        help="apply one action, given as JSON, to a game file",
        description="Apply one action to a game file and append it to the journal; in a game "
        "against the computer, the computer then plays until you must act (each of its moves "
        "printed with its reason). A "
        "checkpoint of the state beside the file (.NAME.checkpoint) spares replaying the "
        "whole journal; it is a cache, checked against the file's hash chain, and `owsqt "
        "verify` never uses it (docs/pbem-format.md).",
    )
    act.add_argument("file", type=Path)
    act.add_argument("action", help='e.g. \'{"kind": "end_step", "player": "soviet"}\'')
    act.add_argument("--json", action="store_true", help="print the result as JSON")
    act.set_defaults(handler="owsqt.cli.headless:act")

    replay = commands.add_parser(
        "replay",
        help="replay a game file and summarise its state, or what one side sees (--as)",
        description="Replay a game file and summarise the state after its last entry (or "
        "--to ENTRY). With --as SIDE, only what that side may know under the fog of war "
        "(18.1), as its player's desktop shows it: its own units, the enemy units it sees "
        "(top units, printed strengths), how many counters each stack hides, and the log "
        "told without naming hidden units. In a game without fog of war --as shows "
        "everything.",
    )
    replay.add_argument("file", type=Path)
    replay.add_argument("--to", type=int, metavar="ENTRY", help="stop after this entry")
    replay.add_argument(
        "--as",
        dest="side",
        choices=("german", "soviet"),
        help="one side's view (18.1): what the fog of war lets it see",
    )
    replay.add_argument(
        "--json",
        action="store_true",
        help="print the state as JSON; with --as, the units seen, the hidden counts per hex "
        "and the log as that side reads it",
    )
    replay.set_defaults(handler="owsqt.cli.headless:replay")

    verify = commands.add_parser(
        "verify", help="check a game file: chain, signatures, dice and rules (exit 0, 1 or 2)"
    )
    verify.add_argument("file", type=Path)
    verify.set_defaults(handler="owsqt.cli.headless:verify")

    recover = commands.add_parser(
        "recover",
        help="mend a game file cut off in the middle of its last entry",
        description="A game file whose last entry was cut off while it was written (a crash, "
        "a full disk) is cut back to its whole entries; the file as it was is kept beside it "
        "as NAME.torn-TIME.owsg. A file changed in any other way is refused and left alone.",
    )
    recover.add_argument("file", type=Path)
    recover.set_defaults(handler="owsqt.cli.headless:recover")


def scenario_list() -> str:
    """The scenarios `owsqt new --scenario` takes: id, title, turns and rule (19.0)."""
    from owsqt.rules.data.datafile import DataError
    from owsqt.rules.scenario.ruleset import default_ruleset

    try:
        scenarios = default_ruleset().scenarios
    except DataError as error:
        return f"scenarios: a data file is broken, run `owsqt validate-data` ({error})"
    width = max(len(key) for key in scenarios)
    lines = ["scenarios:"]
    for key in sorted(scenarios):
        scenario = scenarios[key]
        turns = f"turns {scenario.first_turn} to {scenario.last_turn}"
        lines.append(f"  {key:<{width}}  {scenario.title} ({turns}, rule {scenario.rule})")
    return "\n".join(lines)
