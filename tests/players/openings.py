"""States for the heuristic player's tests: a scenario from its default set-up, and a side's
units all carried to one place."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game


def set_up(ruleset: Ruleset, scenario: str, seed: int = 1) -> GameState:
    """`scenario` in STRICT play, both sides set up by default."""
    session = new_game(ruleset, scenario, Mode.STRICT, seed=seed)
    session.apply_default_setup()
    return session.state


def moved_all(ruleset: Ruleset, state: GameState, side: Player, hex_: Hex | None) -> GameState:
    """`state` with every unit of `side` on the map moved to `hex_`, or eliminated (None)."""
    ground = ruleset.catalogue.ground
    for unit_id, unit in state.units.items():
        if ground[unit_id].player is side and unit.hex is not None:
            if hex_ is None:
                unit = replace(unit, hex=None, status=UnitStatus.ELIMINATED)
            else:
                unit = replace(unit, hex=hex_)
            state = state.with_unit(unit_id, unit)
    return state
