"""Strength points lost (2.2, 11.5, 12.4, 17.3): the counter's marker or side changes, a
unit at nothing is eliminated, and every point counts in its nationality's loss tally."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.events import (
    EntrenchmentChanged,
    Event,
    MarkerChanged,
    StrengthChanged,
    UnitStatusChanged,
)
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Entrenchment, UnitMarker, UnitStatus
from owsqt.rules.movement.leaving import units_left
from owsqt.rules.scenario.ruleset import Ruleset


def lose_points(
    ruleset: Ruleset, state: GameState, unit_id: str, points: int
) -> tuple[GameState, list[Event]]:
    """Take `points` strength points off `unit_id` (never below nothing); at nothing the
    unit is eliminated (it may come back with replacements, 17.4) and [15.3] a hex it
    leaves without friendly units loses its entrenchment."""
    definition = ruleset.catalogue.ground[unit_id]
    unit = state.units[unit_id]
    lost = min(points, unit.strength)
    if lost <= 0:
        return state, []
    state = _tally(ruleset, state, unit_id, lost)
    strength = unit.strength - lost
    if strength == 0:
        gone = replace(unit, strength=0, status=UnitStatus.ELIMINATED, hex=None, disrupted=False)
        state = state.with_unit(unit_id, gone)
        # 15.3: the last friendly unit eliminated vacates the hex; the others build on
        state, lifted = units_left(ruleset, state, [unit.hex], moved=False)
        return state, [UnitStatusChanged(unit_id, UnitStatus.ELIMINATED, unit.hex), *lifted]
    reduced = definition.combat_reduced is not None and strength <= definition.combat_reduced
    state = state.with_unit(unit_id, replace(unit, strength=strength, reduced=reduced))
    return state, [StrengthChanged(unit_id, strength, unit.strength)]


def _tally(ruleset: Ruleset, state: GameState, unit_id: str, points: int) -> GameState:
    """[17.3] Losses are recorded by nationality and by armor, infantry and artillery."""
    definition = ruleset.catalogue.ground[unit_id]
    loss_class = definition.unit_class.loss_class
    if loss_class is None:  # headquarters and convoys: no replacement points
        return state
    nationality = definition.nationality.tally
    tally = state.losses[nationality].add(loss_class, points)
    return replace(state, losses=state.losses.set(nationality, tally))


def disrupt(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...]
) -> tuple[GameState, list[Event]]:
    """[13.0] A DIS marker on each unit still on the map that has none; [15.1] their own
    entrenchment under construction is given up."""
    events: list[Event] = []
    for unit_id in units:
        unit = state.units[unit_id]
        if unit.status is UnitStatus.ON_MAP and not unit.disrupted:
            assert unit.hex is not None  # a unit on the map stands on a hex
            state = state.with_unit(unit_id, replace(unit, disrupted=True))
            events.append(MarkerChanged(unit_id, UnitMarker.DISRUPTED, True))
            marker = state.entrenchments.get(unit.hex)
            owner = ruleset.catalogue.ground[unit_id].player
            if (
                marker is not None
                and marker.owner is owner
                and marker.status is Entrenchment.UNDER_CONSTRUCTION
            ):
                state = replace(state, entrenchments=state.entrenchments.remove(unit.hex))
                events.append(EntrenchmentChanged(unit.hex, None, None))
    return state, events
