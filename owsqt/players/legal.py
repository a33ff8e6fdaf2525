"""The actions the rules allow now: the candidates (rules/legalactions) the engine's judge
calls legal, as a computer player is handed them (session/computer.py splits them by the
side that makes them)."""

from __future__ import annotations

import random

from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.engine import judge
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.scenario.ruleset import Ruleset


def legal_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """The sampled candidates of `state` that the judge calls legal, in their order."""
    candidates = candidate_actions(ruleset, state, rng)
    return [action for action in candidates if judge(ruleset, state, action).legal]
