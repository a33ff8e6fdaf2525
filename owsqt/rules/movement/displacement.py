"""Where displaced units may go (9.3): the hexes that can take them, adjacent or farther,
and whether a unit may be displaced now. The Displace action itself, which is treated as
a retreat through enemy ZOCs, is owsqt/rules/combat/displace.py."""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.movement.movecost import step_prohibition
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import STACKING_SEGMENTS


def points_of(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> int:
    catalogue = ruleset.catalogue
    return sum(catalogue.ground[u].stacking_value(state.units[u].reduced) for u in units)


def may_displace_now(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """Whether `unit_id` stands on an overstacked hex in a movement or combat segment with
    no combat under way, so that its owner may displace it now (9.3)."""
    unit = state.units[unit_id]
    if state.segment not in STACKING_SEGMENTS or unit.status is not UnitStatus.ON_MAP:
        return False
    if state.combat is not None or unit.hex is None:
        return False
    return stacking_points(ruleset, state, unit.hex) > ruleset.tables.stacking_limit


def takers(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> list[Hex]:
    """Adjacent hexes that can take `units` without being overstacked: not enemy-held,
    not across a prohibited hexside (8.2), within the 9.2 limit."""
    start = state.units[units[0]].hex
    assert start is not None
    return [
        neighbour
        for neighbour in _open_neighbours(ruleset, state, units, start)
        if fits(ruleset, state, units, neighbour)
    ]


def room_farther(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> bool:
    """[9.3] Whether some hex, however far, can take `units`: one reached hex by hex without
    entering enemy-held hexes or crossing prohibited hexsides (8.2), within the 9.2 limit.
    Units are eliminated only when no hex can take them."""
    start = state.units[units[0]].hex
    assert start is not None
    seen = {start}
    frontier = [start]
    while frontier:
        for neighbour in _open_neighbours(ruleset, state, units, frontier.pop()):
            if neighbour in seen:
                continue
            if fits(ruleset, state, units, neighbour):
                return True
            seen.add(neighbour)
            frontier.append(neighbour)
    return False


def _open_neighbours(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], hex_: Hex
) -> list[Hex]:
    """Hexes next to `hex_` the units may be displaced into: on the map, not held by the
    enemy, not across a prohibited hexside (8.2)."""
    catalogue = ruleset.catalogue
    player = catalogue.ground[units[0]].player
    found = []
    for _, neighbour in ruleset.grid.neighbours(hex_):
        if neighbour not in ruleset.game_map.hexes:
            continue
        stack = state.stack(neighbour)
        if stack and catalogue.ground[stack[0]].player is not player:
            continue
        if step_prohibition(ruleset, hex_, neighbour, player) is None:
            found.append(neighbour)
    return found


def fits(ruleset: Ruleset, state: GameState, units: tuple[str, ...], hex_: Hex) -> bool:
    """[9.2] The units join `hex_` within the stacking limit."""
    points = stacking_points(ruleset, state, hex_) + points_of(ruleset, state, units)
    return points <= ruleset.tables.stacking_limit
