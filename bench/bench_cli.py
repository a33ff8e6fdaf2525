"""The command line as a player's script meets it, each run in a fresh interpreter:

- `cli.start`: `owsqt --version`, against a bare `python -c pass` (issue 20: under 0.15 s);
- `cli.act_2000_entries`: `owsqt act` on a game of 2,000 entries, against `owsqt act` on a
  new game (issue 20: at most 1.5x), which the checkpoint beside the file makes possible.

Run alone: `python -m bench.bench_cli`."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.harness import Measurement
from owsqt.rules.core.actions import PlaceUnits, RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.session import new_game

ENTRIES = 2_000
ROLL = '{"kind": "roll", "purpose": "bench"}'
REPO = Path(__file__).resolve().parents[1]


def command(*arguments: str) -> Callable[[], None]:
    """Run `python ARGUMENTS` with this checkout's owsqt, as the `owsqt` script would."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def run() -> None:
        subprocess.run([sys.executable, *arguments], env=env, check=True, capture_output=True)

    return run


def owsqt(*arguments: str) -> Callable[[], None]:
    return command("-m", "owsqt", *arguments)


def long_game(ruleset: Ruleset, path: Path, entries: int = ENTRIES) -> None:
    """A free-play game of We are coming! set up by default and played on to `entries`
    entries of moves and die rolls."""
    session = new_game(ruleset, "we-are-coming", Mode.FREE, seed=5, path=path)
    session.apply_default_setup()
    units = sorted(u for u, unit in session.state.units.items() if unit.hex is not None)
    chooser = random.Random(7)
    hexes = ruleset.grid.hexes()
    while len(session.entries) < entries:
        if len(session.entries) % 3 == 1:
            session.submit(RollDice(purpose="bench"))
        else:
            session.submit(PlaceUnits(units=(chooser.choice(units),), to=chooser.choice(hexes)))
    session.close()


def interleaved(
    name: str, work: Callable[[], None], floor: Callable[[], None], repeats: int = 7
) -> Measurement:
    """Like harness.measure, but the work and its floor take turns, run by run: a process
    takes long enough for the load of a shared machine to change between two series."""
    work()
    floor()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for run_once, times in ((work, samples[0]), (floor, samples[1])):
            start = time.perf_counter()
            run_once()
            times.append(time.perf_counter() - start)
    return Measurement(name, statistics.median(samples[0]), statistics.median(samples[1]))


def run() -> list[Measurement]:
    folder = Path(tempfile.mkdtemp(prefix="owsqt-bench-cli-"))
    os.environ.setdefault("XDG_CONFIG_HOME", str(folder / "config"))  # the bench's own key
    long, new = folder / "long.owsg", folder / "new.owsg"
    long_game(default_ruleset(), long)
    owsqt(
        "new", "--scenario", "we-are-coming", "--mode", "free", "--seed", "5", "--out", str(new)
    )()
    return [
        interleaved("cli.start", owsqt("--version"), command("-c", "pass"), repeats=9),
        interleaved(
            "cli.act_2000_entries", owsqt("act", str(long), ROLL), owsqt("act", str(new), ROLL)
        ),
    ]


if __name__ == "__main__":
    for measurement in run():
        print(measurement.line(), flush=True)
