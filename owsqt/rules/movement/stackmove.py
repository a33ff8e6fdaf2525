"""Where a stack can move and what a path costs (8.1-8.3, 10.2, 15.2, 16.3, 4.5, 6.3).

`StackMove` gathers, once per stack and state, everything that prices its steps: its
movement allowance (or what it has left while in motion), the enemy's zones of control,
interdiction zones, convoys, entrenchments and administrative movement. A stack moves at
the rate of its slowest unit (8.1, docs/rulebook-readings.md 66): a path is open to it when
every unit could move it alone, each paying its own movement class's costs from its own
points, so the stack goes as far as its slowest unit on that path. `reach()` searches the
precomputed move graph, over a tuple of MP spent per movement class when the stack mixes
classes; `price(path)` walks one path item by item, class by class, with the rule it
breaks if it breaks one. Both read the same facts, and tests
check they agree on every reachable hex. Both are worked out once and kept: a StackMove
is a fact of its state, which never changes: `stack_move` shares one per state and stack.
"""

from __future__ import annotations

import heapq
import itertools
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.core.hexgrid import Hex, Hexside, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply
from owsqt.rules.data.units import MovementClass, UnitClass, UnitType
from owsqt.rules.movement.interdiction import NO_COVER, cover_of
from owsqt.rules.movement.movecost import Prohibited, Prohibition, step_items
from owsqt.rules.movement.movegraph import (
    SCALE,
    ClassesEdge,
    ClassesGraph,
    GraphEdge,
    eighths_table,
    move_graph,
    scaled,
    unscaled,
)
from owsqt.rules.movement.ringhold import assumed_german_zoc
from owsqt.rules.movement.sides import sides_of
from owsqt.rules.movement.zoc import ENTER_ZOC_COST, LEAVE_ZOC_COST, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset

ADMINISTRATIVE_RATE = Fraction(3, 2)  # 8.3
ENTRENCHMENTS = "entrenchments"  # the Terrain Effects Chart's row (15.2)


@dataclass(frozen=True, slots=True)
class CostItem:
    """One line of a move's bill: what it is for, its MP, and the rule that sets it."""

    label: str
    points: Fraction
    rule: str


@dataclass(frozen=True, slots=True)
class Reach:
    """The hexes a stack can reach: MP spent to get there, and the way it came.

    `spent` is what the pacing unit spent on the path to each hex: the unit with the least
    left there (8.1: the stack moves at the rate of its slowest unit). `came_from` is the
    hex before each hex on its path; a stack of several movement classes keeps its paths
    as `chains` instead (the cheapest way to a hex need not go through the way kept for
    the hex before it when each class pays its own costs).
    """

    start: Hex
    allowance: Fraction
    spent: dict[Hex, Fraction]
    came_from: dict[Hex, Hex]
    chains: Chains | None = None

    def path_to(self, hex_: Hex) -> list[Hex]:
        """The path kept to `hex_` from the start, both included."""
        if self.chains is not None:
            return self.chains.path_to(hex_)
        path = [hex_]
        while path[-1] != self.start:
            path.append(self.came_from[path[-1]])
        return path[::-1]


@dataclass(frozen=True, slots=True)
class Chains:
    """The paths of a search over several movement classes: each hex's kept label, and for
    every label its hex and the label it came from (-1 for the first)."""

    kept: dict[Hex, int]
    hexes: list[Hex]
    parents: list[int]

    def path_to(self, hex_: Hex) -> list[Hex]:
        path = []
        label = self.kept[hex_]
        while label >= 0:
            path.append(self.hexes[label])
            label = self.parents[label]
        return path[::-1]


@dataclass(frozen=True, slots=True)
class Leg:
    """[8.1] What the units of one movement class pay along a path: each unit pays its own
    class's costs from its own points. `points`: what the class's slowest unit may spend;
    `leaving`: the part of `total` that is half that unit's allowance, to leave its
    entrenchments (15.2), which each unit pays from its own allowance."""

    movement_class: MovementClass
    points: Fraction
    total: Fraction
    steps: tuple[tuple[Hex, tuple[CostItem, ...]], ...]
    leaving: Fraction = Fraction(0)

    @property
    def left(self) -> Fraction:
        return self.points - self.total


@dataclass(frozen=True, slots=True)
class PathPrice:
    """A path's bill step by step, its total, and the first rule it breaks (if any).

    `legs` holds the bill of each movement class of the stack; `steps`, `total` and
    `allowance` are those of the pacing class: the one with the least left (8.1: the
    stack moves at the rate of its slowest unit), or the one that runs out of points.
    """

    steps: tuple[tuple[Hex, tuple[CostItem, ...]], ...]
    total: Fraction
    allowance: Fraction
    violation: Violation | None
    legs: tuple[Leg, ...] = ()
    pacer: MovementClass | None = None

    @property
    def legal(self) -> bool:
        return self.violation is None

    def leg(self, movement_class: MovementClass) -> Leg:
        return next(leg for leg in self.legs if leg.movement_class is movement_class)


