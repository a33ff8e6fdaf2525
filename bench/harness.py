"""Benchmark harness: medians measured against a floor timed in the same run.

A figure alone says little on a shared machine; the ratio of a workload to a
floor measured moments before, under the same load, is what we track.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measurement:
    name: str
    median_s: float  # seconds; or, with unit "MB", megabytes
    floor_s: float
    unit: str = "s"

    @property
    def ratio(self) -> float:
        return self.median_s / self.floor_s if self.floor_s > 0 else float("inf")

    def line(self) -> str:
        if self.unit == "MB":
            return (
                f"{self.name:<40} median {self.median_s:10.1f} MB"
                f"   floor {self.floor_s:10.1f} MB   ratio {self.ratio:8.2f}"
            )
        return (
            f"{self.name:<40} median {self.median_s * 1e3:10.3f} ms"
            f"   floor {self.floor_s * 1e3:10.3f} ms   ratio {self.ratio:8.2f}"
        )


def median_time(run: Callable[[], object], repeats: int = 7) -> float:
    """Median wall time of `repeats` calls of `run`, after one warm-up call."""
    run()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def measure(
    name: str, work: Callable[[], object], floor: Callable[[], object], repeats: int = 7
) -> Measurement:
    """Time `work` and its `floor` alternately so both see the same machine load."""
    floor_s = median_time(floor, repeats)
    median_s = median_time(work, repeats)
    return Measurement(name, median_s, floor_s)


def write_results(measurements: list[Measurement], path: Path) -> None:
    """Write name -> {median_s, floor_s, ratio} so tools can track the figures."""
    data = {
        m.name: {"median_s": m.median_s, "floor_s": m.floor_s, "ratio": m.ratio}
        | ({} if m.unit == "s" else {"unit": m.unit})
        for m in measurements
    }
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
