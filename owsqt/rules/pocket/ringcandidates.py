"""The Ring Forces actions a fuzzer (or a hint) may try in the Soviet Ring Forces Segment
(5.2): the release roll of each attacked army, a release for each army that rolled
"eight" or more, and moves of the Ring units the segment lets move. Built to be legal;
the engine's judge has the last word."""

from __future__ import annotations

import random

from owsqt.rules.core.actions import Action, MoveStack, ReleaseRingUnit, RollRingRelease
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.ringhold import ring_segment_movers
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.pocket.ring import releasable, releases_due, rolls_due
from owsqt.rules.scenario.ruleset import Ruleset

RELEASES = 2  # pieces offered per army that may release one
DESTINATIONS = 2  # destinations offered per movable Ring unit


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
    actions.extend(_moves(ruleset, state, rng))
    return actions


def _moves(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """Moves of the Ring units that may move now, each alone, to a few hexes it reaches."""
    actions: list[Action] = []
    for unit_id in sorted(ring_segment_movers(state)):
        unit = state.units.get(unit_id)
        if unit is None or unit.status is not UnitStatus.ON_MAP or unit.hex is None:
            continue
        if unit_id not in movable_units(ruleset, state, unit.hex):
            continue
        reach = stack_move(ruleset, state, (unit_id,)).reach()
        targets = [h for h in reach.spent if h != reach.start]
        for target in rng.sample(targets, min(DESTINATIONS, len(targets))):
            path = tuple(reach.path_to(target))
            actions.append(MoveStack(player=Player.SOVIET, units=(unit_id,), path=path))
    return actions
