"""The Ring Forces actions a fuzzer (or a hint) may try in the Soviet Ring Forces Segment
(5.2): the release roll of each attacked army and a release for each army that rolled
"eight" or more. The moves of the Ring units the segment lets move are the movement
candidates' (legalactions.stack_moves, which keep a stack in motion to its kind of
movement, 8.3). Built to be legal; the engine's judge has the last word."""

from __future__ import annotations

import random

from owsqt.rules.core.actions import Action, ReleaseRingUnit, RollRingRelease
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.pocket.ring import releasable, releases_due, rolls_due
from owsqt.rules.scenario.ruleset import Ruleset

RELEASES = 2  # pieces offered per army that may release one


def ring_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[5.2] What the Soviet player may do in the Soviet Ring Forces Segment."""
    if state.segment is not Segment.SOVIET_RING_FORCES:
        return []
    soviet = Player.SOVIET
    actions: list[Action] = [RollRingRelease(player=soviet, army=a) for a in rolls_due(state)]
    for army in releases_due(state):
        pieces = list(releasable(ruleset, state, army))
        for unit in rng.sample(pieces, min(RELEASES, len(pieces))):
            actions.append(ReleaseRingUnit(player=soviet, unit=unit))
    return actions
