"""Tracing supply lines (14.2, 10.3): which units of a side have a valid line now.

A line passes from hex to hex along the steps of the movement engine's graph (the steps a
non-motorized unit may take: the Don, prohibited terrain and, for Soviet units, the pocket
stop it as they stop movement, 8.2), never into a hex held by the enemy, nor into an enemy
zone of control unless a friendly unit stands there (10.3). Its length is counted in hexes
entered.

Few searches, each from many sources at once: one pass from the side's supply edges
labels every hex a line of any length joins to them, by component (a top headquarters
is supplied there, and a division headquarters with it when both share a component);
then one search for each group of units sharing their headquarters and leg length,
from those headquarters, stopped once it has found them all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import MovementClass
from owsqt.rules.movement.movegraph import move_graph
from owsqt.rules.movement.sides import sides_in
from owsqt.rules.movement.zoc import zoc_in
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.chains import chains_of


@dataclass(frozen=True, slots=True)
class Trace:
    """The outcome of tracing one side's supply: the units with a valid line, and for the
    others why not (a sentence with its rule)."""

    supplied: frozenset[str]
    why_not: dict[str, str]


def trace_supply(ruleset: Ruleset, state: GameState, player: Player) -> Trace:
    """[14.2, 10.3] Which of `player`'s units on the map trace a valid supply line."""
    chains = chains_of(ruleset)
    search = _Search(ruleset, state.units, player)
    catalogue = ruleset.catalogue.ground
    on_map = {
        unit_id: unit.hex
        for unit_id, unit in state.units.items()
        if unit.hex is not None
        and unit.status is UnitStatus.ON_MAP
        and catalogue[unit_id].player is player
        and chains.traced(unit_id)
    }
    name = ruleset.unit_name
    supplied: set[str] = set()
    why: dict[str, str] = {}
    for hq in chains.tops & on_map.keys():
        if search.fed(on_map[hq]):
            supplied.add(hq)
        else:
            why[hq] = "no line to a friendly map edge (14.2)"
    for hq, top in chains.division_tops.items():
        if hq not in on_map or top is None:
            continue  # a German division HQ is a top: traced above
        if top not in supplied:
            why[hq] = f"its {name(top)} has no line to a friendly map edge (14.2)"
        elif search.linked(on_map[hq], on_map[top]):
            supplied.add(hq)
        else:
            why[hq] = f"no line to {name(top)} (14.2, 10.3)"
    # The first legs: one search from the supplied HQs of each group of units that share
    # their sources and length, stopped once it has found all of them.
    groups: dict[tuple[tuple[str, ...], int], list[str]] = {}
    for unit_id, link in chains.links.items():
        if unit_id not in on_map:
            continue
        sources = tuple(hq for hq in link.headquarters if hq in supplied and hq in on_map)
        if not sources:
            whose = "any division HQ" if link.independent else name(link.headquarters[0])
            why[unit_id] = f"{whose} is out of supply or off the map (14.2)"
            continue
        groups.setdefault((sources, link.hexes), []).append(unit_id)
    for (sources, hexes), units in groups.items():
        # A unit outside its headquarters' component has no line of any length: only
        # the others are searched for (a supplied HQ's component is labelled).
        # Nor is one farther than the leg in a straight line: a line is never shorter.
        linked = {search.label(on_map[hq]) for hq in sources} - {None}
        starts = [on_map[hq] for hq in sources]
        targets = {
            on_map[u]
            for u in units
            if search.label(on_map[u]) in linked
            and any(distance(on_map[u], start) <= hexes for start in starts)
        }
        found = search.within(starts, hexes, targets)
        for unit_id in units:
            if on_map[unit_id] in found:
                supplied.add(unit_id)
            else:
                independent = chains.links[unit_id].independent
                whose = "any division HQ" if independent else name(sources[0])
                why[unit_id] = f"no line of {hexes} hexes or less to {whose} (14.2, 10.3)"
    return Trace(frozenset(supplied), why)


def line_reaches(
    ruleset: Ruleset,
    state: GameState,
    player: Player,
    start: Hex,
    targets: set[Hex],
    hexes: int = 0,
) -> set[Hex]:
    """[14.2, 10.3, 5.1] Which of `targets` a line of `player`'s from `start` reaches: never
    through enemy units nor their ZOCs (negated by friendly units), at most `hexes` hexes
    long (0: any length, as the Sixth Army's line of communications, 5.1)."""
    return reaches_in(ruleset, state.units, player, start, targets, hexes)


