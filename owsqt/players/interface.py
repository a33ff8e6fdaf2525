"""The players' interface (issue 38, item 1): a player's `choose(situation, legal, budget)`
returns a `Choice`; the `Situation` is what its side may see, `legal` the actions the rules
allow it now, the `Budget` how long it may think. Strength `Level`s are declared here
openly: a budget and a little randomness, never a bonus the human does not have."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from owsqt.players.sealed import unsealed_hidden
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import fog_on
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import belief


@dataclass(frozen=True, slots=True)
class Situation:
    """What `side` may see: under the fog of war (18.1) its own world, the enemy's hidden
    counters standing as phantoms (`ruleset` defines them); without fog the whole game."""

    ruleset: Ruleset
    state: GameState
    side: Player


def situation_of(ruleset: Ruleset, state: GameState, side: Player) -> Situation:
    """[18.1, 6.1, 4.3] `side`'s situation in the whole game `state`: exactly the world a
    fogged e-mail player's program plays on (worlds.belief), or the whole game without fog;
    either without the secret the enemy made first this turn while `side` has not made its
    own (sealed.py)."""
    unsealed = unsealed_hidden(ruleset, state, side)
    if not fog_on(state):
        return Situation(ruleset, unsealed, side)
    world = belief(ruleset, unsealed, side)
    return Situation(world.ruleset, world.state, side)


@dataclass(frozen=True, slots=True)
class Budget:
    """A declared thinking budget: at most `actions` legal actions looked at and `seconds`
    of thought for one decision (the first action is always looked at)."""

    seconds: float = 10.0
    actions: int = 64


@dataclass(frozen=True, slots=True)
class Choice:
    """What a player chose: the action, its score and a one-line reason for the log."""

    action: Action
    score: float
    reason: str


@dataclass(frozen=True, slots=True)
class Level:
    """A strength level, declared openly: the budget, and `randomness`, the chance of
    playing a legal action drawn at random instead of the best one."""

    name: str
    budget: Budget
    randomness: float = 0.0


LEVELS = {
    "easy": Level("easy", Budget(seconds=2.0, actions=16), randomness=0.2),
    "normal": Level("normal", Budget(seconds=10.0, actions=64)),
}
NORMAL = LEVELS["normal"]


class ComputerPlayer(Protocol):
    """A computer player: it sees only its `situation` and picks one of `legal`."""

    name: str

    def choose(self, situation: Situation, legal: Sequence[Action], budget: Budget) -> Choice:
        """One of `legal` (never empty), with its score and why."""
        ...
