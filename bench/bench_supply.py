"""Supply determination (14.2, 10.3) for every unit of both sides against scipy's compiled
searches on the same graph.

The workload is what the Supply Determination Segment runs: for each side, its enemy's
zones of control and the hexes a line may enter, the hexes linked to the map edges, each
top headquarters' component and each division headquarters' first leg. The floor is the
same answer from scipy.sparse.csgraph, over the hexes a line may enter written out
beforehand as a sparse matrix of unit weights: one multi-source Dijkstra from the edges,
connected components for the legs of any length, and a limited Dijkstra per division
headquarters. Both must find the same supplied units. Measured at the start of the
campaign and at turn 12 of it, reached by strict random legal play (the fuzzer's), so
that the fronts have moved and some units are cut off.
"""

from __future__ import annotations

from dataclasses import replace

from bench.harness import Measurement, measure
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import MovementClass
from owsqt.rules.movement.movegraph import move_graph
from owsqt.rules.movement.sides import sides_of
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.supply.chains import chains_of
from owsqt.rules.supply.lines import trace_supply
from owsqt.session import new_game


def start_of(ruleset: Ruleset, scenario: str) -> GameState:
    session = new_game(ruleset, scenario, Mode.FREE, seed=1)
    session.apply_default_setup()
    return session.state


def campaign_at(ruleset: Ruleset, turn: int, seed: int = 12) -> GameState:
    """The campaign played by random legal actions (tools/fuzz) to the start of `turn`."""
    import random

    from tools.fuzz import solo

    session = new_game(ruleset, "operation-winter-storm", Mode.STRICT, seed=seed)
    session.apply_default_setup()

    def fail(message: str) -> solo.FuzzFailure:
        return solo.FuzzFailure(seed, f"the benchmark's game broke: {message}")

    invariants = solo.Invariants(ruleset)
    rng = random.Random(seed)
    solo.play_out(ruleset, rng, lambda: session, fail, invariants, 100_000, turn - 1)
    return session.state


def determine_all(ruleset: Ruleset, state: GameState) -> list[frozenset[str]]:
    """Both sides traced on a fresh copy of `state` (no cached zones of control)."""
    fresh = replace(state)
    return [trace_supply(ruleset, fresh, player).supplied for player in Player]


def compiled_floor(ruleset: Ruleset, state: GameState, player: Player):
    """scipy's answer to the same question: a function to time and its supplied units."""
    from scipy.sparse import csr_matrix  # bench only: scipy is a test extra
    from scipy.sparse.csgraph import connected_components, dijkstra

    graph = move_graph(ruleset).graph((MovementClass.NON_MOTORIZED,), player, False)
    sides = sides_of(ruleset, state, player)
    closed = sides.enemy_hexes | (zoc_of(ruleset, state, player.opponent) - sides.own_hexes)
    hexes = sorted(h for h in graph if h not in closed)
    index = {h: i for i, h in enumerate(hexes)}
    pairs = [(index[a], index[e.to]) for a in hexes for e in graph[a] if e.to in index]
    matrix = csr_matrix(
        ([1.0] * len(pairs), ([a for a, _ in pairs], [b for _, b in pairs])),
        shape=(len(hexes), len(hexes)),
    )
    chains = chains_of(ruleset)
    catalogue = ruleset.catalogue.ground
    where: dict[str, Hex] = {
        u: s.hex
        for u, s in state.units.items()
        if s.hex is not None
        and s.status is UnitStatus.ON_MAP
        and catalogue[u].player is player
        and chains.traced(u)
    }
    edges = [index[h] for h in ruleset.game_map.supply_edges[player.value] if h in index]

    def run() -> frozenset[str]:
        fed = dijkstra(matrix, indices=edges, min_only=True)
        _, labels = connected_components(matrix, directed=True, connection="weak")
        supplied = {hq for hq in chains.tops if hq in where and fed[index.get(where[hq], 0)] < 1e9
                    and where[hq] in index}  # fmt: skip
        for hq, top in chains.division_tops.items():
            if top is None or hq not in where or top not in supplied or where[hq] not in index:
                continue
            if labels[index[where[hq]]] == labels[index[where[top]]]:
                supplied.add(hq)
        legs: dict[tuple[str, int], object] = {}
        for unit, link in chains.links.items():
            if unit not in where or where[unit] not in index:
                continue
            for hq in link.headquarters:
                if hq not in supplied:
                    continue
                key = (hq, link.hexes)
                if key not in legs:
                    legs[key] = dijkstra(matrix, indices=index[where[hq]], limit=link.hexes + 0.5)
                if legs[key][index[where[unit]]] <= link.hexes:  # type: ignore[index]
                    supplied.add(unit)
                    break
        return frozenset(supplied)

    return run


def run() -> list[Measurement]:
    ruleset = default_ruleset()
    measurements = []
    for name, state in (("campaign_start", start_of(ruleset, "operation-winter-storm")),
                        ("campaign_turn_12", campaign_at(ruleset, 12))):  # fmt: skip
        floors = [compiled_floor(ruleset, state, player) for player in Player]
        ours = determine_all(ruleset, state)
        theirs = [floor() for floor in floors]
        if ours != theirs:
            differ = [len(a ^ b) for a, b in zip(ours, theirs, strict=True)]
            raise AssertionError(f"supply and scipy disagree on {differ} units")
        work = lambda state=state: determine_all(ruleset, state)  # noqa: E731
        floor = lambda floors=floors: [f() for f in floors]  # noqa: E731
        measurements.append(measure(f"supply.determination_{name}", work, floor, repeats=15))
    return measurements
