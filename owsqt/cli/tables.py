"""`owsqt table`: one die roll looked up on a table of the game, printed in words.

Each answer names the table, the column and the row used, says what the result does
(11.5, 12.4, 4.4, 4.5, 4.7) and ends with the book's notation in brackets."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from owsqt.cli.errors import InputError
from owsqt.cli.exitcodes import EXIT_OK
from owsqt.rules.data.tables import Tables
from owsqt.rules.data.tables.grid import FactorTable, ResultGrid, check_roll
from owsqt.rules.data.tables.results import (
    AirCombatResult,
    BombardmentResult,
    CombatResult,
    CounterbatteryResult,
)
from owsqt.rules.scenario.ruleset import default_ruleset

RULES = {"crt": "11.4, 11.5", "bombardment": "12.4", "counterbattery": "12.4"}


def table(args: argparse.Namespace) -> int:
    """Look the roll up; a number the table has no place for is InputError."""
    try:
        return _look_up(default_ruleset().tables, args)
    except (KeyError, ValueError) as error:  # a roll, a total or a class off the chart
        raise InputError(error.args[0] if isinstance(error, KeyError) else str(error)) from None


def _look_up(tables: Tables, args: argparse.Namespace) -> int:
    if args.table == "air-recovery":
        return _air_recovery(tables, args)
    check_roll(args.roll)
    if args.table == "air-combat":
        air = tables.air_combat
        result = air.resolve(args.differential, args.drm, roll=args.roll)
        where = f"differential {args.differential:+d}: column {air.column_for(args.differential)}"
        print(
            _line(
                _titled(air.title, air.rule),
                where,
                air.grid,
                args,
                air_combat_words(result),
                result,
            )
        )
        return EXIT_OK
    by_name: dict[str, FactorTable[Any]] = {
        "crt": tables.crt,
        "bombardment": tables.bombardment,
        "counterbattery": tables.counterbattery,
    }
    chosen = by_name[args.table]
    result = chosen.resolve(args.factors, args.shifts, args.drm, roll=args.roll)
    shifts = f", {_count(args.shifts, 'column shift')} left" if args.shifts else ""
    where = f"{args.factors} factors{shifts}: column {chosen.column_for(args.factors, args.shifts)}"
    describe: dict[str, Callable[[Any], str]] = {
        "crt": crt_words,
        "bombardment": bombardment_words,
        "counterbattery": counterbattery_words,
    }
    words = describe[args.table](result)
    print(_line(_titled(chosen.title, RULES[args.table]), where, chosen.grid, args, words, result))
    return EXIT_OK


def _line(
    title: str,
    where: str,
    grid: ResultGrid[Any],
    args: argparse.Namespace,
    words: str,
    result: object,
) -> str:
    modified = args.roll + args.drm
    roll = f"roll {args.roll}" if not args.drm else f"roll {args.roll} {args.drm:+d} = {modified}"
    row = grid.rows[grid.row_index(modified)].label
    if row != str(modified):  # clamped to the printed rows, or "10 or more"
        roll += f" (row {row})"
    return f"{title}, {where}; {roll}: {words} ({result})"


def crt_words(result: CombatResult) -> str:
    """[11.5] The first number is the strength points the units fired on lose at once; the
    second, the optional result, is taken as a retreat of that many hexes or a proficiency
    check."""
    if result.no_effect:
        return "no effect on the units fired on"
    parts = []
    if result.mandatory:
        parts.append(f"the units fired on lose {_count(result.mandatory, 'strength point')} now")
    else:
        parts.append("no strength point lost")
    if result.optional:
        parts.append(
            f"optional result {result.optional}: retreat {_count(result.optional, 'hex')} "
            "or take a proficiency check"
        )
    return "; ".join(parts)


def bombardment_words(result: BombardmentResult) -> str:
    """[12.4] A number is strength points the target loses, D disrupts it; [4.5] on an
    interdiction mission the number is the movement points lost in the zone."""
    if result.no_effect:
        return "no effect"
    parts = []
    if result.losses:
        parts.append(f"the target loses {_count(result.losses, 'strength point')}")
    if result.disrupted:
        parts.append("is disrupted (13.0)" if parts else "the target is disrupted (13.0)")
    text = " and ".join(parts)
    if result.losses:
        text += f"; an interdiction costs {_count(result.losses, 'movement point')} (4.5)"
    return text


def counterbattery_words(result: CounterbatteryResult) -> str:
    """[12.4] S suppresses the artillery fired on (it cannot carry out its mission); a number
    is strength points it loses."""
    if result.no_effect:
        return "no effect: the artillery fired on carries out its mission"
    parts = []
    if result.suppressed:
        parts.append("the artillery fired on is suppressed and cannot carry out its mission")
    if result.losses:
        parts.append(f"it loses {_count(result.losses, 'strength point')}")
    return "; ".join(parts)


def air_combat_words(result: AirCombatResult) -> str:
    """[4.4] A aborts the target's mission (back to the flown box); D disrupts it."""
    if result.no_effect:
        return "no effect"
    parts = []
    if result.abort:
        parts.append("the target aborts its mission and returns to the flown box")
    if result.disrupted:
        parts.append("is disrupted" if parts else "the target is disrupted")
    return " and ".join(parts)


def _air_recovery(tables: Tables, args: argparse.Namespace) -> int:
    """[4.7] A flown or disrupted air unit is ready on the chart's number or less."""
    recovery = tables.air_recovery
    needed = recovery.threshold(args.recovery_class, args.disrupted)
    ready = recovery.recovers(args.recovery_class, args.disrupted, args.roll)
    box = "disrupted" if args.disrupted else "flown"
    need = f"ready on {needed} or less" if needed is not None else "no roll recovers it"
    verdict = "ready: to the available box" if ready else "not ready: stays in its box"
    print(
        f"Air unit recovery (4.7), {args.recovery_class} in the {box} box; roll {args.roll}: "
        f"{verdict} ({need})"
    )
    return EXIT_OK


def _titled(title: str, rule: str) -> str:
    return f"{title} ({rule})"


def _count(number: int, noun: str) -> str:
    plural = noun + ("es" if noun.endswith("x") else "s")
    return f"{number} {noun if number == 1 else plural}"
