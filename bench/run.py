"""Run every benchmark, print its median and ratio, write bench/results.json.

python -m bench.run             every benchmark
python -m bench.run table app   only bench_table and bench_app
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

import bench
from bench.harness import Measurement, write_results


def main(argv: list[str] | None = None) -> int:
    only = set(sys.argv[1:] if argv is None else argv)
    measurements: list[Measurement] = []
    for module_info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if not module_info.name.startswith("bench_"):
            continue
        if only and module_info.name.removeprefix("bench_") not in only:
            continue
        module = importlib.import_module(f"bench.{module_info.name}")
        for measurement in module.run():
            print(measurement.line(), flush=True)
            measurements.append(measurement)
    write_results(measurements, Path(__file__).with_name("results.json"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
