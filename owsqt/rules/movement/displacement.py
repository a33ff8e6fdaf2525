"""Displacement (9.3): an overstacked hex at the end of a movement segment sheds units.

The owning player displaces enough stacking points to an adjacent hex (further only if
no adjacent hex can take them); displaced units are disrupted. Units that cannot be
displaced anywhere are eliminated. Displacement through enemy ZOCs follows the retreat
rules of 11.7, which arrive with combat; here a path may not enter enemy-held hexes.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Displace
from owsqt.rules.core.events import Event, MarkerChanged, UnitsDisplaced
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import UnitMarker, UnitStatus
from owsqt.rules.movement.leaving import units_left
from owsqt.rules.movement.movecost import step_prohibition
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import STACKING_SEGMENTS


def _points_of(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> int:
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
        if _fits(ruleset, state, units, neighbour)
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
            if _fits(ruleset, state, units, neighbour):
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


def _fits(ruleset: Ruleset, state: GameState, units: tuple[str, ...], hex_: Hex) -> bool:
    """[9.2] The units join `hex_` within the stacking limit."""
    points = stacking_points(ruleset, state, hex_) + _points_of(ruleset, state, units)
    return points <= ruleset.tables.stacking_limit


def _check(ruleset: Ruleset, state: GameState, action: Displace) -> Hex:
    if not action.units:
        raise InvalidAction("name the units to displace")
    hexes = {state.units[u].hex for u in action.units}
    statuses = {state.units[u].status for u in action.units}
    if len(hexes) != 1 or statuses != {UnitStatus.ON_MAP}:
        raise InvalidAction("displaced units leave one hex of the map together")
    start = hexes.pop()
    assert start is not None
    if action.path and action.path[0] != start:
        raise InvalidAction("a displacement path starts on the overstacked hex")
    for hex_ in action.path:
        if hex_ not in ruleset.game_map.hexes:
            raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")
    return start


def _judge(ruleset: Ruleset, state: GameState, action: Displace) -> list[Violation]:
    start = _check(ruleset, state, action)
    violations = []
    if state.combat is not None:  # the engine refuses it out of those segments
        violations.append(
            Violation("9.3", "units are displaced at the end of a movement or combat segment")
        )
    player = ruleset.catalogue.ground[action.units[0]].player
    if action.player is not None and action.player is not player:
        violations.append(Violation("9.3", "the owning player displaces his own units"))
    limit = ruleset.tables.stacking_limit
    if stacking_points(ruleset, state, start) <= limit:
        violations.append(Violation("9.3", f"{ruleset.grid.id_of(start)} is not overstacked"))
    adjacent = takers(ruleset, state, action.units)
    if not action.path and adjacent:
        violations.append(
            Violation(
                "9.3",
                "units are eliminated only when they cannot be "
                "displaced; an adjacent hex can take them",
            )
        )
    elif not action.path and room_farther(ruleset, state, action.units):
        violations.append(
            Violation(
                "9.3",
                "units are eliminated only when they cannot be "
                "displaced; a hex farther away can take them",
            )
        )
    if len(action.path) == 1:
        violations.append(Violation("9.3", "a displacement leaves the overstacked hex"))
    if len(action.path) > 2 and adjacent:
        violations.append(
            Violation(
                "9.3", "units go further than an adjacent hex only if no adjacent hex can take them"
            )
        )
    violations.extend(_path_violations(ruleset, state, action))
    return violations


def _path_violations(ruleset: Ruleset, state: GameState, action: Displace) -> list[Violation]:
    catalogue = ruleset.catalogue
    player = catalogue.ground[action.units[0]].player
    for a, b in zip(action.path, action.path[1:], strict=False):
        where = ruleset.grid.id_of(b)
        if distance(a, b) != 1:
            return [Violation("9.3", f"{where} is not next to {ruleset.grid.id_of(a)}")]
        stack = state.stack(b)
        if stack and catalogue.ground[stack[0]].player is not player:
            return [Violation("9.3", f"{where} is held by the enemy")]
        banned = step_prohibition(ruleset, a, b, player)
        if banned is not None:
            return [Violation(banned.rule, f"no unit may enter {where} that way")]
    if len(action.path) > 1:
        end = action.path[-1]
        if not _fits(ruleset, state, action.units, end):
            return [Violation("9.2", f"{ruleset.grid.id_of(end)} would be overstacked")]
    return []


def _resolve(ruleset: Ruleset, state: GameState, action: Displace) -> tuple[GameState, list[Event]]:
    _check(ruleset, state, action)
    start = state.units[action.units[0]].hex
    events: list[Event] = [UnitsDisplaced(action.units, tuple(action.path))]
    if not action.path:
        for unit_id in action.units:
            unit = replace(state.units[unit_id], status=UnitStatus.ELIMINATED, hex=None)
            state = state.with_unit(unit_id, unit)
        state, lifted = units_left(ruleset, state, [start], moved=False)  # 15.3
        return state, [*events, *lifted]
    if ruleset.catalogue.ground[action.units[0]].player is state.active:
        state = _done_moving(state, action.units)
    end = action.path[-1]
    bottom = max((state.units[u].stack_order for u in state.stack(end)), default=-1)
    for offset, unit_id in enumerate(action.units, start=1):
        unit = state.units[unit_id]
        moved = replace(unit, hex=end, disrupted=True, stack_order=bottom + offset)
        state = state.with_unit(unit_id, moved)
        if not unit.disrupted:
            events.append(MarkerChanged(unit_id, UnitMarker.DISRUPTED, True))
    # 15.1, 15.3: displaced builders leave their work; the hex left or entered settles
    state, lifted = units_left(ruleset, state, [start], [end])
    return state, [*events, *lifted]


def _done_moving(state: GameState, units: tuple[str, ...]) -> GameState:
    """[8.1, 9.3] Displaced units have finished moving for the segment: displacement is
    never a free move."""
    movement = state.movement
    moving = FrozenMap({u: p for u, p in movement.moving.items() if u not in units})
    done = movement.done | set(units)
    return replace(state, movement=replace(movement, done=done, moving=moving))


HANDLERS = {Displace: (_judge, _resolve)}
