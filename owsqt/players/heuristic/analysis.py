"""The heuristic player's situation analysis, computed once per state from what its side
may see (situation.state is the side's own world under the fog of war, 18.1): each hex's
influence and threat, the front line, the scenario's objectives and a movement-aware
distance to them, and the side's units that trace no supply line (14.2).

The Computer's view at the table draws it; the heuristic player's terms read it."""

from __future__ import annotations

import heapq
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from owsqt.players.evaluate import distances_to, objectives
from owsqt.players.heuristic.backward import FIELD_CLASS, backward_steps, search
from owsqt.players.heuristic.cordon import Group, ordering, orders, weights
from owsqt.players.interface import Situation
from owsqt.rules.core.hexgrid import Hex, hexes_within
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.movegraph import SCALE, Graph, move_graph
from owsqt.rules.movement.stackmove import icy_roads, unit_allowance
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.lines import trace_supply
from owsqt.rules.victory.crossing import river_band
from owsqt.rules.victory.ledger import WITHIN, near_pocket, points_victory, radius_of
from owsqt.rules.victory.points import german_units
from owsqt.rules.victory.result import CROSSING_EVALUATORS

SPREAD = 3  # hexes an influence reaches beyond its own hex
SOFT = 4.0  # strength points that keep a faint influence from reading as a full one
ATTACK_REACH = 1  # 11.1: an enemy stack attacks the hexes next to those it reaches


@dataclass(frozen=True)
class Analysis:
    """What the side sees of the situation, for its terms and for the Computer's view.

    The influence, the front, the unsupplied hexes and the cordon's orders are found when
    first read (the Computer's view draws the influence; the orders read the front, and
    only while the Soviet side gives them): `complete` finds them all, in the worker that
    made the analysis."""

    situation: Situation = field(compare=False, repr=False)
    threat: Mapping[Hex, float]  # enemy strength that may reach or attack the hex next phase
    objectives: tuple[Hex, ...]  # the hexes the scenario's conditions count (19.x)
    distance: Mapping[Hex, int]  # clear-terrain hexes to the nearest objective
    hold: Hex | None = None  # the hex to hold of a short scenario (19.13), if it has one
    bank: frozenset[Hex] = frozenset()  # the river bank the Soviet side holds (19.13, 19.23)
    band: frozenset[Hex] = frozenset()  # the band across the river the German must enter
    ring: int | None = None  # the radius around the pocket the Soviet side guards (19.33)
    prey: Mapping[Hex, int] = field(default_factory=dict)  # German strength that scores, by hex
    posts: Mapping[Hex, float] = field(default_factory=dict)  # ring's posts, weighted: cordon.py

    @property
    def side(self) -> Player:
        return self.situation.side

    @cached_property
    def influence(self) -> Mapping[Hex, float]:
        """The side's influence less the enemy's on each hex, -1.0 .. 1.0."""
        ruleset, state = self.situation.ruleset, self.situation.state
        return influence(ruleset, stack_strengths(ruleset, state), self.side)

    @cached_property
    def sent(self) -> Mapping[Group, Hex]:
        """[19.33, 8.1] The groups the cordon sends to empty posts (cordon.orders): only
        while the Soviet side gives orders, so that the front is found only then."""
        state = self.situation.state
        if not self.posts or not ordering(state):
            return {}
        return orders(self.situation.ruleset, state, self.posts, self.front)

    @cached_property
    def front(self) -> frozenset[Hex]:
        """The side's hexes next to enemy units or in an enemy ZOC (10.1)."""
        return front(self.situation.ruleset, self.situation.state, self.side)

    @cached_property
    def unsupplied(self) -> frozenset[Hex]:
        """The side's hexes tracing no supply line (14.2)."""
        return unsupplied(self.situation.ruleset, self.situation.state, self.side)

    def complete(self) -> Analysis:
        """The analysis with every part found (for a worker to hand over whole)."""
        _ = self.influence, self.front, self.unsupplied, self.sent
        return self


def analyse(situation: Situation) -> Analysis:
    """[18.1, 19.x] The analysis of `situation` for its side, from its state alone."""
    ruleset, state, side = situation.ruleset, situation.state, situation.side
    ring = guarded_ring(ruleset, state, side)
    return Analysis(
        situation=situation,
        threat=threat(ruleset, state, side.opponent),
        objectives=objective_hexes(ruleset, state.scenario),
        distance=objective_field(ruleset, state.scenario, side, ring),
        hold=hold_hex(ruleset, state.scenario),
        bank=line_of(ruleset, state.scenario, side),
        band=crossing_band(ruleset, state.scenario),
        ring=ring,
        prey=prey(ruleset, state, side),
        posts=weights(ruleset, state, ring) if ring is not None else {},
    )


