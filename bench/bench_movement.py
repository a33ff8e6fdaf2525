"""The reachable-hex search (8.1, 10.2) against scipy's compiled Dijkstra on the same graph.

The workload is what the table runs when a player selects a stack: StackMove builds
the stack's facts (zones of control, convoys, zones) and searches. The floor is
scipy.sparse.csgraph.dijkstra over the same hexes and step weights, written out
beforehand as a sparse matrix, limited to the same allowance. Both must agree.
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
from owsqt.session import GameSession

CAMPAIGN = "operation-winter-storm"
FAST_UNIT = "de-6pz-11pzr-1"  # a Panzer battalion: ten MP, the widest search of the set-up


def campaign_state(ruleset: Ruleset) -> GameState:
    session = GameSession.new(ruleset, CAMPAIGN, Mode.FREE, seed=1)
    session.apply_default_setup()
    return session.state


def largest_stack(ruleset: Ruleset, state: GameState) -> tuple[str, ...]:
    """The stack with the most stacking points (then the most units)."""
    hex_ = max(
        state.stacks, key=lambda h: (stacking_points(ruleset, state, h), len(state.stacks[h]))
    )
    return state.stacks[hex_]


def compiled_floor(move: StackMove):
    """A function running scipy's Dijkstra on `move`'s graph, and its answer as a dict."""
    from scipy.sparse import csr_matrix  # bench only: scipy is a test extra
    from scipy.sparse.csgraph import dijkstra

    edges = move.weighted_edges()
    hexes = sorted({h for a, b, _ in edges for h in (a, b)} | {move.start})
    index = {h: i for i, h in enumerate(hexes)}
    rows = [index[a] for a, _, _ in edges]
    cols = [index[b] for _, b, _ in edges]
    matrix = csr_matrix(([c for _, _, c in edges], (rows, cols)), shape=(len(hexes),) * 2)
    start, limit = index[move.start], scaled(move.allowance)

    def run():
        return dijkstra(matrix, indices=start, limit=limit + 0.5)

    def answer() -> dict[Hex, Fraction]:
        distances = run()
        return {
            h: Fraction(int(distances[i]), SCALE) for h, i in index.items() if distances[i] <= limit
        }

    return run, answer


def search_and_floor(ruleset: Ruleset, state: GameState, units: tuple[str, ...]):
    """The timed search, and the floor after checking that both find the same costs."""
    move = StackMove(ruleset, state, units)
    floor, answer = compiled_floor(move)
    found = move.reach().spent
    expected = answer()
    if found != expected:
        raise AssertionError(
            f"search and scipy disagree on {len(set(found) ^ set(expected))} hexes"
        )
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
