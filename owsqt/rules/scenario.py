"""Scenarios (19.0): what a new game needs to start, read from scenarios/*.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from owsqt.rules.datafile import DataError, Node, load_yaml
from owsqt.rules.dice import DiceState
from owsqt.rules.frozenmap import FrozenMap
from owsqt.rules.sequence import setup_steps
from owsqt.rules.state import AirUnitState, GameState, UnitState
from owsqt.rules.units import UnitCatalogue
from owsqt.rules.vocabulary import Player

LAST_TURN_OF_THE_TRACK = 23  # Turn Record Track: AM 12 to AM 23 December 1942


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    rule: str
    first_turn: int
    last_turn: int
    sets_up_first: Player


def load_scenarios(directory: Path) -> dict[str, Scenario]:
    """Every scenarios/*.yaml file by scenario id; DataError names the file and key."""
    scenarios: dict[str, Scenario] = {}
    for path in sorted(directory.glob("*.yaml")):
        scenario = _read_scenario(load_yaml(path))
        if scenario.id in scenarios:
            raise DataError(path, "id", "a scenario id used by no other file", repr(scenario.id))
        scenarios[scenario.id] = scenario
    return scenarios


def _read_scenario(root: Node) -> Scenario:
    root.check_keys(required=("id", "title", "rule", "first_turn", "last_turn", "sets_up_first"))
    first_turn = root.get("first_turn").as_int(1, LAST_TURN_OF_THE_TRACK)
    last_node = root.get("last_turn")
    last_turn = last_node.as_int(1, LAST_TURN_OF_THE_TRACK)
    if last_turn < first_turn:
        raise last_node.error(f"a turn not before the first turn ({first_turn})")
    return Scenario(
        id=root.get("id").as_str(),
        title=root.get("title").as_str(),
        rule=root.get("rule").as_str(),
        first_turn=first_turn,
        last_turn=last_turn,
        sets_up_first=Player(root.get("sets_up_first").as_choice([p.value for p in Player])),
    )


def initial_state(catalogue: UnitCatalogue, scenario: Scenario, seed: int) -> GameState:
    """A new game before set-up: counters off the map at full strength, air units ready (4.7)."""
    first_step = setup_steps(scenario.sets_up_first)[0]
    units = FrozenMap(
        {
            unit_id: UnitState(strength=definition.combat)
            for unit_id, definition in catalogue.ground.items()
        }
    )
    air = FrozenMap({unit_id: AirUnitState() for unit_id in catalogue.air})
    return GameState(
        scenario=scenario.id,
        first_turn=scenario.first_turn,
        last_turn=scenario.last_turn,
        turn=scenario.first_turn,
        phase=first_step.phase,
        segment=first_step.segment,
        active=scenario.sets_up_first,
        dice=DiceState(seed),
        setup_first=scenario.sets_up_first,
        units=units,
        air_units=air,
    )
