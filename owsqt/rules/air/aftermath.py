"""Where air units go when a segment of the Air Operations Phase ends (4.4-4.6), and the
Air Unit Recovery Segment at the end of the turn (4.7), which also ends the turn's
interdiction zones."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.air.charts import ESCORT_OF, INTERCEPTS
from owsqt.rules.core.events import AirCheck, AirUnitMoved, Event, InterdictionChanged
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import AirBox
from owsqt.rules.scenario.ruleset import Ruleset

# [4.4-4.6] The boxes a segment's end empties into the flown box. After the air combat the
# air superiority fighters; the escorts that fought go too, and the others stay with their
# mission, whose bombardment they join (4.6).
_SEGMENT_BOXES = {
    Segment.AIR_COMBAT: frozenset(INTERCEPTS),
    Segment.AIR_BOMBARDMENT: frozenset({AirBox.GROUND_ATTACK, ESCORT_OF[AirBox.GROUND_ATTACK]}),
    Segment.INTERDICTION: frozenset({AirBox.INTERDICTION, ESCORT_OF[AirBox.INTERDICTION]}),
}


def end_air_segment(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[4.4-4.6] The aircraft whose part of the phase is over go to the flown box."""
    boxes = _SEGMENT_BOXES.get(state.segment)
    if boxes is None:
        return state, []
    engaged = state.air.engaged
    escort_boxes = frozenset(ESCORT_OF.values())
    events: list[Event] = []
    for air_id, unit in state.air_units.items():
        fought = state.segment is Segment.AIR_COMBAT and unit.box in escort_boxes
        if unit.box in boxes or (fought and air_id in engaged):
            state = state.with_air_unit(air_id, AirBox.FLOWN)
            events.append(AirUnitMoved(air_id, AirBox.FLOWN, None))
    return state, events


def recover_air_units(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[4.7] Each unit in the flown or disrupted box rolls: the Air Operations Chart's
    number for its type or less readies it (some disrupted types never recover). Ju-87s
    withheld but never flown are ready again without a roll. The interdiction zones of the
    turn end with it."""
    events: list[Event] = []
    recovery = ruleset.tables.air_recovery
    catalogue = ruleset.catalogue.air
    for air_id, unit in state.air_units.items():
        if unit.box is AirBox.WITHHELD:
            state = state.with_air_unit(air_id, AirBox.READY)
            events.append(AirUnitMoved(air_id, AirBox.READY, None))
            continue
        if unit.box not in (AirBox.FLOWN, AirBox.DISRUPTED):
            continue
        disrupted = unit.box is AirBox.DISRUPTED
        needed = recovery.threshold(catalogue[air_id].recovery_class, disrupted)
        if needed is None:
            events.append(AirCheck(air_id, "recovery", 0, None, False))
            continue
        roll, state, rolled = roll_die(state, "air recovery", catalogue[air_id].player)
        passed = roll <= needed
        events.extend((rolled, AirCheck(air_id, "recovery", roll, needed, passed)))
        if passed:
            state = state.with_air_unit(air_id, AirBox.READY)
            events.append(AirUnitMoved(air_id, AirBox.READY, None))
    for zone in state.interdiction_zones:
        events.append(InterdictionChanged(zone.center, 0))
    return replace(state, interdiction_zones=()), events