def stack_strengths(ruleset: Ruleset, state: GameState) -> dict[Hex, tuple[Player, float]]:
    """[2.2, 13.0] Each occupied hex's side and its units' strength points, a disrupted
    unit's counted half."""
    ground = ruleset.catalogue.ground
    found: dict[Hex, tuple[Player, float]] = {}
    for hex_, stack in state.stacks.items():
        total = 0.0
        for unit_id in stack:
            unit = state.units[unit_id]
            total += unit.strength * (0.5 if unit.disrupted else 1.0)
        found[hex_] = (ground[stack[0]].player, total)
    return found


def influence(
    ruleset: Ruleset, strengths: Mapping[Hex, tuple[Player, float]], side: Player
) -> dict[Hex, float]:
    """Each map hex within SPREAD of a unit: the strength of `side` there less the enemy's,
    each stack's counted as strength / (1 + distance)², over their sum and SOFT: a hex
    is its occupant's unless a far stronger enemy stands next to it."""
    hexes = ruleset.game_map.hexes
    own: dict[Hex, float] = {}
    enemy: dict[Hex, float] = {}
    for hex_, (player, strength) in strengths.items():
        into = own if player is side else enemy
        for near in hexes_within(hex_, SPREAD):
            if near in hexes:
                into[near] = into.get(near, 0.0) + strength / (1 + _hexes_apart(hex_, near)) ** 2
    return {
        hex_: (own.get(hex_, 0.0) - enemy.get(hex_, 0.0))
        / (own.get(hex_, 0.0) + enemy.get(hex_, 0.0) + SOFT)
        for hex_ in own.keys() | enemy.keys()
    }


def _hexes_apart(a: Hex, b: Hex) -> int:
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def threat(ruleset: Ruleset, state: GameState, enemy: Player) -> Mapping[Hex, float]:
    """[8.1, 11.1, 13.0] The strength of `enemy`'s undisrupted units that could move to a
    hex or next to it in their next movement: each stack's hexes within its slowest
    unit's allowance on the terrain costs of the move graph (zones of control left out),
    and their neighbours. It depends on the enemy's units alone (and the roads' icing):
    found again only when they changed, so that the side's own moves in a segment reuse it."""
    ground = ruleset.catalogue.ground
    icy = icy_roads(ruleset, state)
    key = (
        enemy,
        icy,
        tuple(
            (u, unit.hex, unit.strength, unit.disrupted, unit.supply, unit.fired)
            for u, unit in state.units.items()
            if unit.hex is not None and ground[u].player is enemy
        ),
    )
    cache = ruleset.derived(_Threats)
    found = cache.get(key)
    if found is None:
        found = cache.put(key, _threat(ruleset, state, enemy, icy))
    return found


class _Threats:
    """The last threats found, by what they depend on (`threat`), a few per ruleset; the
    computer's thought and the Computer's view may read them from two workers at once."""

    KEPT = 8

    def __init__(self, ruleset: Ruleset) -> None:
        self._kept: dict[object, Mapping[Hex, float]] = {}
        self._lock = threading.Lock()

    def get(self, key: object) -> Mapping[Hex, float] | None:
        with self._lock:
            return self._kept.get(key)

    def put(self, key: object, found: Mapping[Hex, float]) -> Mapping[Hex, float]:
        with self._lock:
            if len(self._kept) >= self.KEPT:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = found
        return found


def _threat(ruleset: Ruleset, state: GameState, enemy: Player, icy: bool) -> dict[Hex, float]:
    ground = ruleset.catalogue.ground
    graph = move_graph(ruleset).graph((FIELD_CLASS,), enemy, icy)
    hexes = ruleset.game_map.hexes
    found: dict[Hex, float] = {}
    for hex_, stack in state.stacks.items():
        if ground[stack[0]].player is not enemy:
            continue
        fighters = [u for u in stack if _fights(state.units[u])]
        if not fighters:
            continue
        strength = float(sum(state.units[u].strength for u in fighters))
        allowance = min(unit_allowance(ruleset, state, u) for u in fighters)
        reached = set(_within_points(graph, hex_, allowance))
        for near in list(reached):
            reached.update(n for _, n in ruleset.grid.neighbours(near) if n in hexes)
        for near in reached:
            found[near] = found.get(near, 0.0) + strength
    return found


