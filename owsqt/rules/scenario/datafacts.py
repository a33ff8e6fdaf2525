"""The facts the shipped data must hold beyond being readable (issue 23): the start lines
of 19.11/19.12 apart and in order, and each scenario's default-set-up hexes in their
zones. `owsqt validate-data` reports every one that fails, one line each."""

from __future__ import annotations

from owsqt.rules.map.frontlines import front_problems
from owsqt.rules.scenario.ruleset import Ruleset


def data_problems(ruleset: Ruleset) -> list[str]:
    """Every fact of the data that does not hold, one line each; [] when all hold."""
    return [f"resources/map: {problem}" for problem in front_problems(ruleset.game_map)]