def pace(lefts: tuple[int, ...] | list[int] | list[Fraction]) -> int:
    """[8.1] The index of the pacing class among what each class has left: the least left,
    the first class on a tie. The search and the bill both name the pacer by it."""
    best = 0
    for index in range(1, len(lefts)):
        if lefts[index] < lefts[best]:
            best = index
    return best


def initiative_bonus(ruleset: Ruleset, state: GameState, player: Player) -> int:
    """[6.3] Extra MP for every unit of the player holding the initiative turns running."""
    initiative = state.initiative
    if initiative.holder is not player or initiative.determined_turn != state.turn:
        return 0
    return ruleset.tables.initiative.effects_for_streak(initiative.streak).extra_mp


def icy_roads(ruleset: Ruleset, state: GameState) -> bool:
    """[8.1] Roads are icy on the turns the Turn Record Track says so."""
    track = ruleset.turn_record_track
    return 0 < state.turn <= len(track) and track[state.turn - 1].icy


def unit_allowance(ruleset: Ruleset, state: GameState, unit_id: str, bonus: int = 0) -> Fraction:
    """[8.1, 13.0, 14.5, 12.3, 6.3] A unit's movement points this segment: its movement
    factor plus the initiative bonus, halved when disrupted, out of supply or after firing
    (but for rocket artillery)."""
    unit = state.units[unit_id]
    definition = ruleset.catalogue.ground[unit_id]
    points = Fraction(definition.movement + bonus)
    # 12.3: rocket artillery moves its full allowance before or after bombarding.
    fired = unit.fired and definition.type is not UnitType.ROCKET
    if unit.disrupted or unit.supply is Supply.OUT or fired:
        points /= 2
    return points