def _fights(unit: UnitState) -> bool:
    """[13.0, 16.3] A unit with strength that is not disrupted may attack."""
    return unit.strength > 0 and not unit.disrupted


def _within_points(graph: Graph, start: Hex, allowance: Fraction) -> list[Hex]:
    """The hexes a stack reaches from `start` within `allowance` MP on `graph`'s costs."""
    limit = int(allowance * SCALE)
    spent = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > spent[hex_]:
            continue
        for edge in graph.get(hex_, ()):
            total = cost + edge.cost
            if total <= limit and total < spent.get(edge.to, limit + 1):
                spent[edge.to] = total
                heapq.heappush(queue, (total, edge.to))
    return list(spent)


def front(ruleset: Ruleset, state: GameState, side: Player) -> frozenset[Hex]:
    """[10.1] The hexes of `side`'s stacks next to an enemy stack or in an enemy ZOC."""
    ground = ruleset.catalogue.ground
    enemy_zone = zoc_of(ruleset, state, side.opponent)
    enemy_hexes = {h for h, stack in state.stacks.items() if ground[stack[0]].player is not side}
    return frozenset(
        hex_
        for hex_, stack in state.stacks.items()
        if ground[stack[0]].player is side
        and (
            hex_ in enemy_zone
            or any(near in enemy_hexes for _, near in ruleset.grid.neighbours(hex_))
        )
    )


def objective_hexes(ruleset: Ruleset, scenario_id: str) -> tuple[Hex, ...]:
    """[19.13, 19.23, 19.33] The scenario's objectives (evaluate.objectives): the hex to
    hold first, then the river band or the pocket, in hex-number order."""
    conditions = ruleset.scenarios[scenario_id].victory
    found = objectives(ruleset, scenario_id)
    hold = conditions.get("hold")
    first = (ruleset.grid.hex_of(hold),) if hold else ()
    rest = sorted(found - set(first), key=ruleset.grid.id_of)
    return (*first, *rest)


def hold_hex(ruleset: Ruleset, scenario_id: str) -> Hex | None:
    """[19.13] The hex whose control decides the scenario (Verchne-Kumskij), if any."""
    hold = ruleset.scenarios[scenario_id].victory.get("hold")
    return ruleset.grid.hex_of(hold) if hold else None


def guarded_ring(ruleset: Ruleset, state: GameState, side: Player) -> int | None:
    """[19.33] For the Soviet side of a campaign, the radius of the narrowest "within N
    hexes of the pocket" victory point the German has not earned yet (5 from the first
    turn): the ring the Soviet side keeps him out of. Guarding the ring of 18 first sent
    his units far out in front of it, where the random German passed them by turn 7
    anyway, and he was not back at the ring of 5 when the German walked in. None for the
    German side, outside a campaign, or once the German has earned them all."""
    victory = points_victory(ruleset, state)
    if side is not Player.SOVIET or victory is None:
        return None
    earned = {award.source for award in state.victory_ledger}
    left = [s for s in victory.get("german", {}) if s.startswith(WITHIN) and s not in earned]
    return min((radius_of(s) for s in left), default=None)


def prey(ruleset: Ruleset, state: GameState, side: Player) -> dict[Hex, int]:
    """[19.33] For the Soviet side of a campaign, the strength of the German units whose
    losses score (points.german_units: German, not Rumanian) in each hex that holds some;
    nothing for the German side or outside a campaign."""
    if side is not Player.SOVIET or points_victory(ruleset, state) is None:
        return {}
    scoring = ruleset.derived(german_units)
    found: dict[Hex, int] = {}
    for hex_, stack in state.stacks.items():
        strength = sum(state.units[u].strength for u in stack if u in scoring)
        if strength:
            found[hex_] = strength
    return found


def field_targets(
    ruleset: Ruleset, scenario_id: str, side: Player, ring: int | None = None
) -> frozenset[Hex]:
    """[19.13, 19.23, 19.33] The hexes `side`'s distance field leads to: the scenario's
    objectives (evaluate.objectives), but
    - for the Soviet side of a short scenario the hex to hold and the river bank
      (`river_bank`): he wins by keeping the German out of the whole band across the
      river, and holds it on its bank, not anywhere inside it;
    - for the Soviet side of a campaign with a `ring` to guard (`guarded_ring`), the hexes
      just outside that ring: he scores nothing by standing at the pocket, and a German
      unit that reaches the ring earns a victory point, so he stands across the German's
      way in front of it."""
    if ring is not None:
        return near_pocket(ruleset, ring + 1) - near_pocket(ruleset, ring)
    bank = line_of(ruleset, scenario_id, side)
    if not bank:
        return objectives(ruleset, scenario_id)
    hold = hold_hex(ruleset, scenario_id)
    return bank | ({hold} if hold else frozenset())


