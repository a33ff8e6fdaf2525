"""Where a stack can move (8.1-8.3, 10.2): its movement allowance and the hexes it can
reach with it, by a cheapest-path search over the step costs."""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.hexgrid import Hex
from owsqt.rules.movecost import Prohibited, step_cost
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.state import GameState
from owsqt.rules.units import UnitClass
from owsqt.rules.vocabulary import Supply
from owsqt.rules.zoc import zoc_move_cost, zoc_of


@dataclass(frozen=True, slots=True)
class Reach:
    """The hexes a stack can reach: MP spent to get there, and the hex it came from."""

    start: Hex
    allowance: Fraction
    spent: dict[Hex, Fraction]
    came_from: dict[Hex, Hex]

    def path_to(self, hex_: Hex) -> list[Hex]:
        """The cheapest path from the start to `hex_`, both included."""
        path = [hex_]
        while path[-1] != self.start:
            path.append(self.came_from[path[-1]])
        return path[::-1]


def unit_allowance(ruleset: Ruleset, state: GameState, unit_id: str, bonus: int = 0) -> Fraction:
    """[8.1, 13.0, 14.5, 12.3, 6.3] A unit's movement points this segment: its movement
    factor plus the initiative bonus, halved when disrupted, out of supply or after firing."""
    unit = state.units[unit_id]
    points = Fraction(ruleset.catalogue.ground[unit_id].movement + bonus)
    if unit.disrupted or unit.supply is Supply.OUT or unit.fired:
        points /= 2
    return points


def stack_allowance(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], bonus: int = 0
) -> Fraction:
    """[8.1] A stack moves at the rate of its slowest unit."""
    return min(unit_allowance(ruleset, state, unit_id, bonus) for unit_id in units)


def reachable(
    ruleset: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    *,
    icy: bool = False,
    bonus: int = 0,
) -> Reach:
    """Every hex the stack of `units` can reach this segment, with the MP it costs.

    [8.1] no minimum move: a step costing more than what is left is not taken; a stack
    pays, at each step, the dearest cost among its movement classes, from the smallest
    allowance among its units;
    [10.2] +2 MP into an enemy ZOC, +1 out of one; artillery enters an enemy ZOC only
    with a non-artillery unit of the stack; enemy-occupied hexes are closed.
    """
    catalogue = ruleset.catalogue
    game_map = ruleset.game_map
    first = catalogue.ground[units[0]]
    player = first.player
    start = state.units[units[0]].hex
    allowance = stack_allowance(ruleset, state, units, bonus)
    classes = {catalogue.ground[u].movement_class for u in units}
    enemy_zoc = zoc_of(ruleset, state, player.opponent)
    enemy_hexes = {
        hex_
        for hex_, stack in state.stacks.items()
        if catalogue.ground[stack[0]].player is not player
    }
    artillery_only = all(catalogue.ground[u].unit_class is UnitClass.ARTILLERY for u in units)
    spent: dict[Hex, Fraction] = {start: Fraction(0)}
    came_from: dict[Hex, Hex] = {}
    order = itertools.count()
    queue = [(Fraction(0), next(order), start)]
    while queue:
        cost, _, hex_ = heapq.heappop(queue)
        if cost > spent.get(hex_, cost):
            continue
        for _, neighbour in game_map.grid.neighbours(hex_):
            if neighbour in enemy_hexes:
                continue
            if artillery_only and neighbour in enemy_zoc:
                continue  # 10.2: artillery enters an enemy ZOC only with a non-artillery unit
            try:
                # [8.1] the stack moves at the rate of its slowest unit: each step costs
                # what it costs the unit it is dearest for.
                step = max(
                    step_cost(ruleset.tables, game_map, hex_, neighbour, c, player, icy=icy)
                    for c in classes
                )
            except Prohibited:
                continue
            total = cost + step + zoc_move_cost(enemy_zoc, hex_, neighbour)
            if total > allowance or total >= spent.get(neighbour, total + 1):
                continue
            spent[neighbour] = total
            came_from[neighbour] = hex_
            heapq.heappush(queue, (total, next(order), neighbour))
    return Reach(start, allowance, spent, came_from)
