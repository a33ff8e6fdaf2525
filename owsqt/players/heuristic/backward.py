"""Ways searched backward from a set of hexes on the move graph's terms (8.1, the Terrain
Effects Chart, in eighths of an MP): what a stack of the field's movement class pays from
each hex to reach the nearest of them. The heuristic player's distance field to the
objectives (analysis.py) and its barrier (barrier.py) are such searches; the barrier adds
the costs of the enemy's zones of control (10.2) and closes the hexes of his stacks."""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import MovementClass
from owsqt.rules.movement.movegraph import move_graph
from owsqt.rules.scenario.ruleset import Ruleset

FIELD_CLASS = MovementClass.MOTORIZED  # the movement class the searches price

Backward = Mapping[Hex, tuple[tuple[Hex, int], ...]]  # hex: (the hex before it, its cost)


def backward_steps(ruleset: Ruleset, side: Player, icy: bool) -> Backward:
    """The steps of `side`'s move graph for FIELD_CLASS, reversed: for each hex, the hexes
    a step leads from and what it costs; once per ruleset, side and road condition."""
    return ruleset.derived(_Steps).of(side, icy)


class _Steps:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._made: dict[tuple[Player, bool], Backward] = {}

    def of(self, side: Player, icy: bool) -> Backward:
        key = (side, icy)
        if key not in self._made:
            graph = move_graph(self.ruleset).graph((FIELD_CLASS,), side, icy)
            into: dict[Hex, list[tuple[Hex, int]]] = {}
            for hex_, edges in graph.items():
                for edge in edges:
                    into.setdefault(edge.to, []).append((hex_, edge.cost))
            self._made[key] = {h: tuple(steps) for h, steps in into.items()}
        return self._made[key]


def search(
    steps: Backward,
    seeds: Iterable[Hex],
    limit: int | None = None,
    closed: Collection[Hex] = (),
    zone: Collection[Hex] = (),
    enter: int = 0,
    leave: int = 0,
) -> dict[Hex, int]:
    """What reaching the nearest of `seeds` costs from each hex within `limit` (all, if
    None): each step's cost, plus `enter` for a step into a hex of `zone` and `leave` for a
    step out of one (10.2), never through a hex of `closed`."""
    spent = dict.fromkeys(seeds, 0)
    queue = [(0, h) for h in spent]
    heapq.heapify(queue)
    bound = limit if limit is not None else -1
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > spent[hex_]:
            continue
        into = enter if hex_ in zone else 0
        for before, step in steps.get(hex_, ()):
            if before in closed:
                continue
            total = cost + step + into + (leave if before in zone else 0)
            if bound >= 0 and total > bound:
                continue
            if total < spent.get(before, total + 1):
                spent[before] = total
                heapq.heappush(queue, (total, before))
    return spent


def nearest_seed(steps: Backward, seeds: Iterable[Hex], limit: int) -> dict[Hex, tuple[int, Hex]]:
    """`search` without zones or closed hexes, that also says which seed is the nearest:
    for each hex within `limit`, what reaching the nearest of `seeds` costs, and that seed
    (the cordon's posts, cordon.py)."""
    spent: dict[Hex, tuple[int, Hex]] = {h: (0, h) for h in seeds}
    queue = [(0, h, h) for h in sorted(spent)]
    heapq.heapify(queue)
    while queue:
        cost, hex_, seed = heapq.heappop(queue)
        if cost > spent[hex_][0]:
            continue
        for before, step in steps.get(hex_, ()):
            total = cost + step
            if total <= limit and total < spent.get(before, (total + 1, seed))[0]:
                spent[before] = (total, seed)
                heapq.heappush(queue, (total, before, seed))
    return spent
