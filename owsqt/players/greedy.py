"""The greedy player: every legal action (up to the budget's count) applied, in STRICT
play, to a copy of its own situation, and the position after it scored by a one-step
evaluation (`evaluate`); the best is played, ties broken by the player's seeded rng.

It never reads what its side may not see: it plays on its situation (its world under the
fog of war, 18.1), and the copy rolls its own dice, drawn from the player's rng, so that
looking ahead never tells it the game's rolls to come (2.0)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace

from owsqt.players.evaluate import evaluate
from owsqt.players.interface import NORMAL, Budget, Choice, Level, Situation
from owsqt.rules.core.actions import Action, action_to_data
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply

TIE = 1e-9  # scores closer than this are equal


class GreedyPlayer:
    """Plays the legal action whose position scores best after one step."""

    name = "greedy"

    def __init__(self, rng: random.Random, level: Level = NORMAL) -> None:
        self.rng = rng
        self.level = level

    def choose(self, situation: Situation, legal: Sequence[Action], budget: Budget) -> Choice:
        rng = self.rng
        if self.level.randomness and rng.random() < self.level.randomness:
            return Choice(rng.choice(legal), 0.0, f"random ({self.level.name} level)")
        looked = list(legal)
        if len(looked) > budget.actions:
            looked = rng.sample(looked, budget.actions)
        state = situation.state
        imagined = replace(state, dice=DiceState.new(rng.getrandbits(62), state.options))
        deadline = time.perf_counter() + budget.seconds
        scored: list[tuple[float, Action]] = []
        for action in looked:
            score = self.score(situation, imagined, action)
            if score is not None:
                scored.append((score, action))
            if time.perf_counter() > deadline:
                break
        if not scored:
            return Choice(looked[0], 0.0, "no action scored: the first legal one")
        best = max(score for score, _ in scored)
        tied = [action for score, action in scored if score >= best - TIE]
        action = tied[0] if len(tied) == 1 else rng.choice(tied)
        told = action_to_data(action, situation.ruleset.grid)
        return Choice(action, best, f"{told['kind']} scores {best:.1f} of {len(scored)} looked at")

    def score(self, situation: Situation, imagined: GameState, action: Action) -> float | None:
        """The evaluation after `action` on the `imagined` copy; None if refused."""
        outcome = apply(situation.ruleset, imagined, action, Mode.STRICT)
        if not outcome.applied:
            return None
        return evaluate(situation.ruleset, outcome.state, situation.side)
