"""Candidate actions: a varied sample of the actions that are plausible in a state.

`candidate_actions(ruleset, state, rng)` proposes what a player could do now, by the
same facts the rules read: ending the step (3.1) or forfeiting (6.2), the initiative
bids (6.1), the order of the mechanized segments (7.2), stack moves with drop-offs and
administrative movement (8.1, 8.3), units coming onto the map (19.12, 11.7),
displacement (9.3), replacements (17.4) and the Ring Forces' release rolls, releases
and moves (5.2). It is a sample, not the complete list: a
few movable stacks, a few destinations each, so that it stays cheap enough to call
before every action. The candidates are built to be legal, but the engine's judge has the last word
(`engine.judge(...).legal`): a client filters them through it. The fuzzer uses it; an
AI and the table's hints will. Under the fog of war (18.1) a bombardment mission or a
ground attack never names a unit its side does not see: it offers a hidden unit drawn at
random (combat/legal.py, air/candidates.py).

Pure: no Qt, no clock; every random choice comes from `rng`, and nothing iterates an
unordered set of strings, so a seed gives the same candidates in every run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from owsqt.rules.air.candidates import air_actions
from owsqt.rules.combat.legal import combat_actions
from owsqt.rules.core.actions import (
    Action,
    BuildBridge,
    ChooseSegmentOrder,
    DeclareAttacks,
    DestroyBridge,
    Displace,
    EndStep,
    MoveStack,
    SpecialFire,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.engineering.bridging import blowing_cost, bridged, engineer_points, river_sides
from owsqt.rules.movement.arrivals import Arrival, pool_points_left, waiting
from owsqt.rules.movement.displacement import room_farther, takers
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.movecost import step_prohibition
from owsqt.rules.movement.returnsdue import owed_returns
from owsqt.rules.movement.ringhold import stays_put
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import Reach, StackMove, stack_move
from owsqt.rules.pocket.candidates import pocket_actions
from owsqt.rules.pocket.ringcandidates import ring_actions
from owsqt.rules.recovery.candidates import replacement_actions
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import may_move_in_segment, units_move
from owsqt.rules.turn.initiative import (
    determined_this_turn,
    may_choose_order,
    shortfall_at_phase_end,
)
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS, STACKING_SEGMENTS

STACKS = 2  # movable stacks sampled per call (the stack in motion always comes too)
DESTINATIONS = 2  # destinations per stack (and per sub-stack, per way of moving)
ARRIVALS = 3  # off-map units sampled per call
SUBSTACK_CHANCE = 0.35  # how often a stack also offers a part of itself (a drop-off)
ADMINISTRATIVE_CHANCE = 0.3  # how often an eligible stack also offers administrative movement
GROUP_CHANCE = 0.3  # how often an arriving unit brings another that enters with it
ORDER_CHANCE = 0.3  # how often the 7.2 choice is offered while it may be made
PLANNED_ATTACKS = (0, 0, 1, 2)  # see _bids


def candidate_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """A varied sample of the actions plausible in `state`; empty once the game is over.

    EndStep always comes first; at the end of the initiative holder's player phase, short
    of his planned attacks, comes also the EndStep that forfeits the game (6.2). In a
    movement segment come moves of a few movable stacks
    (sometimes only part of a stack, sometimes administrative), off-map units entering, and
    a displacement for every overstacked hex of the phasing player (at least one per hex,
    so a segment that cannot end yet always offers a way to end it)."""
    if state.phase is Phase.GAME_OVER:
        return []
    actions: list[Action] = [EndStep(player=state.active)]
    if shortfall_at_phase_end(state) is not None:
        actions.append(EndStep(player=state.active, forfeit=True))
    if state.special_fire is not None:  # 11.7: fire at the passing units, or hold fire
        player = state.special_fire.player
        return [*actions, *(SpecialFire(player=player, fire=fire) for fire in (True, False))]
    if state.combat is not None:  # 11.2: nothing else until the combat is over
        return [*actions, *combat_actions(ruleset, state, rng)]
    if state.phase is Phase.AIR_OPERATIONS:  # 4.3-4.6
        return [*actions, *air_actions(ruleset, state, rng)]
    if state.segment is Segment.INITIATIVE_DETERMINATION:
        actions.extend(_bids(ruleset, state, rng))
    if state.segment is Segment.REPLACEMENT:  # 17.4
        actions.extend(replacement_actions(ruleset, state, rng))
    if state.phase is Phase.STALINGRAD_POCKET:  # 5.1: the attempt, the placements, moves
        actions.extend(pocket_actions(ruleset, state, rng))
        if units_move(state):
            actions.extend(stack_moves(ruleset, state, rng))
    if state.segment is Segment.SOVIET_RING_FORCES:  # 5.2
        actions.extend(ring_actions(ruleset, state, rng))
    if state.active is not None and may_choose_order(state) and rng.random() < ORDER_CHANCE:
        actions.append(ChooseSegmentOrder(player=state.active, combat_first=rng.random() < 0.8))
    if state.active is not None and state.segment in MOVEMENT_SEGMENTS:
        actions.extend(stack_moves(ruleset, state, rng))
        actions.extend(entries(ruleset, state, rng))
    if state.active is not None and state.segment in STACKING_SEGMENTS:
        actions.extend(displacements(ruleset, state, rng))
    if state.active is not None:
        actions.extend(bridge_work(ruleset, state, rng))
    actions.extend(combat_actions(ruleset, state, rng))
    return actions


def _bids(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[6.1] A bid for each player who has not bid yet this Initiative Phase: mostly
    none, sometimes one or two attacks, never more than the enemy hexes next to his units
    (6.2: the holder who falls short forfeits the game)."""
    if determined_this_turn(state):
        return []
    return [
        DeclareAttacks(
            player=player,
            planned=min(rng.choice(PLANNED_ATTACKS), len(enemy_contacts(ruleset, state, player))),
        )
        for player in Player
        if player not in state.initiative.planned_attacks
    ]


