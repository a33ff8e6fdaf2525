"""The heuristic player's barrier term (19.13, 19.23, 10.2): the Soviet side of a short
scenario wins by keeping German stacking points out of the band across the river. Each
German stacking point that could enter the band in its next movement, through the Soviet
zones of control as they stand, costs the Soviet BREACH.

The German stack's way is priced on the move graph's terms (8.1, the Terrain Effects
Chart), plus the two MP of entering a Soviet ZOC and the one of leaving it (10.2); a hex
of a Soviet stack is closed to it (9.0). One search from the band's hexes open to the
German, backward and no farther than the longest German allowance, prices every German
stack at once. Without it the Soviet player's distance field drew its units to the river
bank and left the German's way there open: in Hoth's Last Gasp the German crossed the
Myshkova on the first turn where the bank was not held."""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from owsqt.players.heuristic.analysis import FIELD_CLASS, Analysis
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.movegraph import SCALE, move_graph
from owsqt.rules.movement.stackmove import icy_roads, unit_allowance
from owsqt.rules.movement.zoc import ENTER_ZOC_COST, LEAVE_ZOC_COST, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.ledger import (
    WITHIN,
    near_pocket,
    points_victory,
    radius_of,
    relief_units,
)

BREACH = 2.0  # a German stacking point that may enter the band in its next movement
RING = 0.5  # an MP of the way of the German stack nearest the next ring around the pocket
REACHED = 10.0  # that ring within reach of a German stack's next movement (a victory point)
FAR = 1.5  # the German allowances a campaign's search goes: beyond, the way counts as that

Backward = Mapping[Hex, tuple[tuple[Hex, int], ...]]  # hex: (the hex before it, its cost)


def barrier(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.13, 19.23, 19.33, 10.2] The Soviet side's barrier: in a short scenario, minus
    BREACH for each German stacking point (those the crossing counts: German, not
    Rumanian) outside the band whose stack could enter it in its next movement; in a
    campaign, the way of the German stack nearest the next ring around the pocket whose
    victory point is not earned yet (`ring`). 0 for the German side."""
    if analysis.side is not Player.SOVIET:
        return 0.0
    if analysis.band:
        return -BREACH * breaching(ruleset, state, analysis.band)
    found = ring(ruleset, state)
    if found is None:
        return 0.0
    cost, reachable = nearest(ruleset, state, found)
    return RING * cost / SCALE - (REACHED if reachable else 0.0)


def ring(ruleset: Ruleset, state: GameState) -> frozenset[Hex] | None:
    """[19.33] The hexes within N of the pocket of the widest "within N hexes" source the
    German has not earned yet; None once he has earned them all, or outside a campaign."""
    victory = points_victory(ruleset, state)
    if victory is None:
        return None
    earned = {award.source for award in state.victory_ledger}
    left = [s for s in victory.get("german", {}) if s.startswith(WITHIN) and s not in earned]
    if not left:
        return None
    return near_pocket(ruleset, max(radius_of(s) for s in left))


def nearest(ruleset: Ruleset, state: GameState, band: frozenset[Hex]) -> tuple[int, bool]:
    """[19.33, 8.1, 10.2] The eighths of an MP the German relief stack nearest `band` pays
    to enter it (at most FAR movements of the longest allowance), and whether any relief
    stack may enter it in its next movement."""
    relief = ruleset.derived(relief_units)
    stacks: list[tuple[Hex, int]] = []
    for hex_, stack in state.stacks.items():
        units = [u for u in stack if u in relief]
        if units and hex_ not in band:
            allowance = min(unit_allowance(ruleset, state, u) for u in units)
            stacks.append((hex_, int(allowance * SCALE)))
    if not stacks:
        return 0, False
    limit = int(FAR * max(allowance for _, allowance in stacks))
    costs = _costs_to_band(ruleset, state, band, limit)
    cheapest = min(costs.get(hex_, limit) for hex_, _ in stacks)
    return cheapest, any(costs.get(hex_, limit + 1) <= allowance for hex_, allowance in stacks)


def breaching(ruleset: Ruleset, state: GameState, band: frozenset[Hex]) -> int:
    """[19.13, 19.23] The German stacking points outside `band` whose stacks could enter
    it in their next movement, through the Soviet ZOCs and around the Soviet stacks."""
    ground = ruleset.catalogue.ground
    stacks: list[tuple[Hex, int, int]] = []  # hex, allowance in eighths, stacking points
    for hex_, stack in state.stacks.items():
        if hex_ in band or ground[stack[0]].player is not Player.GERMAN:
            continue
        units = [u for u in stack if state.units[u].strength > 0]
        points = sum(
            ground[u].stacking_value(state.units[u].reduced) for u in units if ground[u].german
        )
        if points:
            allowance = min(unit_allowance(ruleset, state, u) for u in units)
            stacks.append((hex_, int(allowance * SCALE), points))
    if not stacks:
        return 0
    reach = _costs_to_band(ruleset, state, band, max(limit for _, limit, _ in stacks))
    return sum(points for hex_, limit, points in stacks if reach.get(hex_, limit + 1) <= limit)


def _costs_to_band(
    ruleset: Ruleset, state: GameState, band: frozenset[Hex], limit: int
) -> dict[Hex, int]:
    """The eighths of an MP a German stack pays from each hex within `limit` to enter the
    band (8.1, 10.2: ZOC costs), searched backward from the band's open hexes."""
    ground = ruleset.catalogue.ground
    soviet = {h for h, stack in state.stacks.items() if ground[stack[0]].player is Player.SOVIET}
    zone = zoc_of(ruleset, state, Player.SOVIET)
    made = ruleset.derived(_Backward)
    backward = made.of(icy_roads(ruleset, state))
    enter, leave = ENTER_ZOC_COST * SCALE, LEAVE_ZOC_COST * SCALE
    spent = {h: 0 for h in made.edge(band) if h not in soviet}
    queue = [(0, h) for h in spent]
    heapq.heapify(queue)
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > spent[hex_]:
            continue
        for before, step in backward.get(hex_, ()):
            if before in soviet or before in band:
                continue
            total = cost + step + (enter if hex_ in zone else 0) + (leave if before in zone else 0)
            if total <= limit and total < spent.get(before, limit + 1):
                spent[before] = total
                heapq.heappush(queue, (total, before))
    return spent


class _Backward:
    """The German move graph's steps, reversed, once per ruleset and road condition, and
    the edge of each band: its hexes a step from outside it, where a search from the band
    starts."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._made: dict[bool, Backward] = {}
        self._edges: dict[frozenset[Hex], frozenset[Hex]] = {}

    def edge(self, band: frozenset[Hex]) -> frozenset[Hex]:
        if band not in self._edges:
            neighbours = self.ruleset.grid.neighbours
            self._edges[band] = frozenset(
                h for h in band if any(n not in band for _, n in neighbours(h))
            )
        return self._edges[band]

    def of(self, icy: bool) -> Backward:
        if icy not in self._made:
            graph = move_graph(self.ruleset).graph((FIELD_CLASS,), Player.GERMAN, icy)
            into: dict[Hex, list[tuple[Hex, int]]] = {}
            for hex_, edges in graph.items():
                for edge in edges:
                    into.setdefault(edge.to, []).append((hex_, edge.cost))
            self._made[icy] = {h: tuple(steps) for h, steps in into.items()}
        return self._made[icy]