def line_of(ruleset: Ruleset, scenario_id: str, side: Player) -> frozenset[Hex]:
    """[19.13, 19.23] The river bank `side` holds: the Soviet side's in a short scenario
    (`river_bank`), none for the German side or in the campaigns."""
    conditions = ruleset.scenarios[scenario_id].victory
    if side is not Player.SOVIET or conditions.get("evaluator") not in CROSSING_EVALUATORS:
        return frozenset()
    return river_bank(ruleset, conditions)


def crossing_band(ruleset: Ruleset, scenario_id: str) -> frozenset[Hex]:
    """[19.13, 19.23] The band across the river a short scenario counts German stacking
    points in (crossing.river_band); none in the campaigns."""
    conditions = ruleset.scenarios[scenario_id].victory
    if conditions.get("evaluator") not in CROSSING_EVALUATORS:
        return frozenset()
    return river_band(ruleset, conditions)


def river_bank(ruleset: Ruleset, conditions: Mapping[str, Any]) -> frozenset[Hex]:
    """[19.13, 19.23] The hexes of the band across the river (crossing.river_band) that
    have a hexside of that river toward a hex outside it: its north bank."""
    band = river_band(ruleset, conditions)
    game_map, river = ruleset.game_map, conditions["river"]
    return frozenset(
        hex_
        for hex_ in band
        if any(
            near not in band
            and (side := game_map.river_between(hex_, near)) is not None
            and side.name == river
            for _, near in ruleset.grid.neighbours(hex_)
        )
    )


def objective_field(
    ruleset: Ruleset, scenario_id: str, side: Player, ring: int | None = None
) -> Mapping[Hex, int]:
    """The distance field of `side` to the scenario's objectives (`field_targets`), made
    once per ruleset, scenario, side and ring (`Fields`)."""
    return ruleset.derived(Fields).field(scenario_id, side, ring)


class Fields:
    """[8.1, 8.2, TEC] Distance fields to the objectives: what a motorized unit of the side
    pays, in clear-terrain hexes, to reach the nearest objective by the terrain costs of the
    move graph (rivers and prohibited hexsides as the rules price them; zones of control
    and roads' icing left out). An objective the side may not enter (8.2: the pocket for
    the Soviet side) counts from the hexes next to it; a hex no path reaches gets its
    distance in hexes, plus one."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._fields: dict[tuple[str, Player, int | None], dict[Hex, int]] = {}

    def field(self, scenario_id: str, side: Player, ring: int | None) -> dict[Hex, int]:
        key = (scenario_id, side, ring)
        if key not in self._fields:
            self._fields[key] = self._build(scenario_id, side, ring)
        return self._fields[key]

    def _build(self, scenario_id: str, side: Player, ring: int | None) -> dict[Hex, int]:
        ruleset = self.ruleset
        targets = field_targets(ruleset, scenario_id, side, ring)
        if not targets:
            return {}
        graph = move_graph(ruleset).graph((FIELD_CLASS,), side, False)
        clear = min(edge.off_road for edges in graph.values() for edge in edges)
        steps = backward_steps(ruleset, side, False)
        enterable = {h for h in targets if h in steps}
        seeds = (
            enterable
            or {near for h in targets for _, near in ruleset.grid.neighbours(h) if near in steps}
            - targets
        )
        spent = search(steps, seeds)
        found = {h: round(cost / clear) for h, cost in spent.items()}
        found.update(dict.fromkeys(targets, 0))
        plain = distances_to(ruleset.game_map, targets)
        for hex_, hexes in plain.items():
            found.setdefault(hex_, hexes + 1)
        return found


def unsupplied(ruleset: Ruleset, state: GameState, side: Player) -> frozenset[Hex]:
    """[14.2, 10.3] The hexes of `side`'s units on the map that trace no supply line now."""
    lacking = trace_supply(ruleset, state, side).why_not
    return frozenset(hex_ for unit_id in lacking if (hex_ := state.units[unit_id].hex) is not None)