def enemy_contacts(ruleset: Ruleset, state: GameState, player: Player) -> set[Hex]:
    """The hexes of `player`'s enemy next to his units: what he could attack unmoved."""
    catalogue = ruleset.catalogue
    sides = {hex_: catalogue.ground[stack[0]].player for hex_, stack in state.stacks.items()}
    return {
        neighbour
        for hex_, side in sides.items()
        if side is player
        for _, neighbour in ruleset.grid.neighbours(hex_)
        if sides.get(neighbour) is player.opponent
    }


# --- moving stacks (8.1, 8.3) ---------------------------------------------------------


def movable_stacks(ruleset: Ruleset, state: GameState) -> list[tuple[Hex, tuple[str, ...]]]:
    """Every hex with units the phasing player may move now, and those units (7.1, 8.1)."""
    found = []
    for hex_ in state.stacks:
        units = movable_units(ruleset, state, hex_)
        if units:
            found.append((hex_, units))
    return found


def stack_moves(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """Moves of a few movable stacks to random hexes they reach by their cheapest paths.

    The stack in motion is always among them (continuing its move, or dropping units off,
    in the same kind of movement, 8.3); other stacks sometimes send only some of their
    units, and sometimes use administrative movement where it may start."""
    stacks = movable_stacks(ruleset, state)
    in_motion = [(h, u) for h, u in stacks if u[0] in state.movement.moving]
    others = [(h, u) for h, u in stacks if u[0] not in state.movement.moving]
    chosen = in_motion + rng.sample(others, min(STACKS, len(others)))
    actions: list[Action] = []
    for _, units in chosen:
        groups = [units]
        if len(units) > 1 and rng.random() < SUBSTACK_CHANCE:
            groups.append(_part_of(units, rng))
        for group in groups:
            for move in _ways_of_moving(ruleset, state, group, rng):
                actions.extend(_moves_to(move, group, rng, state.active))
    return actions


def _part_of(units: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """A random proper, non-empty part of `units`, in their stack order."""
    keep = set(rng.sample(range(len(units)), rng.randint(1, len(units) - 1)))
    return tuple(u for i, u in enumerate(units) if i in keep)


def _ways_of_moving(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], rng: random.Random
) -> list[StackMove]:
    """Ordinary movement, and sometimes administrative movement where 8.3 allows it to
    start; a stack in motion keeps the kind of movement it began with."""
    if all(u in state.movement.moving for u in units):
        return [stack_move(ruleset, state, units, administrative=state.movement.administrative)]
    ways = [stack_move(ruleset, state, units)]
    if rng.random() < ADMINISTRATIVE_CHANCE:
        administrative = stack_move(ruleset, state, units, administrative=True)
        if may_start_administratively(administrative):
            ways.append(administrative)
    return ways


def may_start_administratively(move: StackMove) -> bool:
    """[8.3] Administrative movement may start: nobody disrupted and, for a stack on the
    map, not next to enemy units nor in an interdiction zone."""
    if any(move.state.units[u].disrupted for u in move.units):
        return False
    if move.entry is not None:
        return True
    return move.start not in move.near_enemy and not move.zone_penalty(move.start)


def _moves_to(
    move: StackMove,
    units: tuple[str, ...],
    rng: random.Random,
    player: Player | None,
    reach: Reach | None = None,
) -> list[Action]:
    """Moves to a few random hexes the stack reaches, each by its cheapest path (for units
    entering the map the search starts on their entry hex, and so do its paths)."""
    reach = reach or move.reach()
    targets = [h for h in reach.spent if h != move.start]
    return [
        MoveStack(
            player=player,
            units=units,
            path=tuple(reach.path_to(target)),
            administrative=move.administrative,
        )
        for target in rng.sample(targets, min(DESTINATIONS, len(targets)))
    ]


# --- coming onto the map (19.12, 11.7) ------------------------------------------------


def due_arrivals(ruleset: Ruleset, state: GameState) -> list[Arrival]:
    """The phasing player's off-map units that may enter now: due by this turn, of this
    movement segment's kind (7.1), within what their force pool has left (19.12), not done
    moving this segment (8.1: a unit that came back and was retreated off again), not in
    reserve (19.11), and not held in the ring (5.2: a Ring unit retreated off the map may
    not move back in)."""
    player = state.active
    if player is None or state.segment not in MOVEMENT_SEGMENTS:
        return []
    due = []
    for arrival in waiting(ruleset, state, player):
        if arrival.turn > state.turn or arrival.pending or not arrival.hexes:
            continue
        if arrival.unit in state.movement.done or state.units[arrival.unit].reserve:
            continue
        if stays_put(ruleset, state, arrival.unit):  # 5.2: a Ring unit retreated off the map
            continue
        if not may_move_in_segment(ruleset, arrival.unit, state.segment):
            continue
        if arrival.force_pool is not None:
            points = ruleset.catalogue.ground[arrival.unit].stacking
            if pool_points_left(ruleset, state, arrival.force_pool) < points:
                continue
        due.append(arrival)
    return due


def entries(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """A few due units entering on an entry hex with room: some stop there, some move on;
    and every return from off the map the segment owes before it may end (11.7)."""
    due = due_arrivals(ruleset, state)
    actions: list[Action] = list(owed_returns(ruleset, state))
    for arrival in rng.sample(due, min(ARRIVALS, len(due))):
        units = _entering_group(ruleset, state, arrival, due, rng)
        room = _entry_hexes_with_room(ruleset, state, arrival.hexes, units)
        if not room:
            continue
        entry = rng.choice(room)
        move = stack_move(ruleset, state, units, entry=entry)
        reach = move.reach()
        if entry not in reach.spent:
            continue  # closed to these units (16.3: a convoy and an enemy ZOC), or too dear
        actions.append(MoveStack(player=state.active, units=units, path=(entry,)))
        actions.extend(_moves_to(move, units, rng, state.active, reach))
    return actions


def _entering_group(
    ruleset: Ruleset,
    state: GameState,
    arrival: Arrival,
    due: Sequence[Arrival],
    rng: random.Random,
) -> tuple[str, ...]:
    """The arriving unit, sometimes with another that enters at the same hexes (and draws
    on the same force pool, within what it has left)."""
    mates = [
        a
        for a in due
        if a.unit != arrival.unit
        and a.hexes == arrival.hexes
        and a.force_pool == arrival.force_pool
        and not (_is_convoy(ruleset, a.unit) and _is_convoy(ruleset, arrival.unit))  # 16.3
    ]
    if not mates or rng.random() >= GROUP_CHANCE:
        return (arrival.unit,)
    units = (arrival.unit, rng.choice(mates).unit)
    if arrival.force_pool is not None:
        points = sum(ruleset.catalogue.ground[u].stacking for u in units)
        if points > pool_points_left(ruleset, state, arrival.force_pool):
            return (arrival.unit,)
    return units


def _is_convoy(ruleset: Ruleset, unit_id: str) -> bool:
    return ruleset.catalogue.ground[unit_id].unit_class is UnitClass.CONVOY


def _entry_hexes_with_room(
    ruleset: Ruleset, state: GameState, hexes: Sequence[Hex], units: tuple[str, ...]
) -> list[Hex]:
    catalogue = ruleset.catalogue
    player = catalogue.ground[units[0]].player
    points = sum(catalogue.ground[u].stacking_value(state.units[u].reduced) for u in units)
    limit = ruleset.tables.stacking_limit
    room = []
    for hex_ in hexes:
        stack = state.stack(hex_)
        if stack and catalogue.ground[stack[0]].player is not player:
            continue
        if stacking_points(ruleset, state, hex_) + points <= limit:
            room.append(hex_)
    return room


# --- displacement (9.3) ---------------------------------------------------------------


def bridge_work(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[16.2] An engineer of the phasing player beginning a bridge across an unbridged minor
    river at the start of his phase, or blowing a bridge beside it while it may move."""
    catalogue = ruleset.catalogue
    player = state.active
    engineers = sorted(
        u
        for u, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and not unit.disrupted
        and not unit.reserve
        and catalogue.ground[u].player is player
        and catalogue.ground[u].type is UnitType.ENGINEER
        and u not in state.bridge_works
    )
    actions: list[Action] = []
    for unit_id in engineers:
        hex_ = state.units[unit_id].hex
        assert hex_ is not None  # a unit on the map stands on a hex
        for side in river_sides(ruleset, hex_):
            standing = bridged(ruleset, state, side)
            if state.segment is Segment.SUPPLY_DETERMINATION and not standing:  # 16.2
                actions.append(BuildBridge(player=player, unit=unit_id, hexside=side))
            elif (
                state.segment in MOVEMENT_SEGMENTS
                and standing
                and may_move_in_segment(ruleset, unit_id, state.segment)
                and not stays_put(ruleset, state, unit_id)  # 5.2
                and unit_id not in state.movement.done
                and (not state.movement.moving or unit_id in state.movement.moving)
                and engineer_points(ruleset, state, unit_id) >= blowing_cost(ruleset, unit_id)
            ):
                actions.append(DestroyBridge(player=player, unit=unit_id, hexside=side))
    return rng.sample(actions, min(len(actions), 2))


def overstacked_hexes(ruleset: Ruleset, state: GameState, player: Player) -> list[Hex]:
    """[9.2] The hexes of `player` above the stacking limit."""
    catalogue = ruleset.catalogue
    limit = ruleset.tables.stacking_limit
    return [
        hex_
        for hex_, stack in state.stacks.items()
        if catalogue.ground[stack[0]].player is player
        and stacking_points(ruleset, state, hex_) > limit
    ]


def displacements(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """For each overstacked hex of the phasing player, a unit displaced (and sometimes
    several): to an adjacent hex that can take it, else to the nearest hex farther away
    that can, else eliminated (9.3)."""
    if state.active is None:
        return []
    actions: list[Action] = []
    overstacked = [
        (hex_, player)
        for player in (state.active, state.active.opponent)  # 9.3: a retreat may overstack
        for hex_ in overstacked_hexes(ruleset, state, player)  # the side not moving too
    ]
    for hex_, player in overstacked:
        stack = state.stack(hex_)
        groups: list[tuple[str, ...]] = [(rng.choice(stack),)]
        if len(stack) > 2 and rng.random() < 0.5:
            groups.append(_part_of(stack, rng))
        for units in groups:
            actions.append(
                Displace(
                    player=player, units=units, path=_displacement_path(ruleset, state, units, rng)
                )
            )
    return actions


def _displacement_path(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], rng: random.Random
) -> tuple[Hex, ...]:
    start = state.units[units[0]].hex
    assert start is not None
    adjacent = takers(ruleset, state, units)
    if adjacent:
        return (start, rng.choice(adjacent))
    if not room_farther(ruleset, state, units):
        return ()  # 9.3: nowhere to go: eliminated
    return nearest_room(ruleset, state, units)


def nearest_room(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> tuple[Hex, ...]:
    """[9.3] The shortest hex-by-hex path from the units' hex to the nearest hex that can
    take them, through hexes not held by the enemy and across no prohibited hexside
    (8.2); empty if there is none."""
    catalogue = ruleset.catalogue
    player = catalogue.ground[units[0]].player
    points = sum(catalogue.ground[u].stacking_value(state.units[u].reduced) for u in units)
    limit = ruleset.tables.stacking_limit
    start = state.units[units[0]].hex
    assert start is not None
    came_from: dict[Hex, Hex] = {start: start}
    frontier = [start]
    while frontier:
        following = []
        for hex_ in frontier:
            for _, neighbour in ruleset.grid.neighbours(hex_):
                if neighbour in came_from or neighbour not in ruleset.game_map.hexes:
                    continue
                stack = state.stack(neighbour)
                if stack and catalogue.ground[stack[0]].player is not player:
                    continue
                if step_prohibition(ruleset, hex_, neighbour, player) is not None:
                    continue
                came_from[neighbour] = hex_
                if stacking_points(ruleset, state, neighbour) + points <= limit:
                    path = [neighbour]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return tuple(reversed(path))
                following.append(neighbour)
        frontier = following
    return ()
