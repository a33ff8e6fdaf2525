"""The heuristic player (issue 38, item 2): at each decision, the legal actions offered
and its own candidates (every attack valued by the exact odds of its fire, the best moves
of its stacks, every bid), each applied in STRICT play to a copy of its own situation and
scored by the worth of the position after it (position.py) plus what the action itself is
expected to bring (combat.py, defence.py, initiative.py). The best is played; ending the
step wins when nothing scores better.

It never reads what its side may not see: it plays on its situation (its world under the
fog of war, 18.1), its own candidates are judged legal on that world, and the copy rolls
its own dice, drawn from the player's rng (2.0). The analysis is made once per state."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace

from owsqt.players.evaluate import OWED, obligations
from owsqt.players.greedy import TIE
from owsqt.players.heuristic.analysis import Analysis, analyse
from owsqt.players.heuristic.combat import attacks
from owsqt.players.heuristic.contact import SHORT, spends_a_chance
from owsqt.players.heuristic.defence import bonus
from owsqt.players.heuristic.initiative import bid_bonus, bids
from owsqt.players.heuristic.movement import moves
from owsqt.players.heuristic.position import worth
from owsqt.players.interface import NORMAL, Budget, Choice, Level, Situation
from owsqt.rules.core.actions import (
    Action,
    AnswerOptional,
    DeclareAttacks,
    HastyAttack,
    PreparedAttack,
    action_to_data,
)
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply, judge
from owsqt.rules.turn.initiative import determined_this_turn


class HeuristicPlayer:
    """Plays the candidate whose position and expected gains score best."""

    name = "heuristic"

    def __init__(self, rng: random.Random, level: Level = NORMAL) -> None:
        self.rng = rng
        self.level = level
        self._analysis: tuple[GameState, Analysis] | None = None

    def analysis(self, situation: Situation) -> Analysis:
        """The analysis of the situation, made once per state (by identity)."""
        cached = self._analysis
        if (
            cached is None
            or cached[0] is not situation.state
            or cached[1].side is not situation.side
        ):
            cached = (situation.state, analyse(situation))
            self._analysis = cached
        return cached[1]

    def choose(self, situation: Situation, legal: Sequence[Action], budget: Budget) -> Choice:
        rng = self.rng
        if self.level.randomness and rng.random() < self.level.randomness:
            return Choice(rng.choice(legal), 0.0, f"random ({self.level.name} level)")
        deadline = time.perf_counter() + budget.seconds
        analysis = self.analysis(situation)
        ruleset, state = situation.ruleset, situation.state
        reasons: dict[Action, str] = {}
        extra: dict[Action, float] = {}
        for valued in attacks(ruleset, state, analysis):
            extra[valued.action] = valued.value
            reasons[valued.action] = valued.reason
        own: list[Action] = [*extra, *moves(ruleset, state, analysis, rng)]
        if state.phase is Phase.INITIATIVE and not determined_this_turn(state):
            own.extend(bids(ruleset, state, analysis))  # 6.1: no side is active yet
        candidates = list(dict.fromkeys([*legal, *own]))
        if len(candidates) > budget.actions * 4:
            candidates = [*legal, *rng.sample(own, budget.actions * 4 - len(legal))]
        imagined = replace(state, dice=DiceState.new(rng.getrandbits(62), state.options))
        scored: list[tuple[float, Action]] = []
        for action in candidates:
            if action not in legal and not judge(ruleset, state, action).legal:
                continue
            score = self.score(situation, imagined, analysis, action, extra.get(action, 0.0))
            if score is not None:
                scored.append((score, action))
            if time.perf_counter() > deadline:
                break
        if not scored:
            return Choice(legal[0], 0.0, "no candidate scored: the first legal action")
        best = max(score for score, _ in scored)
        tied = [action for score, action in scored if score >= best - TIE]
        action = tied[0] if len(tied) == 1 else rng.choice(tied)
        reason = reasons.get(action) or self.describe(situation, action, best, len(scored))
        return Choice(action, best, reason)

    def score(
        self,
        situation: Situation,
        imagined: GameState,
        analysis: Analysis,
        action: Action,
        expected: float,
    ) -> float | None:
        """The worth after `action` on the `imagined` copy and what it is expected to
        bring; None if the rules refuse it. An optional result (11.5) is weighed on the
        position before it, by its expected cost, not by one roll of the copy's die."""
        ruleset = situation.ruleset
        if isinstance(action, AnswerOptional):
            return worth(ruleset, imagined, analysis) + bonus(ruleset, imagined, analysis, action)
        outcome = apply(ruleset, imagined, action, Mode.STRICT)
        if not outcome.applied:
            return None
        total = worth(ruleset, outcome.state, analysis) + expected
        total += bonus(ruleset, imagined, analysis, action)
        if isinstance(action, DeclareAttacks):
            total += bid_bonus(ruleset, imagined, analysis, action.planned)
        if spends_a_chance(ruleset, imagined, analysis, action):
            total -= SHORT  # 6.2: the guns may leave nothing to attack
        if isinstance(action, PreparedAttack | HastyAttack) and obligations(
            imagined, situation.side
        ):
            total += OWED  # 6.2: an attack owed, made (the count moves once the combat opens)
        return total

    def describe(self, situation: Situation, action: Action, score: float, looked: int) -> str:
        """A line for the log: what the action is and its score among those looked at."""
        told = action_to_data(action, situation.ruleset.grid)
        kind = told["kind"]
        if isinstance(action, DeclareAttacks):
            return f"bid {action.planned} planned attacks, worth {score:.1f}"
        return f"{kind} worth {score:.1f}, best of {looked} looked at"
