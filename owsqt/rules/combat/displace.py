"""Displacement (9.3): an overstacked hex at the end of a movement or combat segment sheds
units.

The owning player displaces enough stacking points to an adjacent hex (farther only if
no adjacent hex can take them); displaced units are disrupted. "Units displacing through
enemy ZOCs are treated as if they are conducting a retreat through enemy ZOCs (see
11.7)": the units whose ZOC they enter may fire at them, their player choosing, all of
it strength point losses.
Units that cannot be displaced anywhere are eliminated, their points tallied for
replacements (17.3). A path may not enter enemy-held hexes.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.casualties import lose_points
from owsqt.rules.combat.passagefire import offer_special_fire
from owsqt.rules.combat.prepared import alive
from owsqt.rules.core.actions import Displace
from owsqt.rules.core.events import Event, MarkerChanged, UnitsDisplaced
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState, SpecialFireChoice
from owsqt.rules.core.steps import PassageKind
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import UnitMarker, UnitStatus
from owsqt.rules.movement.displacement import fits, room_farther, takers
from owsqt.rules.movement.leaving import units_left
from owsqt.rules.movement.movecost import step_prohibition
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.zoc import zoc_holders, zoc_of
from owsqt.rules.scenario.ruleset import Ruleset


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
        if not fits(ruleset, state, action.units, end):
            return [Violation("9.2", f"{ruleset.grid.id_of(end)} would be overstacked")]
    return []


def _resolve(ruleset: Ruleset, state: GameState, action: Displace) -> tuple[GameState, list[Event]]:
    _check(ruleset, state, action)
    if not action.path:  # nowhere to go: eliminated, their points tallied (9.3, 17.3)
        events: list[Event] = [UnitsDisplaced(action.units, ())]
        for unit_id in action.units:
            state, lost = lose_points(ruleset, state, unit_id, state.units[unit_id].strength)
            events.extend(lost)
        return state, events
    player = ruleset.catalogue.ground[action.units[0]].player
    if player is state.active:
        state = _done_moving(state, action.units)
    # [9.3, 11.7] At each enemy ZOC the path enters, the units exerting it may fire at the
    # displaced units, as at a retreat; their player chooses.
    enemy_zoc = zoc_of(ruleset, state, player.opponent)
    zocs = tuple(h for h in action.path[1:] if h in enemy_zoc)
    passage = SpecialFireChoice(
        player.opponent,
        PassageKind.DISPLACEMENT,
        action.units,
        None,
        tuple(action.path),
        zocs,
        tuple(zoc_holders(ruleset, state, player.opponent, h) for h in zocs),
    )
    offered = offer_special_fire(state, passage)
    if offered is not None:
        return offered
    return finish_displacement(ruleset, state, passage)


def finish_displacement(
    ruleset: Ruleset, state: GameState, passage: SpecialFireChoice
) -> tuple[GameState, list[Event]]:
    """[9.3] The displaced units that survived the fire on their way are placed on the
    path's last hex, disrupted; the hexes left and entered settle (15.1, 15.3)."""
    events: list[Event] = [UnitsDisplaced(passage.units, passage.path)]
    survivors = alive(state, passage.units)
    start, end = passage.path[0], passage.path[-1]
    bottom = max((state.units[u].stack_order for u in state.stack(end)), default=-1)
    for offset, unit_id in enumerate(survivors, start=1):
        unit = state.units[unit_id]
        moved = replace(unit, hex=end, disrupted=True, stack_order=bottom + offset)
        state = state.with_unit(unit_id, moved)
        if not unit.disrupted:
            events.append(MarkerChanged(unit_id, UnitMarker.DISRUPTED, True))
    # 15.1, 15.3: displaced builders leave their work; the hex left or entered settles
    state, lifted = units_left(ruleset, state, [start], [end] if survivors else [])
    return state, [*events, *lifted]


def _done_moving(state: GameState, units: tuple[str, ...]) -> GameState:
    """[8.1, 9.3] Displaced units have finished moving for the segment: displacement is
    never a free move."""
    movement = state.movement
    moving = FrozenMap({u: p for u, p in movement.moving.items() if u not in units})
    done = movement.done | set(units)
    return replace(state, movement=replace(movement, done=done, moving=moving))


HANDLERS = {Displace: (_judge, _resolve)}
