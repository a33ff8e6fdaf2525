"""A one-step evaluation of a position for one side (the greedy player's): the higher, the
better for the side. Each term names its rule; the weights are declared here.

- material (2.2, 13.0, 14.3, 14.4): strength points of each side's units on the map, a
  disrupted unit's or one out of supply discounted;
- victory (19.13, 19.23, 19.33, 19.42): the result the scenario's conditions give now (or
  the game's result once over), and the German stacking points across the river of a short
  scenario, or the victory points of a campaign, so far;
- obligations (6.2): the side's planned attacks not made yet, while they bind it (a forfeit
  awaits the holder who ends his phase short of them);
- approach (19.13, 19.23, 19.33): how near the side's units stand to the scenario's
  objectives: the hex to hold and the river band of the short scenarios, the Stalingrad
  pocket of the campaigns.
"""

from __future__ import annotations

from collections import deque

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameResult, GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player, Supply, UnitStatus
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.rules.victory.crossing import Standing, river_band
from owsqt.rules.victory.result import CROSSING_EVALUATORS, live_standing

DISRUPTED = 0.5  # 13.0: a disrupted unit's strength counts half
SUPPLY = {Supply.REGULAR: 1.0, Supply.ORGANIC: 0.8, Supply.OUT: 0.5}  # 14.3, 14.4
LEVELS = {"decisive victory": 200.0, "marginal victory": 100.0}  # 19.0: a result's worth
ACROSS = 2.0  # 19.13, 19.23: a German stacking point across the river
VICTORY_POINT = 2.0  # 19.33, 19.42: a victory point of the campaigns
APPROACH = 0.2  # 19.x: a hex nearer the objectives, for each unit on the map
OWED = 15.0  # 6.2: a planned attack not made yet


def evaluate(ruleset: Ruleset, state: GameState, side: Player) -> float:
    """How good `state` is for `side`: the sum of the terms below."""
    return (
        material(ruleset, state, side)
        + victory(ruleset, state, side)
        + obligations(state, side)
        + approach(ruleset, state, side)
    )


def material(ruleset: Ruleset, state: GameState, side: Player) -> float:
    """[2.2, 13.0, 14.3, 14.4] The side's strength points on the map less the enemy's, a
    disrupted unit's or one short of supply discounted."""
    ground = ruleset.catalogue.ground
    total = 0.0
    for unit_id, unit in state.units.items():
        if unit.status is not UnitStatus.ON_MAP:
            continue
        worth = unit.strength * SUPPLY[unit.supply] * (DISRUPTED if unit.disrupted else 1.0)
        total += worth if ground[unit_id].player is side else -worth
    return total


def victory(ruleset: Ruleset, state: GameState, side: Player) -> float:
    """[19.0] The result the scenario's conditions give now (or the game's, once over),
    and the progress toward it: German stacking points across the river (19.13, 19.23) or
    the victory points (19.33, 19.42)."""
    found = live_standing(ruleset, state)
    if found is None:
        return 0.0
    result = state.result or found.result
    worth = _worth(result, side)
    if isinstance(found, Standing):
        progress = ACROSS * found.across
    else:
        progress = VICTORY_POINT * (found.german - found.soviet)
    return worth + (progress if side is Player.GERMAN else -progress)


def _worth(result: GameResult, side: Player) -> float:
    if result.winner is None:
        return 0.0
    level = "decisive victory" if result.rule == "6.2" else result.reason.split(":")[0]
    worth = LEVELS.get(level, LEVELS["marginal victory"])
    return worth if result.winner is side else -worth


def obligations(state: GameState, side: Player) -> float:
    """[6.2] Minus the side's planned attacks not made yet while they may bind it: its bid
    before the initiative is determined, the holder's in his player phase."""
    initiative = state.initiative
    if determined_this_turn(state) and (
        initiative.holder is not side or state.phase is not Phase.FIRST_PLAYER
    ):
        return 0.0
    planned = initiative.planned_attacks.get(side, 0) or 0
    made = initiative.attacks_made.get(side, 0) or 0
    return -OWED * max(0, planned - made)


def approach(ruleset: Ruleset, state: GameState, side: Player) -> float:
    """[19.13, 19.23, 19.33] Minus the side's units' distances in hexes to the nearest of
    the scenario's objectives, a unit off the map counted at the farthest."""
    distances = objective_distances(ruleset, state.scenario)
    if not distances:
        return 0.0
    ground = ruleset.catalogue.ground
    far = max(distances.values()) + 1
    total = 0
    for unit_id, unit in state.units.items():
        if unit.status is UnitStatus.ON_MAP and ground[unit_id].player is side:
            total += distances.get(unit.hex, far) if unit.hex is not None else far
    return -APPROACH * total


def objective_distances(ruleset: Ruleset, scenario_id: str) -> dict[Hex, int]:
    """Each map hex's distance to the scenario's objectives (`objectives`), computed once
    per ruleset and scenario."""
    return ruleset.derived(_all_distances).get(scenario_id, {})


def _all_distances(ruleset: Ruleset) -> dict[str, dict[Hex, int]]:
    return {
        scenario_id: distances_to(ruleset.game_map, targets)
        for scenario_id in ruleset.scenarios
        if (targets := objectives(ruleset, scenario_id))
    }


def objectives(ruleset: Ruleset, scenario_id: str) -> frozenset[Hex]:
    """[19.13, 19.23, 19.33] The hexes a scenario's conditions count: the hex to hold and
    the river band of a short scenario, the pocket of a campaign (none for a sandbox)."""
    conditions = ruleset.scenarios[scenario_id].victory
    evaluator = conditions.get("evaluator")
    if evaluator in CROSSING_EVALUATORS:
        hold = conditions.get("hold")
        held = {ruleset.grid.hex_of(hold)} if hold else set()
        return frozenset(held) | river_band(ruleset, conditions)
    return ruleset.game_map.pocket if evaluator == "victory_points" else frozenset()


def distances_to(game_map: GameMap, targets: frozenset[Hex]) -> dict[Hex, int]:
    """Each map hex's distance in hexes to the nearest of `targets` (0 on one)."""
    grid = game_map.grid
    found = dict.fromkeys(targets, 0)
    queue = deque(targets)
    while queue:
        hex_ = queue.popleft()
        for _, near in grid.neighbours(hex_):
            if near not in found and near in game_map.hexes:
                found[near] = found[hex_] + 1
                queue.append(near)
    return found
