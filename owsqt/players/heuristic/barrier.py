"""The heuristic player's barrier term (19.13, 19.23, 19.33, 10.2): the Soviet side's count
of the German's way to what he scores by reaching.

- A short scenario: the Soviet side wins by keeping German stacking points out of the band
  across the river. Each German stacking point that could enter the band in its next
  movement, through the Soviet zones of control as they stand, costs BREACH.
- A campaign: the German earns a victory point for a unit within 18 hexes of the pocket,
  another within 5. The way of the German relief stack nearest the narrowest ring not
  earned yet is worth RING an MP to the Soviet side, and REACHED is lost when a relief
  stack may enter it in its next movement, and BREACH more for each stacking point of
  the relief stacks that may.

The German stack's way is priced on the move graph's terms (8.1, the Terrain Effects
Chart), plus the two MP of entering a Soviet ZOC and the one of leaving it (10.2); a hex
of a Soviet stack is closed to it (9.0). One search from the band's edge (backward.py), no
farther than the German allowances, prices every German stack at once. Without it the
Soviet player's distance field drew its units to the river bank and left the German's way
there open: in Hoth's Last Gasp the German crossed the Myshkova on the first turn where the
bank was not held."""

from __future__ import annotations

from owsqt.players.heuristic.analysis import Analysis
from owsqt.players.heuristic.backward import backward_steps, search
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.movegraph import SCALE
from owsqt.rules.movement.stackmove import icy_roads, unit_allowance
from owsqt.rules.movement.zoc import ENTER_ZOC_COST, LEAVE_ZOC_COST, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.ledger import near_pocket, relief_units

BREACH = 2.0  # a German stacking point that may enter the band in its next movement
RING = 0.5  # an MP of the way of the German stack nearest the next ring around the pocket
REACHED = 10.0  # that ring within reach of a German stack's next movement (a victory point)
FAR = 1.5  # the German allowances a campaign's search goes: beyond, the way counts as that


def barrier(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.13, 19.23, 19.33, 10.2] The Soviet side's barrier: in a short scenario, minus
    BREACH for each German stacking point (those the crossing counts: German, not
    Rumanian) outside the band whose stack could enter it in its next movement; in a
    campaign, the way of the German stack nearest the ring around the pocket whose
    victory point is not earned yet (analysis.ring). 0 for the German side."""
    if analysis.side is not Player.SOVIET:
        return 0.0
    if analysis.band:
        return -BREACH * breaching(ruleset, state, analysis.band)
    if analysis.ring is None:
        return 0.0
    cost, points = nearest(ruleset, state, near_pocket(ruleset, analysis.ring))
    return RING * cost / SCALE - (REACHED + BREACH * points if points else 0.0)


def nearest(ruleset: Ruleset, state: GameState, band: frozenset[Hex]) -> tuple[int, int]:
    """[19.33, 8.1, 10.2] The eighths of an MP the German relief stack nearest `band` pays
    to enter it (at most FAR movements of the longest allowance), and the stacking points
    of the relief units whose stacks may enter it in their next movement."""
    relief = ruleset.derived(relief_units)
    ground = ruleset.catalogue.ground
    stacks: list[tuple[Hex, int, int]] = []  # hex, allowance in eighths, stacking points
    for hex_, stack in state.stacks.items():
        units = [u for u in stack if u in relief]
        if units and hex_ not in band:
            allowance = min(unit_allowance(ruleset, state, u) for u in units)
            points = sum(ground[u].stacking_value(state.units[u].reduced) for u in units)
            stacks.append((hex_, int(allowance * SCALE), points))
    if not stacks:
        return 0, 0
    limit = int(FAR * max(allowance for _, allowance, _ in stacks))
    costs = _costs_to_band(ruleset, state, band, limit)
    cheapest = min(costs.get(hex_, limit) for hex_, _, _ in stacks)
    return cheapest, sum(p for hex_, a, p in stacks if costs.get(hex_, limit + 1) <= a)


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
    seeds = [h for h in ruleset.derived(_Edges).of(band) if h not in soviet]
    return search(
        backward_steps(ruleset, Player.GERMAN, icy_roads(ruleset, state)),
        seeds,
        limit,
        closed=soviet | band,
        zone=zoc_of(ruleset, state, Player.SOVIET),
        enter=ENTER_ZOC_COST * SCALE,
        leave=LEAVE_ZOC_COST * SCALE,
    )


class _Edges:
    """The edge of each band: its hexes a step from outside it, where a search from the
    band starts; once per ruleset and band."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._edges: dict[frozenset[Hex], frozenset[Hex]] = {}

    def of(self, band: frozenset[Hex]) -> frozenset[Hex]:
        if band not in self._edges:
            neighbours = self.ruleset.grid.neighbours
            self._edges[band] = frozenset(
                h for h in band if any(n not in band for _, n in neighbours(h))
            )
        return self._edges[band]
