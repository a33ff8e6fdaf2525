"""The command line: the desktop by default, and headless commands for data, replay and tables."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from owsqt import __version__
from owsqt.headless import EXIT_BAD_INPUT, EXIT_OK, add_commands
from owsqt.journal.store import write_atomically
from owsqt.rules.data.datafile import DataError, resources_dir
from owsqt.rules.data.tables.grid import FactorTable
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        return _desktop(args)
    try:
        return args.handler(args)
    except BrokenPipeError:  # the output was cut short (e.g. `| head`): nothing to say
        sys.stderr.close()
        return EXIT_OK
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

    compile_map = commands.add_parser("compile-map", help="rebuild the compiled battle map")
    compile_map.set_defaults(handler=_compile_map)

    export_map = commands.add_parser("export-map", help="write the map as JSON for other tools")
    export_map.add_argument("--json", dest="out", type=Path, required=True, metavar="FILE")
    export_map.set_defaults(handler=_export_map)

    render_map = commands.add_parser("render-map", help="draw the whole map to a PNG file")
    render_map.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    render_map.add_argument("--scale", type=float, default=1.0, help="1.0 is about 64 px a hex")
    render_map.set_defaults(handler=_render_map)

    moves = commands.add_parser("moves", help="where a stack can move from a default set-up")
    moves.add_argument("--scenario", required=True, help="a scenario id")
    moves.add_argument("--unit", required=True, help="a unit id; its whole stack moves")
    moves.add_argument("--json", action="store_true", help="print JSON")
    moves.set_defaults(handler=_moves)

    screenshot = commands.add_parser("screenshot", help="render a new game's table to PNG")
    screenshot.add_argument("--scenario", required=True, help="a scenario id")
    screenshot.add_argument("--hex", dest="hex_id", metavar="CCRR", help="centre on this hex")
    screenshot.add_argument("--zoom", type=float, default=0.6, help="1.0 is about 64 px a hex")
    screenshot.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    screenshot.set_defaults(handler=_screenshot)

    export_oob = commands.add_parser("export-oob", help="write the order of battle")
    export_oob.add_argument("--json", dest="out", type=Path, metavar="FILE")
    export_oob.add_argument("--markdown", type=Path, metavar="FILE", help="the readable version")
    export_oob.set_defaults(handler=_export_oob)

    add_commands(commands)  # new, act, replay, verify

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
    ready = tables.add_parser("air-recovery", help="Air unit recovery, by chart line (4.7)")
    ready.add_argument("--class", dest="recovery_class", required=True, help="JG, ZG, STG, IAD…")
    ready.add_argument("--disrupted", action="store_true", help="the unit is disrupted")
    ready.add_argument("--roll", type=int, required=True, help="the die, 1-10")
    ready.set_defaults(handler=_table)
    return parser


def _desktop(args: argparse.Namespace) -> int:
    from owsqt.qt.app.launch import run  # imported here: the headless commands never load Qt

    return run(sys.argv[:1], args.game)


def _validate_data(args: argparse.Namespace) -> int:
    ruleset = Ruleset.load()
    ruleset.game_map.validate()
    print(
        f"data ok: {len(ruleset.grid.ids())} hexes, {len(ruleset.catalogue.ground)} ground and "
        f"{len(ruleset.catalogue.air)} air counters, {len(ruleset.scenarios)} scenarios, "
        f"{len(ruleset.turn_record_track)} turns of the Turn Record Track, every table"
    )
    return EXIT_OK


def _compile_map(args: argparse.Namespace) -> int:
    from owsqt.rules.map.mapcompiler import compile_resources
    from owsqt.rules.map.mapfile import compiled_text

    resources = resources_dir()
    game_map = compile_resources(resources)
    target = resources / "map" / "compiled.json"
    write_atomically(target, compiled_text(game_map))
    metadata = game_map.metadata
    worst = max(metadata["residuals_in_hexes"].values(), default=0.0)
    print(
        f"wrote {target}: {len(game_map.hexes)} hexes, {len(game_map.rivers)} river hexsides, "
        f"{len(game_map.connections)} connections, {len(game_map.places)} places; "
        f"largest affine residual {worst} hexes, largest correction "
        f"{metadata['projection']['largest_correction_in_hexes']} hexes"
    )
    return EXIT_OK


def _export_map(args: argparse.Namespace) -> int:
    from owsqt.rules.map.mapfile import export_data

    data = export_data(default_ruleset().game_map)
    write_atomically(args.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}: {len(data['hexes'])} hexes")
    return EXIT_OK


def _moves(args: argparse.Namespace) -> int:
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.movement.stackmove import reachable, stack_move
    from owsqt.session import GameSession

    ruleset = default_ruleset()
    if args.scenario not in ruleset.scenarios:
        raise ValueError(f"unknown scenario {args.scenario!r}")
    session = GameSession.new(ruleset, args.scenario, Mode.FREE, seed=1)
    session.apply_default_setup()
    state = session.state
    unit = state.units.get(args.unit)
    if unit is None or unit.hex is None:
        raise ValueError(f"{args.unit!r} is not on the map at the start of {args.scenario}")
    stack = state.stack(unit.hex)
    move = stack_move(ruleset, state, stack)
    reach = reachable(ruleset, state, stack)  # the first turn's roads (8.1), no bonus yet
    # 8.1: each cost is what the stack's pacing unit (the one with least left) spent; no
    # unit spends more than its own points, the most of which the stack reports.
    points = max(move.points)
    grid = ruleset.grid
    costs = {grid.id_of(h): float(c) for h, c in sorted(reach.spent.items(), key=lambda i: i[1])}
    if args.json:
        data = {
            "unit": args.unit,
            "stack": list(stack),
            "from": grid.id_of(unit.hex),
            "movement_points": float(points),
            "movement_points_by_class": {
                c.value: float(p) for c, p in zip(move.class_order, move.points, strict=True)
            },
            "reachable": costs,
        }
        print(json.dumps(data, indent=1))
        return EXIT_OK
    names = ", ".join(ruleset.unit_name(u) for u in stack)
    by_class = ", ".join(
        f"{p} {c.value}" for c, p in zip(move.class_order, move.points, strict=True)
    )
    print(f"{names} on {grid.id_of(unit.hex)}: {by_class} MP, {len(costs)} hexes")
    for hex_id, cost in costs.items():
        print(f"  {hex_id}  {cost:g} MP")
    return EXIT_OK


def _screenshot(args: argparse.Namespace) -> int:
    from owsqt.qt.app.screenshot import take_screenshot  # Qt only for this command

    width, height = take_screenshot(
        default_ruleset(), args.scenario, args.out, args.hex_id, args.zoom
    )
    print(f"wrote {args.out}: {width} x {height} px")
    return EXIT_OK


def _export_oob(args: argparse.Namespace) -> int:
    from owsqt.rules.data.oobexport import oob_data, oob_markdown

    if args.out is None and args.markdown is None:
        raise ValueError("say where to write: --json FILE and/or --markdown FILE")
    ruleset = default_ruleset()
    if args.out is not None:
        data = oob_data(ruleset.catalogue, sorted(ruleset.scenarios))
        write_atomically(args.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}: {len(data['units'])} counters")
    if args.markdown is not None:
        write_atomically(args.markdown, oob_markdown(ruleset.catalogue))
        print(f"wrote {args.markdown}")
    return EXIT_OK


def _render_map(args: argparse.Namespace) -> int:
    from owsqt.qt.map.render import render_map  # Qt only for this command

    width, height = render_map(default_ruleset().game_map, args.out, args.scale)
    print(f"wrote {args.out}: {width} x {height} px")
    return EXIT_OK


def _table(args: argparse.Namespace) -> int:
    tables = default_ruleset().tables
    result: object
    if args.table == "air-combat":
        result = tables.air_combat.resolve(args.differential, args.drm, roll=args.roll)
    elif args.table == "air-recovery":
        try:
            needed = tables.air_recovery.threshold(args.recovery_class, args.disrupted)
        except KeyError as error:
            print(f"owsqt: {error.args[0]}", file=sys.stderr)
            return EXIT_BAD_INPUT
        ready = tables.air_recovery.recovers(args.recovery_class, args.disrupted, args.roll)
        need = f"{needed} or less" if needed is not None else "no roll recovers it"
        result = f"{'ready' if ready else 'not ready'} ({need})"
    else:
        # Each table gives results of its own kind; printing needs no more than that.
        by_name: dict[str, FactorTable[Any]] = {
            "crt": tables.crt,
            "bombardment": tables.bombardment,
            "counterbattery": tables.counterbattery,
        }
        result = by_name[args.table].resolve(args.factors, args.shifts, args.drm, roll=args.roll)
    print(result)
    return EXIT_OK
