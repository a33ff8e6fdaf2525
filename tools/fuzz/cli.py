"""The fuzzers' command line: python -m tools.fuzz --games N [--scenario ID] [--fog]
[--email [--hostile]] [--jobs J] (solo.py, email.py, hostile.py; which scenario each seed
plays: settings.py).

The games are independent, so they are played J at a time (by default one for each processor
this process may use), each in a process of its own forked from this one, which has read the
rules once; each game's line is printed in the order of the seeds, as soon as the games
before it are done."""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from owsqt.cli.forked import forked_map
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from tools.fuzz import email, solo
from tools.fuzz.settings import SCENARIOS, setting_for
from tools.fuzz.solo import EXIT_FAILED, FuzzFailure, GameReport, Invariants


@dataclass(frozen=True, slots=True)
class Played:
    """One game's end, as a process hands it back: its report, or how it failed."""

    seed: int
    report: GameReport | None
    failure: str = ""  # the failure's message
    crash: str = ""  # the traceback of a crash, if the failure was one


@dataclass(frozen=True, slots=True)
class Run:
    """What every game of a run shares: set before the worker processes fork from this one."""

    ruleset: Ruleset
    invariants: Invariants
    play: Callable[..., GameReport]  # solo.play_game, email.play_email_games (hostile: ..._game)
    journal_dir: Path
    scenario: str | None
    fog: bool = False  # every game with the fog of war (18.1)


_runs: list[Run] = []  # the run under way (one), read by the game processes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.fuzz",
        description="Play strict games by random legal actions, the four scenarios in turn.",
    )
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument(
        "--first-seed", type=int, default=1, help="the seed of the first game (default 1)"
    )
    parser.add_argument(
        "--scenario",
        choices=SCENARIOS,
        help="play only this scenario (default: the four in turn, game i the (i-1) mod 4th)",
    )
    parser.add_argument(
        "--fog",
        action="store_true",
        help="play every game with the fog of war (18.1) besides its scenario's options",
    )
    parser.add_argument(
        "--email",
        action="store_true",
        help="play each game as two e-mail players trading files (tools/fuzz/email.py)",
    )
    parser.add_argument(
        "--hostile",
        action="store_true",
        help="with --email: before each file its sender forges variants of it, which the "
        "other player's program must refuse (tools/fuzz/hostile.py)",
    )
    parser.add_argument(
        "--journal-dir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "owsqt-fuzz",
        help="where the journal of a failing game is written",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=_processors(),
        help="how many games at a time (default: one for each processor)",
    )
    args = parser.parse_args(argv)
    if args.hostile and not args.email:
        parser.error("--hostile plays e-mail games: add --email")
    ruleset = default_ruleset()
    play = email.play_email_games if args.email else solo.play_game
    if args.hostile:
        # with standing orders, so that their answers are forged too (hostile.py)
        play = functools.partial(email.play_email_game, hostile=True, orders=True)
    invariants = Invariants(ruleset)
    _runs[:] = [Run(ruleset, invariants, play, args.journal_dir, args.scenario, args.fog)]
    started = time.perf_counter()
    failures: list[int] = []
    actions = 0
    per_turn: list[float] = []  # e-mail play: each game's files per game turn
    ordered: list[float] = []  # and with standing orders
    results: dict[str, Counter[str]] = {}
    seeds = range(args.first_seed, args.first_seed + args.games)
    for played in _played(seeds, args.jobs):
        if played.report is None:
            failures.append(played.seed)
            print(f"FAILED {played.failure}", flush=True)
            if played.crash:  # a crash: where it happened
                print(played.crash, file=sys.stderr, end="")
            continue
        report = played.report
        actions += report.actions
        if report.files:
            per_turn.append(report.files_per_turn)
        if report.ordered_files:
            ordered.append(report.ordered_files_per_turn)
        results.setdefault(report.setting.scenario, Counter())[report.result or "no result"] += 1
        print(report.line(), flush=True)
    elapsed = time.perf_counter() - started
    per_game = elapsed / args.games if args.games else 0.0
    print(
        f"{args.games} games, {actions} actions in the games that passed, "
        f"{elapsed:.1f} s ({per_game:.2f} s a game)"
    )
    for scenario in (s for s in SCENARIOS if s in results):  # the spread of results (19.0)
        spread = ", ".join(f"{n} {r}" for r, n in results[scenario].most_common())
        print(f"results of {scenario}: {spread}")
    if per_turn:
        without = f"{statistics.median(per_turn):.1f}"
        if ordered:
            median = statistics.median(ordered)
            print(
                f"files per game turn: median {median:.1f} with standing orders, {without} without"
            )
        else:
            print(f"files per game turn: median {without} without standing orders")
    if failures:
        failed = ", ".join(str(seed) for seed in failures)
        print(
            f"fuzz: {len(failures)} of {args.games} games failed (seeds {failed})", file=sys.stderr
        )
        return EXIT_FAILED
    return 0


def _played(seeds: range, jobs: int) -> Iterator[Played]:
    """Each game's end, in the order of `seeds`, `jobs` games at a time."""
    return forked_map(_play, seeds, jobs)


def _play(seed: int) -> Played:
    """Play the game of `seed` of the run under way."""
    (run,) = _runs
    setting = setting_for(run.ruleset, seed, run.scenario, fog=run.fog)
    try:
        report = run.play(
            run.ruleset,
            seed,
            journal_dir=run.journal_dir,
            invariants=run.invariants,
            setting=setting,
        )
    except FuzzFailure as failure:
        cause = failure.__cause__
        crash = "".join(traceback.format_exception(cause)) if cause is not None else ""
        return Played(seed, None, str(failure), crash)
    return Played(seed, report)


def _processors() -> int:
    """How many processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
