"""Fog of war in e-mail play (18.1): keeping two worlds of one game in step, entry by entry.

The game is Hoth's Last Gasp with fog of war after both default set-ups and 300 random
legal strict actions (the fuzzer's). The workload plays them into both worlds as two
e-mail programs would: the writer's world applies each action whole, the other side takes
in its public part, and a strike on a hidden stack is answered by its owner's resolution.
The floor is the same actions applied to the whole game once, as a program replays a file
without fog.
"""

from __future__ import annotations

import random

from bench.harness import Measurement, measure
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.worlds.belief import belief
from owsqt.rules.worlds.exposure import exposure
from owsqt.rules.worlds.public import (
    owner_resolves,
    public_part,
    resolution,
    writer_of,
)
from owsqt.rules.worlds.takein import act, take_in
from owsqt.session import new_game
from tools.fuzz.solo import choose_legal

ACTIONS = 300


def run() -> list[Measurement]:
    ruleset = default_ruleset()
    session = new_game(ruleset, "hoths-last-gasp", Mode.STRICT, seed=7, options=(FOG_OF_WAR,))
    session.apply_default_setup()
    start = session.state
    rng = random.Random(7)
    played: list[tuple[Action, Player]] = []
    for _ in range(ACTIONS):
        action = choose_legal(ruleset, session.state, rng, AssertionError)
        played.append((action, writer_of(ruleset, session.state, action)))
        session.submit(action)
    return [
        measure(
            "worlds: 300 fogged entries into two worlds",
            lambda: _both_worlds(ruleset, start, played),
            lambda: _whole_game(ruleset, start, played),
            repeats=3,
        )
    ]


def _whole_game(ruleset: Ruleset, start: GameState, played: list[tuple[Action, Player]]) -> None:
    state = start
    for action, _writer in played:
        state = apply(ruleset, state, action, Mode.STRICT).state


def _both_worlds(ruleset: Ruleset, start: GameState, played: list[tuple[Action, Player]]) -> None:
    worlds = {side: belief(ruleset, start, side) for side in Player}
    told = {side: exposure(ruleset, start, side) for side in Player}
    since = {side: worlds[side].state for side in Player}
    for action, writer in played:
        mine, _events, _applied = act(worlds[writer], action, Mode.STRICT)
        public = public_part(told[writer], since[writer], worlds[writer], action, mine)
        worlds[writer.opponent], _events = take_in(worlds[writer.opponent], public)
        worlds[writer], told[writer], since[writer] = mine, public.after, mine.state
        if owner_resolves(action):  # 4.6, 18.1: the struck side draws the true unit
            owner = writer.opponent
            answer = resolution(told[owner], since[owner], worlds[owner])
            worlds[writer], _events = take_in(worlds[writer], answer)
            told[owner], since[owner] = answer.after, worlds[owner].state
