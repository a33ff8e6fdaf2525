"""The benchmarks stay runnable: each one's workload runs here on a small scale."""

from __future__ import annotations

import importlib
import pkgutil

import bench
from bench.bench_journal import bench_ruleset, journal_of
from owsqt.session import GameSession


def test_every_benchmark_module_imports_and_offers_run():
    names = [m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_")]
    assert {"bench_hexgrid", "bench_journal", "bench_map", "bench_table"} <= set(names)
    for name in names:
        assert callable(importlib.import_module(f"bench.{name}").run)


def test_the_replay_benchmarks_journal_replays():
    ruleset = bench_ruleset()
    text = journal_of(ruleset, 40)
    assert len(GameSession.from_text(ruleset, text).entries) == 40
