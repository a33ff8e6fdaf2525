"""The Linux bundle `make dist` builds (dist/owsqt): its size on disk and its cold start.

- dist.size: the bundle's files on disk, in megabytes; the floor is what pip puts on disk
  for the same packages owsqt runs on (PySide6, shapely, numpy, cryptography, PyYAML, ...),
  without Python: the ratio says how much of them the bundle leaves out, Python added.
- dist.cold_start: from starting the bundle's program to its main window shown and painted
  (owsqt --self-test reports the moment), with an empty home as a new player has; the floor
  is a bare QMainWindow started from this run's Python (bench.appstart bare).
- dist.cold_start_cpu: the processor time of those starts, which a busy machine does not
  inflate as it does the wall time.

Without a bundle (run `make dist` first) the two are left out, with a line saying so.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import tempfile
import time
from importlib.metadata import distribution
from pathlib import Path

from bench.bench_app import medians
from bench.harness import Measurement

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "owsqt"
REPEATS = 3
MB = 1e6
# The distributions the bundle carries, as pip installs them.
RUNTIME = ("PySide6-Essentials", "shiboken6", "shapely", "numpy", "cryptography", "cffi",
           "PyYAML", "platformdirs")  # fmt: skip


def disk_size(paths: list[Path]) -> int:
    files = {f for p in paths for f in ([p] if p.is_file() else p.rglob("*"))}
    return sum(f.stat().st_size for f in files if f.is_file() and not f.is_symlink())


def installed_size(name: str) -> int:
    files = distribution(name).files or []
    return sum(f.locate().stat().st_size for f in files if Path(f.locate()).is_file())


def bundle_start(home: Path) -> dict[str, float]:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
           "QT_QPA_PLATFORM": "offscreen"}  # fmt: skip
    begun = time.time()
    done = subprocess.run(
        [str(BUNDLE / "owsqt"), "--self-test", str(home / "self-test.png")],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return {"up_s": report["up_at"] - begun, "cpu_s": report["up_cpu_s"]}


def run() -> list[Measurement]:
    if not (BUNDLE / "owsqt").is_file():
        print("dist: no bundle in dist/owsqt (make dist builds it): size and start left out")
        return []
    size = disk_size([BUNDLE]) / MB
    floor = sum(installed_size(name) for name in RUNTIME) / MB
    starts = []
    with tempfile.TemporaryDirectory(prefix="owsqt-bench-dist-") as name:
        for index in range(REPEATS + 1):  # each a new player's empty home; the first warms
            home = Path(name) / str(index)
            home.mkdir()
            starts.append(bundle_start(home))
        (Path(name) / "bare").mkdir()
        bare = medians("bare", Path(name) / "bare")
    starts = starts[1:]
    up = statistics.median(s["up_s"] for s in starts)
    cpu = statistics.median(s["cpu_s"] for s in starts)
    return [
        Measurement("dist.size", size, floor, unit="MB"),
        Measurement("dist.cold_start", up, bare["up_s"]),
        Measurement("dist.cold_start_cpu", cpu, bare["cpu_s"]),
    ]
