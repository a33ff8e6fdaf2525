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
    ruleset: Ruleset, state: GameState, legal: Sequence[Action], last: Player | None = None
) -> tuple[Player, list[Action]]:
    """[3.1, 6.1, 11.2] The side that moves now and its actions among `legal`: of the sides
    the step waits for, the first that has one. When both may act (the initiative bids,
    the counterbattery step), the side that did not make the `last` action goes first
    (German first when no action was made yet), so that neither holds the step forever
    with an action that only revises the last (a lead changed back and forth, 11.2)."""
    waiting = who_acts(ruleset, state)
    order = (
        (Player.GERMAN, Player.SOVIET)
        if last is not Player.GERMAN
        else (Player.SOVIET, Player.GERMAN)
    )
    for side in order:
        if side not in waiting:
            continue
        own = [action for action in legal if acting_side(ruleset, state, action) is side]
        if own:
            return side, own
    first = acting_side(ruleset, state, legal[0]) or Player.GERMAN
    return first, list(legal)