def reaches_in(
    ruleset: Ruleset,
    units: FrozenMap[str, UnitState],
    player: Player,
    start: Hex,
    targets: set[Hex],
    hexes: int = 0,
) -> set[Hex]:
    """`line_reaches` in any state whose units are `units`: a line reads nothing else."""
    search = _Search(ruleset, units, player)
    return search.within([start], hexes or len(search.adjacent), targets)


def line_between(
    ruleset: Ruleset,
    state: GameState,
    player: Player,
    starts: Iterable[Hex],
    goals: Iterable[Hex],
    negating: frozenset[Hex] | None = None,
) -> Hex | None:
    """[10.3] One of `starts` that a line of any length joins to one of `goals` for
    `player` (the pocket's corridor of 19.33 is such a line), or None. The search spreads
    from all the starts at once and stops at the first goal: cheap while they are shut in.
    `negating`: the hexes whose units negate the enemy's ZOC, if not all of `player`'s
    (19.33: German units only)."""
    return _Search(ruleset, state.units, player, negating).start_joined(starts, goals)


def line_gap(
    ruleset: Ruleset,
    state: GameState,
    player: Player,
    starts: Iterable[Hex],
    goals: Iterable[Hex],
    negating: frozenset[Hex] | None = None,
) -> int | None:
    """[10.3] How far `player` is from a line joining one of `starts` to one of `goals`:
    the fewest hexes a path between them enters that a line may not (2 for one held by
    the enemy, 1 for one in his ZOC that no unit of `negating` negates); 0 when a line
    joins them, None when no path of the step graph does."""
    return _Search(ruleset, state.units, player, negating).gap(starts, goals)


@dataclass(frozen=True, slots=True)
class _Steps:
    """One side's step graph with its hexes numbered: `adjacent[i]` the numbers of the
    hexes a line may step to from hex `hexes[i]`."""

    index: dict[Hex, int]
    hexes: tuple[Hex, ...]
    adjacent: tuple[tuple[int, ...], ...]


def _steps(ruleset: Ruleset) -> dict[Player, _Steps]:
    """For each side, the steps a line may take: those of the movement engine's graph for
    non-motorized units (8.2), without their costs, numbered for fast searches."""
    graphs = move_graph(ruleset)
    found = {}
    for player in Player:
        graph = graphs.graph((MovementClass.NON_MOTORIZED,), player, False)
        hexes = tuple(graph)
        index = {h: i for i, h in enumerate(hexes)}
        adjacent = tuple(tuple(index[e.to] for e in graph[h] if e.to in index) for h in hexes)
        found[player] = _Steps(index, hexes, adjacent)
    return found


