"""The benchmarks stay runnable: each one's workload runs here on a small scale."""

from __future__ import annotations

import importlib
import pkgutil

import bench
from bench.bench_journal import bench_ruleset, journal_of
from owsqt.session import game_from_text


def test_every_benchmark_module_imports_and_offers_run():
    names = [m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_")]
    assert {
        "bench_app",
        "bench_hexgrid",
        "bench_journal",
        "bench_map",
        "bench_movement",
        "bench_supply",
        "bench_table",
        "bench_zones",
    } <= set(names)
    for name in names:
        assert callable(importlib.import_module(f"bench.{name}").run)


def test_the_replay_benchmarks_journal_replays():
    ruleset = bench_ruleset()
    text = journal_of(ruleset, 40)
    assert len(game_from_text(ruleset, text).entries) == 40


def test_8_1_the_reachable_search_agrees_with_scipy_on_the_benchmark_stacks():
    from bench.bench_movement import FAST_UNIT, campaign_state, largest_stack, search_and_floor
    from owsqt.rules.scenario.ruleset import default_ruleset

    ruleset = default_ruleset()
    state = campaign_state(ruleset)
    for units in (largest_stack(ruleset, state), state.stack(state.units[FAST_UNIT].hex)):
        work, _floor = search_and_floor(ruleset, state, units)  # raises if they disagree
        assert len(work().spent) > 10


def test_14_2_supply_determination_agrees_with_scipy_on_a_cut_off_division():
    """The benchmark's floor and the rules give the same supplied units, here with the
    6th Panzer Division's HQ ringed by Soviet ZOCs, so that some are not."""
    from bench.bench_supply import compiled_floor, determine_all
    from owsqt.rules.core.vocabulary import Player
    from owsqt.rules.scenario.ruleset import default_ruleset
    from tests.rules.test_supply import ringed, start_state

    ruleset = default_ruleset()
    state = ringed(ruleset, start_state(ruleset))
    ours = determine_all(ruleset, state)
    assert "de-6pz-hq" not in ours[0]
    assert ours == [compiled_floor(ruleset, state, player)() for player in Player]


def test_the_app_benchmark_starts_the_program_and_reads_its_memory(tmp_path):
    """The child of app.cold_start runs the program's own start to a shown window."""
    from bench.bench_app import start

    up = start("program", tmp_path)
    assert 0 < up["cpu_s"] <= up["up_s"] + 1
    assert up["rss"] > 20 * 2**20


def test_defect_8_the_flood_benchmark_refuses_its_replies_on_a_small_scale():
    """bench_flood's workloads: a reply over the bound of one file, refused before it is
    read, and one under it, refused at its first illegal move (3.1)."""
    from bench.bench_flood import opened, refusal
    from owsqt.journal.limits import MAX_FILE_ENTRIES
    from owsqt.journal.textformat import JournalError
    from owsqt.session import ImportRefused
    from tests.session.floodkit import flooded_reply

    exchange, text = opened()
    soviet = exchange.soviet
    over = flooded_reply(soviet.ruleset, exchange, soviet.text(), MAX_FILE_ENTRIES)
    under = flooded_reply(soviet.ruleset, exchange, soviet.text(), 30)
    assert isinstance(refusal(exchange, text, over)(), JournalError)
    refused = refusal(exchange, text, under)()
    assert isinstance(refused, ImportRefused) and refused.problems[0].rule == "3.1"
