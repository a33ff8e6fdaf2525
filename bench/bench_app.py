"""The desktop's cold start and its memory, each in fresh processes (bench/appstart.py).

- app.cold_start: from starting the process to the main window shown and painted, as the
  program starts (owsqt.qt.app.launch.run); the floor starts a bare QMainWindow.
- app.cold_start_cpu: the same starts' own CPU time (user and system), which a machine
  busy with other work does not inflate as it does the wall time above.
- app.rss_campaign: the resident memory once the campaign (its default set-up) is open in
  the main window, in megabytes; the floor is the bare QMainWindow's.

Each child runs on the offscreen platform with empty XDG directories (no game of the player
is read or written, no question asked), and with byte code cached in a directory of the run
(a warm-up start fills it), as an installed program has it.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.harness import Measurement

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 3
_TIMEOUT_S = 120


def start(kind: str, home: Path) -> dict[str, float]:
    """Start `python -m bench.appstart kind` and return what it reports."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PYTHONPYCACHEPREFIX=str(home / "pycache"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    begun = time.time()
    done = subprocess.run(
        [sys.executable, "-m", "bench.appstart", kind, repr(begun)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=_TIMEOUT_S,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"bench.appstart {kind} failed ({done.returncode}): {done.stderr}")
    return json.loads(lines[-1])


def medians(kind: str, home: Path, repeats: int = REPEATS) -> dict[str, float]:
    """The median of each figure over `repeats` starts, after a warm-up start that fills
    the byte code cache and makes the identity key."""
    start(kind, home)
    runs = [start(kind, home) for _ in range(repeats)]
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def run() -> list[Measurement]:
    with tempfile.TemporaryDirectory(prefix="owsqt-bench-app-") as name:
        home = Path(name)
        bare = medians("bare", home)
        program = medians("program", home)
        campaign = medians("campaign", home, 1)
    mb = 2**20
    return [
        Measurement("app.cold_start", program["up_s"], bare["up_s"]),
        Measurement("app.cold_start_cpu", program["cpu_s"], bare["cpu_s"]),
        Measurement("app.rss_campaign", campaign["rss"] / mb, bare["rss"] / mb, unit="MB"),
    ]
