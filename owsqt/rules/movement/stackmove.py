"""Where a stack can move and what a path costs (8.1-8.3, 10.2, 15.2, 16.3, 4.5, 6.3).

`StackMove` gathers, once per stack and state, everything that prices its steps: its
movement allowance (or what it has left while in motion), the enemy's zones of control,
interdiction zones, convoys, entrenchments and administrative movement. `reach()` is a
cheapest-path search over the precomputed move graph; `price(path)` walks one path item
by item, with the rule it breaks if it breaks one. Both read the same facts, and tests
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
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.movement.movecost import Prohibited, Prohibition, step_items
from owsqt.rules.movement.movegraph import SCALE, GraphEdge, move_graph, scaled, unscaled
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


@dataclass(frozen=True, slots=True)
class PathPrice:
    """A path's bill step by step, its total, and the first rule it breaks (if any)."""

    steps: tuple[tuple[Hex, tuple[CostItem, ...]], ...]
    total: Fraction
    allowance: Fraction
    violation: Violation | None

    @property
    def legal(self) -> bool:
        return self.violation is None


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


def stack_allowance(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], bonus: int = 0
) -> Fraction:
    """[8.1] A stack moves at the rate of its slowest unit."""
    return min(unit_allowance(ruleset, state, unit_id, bonus) for unit_id in units)


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
        self.icy = icy_roads(ruleset, state)
        self.enemy_zoc = zoc_of(ruleset, state, self.player.opponent)
        # 16.3: a convoy never enters an enemy ZOC nor another convoy's hex, even when it
        # moves with other units.
        self.convoy_stack = any(catalogue.ground[u].unit_class is UnitClass.CONVOY for u in units)
        self.artillery_only = all(
            catalogue.ground[u].unit_class is UnitClass.ARTILLERY for u in units
        )
        self._sort_hexes(ruleset, state)
        self.zones = (
            tuple((z.center, z.radius, z.penalty) for z in state.interdiction_zones)
            if self.player is Player.SOVIET  # 4.5: German air interdicts Soviet units
            else ()
        )
        self.bonus = initiative_bonus(ruleset, state, self.player)
        self.allowance_items = self._allowance_items()
        self.allowance = sum((i.points for i in self.allowance_items), Fraction(0))
        self._reach: Reach | None = None
        self._prices: dict[tuple[Hex, ...], PathPrice] = {}
        self._bills: dict[tuple[Hex | None, Hex], tuple[CostItem, ...] | Prohibition] = {}

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

    def _allowance_items(self) -> list[CostItem]:
        ruleset, state, units = self.ruleset, self.state, self.units
        if self.continuing:
            left = min(state.movement.moving[u] for u in units)
            return [CostItem("left from this move", left, "8.1")]
        bonus = self.bonus
        slowest = min(units, key=lambda u: unit_allowance(ruleset, state, u, bonus))
        base = Fraction(ruleset.catalogue.ground[slowest].movement)
        items = [CostItem(f"movement factor of {ruleset.unit_name(slowest)}", base, "8.1")]
        if bonus:
            items.append(CostItem("initiative held turns running", Fraction(bonus), "6.3"))
        full = unit_allowance(ruleset, state, slowest, bonus)
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

    def unit_points(self, unit_id: str) -> Fraction:
        """What one unit of the stack may spend this move (8.1: drop-offs keep their own)."""
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
        if hex_ is None:
            return 0
        return sum(p for center, radius, p in self.zones if distance(center, hex_) <= radius)

    def _entering_zones(self, a: Hex, b: Hex) -> int:
        """[4.5] The penalties of the zones `b` is in and `a` is not: moving into them."""
        return sum(
            p
            for center, radius, p in self.zones
            if distance(center, b) <= radius < distance(center, a)
        )

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

    def step(self, a: Hex | None, b: Hex) -> tuple[CostItem, ...]:
        """The bill of one step, item by item; raises Prohibited for a step nobody takes
        (8.2). Billed once: every path through the step shares it."""
        bill = self._bills.get((a, b))
        if bill is None:
            try:
                bill = tuple(self._bill(a, b))
            except Prohibited as prohibited:
                bill = prohibited.prohibition
            self._bills[(a, b)] = bill
        if isinstance(bill, Prohibition):
            raise Prohibited(bill)
        return bill

    def _bill(self, a: Hex | None, b: Hex) -> list[CostItem]:
        if a is None:  # entering the map: the terrain of the entry hex
            row = self.ruleset.tables.tec.terrain(self.ruleset.game_map.terrain(b).value)
            points = max(row.cost(c.value) for c in self.classes)
            items = [CostItem(f"entering the map: {row.name.lower()}", points, "8.1")]
        else:
            items = self._terrain_items(a, b)
        if a is not None and a in self.enemy_zoc:
            items.append(CostItem("leaving an enemy ZOC", Fraction(LEAVE_ZOC_COST), "10.2"))
        if b in self.enemy_zoc:
            items.append(CostItem("entering an enemy ZOC", Fraction(ENTER_ZOC_COST), "10.2"))
        penalty = self._entering_zones(a, b) if a is not None else self.zone_penalty(b)
        if penalty:
            items.append(CostItem("moving into an interdiction zone", Fraction(penalty), "4.5"))
        if a == self.start and self._entrenched_start():
            items.append(self._leaving_entrenchments())
        return items

    def _leaving_entrenchments(self) -> CostItem:
        """[15.2] What leaving the entrenchments the stack starts in costs (the TEC's row)."""
        points, rule = self.ruleset.tables.tec.leaving_cost(ENTRENCHMENTS, self.allowance)
        return CostItem("leaving entrenchments", points, rule)

    def _terrain_items(self, a: Hex, b: Hex) -> list[CostItem]:
        bridged = self.state.bridged(Hexside.between(a, b))
        road_allowed = b not in self.convoy_hexes  # 16.3: not at the road rate
        best: list[tuple[str, Fraction]] | None = None
        for movement_class in self.classes:  # 8.1: the dearest class sets the rate
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
            if best is None or sum(p for _, p in items) > sum(p for _, p in best):
                best = items
        assert best is not None
        return [CostItem(label, points, "8.1") for label, points in best]

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
        steps: list[tuple[Hex, tuple[CostItem, ...]]] = []
        total = Fraction(0)
        violation = None
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
                items = self.step(previous, hex_)
            except Prohibited as prohibited:
                violation = Violation(prohibited.prohibition.rule, prohibited.prohibition.text)
                break
            total += sum(i.points for i in items)
            steps.append((hex_, items))
            if total > self.allowance:
                violation = Violation(
                    "8.1",
                    f"the path costs {total} MP by {self._id(hex_)}; the stack has "
                    f"{self.allowance} (no minimum move)",
                )
                break
            previous = hex_
        return PathPrice(tuple(steps), total, self.allowance, violation)

    def reach(self) -> Reach:
        """Every hex the stack can reach with its allowance, by a cheapest-path search.

        [8.1] no minimum move: a step costing more than what is left is not taken;
        [10.2] +2 MP into an enemy ZOC, +1 out of one; enemy-occupied hexes are closed;
        [8.3] administrative movement keeps away from enemy units and interdiction zones.
        Searched once; later calls return the same Reach.
        """
        if self._reach is None:
            self._reach = self._search()
        return self._reach

    def _search(self) -> Reach:
        graph = move_graph(self.ruleset).graph(self.classes, self.player, self.icy)
        allowance = scaled(self.allowance)
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

    def weighted_edges(self) -> list[tuple[Hex, Hex, int]]:
        """Every step the search may take, with its cost in eighths: the graph `reach`
        walks, written out (for the benchmark's compiled floor and for checks)."""
        graph = move_graph(self.ruleset).graph(self.classes, self.player, self.icy)
        closed = self._closed_hexes()
        special = self._special_hexes()
        edges = []
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
            closed |= {h for h in self.ruleset.game_map.hexes if self.zone_penalty(h)}
        if self.convoy_stack:
            closed |= self.enemy_zoc | self.convoy_hexes
        if self.artillery_only:
            closed |= self.enemy_zoc - self.friendly_hexes
        return closed

    def _special_hexes(self) -> set[Hex]:
        """Hexes whose steps cost more than the graph's terrain: priced one by one."""
        special = set(self.enemy_zoc) | self.convoy_hexes
        for hexside in self.state.bridges:
            special.update((hexside.a, hexside.b))
        if self.zones:
            special.update(h for h in self.ruleset.game_map.hexes if self.zone_penalty(h))
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
        if a in self.enemy_zoc:
            cost += LEAVE_ZOC_COST * SCALE
        if b in self.enemy_zoc:
            cost += ENTER_ZOC_COST * SCALE
        if self.zones:
            cost += self._entering_zones(a, b) * SCALE
        if a == self.start and self._entrenched_start():
            cost += scaled(self._leaving_entrenchments().points)
        return cost


def reachable(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], *, administrative: bool = False
) -> Reach:
    """Every hex the stack of `units` (on the map) can reach this segment, with its cost."""
    return stack_move(ruleset, state, units, administrative=administrative).reach()


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
