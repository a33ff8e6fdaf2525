"""The hex graph movement searches walk: for each movement class, side and road state, the
terrain cost of every legal step, computed once per ruleset (8.1, 8.2, TEC).

Costs are whole numbers of eighths of a movement point, so searches add integers and
stay exact: every cost, halved or one-and-a-half allowance of the rules is a multiple.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import MovementClass
from owsqt.rules.movement.movecost import Prohibited, step_cost
from owsqt.rules.scenario.ruleset import Ruleset

SCALE = 8


def scaled(points: Fraction | int) -> int:
    """Movement points in eighths, rounded down (an allowance is never rounded up)."""
    return int(Fraction(points) * SCALE // 1)


_EIGHTHS: list[Fraction] = []


def unscaled(eighths: int) -> Fraction:
    """Eighths back to movement points. A search returns hundreds of them: each value is
    made once and shared (a Fraction never changes)."""
    while len(_EIGHTHS) <= eighths:
        _EIGHTHS.append(Fraction(len(_EIGHTHS), SCALE))
    return _EIGHTHS[eighths]


def eighths_table() -> list[Fraction]:
    """unscaled's table: entry n is n eighths, for every n made so far."""
    return _EIGHTHS


@dataclass(frozen=True, slots=True)
class GraphEdge:
    """One legal step: its cost in eighths with and without the road rate (16.3)."""

    to: Hex
    cost: int
    off_road: int


Graph = dict[Hex, tuple[GraphEdge, ...]]


@dataclass(frozen=True, slots=True)
class ClassesEdge:
    """One legal step for a stack of several movement classes: the cost in eighths each
    class pays, with and without the road rate, in the order the classes were asked."""

    to: Hex
    costs: tuple[int, ...]
    off_road: tuple[int, ...]


ClassesGraph = dict[Hex, tuple[ClassesEdge, ...]]


@dataclass(frozen=True, slots=True)
class PairSteps:
    """A two-class graph over hex numbers: `rows[n]` holds the steps out of `nodes[n]` as
    (number of the hex entered, first class's cost, second's, the edge). The search of the
    common mixed stack walks it with list indexing instead of hashing hexes."""

    nodes: tuple[Hex, ...]
    number: dict[Hex, int]
    rows: tuple[tuple[tuple[int, int, int, ClassesEdge], ...], ...]
    # The cheapest step out of each hex for each class: a label that cannot pay it has
    # nowhere to go from there (priced steps out of plain hexes never cost less).
    least_x: tuple[int, ...]
    least_y: tuple[int, ...]


class MoveGraph:
    """Step costs by (movement classes, side, icy roads), built on first use."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.game_map = ruleset.game_map
        self._graphs: dict[tuple[frozenset[MovementClass], Player, bool], Graph] = {}
        self._classes: dict[tuple[tuple[MovementClass, ...], Player, bool], ClassesGraph] = {}
        self._pairs: dict[tuple[tuple[MovementClass, ...], Player, bool], PairSteps] = {}

    def graph(self, classes: Iterable[MovementClass], player: Player, icy: bool) -> Graph:
        """[8.1] A stack pays, at each step, the dearest cost among its movement classes."""
        key = (frozenset(classes), player, icy)
        graph = self._graphs.get(key)
        if graph is None:
            graph = self._graphs[key] = self._build(key[0], player, icy)
        return graph

    def classes_graph(
        self, classes: tuple[MovementClass, ...], player: Player, icy: bool
    ) -> ClassesGraph:
        """[8.1] Each class's own cost of every step, side by side: each unit of a stack
        pays its own class's costs (docs/rulebook-readings.md 66). Built from the graphs
        of the single classes, on first use."""
        key = (classes, player, icy)
        graph = self._classes.get(key)
        if graph is None:
            graph = self._classes[key] = self._side_by_side(classes, player, icy)
        return graph

    def pair_steps(
        self, classes: tuple[MovementClass, MovementClass], player: Player, icy: bool
    ) -> PairSteps:
        """`classes_graph` of two classes over hex numbers, built on first use."""
        key = (classes, player, icy)
        steps = self._pairs.get(key)
        if steps is None:
            graph = self.classes_graph(classes, player, icy)
            nodes = tuple(
                {h: None for hex_, edges in graph.items() for h in (hex_, *(e.to for e in edges))}
            )
            number = {hex_: n for n, hex_ in enumerate(nodes)}
            rows = tuple(
                tuple((number[e.to], e.costs[0], e.costs[1], e) for e in graph.get(hex_, ()))
                for hex_ in nodes
            )
            none = 1 << 30
            least_x = tuple(min((s[1] for s in row), default=none) for row in rows)
            least_y = tuple(min((s[2] for s in row), default=none) for row in rows)
            steps = self._pairs[key] = PairSteps(nodes, number, rows, least_x, least_y)
        return steps

    def _side_by_side(
        self, classes: tuple[MovementClass, ...], player: Player, icy: bool
    ) -> ClassesGraph:
        graphs = [self.graph((c,), player, icy) for c in classes]
        combined: ClassesGraph = {}
        for hex_, edges in graphs[0].items():
            others = [{e.to: e for e in g.get(hex_, ())} for g in graphs[1:]]
            row = []
            for edge in edges:
                parts = [edge, *(o.get(edge.to) for o in others)]
                steps = [part for part in parts if part is not None]
                if len(steps) < len(parts):  # a step one class may not take: none takes it
                    continue
                costs = tuple(step.cost for step in steps)
                row.append(ClassesEdge(edge.to, costs, tuple(step.off_road for step in steps)))
            combined[hex_] = tuple(row)
        return combined

    def _build(self, classes: frozenset[MovementClass], player: Player, icy: bool) -> Graph:
        game_map = self.game_map
        graph: Graph = {}
        for hex_ in game_map.hexes:
            edges = []
            for _, neighbour in game_map.grid.neighbours(hex_):
                if neighbour not in game_map.hexes:
                    continue
                try:
                    on_road = max(
                        self._cost(hex_, neighbour, c, player, icy, True) for c in classes
                    )
                    off_road = max(
                        self._cost(hex_, neighbour, c, player, icy, False) for c in classes
                    )
                except Prohibited:
                    continue
                edges.append(GraphEdge(neighbour, scaled(on_road), scaled(off_road)))
            graph[hex_] = tuple(edges)
        return graph

    def _cost(
        self, a: Hex, b: Hex, movement_class: MovementClass, player: Player, icy: bool, road: bool
    ) -> Fraction:
        return step_cost(self.ruleset, a, b, movement_class, player, icy=icy, road_allowed=road)


def move_graph(ruleset: Ruleset) -> MoveGraph:
    """The terrain cost of every step, built once per ruleset on first use (8.1)."""
    return ruleset.derived(MoveGraph)
