"""The heuristic player's moves (8.1, 9.2): for each stack the phasing player may move,
the hexes its cheapest paths reach (the rules' own search, movement/stackmove.py), the few
best by the analysis: nearest the objectives, least threatened, within the stacking
limit. Disrupted stacks (13.0) look for the least threatened hex instead: pulled back.
Half the stacks looked at are the nearest the objectives of those not on one yet, the
rest drawn at random; while the river bank the side holds has a gap, a unit of each of
its stacks on the bank may step into it alone (19.13, 19.23: close the line). The Soviet
side of a campaign also looks at the hexes across the way of the German stack nearest the
ring around the pocket he guards (19.33)."""

from __future__ import annotations

import random

from owsqt.players.evaluate import objective_distances
from owsqt.players.heuristic.analysis import Analysis
from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.legalactions import movable_stacks
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import Reach, stack_move
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS

STACKS = 10  # stacks looked at per decision (the stack in motion always)
DESTINATIONS = 3  # destinations per stack
ACROSS = 2  # more destinations per stack: across the German's way to the ring (19.33)
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
    if in_motion:
        chosen = in_motion
    else:
        chosen = _chosen(analysis, stacks, rng)
        chosen.extend(_line_fillers(ruleset, state, analysis, stacks))
    found: list[Action] = []
    for start, units in chosen:
        found.extend(_destinations(ruleset, state, analysis, player, start, units))
    if not in_motion:
        found.extend(_to_posts(ruleset, state, analysis, player))
    return found


def _to_posts(
    ruleset: Ruleset, state: GameState, analysis: Analysis, player: Player
) -> list[Action]:
    """[19.33, 8.1] Each group sent to an empty post (analysis.sent, cordon.py) moved to
    the hex it reaches nearest that post, within the stacking limit."""
    found: list[Action] = []
    for group, post in analysis.sent.items():
        reach, room = _room(ruleset, state, state.units[group[0]].hex, group)
        if room:
            best = min(room, key=lambda h: (distance(h, post), reach.spent[h]))
            found.append(MoveStack(player=player, units=group, path=tuple(reach.path_to(best))))
    return found


def _chosen(
    analysis: Analysis, stacks: list[tuple[Hex, tuple[str, ...]]], rng: random.Random
) -> list[tuple[Hex, tuple[str, ...]]]:
    """[8.1] STACKS stacks: half of them the nearest the objectives of those not on one
    yet (the ones a move brings there soonest), the rest drawn at random."""
    wanting = sorted(
        (s for s in stacks if analysis.distance.get(s[0], 99) > 0),
        key=lambda s: analysis.distance.get(s[0], 99),
    )
    first = wanting[: STACKS // 2]
    rest = [s for s in stacks if s not in first]
    return first + rng.sample(rest, min(STACKS - len(first), len(rest)))


def _line_fillers(
    ruleset: Ruleset,
    state: GameState,
    analysis: Analysis,
    stacks: list[tuple[Hex, tuple[str, ...]]],
) -> list[tuple[Hex, tuple[str, ...]]]:
    """[19.13, 19.23] While a hex of the bank the side holds (analysis.bank) stands
    empty, the strongest undisrupted unit of each of its stacks of more than one unit on
    the bank, alone: one may step into the gap."""
    if not analysis.bank or all(state.stack(h) for h in analysis.bank):
        return []
    found: list[tuple[Hex, tuple[str, ...]]] = []
    for start, units in stacks:
        able = [u for u in units if not state.units[u].disrupted and state.units[u].strength]
        if start in analysis.bank and len(state.stack(start)) > 1 and able:
            found.append((start, (max(able, key=lambda u: state.units[u].strength),)))
    return found


def _destinations(
    ruleset: Ruleset,
    state: GameState,
    analysis: Analysis,
    player: Player,
    start: Hex,
    units: tuple[str, ...],
) -> list[Action]:
    """[8.1, 9.2] Moves of `units` to their DESTINATIONS best hexes within the stacking
    limit (an empty hex of the bank first)."""
    reach, room = _room(ruleset, state, start, units)
    disrupted = any(state.units[u].disrupted for u in units)
    gaps = [h for h in room if h in analysis.bank and not state.stack(h)]
    room.sort(key=lambda h: _rank(analysis, h, disrupted))
    blocking = [] if disrupted else _in_the_way(ruleset, state, analysis, room)
    targets = list(dict.fromkeys([*gaps[:1], *blocking[:ACROSS], *room[:DESTINATIONS]]))
    return [MoveStack(player=player, units=units, path=tuple(reach.path_to(t))) for t in targets]


def _room(
    ruleset: Ruleset, state: GameState, start: Hex | None, units: tuple[str, ...]
) -> tuple[Reach, list[Hex]]:
    """[8.1, 9.2] Where `units` reach by their cheapest paths, and the hexes of it other
    than `start` where they end within the stacking limit."""
    ground = ruleset.catalogue.ground
    limit = ruleset.tables.stacking_limit
    reach = stack_move(ruleset, state, units).reach()
    points = sum(ground[u].stacking_value(state.units[u].reduced) for u in units)
    room = [
        h
        for h in reach.spent
        if h != start and stacking_points(ruleset, state, h) + points <= limit
    ]
    return reach, room


def _in_the_way(
    ruleset: Ruleset, state: GameState, analysis: Analysis, room: list[Hex]
) -> list[Hex]:
    """[19.33] For the Soviet side guarding a ring around the pocket: the hexes of `room`
    nearer the pocket than the German stack nearest it outside the ring, the nearest that
    stack first: where a stack stands across his way."""
    if analysis.ring is None or not analysis.prey:
        return []
    pocket = objective_distances(ruleset, state.scenario)
    outside = [h for h in analysis.prey if pocket.get(h, 0) > analysis.ring]
    if not outside:
        return []
    leader = min(outside, key=lambda h: pocket[h])
    ahead = [h for h in room if analysis.ring < pocket.get(h, 0) < pocket[leader]]
    return sorted(ahead, key=lambda h: distance(h, leader))


def _rank(analysis: Analysis, hex_: Hex, disrupted: bool) -> tuple[float, float]:
    threat = analysis.threat.get(hex_, 0.0)
    distance = analysis.distance.get(hex_, 99)
    if disrupted:  # 13.0: pulled back out of reach
        return (threat, distance)
    return (distance + THREAT_HEX * threat, threat)
