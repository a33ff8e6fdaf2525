"""The headless data commands: `owsqt validate-data`, `compile-map`, `export-map`,
`render-map`, `moves`, `screenshot` and `export-oob` (imported only when one of them runs)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from owsqt.cli.errors import InputError, output_path
from owsqt.cli.exitcodes import EXIT_BAD_INPUT, EXIT_OK
from owsqt.journal.store import read_text, write_atomically
from owsqt.journal.textformat import JournalError
from owsqt.rules.data.datafile import resources_dir
from owsqt.rules.scenario.datafacts import data_problems
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.session import GameSession, game_from_text, new_game

MAX_SCALE = 4.0  # `render-map --scale`: a bigger picture of the whole map is gigabytes


def validate_data(args: argparse.Namespace) -> int:
    ruleset = Ruleset.load()
    ruleset.game_map.validate()
    problems = data_problems(ruleset, resources_dir())
    for problem in problems:
        print(f"owsqt: validate-data: {problem}", file=sys.stderr)
    if problems:
        return EXIT_BAD_INPUT
    print(
        f"data ok: {len(ruleset.grid.ids())} hexes, {len(ruleset.catalogue.ground)} ground and "
        f"{len(ruleset.catalogue.air)} air counters, {len(ruleset.scenarios)} scenarios, "
        f"{len(ruleset.turn_record_track)} turns of the Turn Record Track, every table; "
        "the start lines apart and in order, places and railways on their sourced hexes, tank "
        "strengths by the formula"
    )
    return EXIT_OK


def compile_map(args: argparse.Namespace) -> int:
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


def export_map(args: argparse.Namespace) -> int:
    from owsqt.rules.map.mapfile import export_data

    out = output_path(args.out, "--json")
    data = export_data(default_ruleset().game_map)
    write_atomically(out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}: {len(data['hexes'])} hexes")
    return EXIT_OK


def moves(args: argparse.Namespace) -> int:
    from owsqt.rules.core.verdict import Mode
    from owsqt.rules.movement.stackmove import reachable, stack_move

    ruleset = default_ruleset()
    if args.scenario not in ruleset.scenarios:
        raise InputError(f"--scenario: unknown scenario {args.scenario!r}")
    session = new_game(ruleset, args.scenario, Mode.FREE, seed=1)
    session.apply_default_setup()
    state = session.state
    unit = state.units.get(args.unit)
    if unit is None or unit.hex is None:
        raise InputError(f"--unit: {args.unit!r} is not on the map at the start of {args.scenario}")
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


def export_oob(args: argparse.Namespace) -> int:
    from owsqt.rules.data.oobexport import oob_data, oob_markdown

    if args.out is None and args.markdown is None:
        raise InputError("say where to write: --json FILE and/or --markdown FILE")
    for path, option in ((args.out, "--json"), (args.markdown, "--markdown")):
        if path is not None:
            output_path(path, option)
    ruleset = default_ruleset()
    if args.out is not None:
        data = oob_data(ruleset.catalogue, sorted(ruleset.scenarios))
        write_atomically(args.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}: {len(data['units'])} counters")
    if args.markdown is not None:
        write_atomically(args.markdown, oob_markdown(ruleset.catalogue))
        print(f"wrote {args.markdown}")
    return EXIT_OK


def render_map(args: argparse.Namespace) -> int:
    from owsqt.qt.map.render import render_map  # Qt only for this command

    out = output_path(args.out, "--out")
    if not 0 < args.scale <= MAX_SCALE:
        raise InputError(f"--scale {args.scale}: give more than 0, at most {MAX_SCALE}")
    width, height = render_map(default_ruleset().game_map, out, args.scale)
    print(f"wrote {args.out}: {width} x {height} px")
    return EXIT_OK


def screenshot(args: argparse.Namespace) -> int:
    """Draw a saved game after any entry, or a new game of a scenario, as the desktop shows
    it (Qt is loaded for this command only, once the input is known to be good)."""
    if (args.file is None) == (args.scenario is None):
        raise InputError("name one: a saved game FILE, or --scenario for a new game")
    if args.file is None and args.entry is not None:
        raise InputError("--entry is for a saved game FILE")
    out = output_path(args.out, "--out")
    ruleset = default_ruleset()
    session = _saved_game(ruleset, args.file) if args.file is not None else None
    from owsqt.qt.app.screenshot import take_screenshot

    try:
        width, height = take_screenshot(
            ruleset,
            out,
            scenario=args.scenario,
            session=session,
            entry=args.entry,
            hex_id=args.hex_id,
            zoom=args.zoom,
        )
    except ValueError as error:  # its arguments, checked before anything is drawn
        raise InputError(str(error)) from None
    where = f" after entry {args.entry}" if args.entry is not None else ""
    print(f"wrote {out}{where}: {width} x {height} px")
    return EXIT_OK


def _saved_game(ruleset: Ruleset, path: Path) -> GameSession:
    text = read_text(path)
    try:
        return game_from_text(ruleset, text)
    except JournalError as error:
        raise JournalError(f"{path}: {error}") from None
