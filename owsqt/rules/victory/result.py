"""The result of a scenario (19.0): judged live for the players, and when the game ends."""

from __future__ import annotations

from owsqt.rules.core.state import GameResult, GameState
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.crossing import Standing, standing
from owsqt.rules.victory.points import Count, count

CROSSING_EVALUATORS = ("hold_and_cross", "cross_river")  # 19.13, 19.23


def scenario_result(ruleset: Ruleset, state: GameState) -> GameResult | None:
    """[19.13, 19.23, 19.33, 19.42] The result the scenario's conditions give in `state`;
    None for a scenario without conditions (a sandbox)."""
    found = live_standing(ruleset, state)
    return None if found is None else found.result


def live_standing(
    ruleset: Ruleset, state: GameState, seen: SideView | None = None
) -> Standing | Count | None:
    """[19.13, 19.23, 19.33, 19.42] Where the scenario stands now, for the players: the
    stacking points across the river and who holds the objective hex (the short
    scenarios), or the victory points so far with what the end would add now (the
    campaigns); each with the result it would give. [18.1] `seen`: told as that side
    may know it (points.count)."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None:
        return None
    if scenario.victory.get("evaluator") in CROSSING_EVALUATORS:
        return standing(ruleset, state, scenario.victory)
    return count(ruleset, state, seen)