class StackMove:
    """The facts that price the moves of `units` in `state`.

    `entry`: the hex off-map units enter on (reinforcements, 11.7 returns); None for a
    stack on the map. A stack already in motion this segment continues with what it has
    left (8.1) and does not pay again for leaving entrenchments or its starting zones.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        state: GameState,
        units: tuple[str, ...],
        *,
        administrative: bool = False,
        entry: Hex | None = None,
    ) -> None:
        catalogue = ruleset.catalogue
        self.ruleset = ruleset
        self.state = state
        self.units = units
        self.administrative = administrative
        self.player = catalogue.ground[units[0]].player
        self.entry = entry
        start = entry if entry is not None else state.units[units[0]].hex
        # A stack without an entry is on the map, and a unit on the map stands on a hex.
        assert start is not None
        self.start: Hex = start
        moving = state.movement.moving
        self.continuing = entry is None and all(u in moving for u in units)
        self.classes = frozenset(catalogue.ground[u].movement_class for u in units)
        # 8.1: each class pays its own costs; the search and the bill keep this order.
        self.class_order: tuple[MovementClass, ...] = tuple(
            sorted(self.classes, key=lambda c: c.value)
        )
        self.icy = icy_roads(ruleset, state)
        self.enemy_zoc = zoc_of(ruleset, state, self.player.opponent)
        # 5.2: Ring Forces next to the pocket are assumed to be in a German ZOC (to leave)
        self.leave_zoc = self.enemy_zoc | assumed_german_zoc(ruleset, units)
        # 16.3: a convoy never enters an enemy ZOC nor another convoy's hex, even when it
        # moves with other units.
        self.convoy_stack = any(catalogue.ground[u].unit_class is UnitClass.CONVOY for u in units)
        self.artillery_only = all(
            catalogue.ground[u].unit_class is UnitClass.ARTILLERY for u in units
        )
        self._sort_hexes(ruleset, state)
        self.cover = (
            cover_of(ruleset.game_map, state)
            if self.player is Player.SOVIET  # 4.5: German air interdicts Soviet units
            else NO_COVER
        )
        self.bonus = initiative_bonus(ruleset, state, self.player)
        # 8.1: the slowest unit of each class binds the class (its units pay the same).
        ground = catalogue.ground
        self.pacing_units: tuple[str, ...] = tuple(
            min(
                (u for u in units if ground[u].movement_class is c),
                key=self.unit_points,
            )
            for c in self.class_order
        )
        self.points: tuple[Fraction, ...] = tuple(self.unit_points(u) for u in self.pacing_units)
        slowest = min(units, key=self.unit_points)
        self.allowance_items = self.allowance_items_of(slowest)
        self.allowance = self.unit_points(slowest)
        self._reach: Reach | None = None
        self._prices: dict[tuple[Hex, ...], PathPrice] = {}
        self._bills: dict[
            tuple[Hex | None, Hex], tuple[tuple[CostItem, ...], ...] | Prohibition
        ] = {}

    def _sort_hexes(self, ruleset: Ruleset, state: GameState) -> None:
        """Enemy, friendly and convoy hexes, and the hexes adjacent to enemy units: the
        side's view of the state, less the stack's own units."""
        sides = sides_of(ruleset, state, self.player)
        self.enemy_hexes = sides.enemy_hexes
        self.enemy_convoys = sides.enemy_convoys  # hexes held only by convoys
        self.near_enemy = sides.near_enemy
        friendly = set(sides.own_hexes)
        convoys = set(sides.convoy_hexes)  # friendly convoys not in this stack (16.3)
        moving = set(self.units)
        ground = ruleset.catalogue.ground
        for hex_ in sides.own_hexes & {state.units[u].hex for u in self.units}:
            stack = state.stack(hex_)
            if all(u in moving for u in stack):
                friendly.discard(hex_)
            if all(u in moving for u in stack if ground[u].unit_class is UnitClass.CONVOY):
                convoys.discard(hex_)
        self.friendly_hexes = frozenset(friendly)
        self.convoy_hexes = frozenset(convoys)

    # --- the allowance ------------------------------------------------------------------

    def allowance_items_of(self, unit_id: str) -> list[CostItem]:
        """[8.1, 6.3, 13.0, 8.3, 4.5] What `unit_id` may spend this move, item by item."""
        ruleset, state = self.ruleset, self.state
        if self.continuing:
            return [CostItem("left from this move", state.movement.moving[unit_id], "8.1")]
        bonus = self.bonus
        base = Fraction(ruleset.catalogue.ground[unit_id].movement)
        items = [CostItem(f"movement factor of {ruleset.unit_name(unit_id)}", base, "8.1")]
        if bonus:
            items.append(CostItem("initiative held turns running", Fraction(bonus), "6.3"))
        full = unit_allowance(ruleset, state, unit_id, bonus)
        if full < base + bonus:
            items.append(
                CostItem("halved: disrupted, out of supply or fired", full - base - bonus, "13.0")
            )
        if self.administrative:
            items.append(CostItem("administrative movement", full / 2, "8.3"))
        penalty = self.zone_penalty(self.start) if self.entry is None else 0
        if penalty:
            items.append(CostItem("starting in an interdiction zone", Fraction(-penalty), "4.5"))
        return items

    def allowance_items_for(self, movement_class: MovementClass) -> list[CostItem]:
        """The allowance of the slowest unit of `movement_class` in the stack, item by item."""
        return self.allowance_items_of(self.pacing_units[self.class_order.index(movement_class)])

    def unit_points(self, unit_id: str) -> Fraction:
        """What one unit of the stack may spend this move (8.1: each unit its own)."""
        if self.continuing:
            return self.state.movement.moving[unit_id]
        points = unit_allowance(self.ruleset, self.state, unit_id, self.bonus)
        if self.administrative:
            points *= ADMINISTRATIVE_RATE
        if self.entry is None:
            points -= self.zone_penalty(self.start)
        return points

    # --- the facts of one step ----------------------------------------------------------

    def zone_penalty(self, hex_: Hex | None) -> int:
        return 0 if hex_ is None else self.cover.penalty(hex_)

    def _entering_zones(self, a: Hex, b: Hex) -> int:
        """[4.5] The penalties of the zones `b` is in and `a` is not: moving into them."""
        return self.cover.entering(a, b)

    def _entrenched_start(self) -> bool:
        if self.continuing or self.entry is not None:
            return False
        marker = self.state.entrenchments.get(self.start)
        return (
            marker is not None
            and marker.owner is self.player
            and marker.status is Entrenchment.COMPLETE
        )

    def closed(self, a: Hex | None, b: Hex) -> Violation | None:
        """Why the stack may not step from `a` (None: from off the map) into `b`."""
        if b in self.enemy_hexes:
            return Violation("8.1", f"{self._id(b)} is held by enemy units")
        if self.administrative and b in self.near_enemy:
            return Violation(
                "8.3", f"administrative movement may not come next to the enemy ({self._id(b)})"
            )
        if self.administrative and self.zone_penalty(b):
            return Violation(
                "8.3", f"administrative movement may not enter an interdiction zone ({self._id(b)})"
            )
        if b in self.enemy_zoc and self.convoy_stack:
            return Violation("16.3", f"a convoy may never enter an enemy ZOC ({self._id(b)})")
        if b in self.convoy_hexes and self.convoy_stack:
            return Violation("16.3", f"two convoys may never share a hex ({self._id(b)})")
        if b in self.enemy_zoc and self.artillery_only and b not in self.friendly_hexes:
            return Violation(
                "10.2",
                f"artillery enters an enemy ZOC ({self._id(b)}) only "
                "with a non-artillery unit or where a friendly unit is",
            )
        return None

    def _id(self, hex_: Hex) -> str:
        return self.ruleset.grid.id_of(hex_)

    def step(
        self, a: Hex | None, b: Hex, movement_class: MovementClass | None = None
    ) -> tuple[CostItem, ...]:
        """The bill of one step for the units of `movement_class` (the stack's first class
        by default), item by item; raises Prohibited for a step nobody takes (8.2)."""
        index = 0 if movement_class is None else self.class_order.index(movement_class)
        return self.steps_of(a, b)[index]

    def steps_of(self, a: Hex | None, b: Hex) -> tuple[tuple[CostItem, ...], ...]:
        """[8.1] The bill of one step for each movement class of the stack, in
        `class_order`: each unit pays its own class's costs. Raises Prohibited for a step
        nobody takes (8.2). Billed once: every path through the step shares it."""
        bill = self._bills.get((a, b))
        if bill is None:
            try:
                bill = self._bill(a, b)
            except Prohibited as prohibited:
                bill = prohibited.prohibition
            self._bills[(a, b)] = bill
        if isinstance(bill, Prohibition):
            raise Prohibited(bill)
        return bill

    def _bill(self, a: Hex | None, b: Hex) -> tuple[tuple[CostItem, ...], ...]:
        shared = []  # what every unit pays alike (10.2, 4.5)
        if a is not None and a in self.enemy_zoc:
            shared.append(CostItem("leaving an enemy ZOC", Fraction(LEAVE_ZOC_COST), "10.2"))
        elif a is not None and a in self.leave_zoc:
            what = "leaving the German ZOC assumed next to the pocket"
            shared.append(CostItem(what, Fraction(LEAVE_ZOC_COST), "5.2"))
        if b in self.enemy_zoc:
            shared.append(CostItem("entering an enemy ZOC", Fraction(ENTER_ZOC_COST), "10.2"))
        penalty = self._entering_zones(a, b) if a is not None else self.zone_penalty(b)
        if penalty:
            shared.append(CostItem("moving into an interdiction zone", Fraction(penalty), "4.5"))
        leaving = a == self.start and self._entrenched_start()
        bills = []
        for movement_class, points in zip(self.class_order, self.points, strict=True):
            if a is None:  # entering the map: the terrain of the entry hex
                row = self.ruleset.tables.tec.terrain(self.ruleset.game_map.terrain(b).value)
                cost = row.cost(movement_class.value)
                items = [CostItem(f"entering the map: {row.name.lower()}", cost, "8.1")]
            else:
                items = self._terrain_items(a, b, movement_class)
            items.extend(shared)
            if leaving:
                items.append(self._leaving_entrenchments(points))
            bills.append(tuple(items))
        return tuple(bills)

    def _leaving_entrenchments(self, points: Fraction) -> CostItem:
        """[15.2] What leaving the entrenchments the stack starts in costs a unit that may
        spend `points` this move (the TEC's row: half of it)."""
        cost, rule = self.ruleset.tables.tec.leaving_cost(ENTRENCHMENTS, points)
        return CostItem("leaving entrenchments", cost, rule)

    def _terrain_items(self, a: Hex, b: Hex, movement_class: MovementClass) -> list[CostItem]:
        bridged = self.state.bridged(Hexside.between(a, b))
        road_allowed = b not in self.convoy_hexes  # 16.3: not at the road rate
        items = step_items(
            self.ruleset,
            a,
            b,
            movement_class,
            self.player,
            icy=self.icy,
            road_allowed=road_allowed,
            bridged=bridged,
        )
        return [CostItem(label, points, "8.1") for label, points in items]

    # --- one path, and every path -------------------------------------------------------

    def price(self, path: tuple[Hex, ...] | list[Hex]) -> PathPrice:
        """The bill of `path` (its first hex is the start, or the entry hex) and the first
        rule it breaks: a gap, a closed hex, a prohibited step, or too few MP. Priced once
        per path: the table's preview and the engine's judgement share it."""
        key = tuple(path)
        price = self._prices.get(key)
        if price is None:
            price = self._prices[key] = self._price(key)
        return price

    def _price(self, path: tuple[Hex, ...]) -> PathPrice:
        classes = self.class_order
        steps: list[list[tuple[Hex, tuple[CostItem, ...]]]] = [[] for _ in classes]
        totals = [Fraction(0)] * len(classes)
        violation = None
        pacer = None
        previous = None if self.entry is not None else self.start
        hexes = list(path) if self.entry is not None else list(path[1:])
        for hex_ in hexes:
            if hex_ not in self.ruleset.game_map.hexes:
                violation = Violation("8.1", "the path leaves the map")
                break
            if previous is not None and distance(previous, hex_) != 1:
                violation = Violation(
                    "8.1",
                    f"{self._id(hex_)} is not next to {self._id(previous)}: units move hex by hex",
                )
                break
            violation = self.closed(previous, hex_)
            if violation is not None:
                break
            try:
                bills = self.steps_of(previous, hex_)
            except Prohibited as prohibited:
                violation = Violation(prohibited.prohibition.rule, prohibited.prohibition.text)
                break
            for index, items in enumerate(bills):
                totals[index] += sum(i.points for i in items)
                steps[index].append((hex_, items))
            lefts = [p - t for p, t in zip(self.points, totals, strict=True)]
            short = pace(lefts)
            if lefts[short] < 0:  # 8.1: each unit pays from its own points
                pacer = short
                violation = Violation("8.1", self._too_far(short, totals[short], hex_))
                break
            previous = hex_
        if pacer is None:
            pacer = pace([p - t for p, t in zip(self.points, totals, strict=True)])
        leaving = self._entrenched_start() and bool(steps[0])
        legs = tuple(
            Leg(
                c,
                self.points[i],
                totals[i],
                tuple(steps[i]),
                self._leaving_entrenchments(self.points[i]).points if leaving else Fraction(0),
            )
            for i, c in enumerate(classes)
        )
        return PathPrice(
            tuple(steps[pacer]),
            totals[pacer],
            self.points[pacer],
            violation,
            legs,
            classes[pacer],
        )

    def _too_far(self, index: int, total: Fraction, hex_: Hex) -> str:
        points = self.points[index]
        if len(self.class_order) == 1:
            return (
                f"the path costs {total} MP by {self._id(hex_)}; the stack has "
                f"{points} (no minimum move)"
            )
        name = self.ruleset.unit_name(self.pacing_units[index])
        return (
            f"the path costs {name} ({self.class_order[index].value}) {total} MP by "
            f"{self._id(hex_)}; it has {points} (no minimum move: the stack moves at "
            "the rate of its slowest unit)"
        )

    def points_left(self, price: PathPrice, unit_id: str) -> Fraction:
        """[8.1] What `unit_id` has left after the path `price` bills: its own points less
        its own class's costs (15.2: half its own allowance to leave entrenchments). Units
        dropped off keep it; the stack moves on with it."""
        movement_class = self.ruleset.catalogue.ground[unit_id].movement_class
        leg = price.leg(movement_class)
        own = self.unit_points(unit_id)
        cost = leg.total
        if leg.leaving:
            cost += self._leaving_entrenchments(own).points - leg.leaving
        return max(Fraction(0), own - cost)

    def reach(self) -> Reach:
        """Every hex the stack can reach with its allowance, by a cheapest-path search.

        [8.1] no minimum move: a step costing more than what is left is not taken;
        [10.2] +2 MP into an enemy ZOC, +1 out of one; enemy-occupied hexes are closed;
        [8.3] administrative movement keeps away from enemy units and interdiction zones.
        Searched once; later calls return the same Reach.
        """
        if self._reach is None:
            single = len(self.class_order) == 1
            self._reach = self._search() if single else self._search_classes()
        return self._reach

    def _search(self) -> Reach:
        """The cheapest-path search of a stack of one movement class."""
        graph = move_graph(self.ruleset).graph(self.classes, self.player, self.icy)
        allowance = scaled(self.points[0])
        spent: dict[Hex, int] = {}
        came_from: dict[Hex, Hex] = {}
        order = itertools.count()
        queue: list[tuple[int, int, Hex]] = []
        if self.entry is not None:
            self._enter(queue, spent, order, allowance)
        else:
            spent[self.start] = 0
            queue.append((0, next(order), self.start))
        closed = self._closed_hexes()
        special = self._special_hexes()
        while queue:
            cost, _, hex_ = heapq.heappop(queue)
            if cost > spent[hex_]:
                continue
            for edge in graph.get(hex_, ()):
                to = edge.to
                if to in closed:
                    continue
                if hex_ in special or to in special:
                    step = self._scaled_step(hex_, edge)
                    if step is None:
                        continue
                else:
                    step = edge.cost
                total = cost + step
                if total > allowance or total >= spent.get(to, total + 1):
                    continue
                spent[to] = total
                came_from[to] = hex_
                heapq.heappush(queue, (total, next(order), to))
        return Reach(
            self.start,
            self.allowance,
            {h: unscaled(c) for h, c in spent.items()},
            came_from,
        )

    def _classes_graph(self) -> ClassesGraph:
        return move_graph(self.ruleset).classes_graph(self.class_order, self.player, self.icy)

    def _search_classes(self) -> Reach:
        """[8.1] The search of a stack of several movement classes: a path is open to it
        when every class could move it alone, each paying its own costs from the points
        of its slowest unit. A label is the MP spent by each class (in eighths); a hex
        keeps the labels no other label there beats in every class (the stack may need
        the road a motorized unit likes as well as the cross-country step a tracked one
        can afford), and the search expands them cheapest total first."""
        limits = tuple(scaled(p) for p in self.points)
        labels: list[tuple[int, ...]] = []
        hexes: list[Hex] = []
        parents: list[int] = []
        alive: list[bool] = []
        at: dict[Hex, list[int]] = {}
        queue: list[tuple[int, int]] = []
        if self.entry is not None:
            first = self._entry_costs(limits)
            if first is not None:
                labels.append(first)
                hexes.append(self.entry)
        else:
            labels.append((0,) * len(limits))
            hexes.append(self.start)
        if labels:
            parents.append(-1)
            alive.append(True)
            at[hexes[0]] = [0]
            queue.append((sum(labels[0]), 0))
        if len(limits) == 2:
            self._expand_two(labels, hexes, parents, alive, at, queue, limits)
        else:
            self._expand(labels, hexes, parents, alive, at, queue, limits)
        kept: dict[Hex, int] = {}
        spent_at: dict[Hex, Fraction] = {}
        if len(limits) == 2:
            self._keep_two(labels, at, limits, kept, spent_at)
            return Reach(self.start, self.allowance, spent_at, {}, Chains(kept, hexes, parents))
        for hex_, ids in at.items():
            # The label the stack keeps: the most left to its slowest unit, then the least
            # spent in all, then the first found.
            best = (
                ids[0]
                if len(ids) == 1
                else max(ids, key=lambda i: (_left(labels[i], limits), -sum(labels[i]), -i))
            )
            kept[hex_] = best
            label = labels[best]
            if len(label) == 2:  # pace() written out for the usual two classes
                x, y = label
                spent_at[hex_] = unscaled(x if limits[0] - x <= limits[1] - y else y)
            else:
                lefts = [limit - n for n, limit in zip(label, limits, strict=True)]
                spent_at[hex_] = unscaled(label[pace(lefts)])
        return Reach(self.start, self.allowance, spent_at, {}, Chains(kept, hexes, parents))

    @staticmethod
    def _keep_two(
        labels: list[tuple[int, ...]],
        at: dict[Hex, list[int]],
        limits: tuple[int, ...],
        kept: dict[Hex, int],
        spent_at: dict[Hex, Fraction],
    ) -> None:
        """The kept label and MP spent of each hex, as `_search_classes` picks them, for
        two classes: pace() written out, eighths read from unscaled's table."""
        limit_x, limit_y = limits
        unscaled(max(limits))  # makes every value up to the limits
        eighths = eighths_table()
        for hex_, ids in at.items():
            best = ids[0]
            x, y = labels[best]
            if len(ids) > 1:
                # The most left to the slowest unit, then the least spent, then the first.
                rank = (min(limit_x - x, limit_y - y), -x - y, -best)
                for other in ids[1:]:
                    ox, oy = labels[other]
                    other_rank = (min(limit_x - ox, limit_y - oy), -ox - oy, -other)
                    if other_rank > rank:
                        best, rank, x, y = other, other_rank, ox, oy
            kept[hex_] = best
            spent_at[hex_] = eighths[x if limit_x - x <= limit_y - y else y]

    def _expand(
        self,
        labels: list[tuple[int, ...]],
        hexes: list[Hex],
        parents: list[int],
        alive: list[bool],
        at: dict[Hex, list[int]],
        queue: list[tuple[int, int]],
        limits: tuple[int, ...],
    ) -> None:
        """The label search of `_search_classes`, for any number of classes."""
        graph = self._classes_graph()
        closed = self._closed_hexes()
        special = self._special_hexes()
        while queue:
            _, label = heapq.heappop(queue)
            if not alive[label]:
                continue
            hex_ = hexes[label]
            spent = labels[label]
            for edge in graph.get(hex_, ()):
                to = edge.to
                if to in closed:
                    continue
                if hex_ in special or to in special:
                    step = self._scaled_steps(hex_, edge)
                    if step is None:
                        continue
                else:
                    step = edge.costs
                new = tuple(a + b for a, b in zip(spent, step, strict=True))
                if any(n > limit for n, limit in zip(new, limits, strict=True)):
                    continue
                others = at.get(to)
                if others is None:
                    others = at[to] = []
                else:
                    if any(_covers(labels[o], new) for o in others):
                        continue
                    beaten = [o for o in others if _covers(new, labels[o])]
                    for other in beaten:
                        alive[other] = False
                        others.remove(other)
                others.append(len(labels))
                heapq.heappush(queue, (sum(new), len(labels)))
                labels.append(new)
                hexes.append(to)
                parents.append(label)
                alive.append(True)

    def _expand_two(
        self,
        labels: list[tuple[int, ...]],
        hexes: list[Hex],
        parents: list[int],
        alive: list[bool],
        at: dict[Hex, list[int]],
        queue: list[tuple[int, int]],
        limits: tuple[int, ...],
    ) -> None:
        """`_expand` for the common stack of two classes, written out for speed: the
        same labels, in the same order. Hexes are numbers of the graph (`PairSteps`); the
        queue holds plain ints (total << 24 | label), which order as the pairs (total,
        label) do; a hex's mark has bit 1 when its steps are priced one by one, bit 2
        when it is closed."""
        first, second = self.class_order
        steps = move_graph(self.ruleset).pair_steps((first, second), self.player, self.icy)
        nodes, number, rows = steps.nodes, steps.number, steps.rows
        least_x, least_y = steps.least_x, steps.least_y
        marks = bytearray(len(nodes))
        for hex_ in self._special_hexes():
            if hex_ in number:
                marks[number[hex_]] = 1
        for hex_ in self._closed_hexes():
            if hex_ in number:
                marks[number[hex_]] |= 2
        # By hex number: the labels kept there (a hex the graph does not know has no steps).
        at_n: list[list[int] | None] = [None] * len(nodes)
        where = [number.get(hex_, -1) for hex_ in hexes]
        for hex_, ids in at.items():
            if hex_ in number:
                at_n[number[hex_]] = ids
        limit_x, limit_y = limits
        xs = [label[0] for label in labels]
        ys = [label[1] for label in labels]
        heap = [(total << _LABEL_BITS) | label for total, label in queue]
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        mask = (1 << _LABEL_BITS) - 1
        add_x, add_y, add_where, add_parent, add_alive = (
            xs.append,
            ys.append,
            where.append,
            parents.append,
            alive.append,
        )
        priced = self._scaled_steps
        # Without bridge markers, interdiction zones, convoys or an entrenched start, a
        # priced step is the terrain plus the ZOC costs (10.2): added here, as
        # `_scaled_steps` would.
        simple = not (
            self.state.bridges or self.cover.zones or self.convoy_hexes or self._entrenched_start()
        )
        leave_zoc, enemy_zoc = self.leave_zoc, self.enemy_zoc
        leave_cost, enter_cost = LEAVE_ZOC_COST * SCALE, ENTER_ZOC_COST * SCALE
        while heap:
            label = pop(heap) & mask
            if not alive[label]:
                continue
            n = where[label]
            if n < 0:
                continue
            x, y = xs[label], ys[label]
            from_special = marks[n] & 1
            if not from_special and (x + least_x[n] > limit_x or y + least_y[n] > limit_y):
                continue  # no step out of here is affordable (a first label)
            leaving = leave_cost if simple and nodes[n] in leave_zoc else 0
            parent = parents[label]
            # Back where the label came from, the parent's label (or what beat it) covers
            # whatever this step would make: no cost is negative.
            back = where[parent] if parent >= 0 else -1
            for to, dx, dy, edge in rows[n]:
                if to == back:
                    continue
                mark = marks[to]
                if mark & 2:
                    continue  # closed
                if from_special or mark:
                    if simple:
                        extra = leaving + (enter_cost if nodes[to] in enemy_zoc else 0)
                        dx += extra
                        dy += extra
                    else:
                        step = priced(nodes[n], edge)
                        if step is None:
                            continue
                        dx, dy = step
                nx = x + dx
                if nx > limit_x:
                    continue
                ny = y + dy
                if ny > limit_y:
                    continue
                new = len(xs)
                others = at_n[to]
                if others is None:
                    # One list for both: `at` keeps hexes in the order first reached.
                    at_n[to] = at[nodes[to]] = [new]
                else:
                    other = others[0]  # most often the only one, and the one that covers
                    if xs[other] <= nx and ys[other] <= ny:
                        continue
                    covered = False
                    for other in others:
                        if xs[other] <= nx and ys[other] <= ny:
                            covered = True
                            break
                    if covered:
                        continue
                    kept = []
                    for other in others:
                        if nx <= xs[other] and ny <= ys[other]:
                            alive[other] = False
                        else:
                            kept.append(other)
                    kept.append(new)
                    others[:] = kept  # in place: `at` holds the same list
                if (nx + least_x[to] <= limit_x and ny + least_y[to] <= limit_y) or mark:
                    # Queued only when some step out of `to` may be paid: a label that
                    # could not go on would be taken off the queue for nothing.
                    push(heap, ((nx + ny) << _LABEL_BITS) | new)
                add_x(nx)
                add_y(ny)
                add_where(to)
                add_parent(label)
                add_alive(True)
        first_new = len(labels)
        labels.extend(zip(xs[first_new:], ys[first_new:], strict=True))
        hexes.extend(nodes[n] for n in where[first_new:])

    def _entry_costs(self, limits: tuple[int, ...]) -> tuple[int, ...] | None:
        """What each class pays to come onto the map at the entry hex, if all can."""
        entry = self.entry
        assert entry is not None
        if self.closed(None, entry) is not None:
            return None
        costs = tuple(scaled(sum(i.points for i in items)) for items in self.steps_of(None, entry))
        if any(c > limit for c, limit in zip(costs, limits, strict=True)):
            return None
        return costs

    def _scaled_steps(self, a: Hex, edge: ClassesEdge) -> tuple[int, ...] | None:
        """`_scaled_step` for each class of the stack: its own terrain, and what every
        unit pays alike (10.2, 4.5); 15.2 half of each class's own points."""
        b = edge.to
        if self.state.bridges and Hexside.between(a, b) in self.state.bridges:
            try:
                bills = self.steps_of(a, b)
            except Prohibited:
                return None
            return tuple(scaled(sum(i.points for i in items)) for items in bills)
        extra = 0
        if a in self.leave_zoc:
            extra += LEAVE_ZOC_COST * SCALE
        if b in self.enemy_zoc:
            extra += ENTER_ZOC_COST * SCALE
        if self.cover.zones:
            extra += self._entering_zones(a, b) * SCALE
        base = edge.off_road if b in self.convoy_hexes else edge.costs
        if a == self.start and self._entrenched_start():
            return tuple(
                c + extra + scaled(self._leaving_entrenchments(p).points)
                for c, p in zip(base, self.points, strict=True)
            )
        return tuple(c + extra for c in base)

    def weighted_edges(self, index: int = 0) -> list[tuple[Hex, Hex, int]]:
        """Every step the search may take, with its cost in eighths for the movement class
        `class_order[index]`: the graph each class walks, written out (for the benchmark's
        compiled floor and for checks)."""
        closed = self._closed_hexes()
        special = self._special_hexes()
        edges = []
        if len(self.class_order) > 1:
            for hex_, row in self._classes_graph().items():
                for step in row:
                    if step.to in closed:
                        continue
                    costs = (
                        self._scaled_steps(hex_, step)
                        if hex_ in special or step.to in special
                        else step.costs
                    )
                    if costs is not None:
                        edges.append((hex_, step.to, costs[index]))
            return edges
        graph = move_graph(self.ruleset).graph(self.classes, self.player, self.icy)
        for hex_, steps in graph.items():
            for edge in steps:
                if edge.to in closed:
                    continue
                if hex_ in special or edge.to in special:
                    cost = self._scaled_step(hex_, edge)
                    if cost is None:
                        continue
                else:
                    cost = edge.cost
                edges.append((hex_, edge.to, cost))
        return edges

    def _enter(
        self,
        queue: list[tuple[int, int, Hex]],
        spent: dict[Hex, int],
        order: Iterator[int],
        allowance: int,
    ) -> None:
        entry = self.entry
        assert entry is not None
        if self.closed(None, entry) is not None:
            return
        cost = scaled(sum(i.points for i in self.step(None, entry)))
        if cost <= allowance:
            spent[entry] = cost
            queue.append((cost, next(order), entry))

    def _closed_hexes(self) -> set[Hex]:
        """Hexes the stack may never enter this move, whatever the step (see `closed`)."""
        closed = set(self.enemy_hexes)
        if self.administrative:
            closed |= self.near_enemy
            closed |= self.cover.penalties.keys()
        if self.convoy_stack:
            closed |= self.enemy_zoc | self.convoy_hexes
        if self.artillery_only:
            closed |= self.enemy_zoc - self.friendly_hexes
        return closed

    def _special_hexes(self) -> set[Hex]:
        """Hexes whose steps cost more than the graph's terrain: priced one by one."""
        special = set(self.leave_zoc) | self.convoy_hexes
        for hexside in self.state.bridges:
            special.update((hexside.a, hexside.b))
        special.update(self.cover.penalties)
        if self._entrenched_start():
            special.add(self.start)
        return special

    def _scaled_step(self, a: Hex, edge: GraphEdge) -> int | None:
        """The cost in eighths of a step off the plain terrain graph: what `step` bills,
        added from the graph's own figures (bridge markers take the itemised way)."""
        b = edge.to
        if self.state.bridges and Hexside.between(a, b) in self.state.bridges:
            try:
                return scaled(sum(i.points for i in self.step(a, b)))
            except Prohibited:
                return None
        cost = edge.off_road if b in self.convoy_hexes else edge.cost
        if a in self.leave_zoc:
            cost += LEAVE_ZOC_COST * SCALE
        if b in self.enemy_zoc:
            cost += ENTER_ZOC_COST * SCALE
        if self.cover.zones:
            cost += self._entering_zones(a, b) * SCALE
        if a == self.start and self._entrenched_start():
            cost += scaled(self._leaving_entrenchments(self.points[0]).points)
        return cost


def _covers(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether label `a` spends no more than `b` in every class: `b` adds nothing."""
    return all(x <= y for x, y in zip(a, b, strict=True))


def _left(label: tuple[int, ...], limits: tuple[int, ...]) -> int:
    """What the stack has left with `label`: its slowest unit's points left (8.1)."""
    return min(limit - n for n, limit in zip(label, limits, strict=True))


def reachable(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], *, administrative: bool = False
) -> Reach:
    """Every hex the stack of `units` (on the map) can reach this segment, with its cost."""
    return stack_move(ruleset, state, units, administrative=administrative).reach()


_LABEL_BITS = 24  # the two-class search's queue: total MP << 24 | label number
KEPT_MOVES = 32  # the last StackMoves asked for: a gesture's, the engine's, a few stacks'
_kept: OrderedDict[
    tuple[int, int, tuple[str, ...], bool, Hex | None], tuple[GameState, Ruleset, StackMove]
] = OrderedDict()


def stack_move(
    ruleset: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    *,
    administrative: bool = False,
    entry: Hex | None = None,
) -> StackMove:
    """The StackMove of `units` in `state`, built once while it is among the last
    KEPT_MOVES asked for: a state never changes, so the table's preview of a drop and the
    engine's judgement and resolution of it share one StackMove, its reach and its bills."""
    state = state.undiced  # a move reads no die: the state of an action begun is the same
    key = (id(ruleset), id(state), units, administrative, entry)
    kept = _kept.get(key)
    if kept is not None:
        _kept.move_to_end(key)
        return kept[2]
    move = StackMove(ruleset, state, units, administrative=administrative, entry=entry)
    # The entry holds its state and ruleset alive, so that their ids are not reused while
    # it is kept; the oldest go first, so memory stays bounded however long the game.
    _kept[key] = (state, ruleset, move)
    if len(_kept) > KEPT_MOVES:
        _kept.popitem(last=False)
    return move
