"""The result of a scenario (19.0): judged live for the players, and when the game ends."""

from __future__ import annotations

from owsqt.rules.core.state import GameResult, GameState
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.crossing import Standing, standing

CROSSING_EVALUATORS = ("hold_and_cross", "cross_river")  # 19.13, 19.23


def scenario_result(ruleset: Ruleset, state: GameState) -> GameResult | None:
    """[19.13, 19.23] The result the scenario's conditions give in `state`; None for the
    campaigns' victory points (19.33, 19.42), not judged yet (the pocket issue)."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or scenario.victory.get("evaluator") not in CROSSING_EVALUATORS:
        return None
    return standing(ruleset, state, scenario.victory).result


def live_standing(ruleset: Ruleset, state: GameState) -> Standing | None:
    """[19.13, 19.23] Where the scenario stands now, for the players: the stacking points
    across the river, who holds the objective hex and the result they would give; None
    for the campaigns (19.33, 19.42, not judged yet)."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or scenario.victory.get("evaluator") not in CROSSING_EVALUATORS:
        return None
    return standing(ruleset, state, scenario.victory)
