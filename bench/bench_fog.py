"""The fog of war (18.1): one side's view of a state, and its log, drawn at every redraw.

The game is the campaign with fog of war after both default set-ups and 400 random legal
actions (the fuzzer's). The view's floor is the stacks of the same state derived afresh,
which any display of the map needs; the log's floor is the log as written (side None),
and the workload the German player's log as it reads now, asked again after an action as
the log dock asks it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bench.harness import Measurement, measure
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tools.fuzz.solo import choose_legal

ACTIONS = 400


def run() -> list[Measurement]:
    ruleset = default_ruleset()
    session = new_game(
        ruleset, "operation-winter-storm", Mode.STRICT, seed=4, options=(FOG_OF_WAR,)
    )
    session.apply_default_setup()
    rng = random.Random(4)
    for _ in range(ACTIONS):
        session.submit(choose_legal(ruleset, session.state, rng, AssertionError))
    state = session.state
    session.log_lines(side=Player.GERMAN)  # the first reading, made once a game
    return [
        measure(
            "fog: the German view of a campaign state",
            lambda: view(ruleset, replace(state), Player.GERMAN),
            lambda: replace(state).stacks,
        ),
        measure(
            "fog: the German log as it reads now",
            lambda: session.log_lines(side=Player.GERMAN),
            lambda: session.log_lines(side=None),
        ),
    ]
