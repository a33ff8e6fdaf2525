"""The heuristic player's cordon (19.33, 9.0, 10.2): the Soviet side of a campaign keeps the
German out of the ring around the pocket he guards (analysis.ring) by standing on the hexes
just outside it, each hex a post.

A ZOC does not stop a stack (10.2: two MP to enter, one to leave), a Soviet stack does
(9.0). The posts are the hexes one beyond the ring that a German stack may step into from
farther out and on into the ring: between the Don and the map's east edge 38 in
the ring of 5. Measured against the random German player, the Soviet side's units gathered
on the stretch of the ring nearest where they came from, and a lone German stack walked
into the ring by the stretch nobody stood on (seed 1: from 14 hexes to 6 in four turns
without meeting a Soviet unit). So each post is worth more the nearer a German relief
stack stands to it, and at each decision the stacks free to move are sent, nearest first,
to the posts nobody holds:

- weights: each post 1 + NEAR·e^(-d/SPAN), d the hexes from the nearest relief stack
  outside the ring. Weighing them instead by the MP of the German's way (roads first)
  left every post beyond his next three movements at 1, and the Soviet units went back
  to the nearest posts: the German came within 5 hexes in 4 of 5 games, against 2 of 6;
- orders: the free stacks (those that may move now, undisrupted, with a unit that has a ZOC,
  not next to an enemy stack, not the lone holder of a post), each given the empty post
  cheapest for it on the move graph's terms, cost over weight, within REACH movements;
  the extra units of a post held by more than one go as one group;
- the term (position.py): HELD times the weight of each post a Soviet unit of strength
  holds undisrupted, less TOWARD for each hex between an ordered group and its post.

Holding the ring earns the Soviet side nothing by itself: with the German kept out of it,
the game turns on the Soviet points (19.33), a failed Thunderclap, which the German need
not try, or 50 German strength points destroyed (docs/computer-players.md, the fifth
version).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from owsqt.players.heuristic.backward import backward_steps, nearest_seed
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.legalactions import movable_stacks
from owsqt.rules.movement.movegraph import SCALE
from owsqt.rules.movement.stackmove import icy_roads
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS
from owsqt.rules.victory.ledger import near_pocket, relief_units

NEAR = 3.0  # a post's weight where a German relief stack stands, over the 1 of a far one
SPAN = 4.0  # the hexes over which that weight falls to 1/e
MOVEMENT = 8  # the MP of a movement, the unit of a group's way to a post
HELD = 3.0  # a post held, times its weight
TOWARD = 1.0  # a hex between an ordered group and its post
REACH = 3  # the movements of 8 MP within which a group is sent to a post
ROUNDS = 4  # the rounds of sending: each round, the posts taken leave the search

Group = tuple[str, ...]


def posts(ruleset: Ruleset, ring: int) -> frozenset[Hex]:
    """[19.33, 8.1] The hexes one beyond the ring of `ring` hexes around the pocket that a
    German stack may enter from farther out and leave into the ring, on the move graph."""
    return ruleset.derived(_Posts).of(ring)


class _Posts:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._made: dict[int, frozenset[Hex]] = {}

    def of(self, ring: int) -> frozenset[Hex]:
        if ring not in self._made:
            inner = near_pocket(self.ruleset, ring)
            edge = near_pocket(self.ruleset, ring + 1) - inner
            steps = backward_steps(self.ruleset, Player.GERMAN, False)
            leads_in = {before for i in inner for before, _ in steps.get(i, ())}
            self._made[ring] = frozenset(
                h
                for h in edge & leads_in
                if any(b not in inner and b not in edge for b, _ in steps.get(h, ()))
            )
        return self._made[ring]


def weights(ruleset: Ruleset, state: GameState, ring: int) -> dict[Hex, float]:
    """[19.33] Each post's weight: 1 + NEAR·e^(-d/SPAN), d the hexes to the nearest German
    relief stack outside the ring (none: 1)."""
    inner = near_pocket(ruleset, ring)
    relief = ruleset.derived(relief_units)
    german = [
        h for h, stack in state.stacks.items() if h not in inner and any(u in relief for u in stack)
    ]
    found: dict[Hex, float] = {}
    for post in posts(ruleset, ring):
        near = min((distance(post, h) for h in german), default=None)
        found[post] = 1.0 + (NEAR * math.exp(-near / SPAN) if near is not None else 0.0)
    return found


def ordering(state: GameState) -> bool:
    """[7.1, 8.1] Whether the Soviet side gives orders now: in his movement segments,
    between two stacks' moves."""
    return (
        state.active is Player.SOVIET
        and state.segment in MOVEMENT_SEGMENTS
        and state.combat is None
        and not state.movement.moving
    )


def orders(
    ruleset: Ruleset, state: GameState, weight: Mapping[Hex, float], front: frozenset[Hex]
) -> dict[Group, Hex]:
    """[8.1, 9.0] The Soviet groups free to move now, each sent to an empty post (see the
    module's words), by rounds: the cheapest offers first, cost over the post's weight,
    within REACH movements; nothing when he gives no orders (`ordering`)."""
    if not weight or not ordering(state):
        return {}
    groups = {g: h for h, g in _free_groups(ruleset, state, weight, front)}
    steps = backward_steps(ruleset, Player.SOVIET, icy_roads(ruleset, state))
    empty = {p for p in weight if not state.stack(p)}
    sent: dict[Group, Hex] = {}
    for _ in range(ROUNDS):
        if not empty or not groups:
            break
        cost = nearest_seed(steps, empty, REACH * MOVEMENT * SCALE)
        offers = sorted(
            (cost[h][0] / weight[cost[h][1]], g, cost[h][1]) for g, h in groups.items() if h in cost
        )
        for _, group, post in offers:
            if post in empty and group in groups:
                sent[group] = post
                empty.discard(post)
                del groups[group]
    return sent


def _free_groups(
    ruleset: Ruleset, state: GameState, weight: Mapping[Hex, float], front: frozenset[Hex]
) -> list[tuple[Hex, Group]]:
    """The groups a post may be given: each movable stack's undisrupted units with strength,
    unless it is next to the enemy (`front`) or has no unit with a ZOC (10.1); on a post,
    all but its strongest unit, and none when only one is left."""
    ground = ruleset.catalogue.ground
    found: list[tuple[Hex, Group]] = []
    for hex_, units in movable_stacks(ruleset, state):
        if hex_ in front:
            continue
        able = [u for u in units if not state.units[u].disrupted and state.units[u].strength > 0]
        if not any(ground[u].unit_class is not UnitClass.HEADQUARTERS for u in able):
            continue
        if hex_ in weight:
            keep = max(able, key=lambda u: state.units[u].strength)
            able = [u for u in able if u != keep]
            if not able:
                continue
        found.append((hex_, tuple(able)))
    return found


def cordon(
    ruleset: Ruleset, state: GameState, weight: Mapping[Hex, float], sent: Mapping[Group, Hex]
) -> float:
    """[19.33, 9.0] HELD times the weight of each post a Soviet unit of strength holds
    undisrupted, less TOWARD for each hex between each ordered group and its post."""
    ground = ruleset.catalogue.ground
    held = 0.0
    for post, worth in weight.items():
        stack = state.stack(post)
        if (
            stack
            and ground[stack[0]].player is Player.SOVIET
            and any(state.units[u].strength > 0 and not state.units[u].disrupted for u in stack)
        ):
            held += worth
    away = 0
    for group, post in sent.items():
        hex_ = state.units[group[0]].hex
        away += distance(hex_, post) if hex_ is not None else 0
    return HELD * held - TOWARD * away
