"""Units coming onto the map and reserves coming free (19.11, 19.12, 11.7, Turn Record Track).

Off-map units enter by moving: their path starts on an entry hex, which costs its
terrain. This module says which units may enter now and where:
- reinforcements of the Turn Record Track, from their turn on, at their entry area or hex;
- force-pool draws, up to the stacking points the track has granted so far;
- conditional entries (19.12 e, Group Christea) from the turn after their condition;
- units retreated off the map (11.7), from their side's next Player Phase, at their exit
  hex or the nearest free hex (movement/offmap.py).
It also releases reserves: by the track, and when enemy units end a player phase near.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.core.events import ConditionMet, Event, ReservesReleased
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.movement.offmap import return_hexes
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.turntrack import Reinforcement

WAITING = (UnitStatus.NOT_ARRIVED, UnitStatus.FORCE_POOL)


@dataclass(frozen=True, slots=True)
class Arrival:
    """An off-map unit that may come on: why, from which turn, and the hexes it may enter."""

    unit: str
    reason: str
    rule: str
    turn: int  # the first turn it may enter
    hexes: tuple[Hex, ...]
    force_pool: str | None = None  # the formation whose pool stacking points it uses
    pending: str = ""  # an unmet condition: "after VII Corps holds 4831" (19.12 e)


def _scheduled(ruleset: Ruleset, state: GameState) -> list[tuple[int, Reinforcement]]:
    """The track's reinforcements of this scenario's turns, with their turn."""
    track = ruleset.turn_record_track
    return [
        (record.turn, reinforcement)
        for record in track[state.first_turn - 1 : state.last_turn]
        for reinforcement in record.reinforcements
    ]


def _entry_hexes(ruleset: Ruleset, reinforcement: Reinforcement) -> tuple[Hex, ...]:
    if reinforcement.area is not None:
        return ruleset.game_map.entry_areas[reinforcement.area]
    assert reinforcement.hex_id is not None
    return (ruleset.grid.hex_of(reinforcement.hex_id),)


def arrival_of(ruleset: Ruleset, state: GameState, unit_id: str) -> Arrival | None:
    """How `unit_id` may come onto the map, or None if it has no way in (yet or ever)."""
    unit = state.units[unit_id]
    if unit.status is UnitStatus.OFF_MAP_RETURN:
        return Arrival(
            unit_id,
            "returns from off the map",
            "11.7",
            max(unit.return_turn, state.turn),  # its side's next Player Phase (reading 174)
            return_hexes(ruleset, state, unit_id),
        )
    if unit.status not in WAITING:
        return None
    catalogue = ruleset.catalogue
    chain = {f.id for f in catalogue.formation_chain(catalogue.ground[unit_id].formation)}
    for turn, reinforcement in _scheduled(ruleset, state):
        if unit_id in reinforcement.units:
            return Arrival(
                unit_id, "reinforcement", "19.0", turn, _entry_hexes(ruleset, reinforcement)
            )
        if reinforcement.force_pool in chain:
            return Arrival(
                unit_id,
                "force pool",
                "19.12",
                turn,
                _entry_hexes(ruleset, reinforcement),
                reinforcement.force_pool,
            )
    scenario = ruleset.scenarios.get(state.scenario)
    for entry in scenario.conditional if scenario else ():
        if unit_id in entry.units:
            met = state.conditions_met.get(entry.name)
            turn = met + 1 if met is not None else state.last_turn + 1
            holder = ruleset.catalogue.formations[entry.condition["by"]].name
            pending = (
                "" if met is not None else f"after {holder} holds {entry.condition['controls']}"
            )
            hexes = (ruleset.grid.hex_of(entry.enter_at),)
            return Arrival(unit_id, entry.name, entry.rule, turn, hexes, pending=pending)
    return None


def waiting(ruleset: Ruleset, state: GameState, player: Player) -> list[Arrival]:
    """Every off-map unit of `player` with a way in, earliest first."""
    arrivals = []
    for unit_id, unit in state.units.items():
        if unit.status in WAITING or unit.status is UnitStatus.OFF_MAP_RETURN:
            if ruleset.catalogue.ground[unit_id].player is not player:
                continue
            arrival = arrival_of(ruleset, state, unit_id)
            if arrival is not None:
                arrivals.append(arrival)
    return sorted(arrivals, key=lambda a: (a.turn, a.unit))


def pool_points_left(ruleset: Ruleset, state: GameState, formation: str) -> int:
    """[19.12] Stacking points the track has granted a force pool up to this turn, less
    those of its units that have entered."""
    granted = sum(
        r.stacking_points
        for turn, r in _scheduled(ruleset, state)
        if r.force_pool == formation and turn <= state.turn
    )
    catalogue = ruleset.catalogue
    used = sum(
        catalogue.ground[u].stacking
        for u in state.arrivals
        if any(f.id == formation for f in catalogue.formation_chain(catalogue.ground[u].formation))
    )
    return granted - used


# --- reserves and conditions ----------------------------------------------------------


def release(state: GameState, units: list[str], reason: str) -> tuple[GameState, list[Event]]:
    """Lift the reserve status of those `units` that have it."""
    freed = tuple(sorted(u for u in units if state.units[u].reserve))
    if not freed:
        return state, []
    for unit_id in freed:
        state = state.with_unit(unit_id, replace(state.units[unit_id], reserve=False))
    return state, [ReservesReleased(freed, reason)]


def release_by_track(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[19.11] The reserves the Turn Record Track releases on this turn."""
    scenario = ruleset.scenarios.get(state.scenario)
    track = ruleset.turn_record_track
    if scenario is None or scenario.reserve_release is None or not track:
        return state, []
    if not scenario.reserve_release.by_turn_record_track or state.turn > len(track):
        return state, []
    units = [u for u in track[state.turn - 1].releases if u in state.units]
    return release(state, units, f"turn record track, turn {state.turn}")


def release_by_proximity(
    ruleset: Ruleset, state: GameState, phase_player: Player
) -> tuple[GameState, list[Event]]:
    """[19.11] Reserves within the scenario's distance of enemy units that end their
    Player Phase there are released, unit by unit."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or scenario.reserve_release is None:
        return state, []
    reach = scenario.reserve_release.enemy_within
    catalogue = ruleset.catalogue
    enemy_hexes = [
        h for h, stack in state.stacks.items() if catalogue.ground[stack[0]].player is phase_player
    ]
    near = [
        unit_id
        for unit_id, unit in state.units.items()
        if unit.reserve
        and unit.status is UnitStatus.ON_MAP
        and unit.hex is not None
        and catalogue.ground[unit_id].player is not phase_player
        and any(distance(unit.hex, h) <= reach for h in enemy_hexes)
    ]
    return release(state, near, f"enemy units within {reach} hexes")


def check_conditions(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[19.12 e] At the end of a turn: a conditional entry whose formation holds its hex
    (a unit of it on the hex: control by occupation) may enter from the next turn."""
    scenario = ruleset.scenarios.get(state.scenario)
    events: list[Event] = []
    for entry in scenario.conditional if scenario else ():
        if entry.name in state.conditions_met:
            continue
        target = ruleset.grid.hex_of(entry.condition["controls"])
        formation = entry.condition["by"]
        catalogue = ruleset.catalogue
        holders = state.stack(target)
        if any(
            f.id == formation
            for u in holders
            for f in catalogue.formation_chain(catalogue.ground[u].formation)
        ):
            state = replace(state, conditions_met=state.conditions_met.set(entry.name, state.turn))
            events.append(ConditionMet(entry.name, state.turn))
    return state, events
