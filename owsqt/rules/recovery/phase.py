"""The Recovery and Replacement Phase's procedures without choices (17.1, 17.2), and the
turning over of entrenchments under construction (15.1).

- Disruption removal (17.2): each disrupted unit on the map makes its own proficiency
  check, one more on the die when out of supply; a pass removes its DIS marker.
- Fired marker removal (17.1): fired and moved markers come off every unit.
- Entrenchments (15.1): at the start of a player phase, the phasing player's markers
  under construction since an earlier turn are turned to their Entrenched side.
They run when the step that holds them ends (or begins), as the sequence reaches it.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.events import EntrenchmentChanged, Event, MarkerChanged
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import EntrenchmentState, GameState
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply, UnitMarker, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset

OUT_OF_SUPPLY_PENALTY = 1  # 17.2: add one to the die roll


def remove_disruption(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[17.2] Each disrupted unit's check, in unit order so replays roll the same dice."""
    events: list[Event] = []
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        if not unit.disrupted or unit.status is not UnitStatus.ON_MAP:
            continue
        player = ruleset.catalogue.ground[unit_id].player
        purpose = f"recovery of {ruleset.unit_name(unit_id)}"
        roll, state, rolled = roll_die(state, purpose, player, key=f"recovery of {unit_id}")
        events.append(rolled)
        modified = roll + (OUT_OF_SUPPLY_PENALTY if unit.supply is Supply.OUT else 0)
        if modified <= ruleset.catalogue.ground[unit_id].proficiency:
            state = state.with_unit(unit_id, replace(state.units[unit_id], disrupted=False))
            events.append(MarkerChanged(unit_id, UnitMarker.DISRUPTED, False))
    return state, events


def remove_fired_markers(state: GameState) -> tuple[GameState, list[Event]]:
    """[17.1, 12.2, 12.3] Fired and moved markers come off at the end of the turn."""
    events: list[Event] = []
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        if unit.fired or unit.moved:
            state = state.with_unit(unit_id, replace(unit, fired=False, moved=False))
            if unit.fired:
                events.append(MarkerChanged(unit_id, UnitMarker.FIRED, False))
            if unit.moved:
                events.append(MarkerChanged(unit_id, UnitMarker.MOVED, False))
    return state, events


def complete_entrenchments(state: GameState, player: Player) -> tuple[GameState, list[Event]]:
    """[15.1] At the start of `player`'s phase his markers under construction from an
    earlier turn turn over to Entrenched."""
    events: list[Event] = []
    for hex_, marker in sorted(state.entrenchments.items()):
        if (
            marker.owner is player
            and marker.status is Entrenchment.UNDER_CONSTRUCTION
            and marker.since_turn < state.turn
        ):
            done = EntrenchmentState(player, Entrenchment.COMPLETE, state.turn)
            state = replace(state, entrenchments=state.entrenchments.set(hex_, done))
            events.append(EntrenchmentChanged(hex_, Entrenchment.COMPLETE, player))
    return state, events