class _Search:
    """Breadth-first searches over the hexes a line may enter for one side in one state."""

    def __init__(
        self,
        ruleset: Ruleset,
        units: FrozenMap[str, UnitState],
        player: Player,
        negating: frozenset[Hex] | None = None,
    ) -> None:
        steps = ruleset.derived(_steps)[player]
        self.index, self.adjacent, self.hexes = steps.index, steps.adjacent, steps.hexes
        sides = sides_in(ruleset, units, player)
        enemy_zoc = zoc_in(ruleset, units, player.opponent)
        if negating is None:
            negating = sides.own_hexes  # 10.3: friendly units negate enemy ZOCs
        # 1 for a hex in an enemy ZOC no unit negates, 2 for one held by the enemy
        self.closed = bytearray(len(steps.hexes))
        for hex_ in enemy_zoc - negating:
            number = self.index.get(hex_)
            if number is not None:
                self.closed[number] = 1
        for hex_ in sides.enemy_hexes:
            number = self.index.get(hex_)
            if number is not None:
                self.closed[number] = 2
        self.edges = ruleset.game_map.supply_edges[player.value]
        self._labels: list[int] | None = None

    def _labelled(self) -> list[int]:
        """Each hex's component among those linked to the side's map edges (-1: none):
        hexes with the same label are linked by a line of any length. One pass from the
        edges; the hexes no line joins to an edge are never labelled."""
        if self._labels is None:
            labels = [-1] * len(self.adjacent)
            adjacent, closed, label = self.adjacent, self.closed, 0
            for hex_ in self.edges:
                start = self.index.get(hex_)
                if start is None or closed[start] or labels[start] >= 0:
                    continue
                labels[start] = label
                queue = deque((start,))
                while queue:
                    for to in adjacent[queue.popleft()]:
                        if labels[to] < 0 and not closed[to]:
                            labels[to] = label
                            queue.append(to)
                label += 1
            self._labels = labels
        return self._labels

    def label(self, hex_: Hex) -> int | None:
        """The component of `hex_` if a line joins it to a friendly map edge (14.2)."""
        number = self.index.get(hex_)
        if number is None:
            return None
        found = self._labelled()[number]
        return found if found >= 0 else None

    def fed(self, hex_: Hex) -> bool:
        """Whether a line of any length joins `hex_` to a friendly map edge (14.2)."""
        return self.label(hex_) is not None

    def linked(self, a: Hex, b: Hex) -> bool:
        """Whether a line of any length joins `a` and `b`, both linked to the edges."""
        label = self.label(a)
        return label is not None and self.label(b) == label

    def gap(self, starts: Iterable[Hex], goals: Iterable[Hex]) -> int | None:
        """The fewest closed hexes a path from one of `starts` to one of `goals` enters,
        a hex held by the enemy counting 2 and one only in his ZOC 1 (0: a line joins
        them); None when no path does. A search of costs 0 and 1 from all the starts."""
        index, adjacent, closed = self.index, self.adjacent, self.closed
        wanted = {index[h] for h in goals if h in index}
        cost = [-1] * len(adjacent)
        queues: list[deque[int]] = [deque(), deque(), deque()]
        for hex_ in starts:
            number = index.get(hex_)
            if number is not None and cost[number] < 0:
                cost[number] = closed[number]
                queues[closed[number]].append(number)
        level = 0
        while wanted and any(queues):
            while not queues[0]:
                queues = [queues[1], queues[2], deque()]
                level += 1
            number = queues[0].popleft()
            here = cost[number]
            if here != level:  # queued before a cheaper way reached it
                continue
            if number in wanted:
                return here
            for to in adjacent[number]:
                step = closed[to]
                if cost[to] < 0 or here + step < cost[to]:
                    cost[to] = here + step
                    queues[step].append(to)
        return None

    def start_joined(self, starts: Iterable[Hex], goals: Iterable[Hex]) -> Hex | None:
        """The start a line joins to one of `goals`, found by one search from all the
        starts at once that stops at the first goal it enters."""
        index, adjacent, closed = self.index, self.adjacent, self.closed
        wanted = {index[h] for h in goals if h in index}
        origin = [-1] * len(adjacent)
        queue: deque[int] = deque()
        for hex_ in starts:
            number = index.get(hex_)
            if number is not None and not closed[number] and origin[number] < 0:
                origin[number] = number
                queue.append(number)
        while queue and wanted:
            number = queue.popleft()
            if number in wanted:
                return self.hexes[origin[number]]
            for to in adjacent[number]:
                if origin[to] < 0 and not closed[to]:
                    origin[to] = origin[number]
                    queue.append(to)
        return None

    def within(self, sources: list[Hex], hexes: int, targets: set[Hex]) -> set[Hex]:
        """Which of `targets` a line of at most `hexes` hexes links to one of `sources`;
        the search stops once it has found them all."""
        index, adjacent = self.index, self.adjacent
        seen = bytearray(self.closed)  # a closed hex is never entered: seen already
        frontier = []
        for hex_ in sources:
            number = index.get(hex_)
            if number is not None and not seen[number]:
                seen[number] = 1
                frontier.append(number)
        wanted = {index[h]: h for h in targets if h in index}
        left = set(wanted).difference(frontier)  # a closed target is never reached
        for _ in range(hexes):
            if not left or not frontier:
                break
            entered = []
            for number in frontier:
                for to in adjacent[number]:
                    if not seen[to]:
                        seen[to] = 1
                        entered.append(to)
            left.difference_update(entered)
            frontier = entered
        return {h for n, h in wanted.items() if n not in left}
