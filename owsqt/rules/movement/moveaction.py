"""MoveStack: a stack moves along a path in a movement segment (7.1, 8.1-8.3, 16.3, 19.11).

The judge names every rule the move breaks; the resolution moves the units, keeps
the segment's record of who has moved (8.1: one stack finishes before the next
starts, drop-offs stop where they are left), marks moving artillery (12.3: fired or
moved markers, and the Player Phase's record of guns that came next to the enemy),
destroys convoys a Soviet unit moves through (16.3), and lifts entrenchments left empty
(15.3).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.events import (
    ConvoyDestroyed,
    Event,
    MarkerChanged,
    UnitsMoved,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, MovementState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.movement.arrivals import arrival_of, pool_points_left
from owsqt.rules.movement.holding import reserve_hold, ring_hold
from owsqt.rules.movement.leaving import abandon_bridges, units_left
from owsqt.rules.movement.ringhold import ring_segment_movers, stays_put
from owsqt.rules.movement.stackmove import (
    ADMINISTRATIVE_RATE,
    StackMove,
    stack_move,
    unit_allowance,
)
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import (
    is_mechanized,
    is_sixth_army,
    may_move_in_segment,
    may_move_now,
    sixth_army_wait,
    units_move,
)
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS, wrong_player


def movable_units(ruleset: Ruleset, state: GameState, hex_: Hex) -> tuple[str, ...]:
    """The units on `hex_` the acting player may move now: the stack in motion if it is
    there (8.1), else his units of this segment's kind (7.1) that have not moved, are not
    in reserve (19.11) and are not held Ring Forces (5.2); in the Sixth Army's special
    phase, its units (5.1); in the Soviet Ring Forces Segment, the Ring Forces units it
    lets move (5.2). Empty when units do not move."""
    player = state.active
    if player is None or not units_move(state):
        return ()
    catalogue = ruleset.catalogue
    own = [u for u in state.stack(hex_) if catalogue.ground[u].player is player]
    in_motion = tuple(u for u in own if u in state.movement.moving)
    if in_motion:
        return in_motion
    if state.segment is Segment.SOVIET_RING_FORCES:
        movers = ring_segment_movers(state)
        return tuple(u for u in own if u in movers and u not in state.movement.done)
    return tuple(
        u
        for u in own
        if may_move_now(ruleset, state, u)
        and u not in state.movement.done
        and not state.units[u].reserve
        and not stays_put(ruleset, state, u)
    )


def entering(state: GameState, units: tuple[str, ...]) -> bool:
    """Whether the units come onto the map with this move (reinforcements, 11.7 returns)."""
    return state.units[units[0]].status is not UnitStatus.ON_MAP


def _move_of(ruleset: Ruleset, state: GameState, action: MoveStack) -> StackMove:
    """The StackMove the table planned the move with, if it did: one per state and stack."""
    entry = action.path[0] if entering(state, action.units) else None
    return stack_move(
        ruleset, state, action.units, administrative=action.administrative, entry=entry
    )


def _check(ruleset: Ruleset, state: GameState, action: MoveStack) -> None:
    """What no mode can accept: no units, no path, hexes off the map, a split origin."""
    if not action.units or not action.path:
        raise InvalidAction("a move names its units and the hexes of its path")
    if len(set(action.units)) != len(action.units):
        raise InvalidAction("a unit is named twice")
    for hex_ in action.path:
        if hex_ not in ruleset.game_map.hexes:
            raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")
    statuses = {state.units[u].status is UnitStatus.ON_MAP for u in action.units}
    if len(statuses) > 1:
        raise InvalidAction("units on the map and units entering it move separately")
    on_map = statuses == {True}
    if on_map:
        starts = {state.units[u].hex for u in action.units}
        if starts != {action.path[0]}:
            raise InvalidAction("a moving stack starts where its units are: the path's first hex")
    elif any(state.units[u].status not in _MAY_ENTER for u in action.units):
        raise InvalidAction("eliminated or lost units do not move")


_MAY_ENTER = (UnitStatus.NOT_ARRIVED, UnitStatus.FORCE_POOL, UnitStatus.OFF_MAP_RETURN)


def judge_move(ruleset: Ruleset, state: GameState, action: MoveStack) -> list[Violation]:
    """Every rule `action` breaks (the step's own refusal aside: engine.py)."""
    _check(ruleset, state, action)
    violations: list[Violation] = []  # 3.1: the engine refuses it out of a movement segment
    player = ruleset.catalogue.ground[action.units[0]].player
    wrong = wrong_player(state, player, "the other player's units stay put")
    if wrong:
        violations.append(wrong)
    if action.player is not None and action.player is not player:
        violations.append(
            Violation("3.1", f"the {action.player.title} player moves only his own units")
        )
    for unit_id in action.units:
        violations.extend(_unit_violations(ruleset, state, action, unit_id))
    convoys = [
        u for u in action.units if ruleset.catalogue.ground[u].unit_class is UnitClass.CONVOY
    ]
    if len(convoys) > 1:  # 16.3: moving together, they would share every hex of the path
        violations.append(Violation("16.3", "two convoys never share a hex: they move apart"))
    moving = [u for u in action.units if u in state.movement.moving]
    if moving and len(moving) < len(action.units):
        violations.append(
            Violation("8.1", "a stack in motion may drop units off, not pick new ones up")
        )
    move = _move_of(ruleset, state, action)
    if entering(state, action.units):
        violations.extend(_entry_violations(ruleset, state, action))
    violations.extend(_administrative_violations(ruleset, state, action, move))
    price = move.price(action.path)
    if price.violation is not None:
        violations.append(price.violation)
    return violations


def _unit_violations(
    ruleset: Ruleset, state: GameState, action: MoveStack, unit_id: str
) -> list[Violation]:
    violations = []
    if (
        ruleset.catalogue.ground[unit_id].player
        is not ruleset.catalogue.ground[action.units[0]].player
    ):
        name = ruleset.unit_name(unit_id)
        violations.append(Violation("8.1", f"{name} is not on the side of the rest of the stack"))
    return [*violations, *mover_violations(ruleset, state, unit_id)]


def mover_violations(ruleset: Ruleset, state: GameState, unit_id: str) -> list[Violation]:
    """[5.1, 5.2, 7.1, 8.1, 19.11] Why `unit_id` may not move in this step: the Sixth
    Army's steps, its formation's segment, a move already finished, a reserve, a held Ring
    Forces piece (or, in the Soviet Ring Forces Segment, one the segment does not free). A
    hasty attack is made during movement (8.4): its units are judged the same."""
    name = ruleset.unit_name(unit_id)
    violations = []
    sixth = is_sixth_army(ruleset, unit_id)
    if (sixth or state.segment is Segment.SIXTH_ARMY_ACTIVATION) and not may_move_now(
        ruleset, state, unit_id
    ):
        violations.append(Violation("5.1", f"{name}: {sixth_army_wait(state, sixth)}"))
    elif state.segment in MOVEMENT_SEGMENTS and not may_move_in_segment(
        ruleset, unit_id, state.segment
    ):
        kind = "mechanized" if is_mechanized(ruleset, unit_id) else "non-mechanized"
        violations.append(
            Violation("7.1", f"{name} belongs to a {kind} formation; it moves in that segment")
        )
    if unit_id in state.movement.done:
        violations.append(
            Violation("8.1", f"{name} has finished its move this segment (one stack at a time)")
        )
    reserve = reserve_hold(ruleset, state, unit_id)
    if reserve is not None:
        violations.append(reserve)
    if state.segment is Segment.SOVIET_RING_FORCES:
        if unit_id not in ring_segment_movers(state):
            violations.append(
                Violation(
                    "5.2",
                    f"{name} may not move in the Soviet Ring Forces Segment: only Ring Forces "
                    "units released in it or forced to retreat by combat move then",
                )
            )
    elif (ring := ring_hold(ruleset, state, unit_id)) is not None:
        violations.append(ring)
    return violations


def _entry_violations(ruleset: Ruleset, state: GameState, action: MoveStack) -> list[Violation]:
    violations = []
    pools: dict[str, int] = {}
    for unit_id in action.units:
        name = ruleset.unit_name(unit_id)
        arrival = arrival_of(ruleset, state, unit_id)
        if arrival is None:
            violations.append(Violation("19.0", f"{name} has no way onto the map"))
            continue
        if arrival.turn > state.turn:
            violations.append(
                Violation(
                    arrival.rule,
                    f"{name} ({arrival.reason}) may enter from turn "
                    f"{arrival.turn}, not on turn {state.turn}",
                )
            )
        if action.path[0] not in arrival.hexes:
            allowed = ", ".join(ruleset.grid.id_of(h) for h in arrival.hexes)
            violations.append(Violation(arrival.rule, f"{name} enters at {allowed}"))
        if arrival.force_pool is not None:
            pools[arrival.force_pool] = (
                pools.get(arrival.force_pool, 0) + ruleset.catalogue.ground[unit_id].stacking
            )
    for formation, points in pools.items():
        left = pool_points_left(ruleset, state, formation)
        if points > left:
            name = ruleset.catalogue.formations[formation].name
            violations.append(
                Violation(
                    "19.12",
                    f"{name}'s force pool has {left} stacking points to enter "
                    f"by this turn; these units need {points}",
                )
            )
    return violations


def _administrative_violations(
    ruleset: Ruleset, state: GameState, action: MoveStack, move: StackMove
) -> list[Violation]:
    """[8.3] Not disrupted, not starting next to the enemy; a stack in motion keeps its kind."""
    violations = []
    if move.continuing and action.administrative != state.movement.administrative:
        violations.append(
            Violation("8.3", "a stack in motion keeps to administrative movement or not")
        )
    if not action.administrative or move.continuing:
        return violations
    for unit_id in action.units:
        if state.units[unit_id].disrupted:
            name = ruleset.unit_name(unit_id)
            violations.append(Violation("8.3", f"{name} is disrupted: no administrative movement"))
    if move.entry is None and move.start in move.near_enemy:
        violations.append(
            Violation("8.3", "administrative movement may not start next to enemy units")
        )
    if move.entry is None and move.zone_penalty(move.start):
        violations.append(
            Violation("8.3", "administrative movement may not start in an interdiction zone")
        )
    return violations


def _resolve(
    ruleset: Ruleset, state: GameState, action: MoveStack
) -> tuple[GameState, list[Event]]:
    _check(ruleset, state, action)
    move = _move_of(ruleset, state, action)
    price = move.price(action.path)
    cost = price.total
    destination = action.path[-1]
    arriving = move.entry is not None
    events: list[Event] = [
        UnitsMoved(action.units, tuple(action.path), cost, arriving, action.administrative)
    ]
    # 8.1: each unit keeps its own points less its own class's costs (reading 66).
    points = {u: move.points_left(price, u) for u in action.units}
    state = _record_movement(state, action, points, move.continuing)
    if len(action.path) > 1:
        state = abandon_bridges(state, action.units)  # 16.2: the builders went away
    if cost > 0:
        state, marked = _artillery_markers(ruleset, state, action.units, move.bonus)
        events.extend(marked)
    state = _moved_adjacent(ruleset, state, action, move)
    bottom = max((state.units[u].stack_order for u in state.stack(destination)), default=-1)
    for offset, unit_id in enumerate(action.units, start=1):
        unit = state.units[unit_id]
        moved = replace(
            unit,
            status=UnitStatus.ON_MAP,
            hex=destination,
            stack_order=bottom + offset,
            return_hex=None,
            return_turn=0,
        )
        state = state.with_unit(unit_id, moved)
        if arriving and unit.status is not UnitStatus.OFF_MAP_RETURN:
            state = replace(state, arrivals=state.arrivals.set(unit_id, state.turn))
    destroyed: list[Hex] = []
    for hex_ in action.path:
        for convoy in move.enemy_convoys.get(hex_, ()):
            state = state.with_unit(
                convoy, replace(state.units[convoy], status=UnitStatus.PERMANENTLY_LOST, hex=None)
            )
            events.append(ConvoyDestroyed(convoy, hex_))
            destroyed.append(hex_)
    # 15.3: a hex whose last friendly units were convoys is vacated when they are destroyed
    state, lifted = units_left(ruleset, state, destroyed, moved=False)
    events.extend(lifted)
    # 15.1, 15.3: builders that move leave their work, the hex left may be vacated, and
    # the hex entered keeps its marker only for the owner's units
    left = [action.path[0]] if not arriving and len(action.path) > 1 else []
    state, lifted = units_left(ruleset, state, left, [destination])
    events.extend(lifted)
    return state, events


def _artillery_markers(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], bonus: int
) -> tuple[GameState, list[Event]]:
    """[12.3] Soviet artillery that uses any movement point, and German artillery that
    moves more than half its allowance, is marked fired; German artillery within half is
    marked moved (it bombards at half strength). Rocket artillery moves freely. `bonus`:
    the initiative's extra MP (6.3), as the move counted it."""
    events: list[Event] = []
    for unit_id in units:
        definition = ruleset.catalogue.ground[unit_id]
        unit = state.units[unit_id]
        if definition.bombardment is None or definition.type is UnitType.ROCKET or unit.fired:
            continue
        allowance = unit_allowance(ruleset, state, unit_id, bonus)
        if state.movement.administrative:
            allowance *= ADMINISTRATIVE_RATE
        spent = allowance - state.movement.moving.get(unit_id, Fraction(0))
        within_half = spent <= unit_allowance(ruleset, state, unit_id, bonus) / 2
        if definition.player is Player.GERMAN and within_half:
            marker, changed = UnitMarker.MOVED, replace(unit, moved=True)
        else:
            marker, changed = UnitMarker.FIRED, replace(unit, fired=True, moved=False)
        if changed != unit:
            state = state.with_unit(unit_id, changed)
            # 8.4: a marker of its own move, which supporting a hasty attack sets aside
            state = state.with_artillery(marked_moving=frozenset({unit_id}))
            events.append(MarkerChanged(unit_id, marker, True))
    return state, events


def _moved_adjacent(
    ruleset: Ruleset, state: GameState, action: MoveStack, move: StackMove
) -> GameState:
    """[12.3] Artillery (rocket artillery too: no marker shows it) whose move entered a hex
    next to an enemy unit may not engage in direct fire combat this Player Phase."""
    entered = action.path if move.entry is not None else action.path[1:]
    if not any(h in move.near_enemy for h in entered):
        return state
    guns = frozenset(u for u in action.units if ruleset.catalogue.ground[u].bombardment is not None)
    return state.with_artillery(moved_adjacent=guns)


def _record_movement(
    state: GameState, action: MoveStack, points: dict[str, Fraction], continuing: bool
) -> GameState:
    """[8.1] The moving stack keeps what it has left; units it leaves behind, and any stack
    that moved before it, have finished moving this segment."""
    movement = state.movement
    finished = set(movement.done) | set(movement.moving)
    finished -= set(action.units)
    if not continuing:
        finished |= set(movement.moving)
    return replace(
        state,
        movement=MovementState(
            done=frozenset(finished),
            moving=FrozenMap(points),
            administrative=action.administrative,
        ),
    )


HANDLERS = {MoveStack: (judge_move, _resolve)}
