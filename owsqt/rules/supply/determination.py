"""The Supply Determination Segment (14.1, 14.3, 14.4): the phasing player's units take
the supply mode their line gives them.

A unit with a valid line is in regular supply. A unit without one uses organic supply if
it was in regular supply the turn before, and is out of supply if it was already on
organic supply (or out of supply). Each side's units are determined in its own Player
Phase, so once a turn: the mode a unit holds is its history.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.events import Event, SupplyChanged
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, Supply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.chains import chains_of
from owsqt.rules.supply.lines import trace_supply
from owsqt.rules.turn.formations import is_sixth_army


def next_mode(previous: Supply, traced: bool) -> Supply:
    """[14.2-14.4] Regular with a line; without one, organic after regular supply, out of
    supply after organic supply."""
    if traced:
        return Supply.REGULAR
    return Supply.ORGANIC if previous is Supply.REGULAR else Supply.OUT


def thunderclap_schedule(activated_turn: int, turn: int) -> Supply:
    """[5.1] The Sixth Army's supply by turn of activation, until the 14th Panzer HQ
    traces a line to another German HQ: regular on the first turn, organic on the
    second, out of supply after (reading 96)."""
    age = turn - activated_turn
    return Supply.REGULAR if age <= 0 else Supply.ORGANIC if age == 1 else Supply.OUT


def arriving_supply(ruleset: Ruleset, state: GameState, unit_id: str) -> Supply:
    """The supply mode a unit comes back onto the map with (17.4): regular, except a
    Sixth Army unit while the 5.1 schedule holds (a 14th Panzer HQ returning in the
    pocket is in the supply its group is in, reading 96)."""
    thunderclap = state.thunderclap
    if thunderclap.activated_turn is None or thunderclap.supplied_turn is not None:
        return Supply.REGULAR
    if not is_sixth_army(ruleset, unit_id):
        return Supply.REGULAR
    return thunderclap_schedule(thunderclap.activated_turn, state.turn)


def determine_supply(
    ruleset: Ruleset, state: GameState, player: Player
) -> tuple[GameState, list[Event]]:
    """[14.1] Trace every unit of `player` on the map and set its supply mode."""
    trace = trace_supply(ruleset, state, player)
    chains = chains_of(ruleset)
    catalogue = ruleset.catalogue.ground
    events: list[Event] = []
    for unit_id, unit in state.units.items():
        if unit.hex is None or catalogue[unit_id].player is not player:
            continue
        if not chains.traced(unit_id):
            continue
        mode = next_mode(unit.supply, unit_id in trace.supplied)
        if mode is not unit.supply:
            state = state.with_unit(unit_id, replace(unit, supply=mode))
            events.append(SupplyChanged(unit_id, mode, unit.supply))
    return state, events


MODE_WORDS = {Supply.ORGANIC: "organic supply (14.3)", Supply.OUT: "out of supply (14.4)"}


def supply_notes(ruleset: Ruleset, state: GameState) -> dict[str, str]:
    """For every unit not in regular supply, its mode and why its line fails now, in one
    line for a tooltip: "out of supply (14.4): no line of 20 hexes or less to 6th Panzer
    Division HQ (14.2, 10.3)"."""
    notes: dict[str, str] = {}
    traces = {}
    catalogue = ruleset.catalogue.ground
    for unit_id, unit in state.units.items():
        if unit.hex is None or unit.supply is Supply.REGULAR:
            continue
        player = catalogue[unit_id].player
        if player not in traces:
            traces[player] = trace_supply(ruleset, state, player)
        why = traces[player].why_not.get(
            unit_id,
            "a line is open again: regular supply from the next Supply Determination Segment",
        )
        notes[unit_id] = f"{MODE_WORDS[unit.supply]}: {why}"
    return notes
