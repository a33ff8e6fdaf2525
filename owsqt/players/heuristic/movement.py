"""The heuristic player's moves (8.1, 9.2): for each stack the phasing player may move,
the hexes its cheapest paths reach (the rules' own search, movement/stackmove.py), the few
best by the analysis: nearest the objectives, least threatened, within the stacking
limit. Disrupted stacks (13.0) look for the least threatened hex instead: pulled back."""

from __future__ import annotations

import random

from owsqt.players.heuristic.analysis import Analysis
from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.legalactions import movable_stacks
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS

STACKS = 10  # stacks looked at per decision (the stack in motion always)
DESTINATIONS = 3  # destinations per stack
THREAT_HEX = 0.05  # a threatened strength point weighs this many hexes of distance


def moves(
    ruleset: Ruleset, state: GameState, analysis: Analysis, rng: random.Random
) -> list[Action]:
    """[8.1] Moves of up to STACKS stacks to their DESTINATIONS best hexes each."""
    player = state.active
    if player is None or state.segment not in MOVEMENT_SEGMENTS or state.combat is not None:
        return []
    stacks = movable_stacks(ruleset, state)
    in_motion = [s for s in stacks if s[1][0] in state.movement.moving]
    others = [s for s in stacks if s[1][0] not in state.movement.moving]
    chosen = in_motion or rng.sample(others, min(STACKS, len(others)))
    found: list[Action] = []
    limit = ruleset.tables.stacking_limit
    ground = ruleset.catalogue.ground
    for start, units in chosen:
        move = stack_move(ruleset, state, units)
        reach = move.reach()
        points = sum(ground[u].stacking_value(state.units[u].reduced) for u in units)
        disrupted = any(state.units[u].disrupted for u in units)
        room = [
            h
            for h in reach.spent
            if h != start and stacking_points(ruleset, state, h) + points <= limit
        ]
        room.sort(key=lambda h: _rank(analysis, h, disrupted))
        for target in room[:DESTINATIONS]:
            path = tuple(reach.path_to(target))
            found.append(MoveStack(player=player, units=units, path=path))
    return found


def _rank(analysis: Analysis, hex_: Hex, disrupted: bool) -> tuple[float, float]:
    threat = analysis.threat.get(hex_, 0.0)
    distance = analysis.distance.get(hex_, 99)
    if disrupted:  # 13.0: pulled back out of reach
        return (threat, distance)
    return (distance + THREAT_HEX * threat, threat)
