"""The facts the shipped data must hold beyond being readable (issue 23): the start lines
of 19.11/19.12 apart and in order, the map's places and railways where their sources put
them, and every tank counter at the strength the tank formula gives its tanks.
`owsqt validate-data` reports every one that fails, one line each."""

from __future__ import annotations

from pathlib import Path

from owsqt.rules.data.tankstrength import problems as tank_problems
from owsqt.rules.map.frontlines import front_problems
from owsqt.rules.map.groundtruth import GAZETTEER, load_gazetteer
from owsqt.rules.map.groundtruth import problems as ground_problems
from owsqt.rules.scenario.ruleset import Ruleset


def data_problems(ruleset: Ruleset, resources: Path) -> list[str]:
    """Every fact of the data under `resources` that does not hold, one line each; []
    when all hold. A gazetteer that cannot be read raises DataError, naming it."""
    gazetteer = load_gazetteer(resources / GAZETTEER)
    return [
        *(f"resources/map: {p}" for p in front_problems(ruleset.game_map)),
        *(
            f"resources/{GAZETTEER.as_posix()}: {p}"
            for p in ground_problems(ruleset.game_map, gazetteer)
        ),
        *(f"resources/units/tank-strengths.yaml: {p}" for p in tank_problems(ruleset)),
    ]
