"""Replaying a strict game of the campaign played by random legal actions to its end (about
3,300 entries, Operation Thunderclap among them), as an import replays an opponent's reply
entry by entry, against the bare Ed25519 verifications of its signatures.

Each entry of a reply an import cannot refuse before its end costs what replaying it
costs: the ratio says how many signature checks an entry of the campaign is worth, and
`docs/pbem-format.md` (Limits) what that makes of the worst reply under the bound of one
file (2,000 entries). Issue 41's fast engine is measured against the same floor."""

from __future__ import annotations

import random

from bench.bench_journal import bare_verifications
from bench.harness import Measurement, measure
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.session import game_from_text, new_game
from tools.fuzz.solo import FuzzFailure, Invariants, play_out

SCENARIO = "operation-winter-storm"
SEED = 3  # the fuzzer's seed 3 plays this scenario too


def campaign_journal(ruleset: Ruleset) -> str:
    session = new_game(
        ruleset, SCENARIO, Mode.STRICT, seed=SEED, clock=lambda: "1942-12-12T06:00:00Z"
    )
    session.apply_default_setup()

    def fail(message: str) -> FuzzFailure:
        return FuzzFailure(SEED, message, None)

    rng = random.Random(SEED)
    invariants = Invariants(ruleset)
    play_out(ruleset, rng, lambda: session, fail, invariants, 10_000, None)
    return session.text()


def run() -> list[Measurement]:
    ruleset = default_ruleset()
    text = campaign_journal(ruleset)
    entries = text.count("\n#")
    measured = measure(
        f"replay.campaign_{entries}_entries",
        lambda: game_from_text(ruleset, text),
        bare_verifications(text),
        3,
    )
    return [measured]
