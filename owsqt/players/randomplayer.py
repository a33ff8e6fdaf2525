"""The random player: the fuzzer's random legal choice (tools/fuzz/solo.py), behind the
players' interface. Ending a movement segment is picked seldom, so that units actually move;
the initiative holder attacks while he owes planned attacks and forfeits only when nothing
else is legal (6.2); in the campaigns the relief drives toward the pocket now and then
(`push`). Every draw comes from the player's rng, which the fuzzer shares with its
candidate sampling: a seed plays the same game action for action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from owsqt.players.interface import Budget, Choice, Situation
from owsqt.players.push import push_toward_pocket
from owsqt.rules.core.actions import Action, EndStep, HastyAttack, PreparedAttack
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS

END_STEP_CHANCE = 0.06  # in a movement segment, when something else is legal too


class RandomPlayer:
    """Plays a random legal action, by the fuzzer's preferences."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, situation: Situation, legal: Sequence[Action], budget: Budget) -> Choice:
        return Choice(self.pick(situation, legal), 0.0, "random legal action")

    def pick(self, situation: Situation, legal: Sequence[Action]) -> Action:
        rng = self.rng
        state = situation.state
        forfeits = [a for a in legal if isinstance(a, EndStep) and a.forfeit]
        if forfeits and len(forfeits) == len(legal):
            return forfeits[0]  # 6.2: short of his planned attacks with none left to make
        legal = [a for a in legal if a not in forfeits]
        pushed = push_toward_pocket(situation.ruleset, state, legal, rng)
        if pushed is not None:
            return pushed
        others = [a for a in legal if not isinstance(a, EndStep)]
        ending = [a for a in legal if isinstance(a, EndStep)]
        attacks = [a for a in others if isinstance(a, PreparedAttack | HastyAttack)]
        if attacks and owes_attacks(state):
            return rng.choice(attacks)
        if ending and others and state.segment in MOVEMENT_SEGMENTS:
            if rng.random() < END_STEP_CHANCE:
                return ending[0]
            return rng.choice(others)
        return rng.choice(legal)


def owes_attacks(state: GameState) -> bool:
    """[6.2] The active player holds the initiative and has not made his planned attacks
    yet: the random player makes them while it can, so that few games end by forfeit."""
    initiative = state.initiative
    holder = initiative.holder
    if holder is None or holder is not state.active or state.phase is not Phase.FIRST_PLAYER:
        return False
    if initiative.determined_turn != state.turn:
        return False
    return (initiative.attacks_made.get(holder, 0) or 0) < (
        initiative.planned_attacks.get(holder, 0) or 0
    )
