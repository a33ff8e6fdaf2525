"""The actions the rules allow now and the side that makes them: the candidates
(rules/legalactions) the engine's judge calls legal, split by the side that acts
(rules/actors), as the arena hands them to a player."""

from __future__ import annotations

import random
from collections.abc import Sequence

from owsqt.rules.actors import acting_side, who_acts
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.scenario.ruleset import Ruleset


def legal_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """The sampled candidates of `state` that the judge calls legal, in their order."""
    candidates = candidate_actions(ruleset, state, rng)
    return [action for action in candidates if judge(ruleset, state, action).legal]


def side_to_move(
    ruleset: Ruleset, state: GameState, legal: Sequence[Action]
) -> tuple[Player, list[Action]]:
    """[3.1, 6.1, 11.2] The side that moves now and its actions among `legal`: of the sides
    the step waits for (German first when both may act), the first that has one."""
    waiting = who_acts(ruleset, state)
    for side in (Player.GERMAN, Player.SOVIET):
        if side not in waiting:
            continue
        own = [action for action in legal if acting_side(ruleset, state, action) is side]
        if own:
            return side, own
    first = acting_side(ruleset, state, legal[0]) or Player.GERMAN
    return first, list(legal)
