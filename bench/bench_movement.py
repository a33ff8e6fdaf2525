"""The reachable-hex search (8.1, 10.2) against scipy's compiled Dijkstra on the same graph.

The workload is what the table runs when a player selects a stack: StackMove builds
the stack's facts (zones of control, convoys, zones) and searches. Each unit pays its own
movement class's costs (8.1, docs/rulebook-readings.md 61), so the floor is
scipy.sparse.csgraph.dijkstra run once per movement class of the stack, over the same
hexes and that class's step weights, written out beforehand as sparse matrices, each
limited to the class's points. The stack's reach lies within every class's: the
search must find no hex outside them, and the same costs where the stack has one class.
"""

from __future__ import annotations

from fractions import Fraction

from bench.harness import Measurement, measure
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.movement.movegraph import SCALE, scaled
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.session import new_game

CAMPAIGN = "operation-winter-storm"
FAST_UNIT = "de-6pz-11pzr-1"  # a Panzer battalion: ten MP, the widest search of the set-up


def campaign_state(ruleset: Ruleset) -> GameState:
    session = new_game(ruleset, CAMPAIGN, Mode.FREE, seed=1)
    session.apply_default_setup()
    return session.state


def largest_stack(ruleset: Ruleset, state: GameState) -> tuple[str, ...]:
    """The stack with the most stacking points (then the most units)."""
    hex_ = max(
        state.stacks, key=lambda h: (stacking_points(ruleset, state, h), len(state.stacks[h]))
    )
    return state.stacks[hex_]


def compiled_floor(move: StackMove):
    """A function running scipy's Dijkstra on each class's graph of `move`, and the
    answer of each as a dict."""
    from scipy.sparse import csr_matrix  # bench only: scipy is a test extra
    from scipy.sparse.csgraph import dijkstra

    runs = []
    for index, points in enumerate(move.points):
        edges = move.weighted_edges(index)
        hexes = sorted({h for a, b, _ in edges for h in (a, b)} | {move.start})
        where = {h: i for i, h in enumerate(hexes)}
        rows = [where[a] for a, _, _ in edges]
        cols = [where[b] for _, b, _ in edges]
        matrix = csr_matrix(([c for _, _, c in edges], (rows, cols)), shape=(len(hexes),) * 2)
        runs.append((matrix, where, where[move.start], scaled(points)))

    def run():
        return [dijkstra(m, indices=start, limit=limit + 0.5) for m, _, start, limit in runs]

    def answers() -> list[dict[Hex, Fraction]]:
        return [
            {h: Fraction(int(found[i]), SCALE) for h, i in where.items() if found[i] <= limit}
            for found, (_, where, _, limit) in zip(run(), runs, strict=True)
        ]

    return run, answers


def search_and_floor(ruleset: Ruleset, state: GameState, units: tuple[str, ...]):
    """The timed search, and the floor after checking the search against it."""
    move = StackMove(ruleset, state, units)
    floor, answers = compiled_floor(move)
    found = move.reach().spent
    each = answers()
    if len(each) == 1 and found != each[0]:
        raise AssertionError(f"search and scipy disagree on {len(set(found) ^ set(each[0]))} hexes")
    outside = {h for h in found if any(h not in alone for alone in each)}
    if outside:
        raise AssertionError(f"the stack reaches {len(outside)} hexes a class alone cannot")
    return (lambda: StackMove(ruleset, state, units).reach()), floor


def run() -> list[Measurement]:
    ruleset = default_ruleset()
    state = campaign_state(ruleset)
    largest = largest_stack(ruleset, state)
    fast = state.stack(state.units[FAST_UNIT].hex)
    measurements = []
    for name, units in (("largest_stack", largest), ("panzer_stack", fast)):
        work, floor = search_and_floor(ruleset, state, units)
        measurements.append(measure(f"movement.reach_{name}", work, floor, repeats=21))
    return measurements
