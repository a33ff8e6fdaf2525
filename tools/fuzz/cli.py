"""The fuzzers' command line: python -m tools.fuzz --games N [--scenario ID] [--email]
(solo.py, email.py; which scenario each seed plays: settings.py)."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from owsqt.rules.scenario.ruleset import default_ruleset
from tools.fuzz import email, solo
from tools.fuzz.settings import SCENARIOS, setting_for
from tools.fuzz.solo import EXIT_FAILED, FuzzFailure, Invariants


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
        "--email",
        action="store_true",
        help="play each game as two e-mail players trading files (tools/fuzz/email.py)",
    )
    parser.add_argument(
        "--journal-dir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "owsqt-fuzz",
        help="where the journal of a failing game is written",
    )
    args = parser.parse_args(argv)
    ruleset = default_ruleset()
    invariants = Invariants(ruleset)
    play = email.play_email_game if args.email else solo.play_game
    started = time.perf_counter()
    failures: list[FuzzFailure] = []
    actions = 0
    results: dict[str, Counter[str]] = {}
    for seed in range(args.first_seed, args.first_seed + args.games):
        setting = setting_for(ruleset, seed, args.scenario)
        try:
            report = play(
                ruleset,
                seed,
                journal_dir=args.journal_dir,
                invariants=invariants,
                setting=setting,
            )
        except FuzzFailure as failure:
            failures.append(failure)
            print(f"FAILED {failure}", flush=True)
            if failure.__cause__ is not None:  # a crash: where it happened
                traceback.print_exception(failure.__cause__, file=sys.stderr)
            continue
        actions += report.actions
        results.setdefault(setting.scenario, Counter())[report.result or "no result"] += 1
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
    if failures:
        seeds = ", ".join(str(f.seed) for f in failures)
        print(
            f"fuzz: {len(failures)} of {args.games} games failed (seeds {seeds})", file=sys.stderr
        )
        return EXIT_FAILED
    return 0
