"""Candidate actions (owsqt/rules/legalactions.py): a varied sample of what a player may do
now. Every candidate but EndStep is built to be legal, and the judge agrees: bids of no
attacks (6.1), the order of the mechanized segments (7.2), stack moves with drop-offs and
administrative movement (8.1, 8.3), arrivals (19.12) and displacement (9.3)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    AllocateAir,
    ChooseSegmentOrder,
    DeclareAttacks,
    Displace,
    EndStep,
    MoveStack,
    PlaceUnits,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.engine import apply, judge
from owsqt.rules.legalactions import (
    PLANNED_ATTACKS,
    candidate_actions,
    due_arrivals,
    enemy_contacts,
    may_start_administratively,
    movable_stacks,
    nearest_room,
)
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS
from owsqt.session import GameSession, new_game
from tests.airsteps import allocate_nothing
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
SEEDS = range(12)


def new_session(game) -> GameSession:
    session = new_game(game, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    return session


def advance(session: GameSession, until) -> None:
    """End steps (bidding no attacks when due) until `until(state)` holds."""
    while not until(session.state):
        state = session.state
        if state.segment == Segment.INITIATIVE_DETERMINATION and len(
            state.initiative.planned_attacks
        ) < len(Player):
            for player in Player:
                if player not in state.initiative.planned_attacks:
                    assert session.submit(DeclareAttacks(player=player, planned=0)).applied
            continue
        allocate_nothing(session)
        assert session.submit(EndStep()).applied


def candidates_over_seeds(rules, state):
    return [(seed, candidate_actions(rules, state, random.Random(seed))) for seed in SEEDS]


def assert_all_legal_but_end_step(rules, state, candidates):
    for action in candidates:
        if not isinstance(action, EndStep):
            assert judge(rules, state, action).legal, action


@pytest.fixture(scope="module")
def movement_session(shipped):
    """A game at the first player's non-mechanized movement of turn one."""
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.NON_MECHANIZED_MOVEMENT)
    return session


# --- outside movement ------------------------------------------------------------------


def test_3_1_4_3_in_the_air_allocation_only_the_due_allocation_is_offered(shipped):
    session = new_session(shipped)
    state = session.state
    assert state.segment == Segment.AIR_ALLOCATION  # turn 1 is clear: the Soviet first
    offered = candidate_actions(shipped, state, random.Random(1))
    assert offered[0] == EndStep() and not judge(shipped, state, EndStep()).legal
    assert {type(a) for a in offered[1:]} == {AllocateAir}
    assert {a.player for a in offered[1:]} == {Player.SOVIET}
    assert all(judge(shipped, state, a).legal for a in offered[1:])


def test_3_1_outside_movement_only_ending_the_step_is_offered(shipped):
    # A game of an older file, whose steps that need nobody do not pass by themselves.
    state = replace(new_session(shipped).state, options=())
    for player in (SOVIET, GERMAN, GERMAN):  # 4.3: steps 1 to 3, nothing allocated
        state = apply(
            shipped, state, AllocateAir(player=player, missions=FrozenMap()), Mode.STRICT
        ).state
    state = apply(shipped, state, EndStep(), Mode.STRICT).state
    assert state.segment is Segment.AIR_COMBAT  # no battle
    assert candidate_actions(shipped, state, random.Random(1)) == [EndStep()]
    assert judge(shipped, state, EndStep()).legal


def test_3_1_nothing_is_offered_once_the_game_is_over(shipped):
    state = replace(new_session(shipped).state, phase=Phase.GAME_OVER, segment="victory")
    assert candidate_actions(shipped, state, random.Random(1)) == []


def test_6_1_each_player_who_has_not_bid_is_offered_a_bid(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.INITIATIVE_DETERMINATION)
    state = session.state
    offered = candidate_actions(shipped, state, random.Random(1))
    assert offered[0] == EndStep()
    assert [(a.kind, a.player) for a in offered[1:]] == [
        ("declare_attacks", GERMAN),
        ("declare_attacks", SOVIET),
    ]
    assert all(a.planned in PLANNED_ATTACKS for a in offered[1:])
    assert not judge(shipped, state, EndStep()).legal  # 6.1: the bids come first
    assert session.submit(DeclareAttacks(player=SOVIET, planned=0)).applied
    offered = candidate_actions(shipped, session.state, random.Random(1))
    assert [(a.kind, a.player) for a in offered] == [
        ("end_step", None),
        ("declare_attacks", GERMAN),
    ]
    assert session.submit(offered[1]).applied
    # 3.1: once the initiative is determined nobody has a bid left: the step passes
    assert session.state.segment is Segment.SUPPLY_DETERMINATION


def test_6_1_no_candidate_bid_exceeds_the_enemy_hexes_next_to_the_players_units(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.INITIATIVE_DETERMINATION)
    state = session.state
    for _, offered in candidates_over_seeds(shipped, state):
        for bid in offered[1:]:
            assert bid.planned <= len(enemy_contacts(shipped, state, bid.player))
    far = replace(state, units=FrozenMap())  # nobody on the map: nothing to attack
    assert all(a.planned == 0 for _, o in candidates_over_seeds(shipped, far) for a in o[1:])


def test_6_2_the_forfeit_is_offered_only_where_the_holder_ends_his_phase_short(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.MECHANIZED_MOVEMENT)
    state = session.state
    assert EndStep(player=state.active, forfeit=True) not in candidate_actions(
        shipped, state, random.Random(1)
    )
    holder = state.initiative.holder
    owing = replace(
        state,
        segment=Segment.MECHANIZED_COMBAT,
        initiative=replace(state.initiative, planned_attacks=FrozenMap({holder: 1})),
    )
    offered = candidate_actions(shipped, owing, random.Random(1))
    forfeit = EndStep(player=holder, forfeit=True)
    assert offered[:2] == [EndStep(player=holder), forfeit]
    assert judge(shipped, owing, forfeit).legal and not judge(shipped, owing, offered[0]).legal


def test_7_2_the_order_of_the_mechanized_segments_is_offered_sometimes(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.SUPPLY_DETERMINATION)
    state = session.state
    offers = [a for _, c in candidates_over_seeds(shipped, state) for a in c]
    orders = [a for a in offers if isinstance(a, ChooseSegmentOrder)]
    assert orders and len(orders) < len(SEEDS)
    assert all(judge(shipped, state, a).legal and a.player is state.active for a in orders)
    chosen = session.submit(ChooseSegmentOrder(player=state.active, combat_first=True))
    assert chosen.applied
    offers = [a for _, c in candidates_over_seeds(shipped, session.state) for a in c]
    assert not any(isinstance(a, ChooseSegmentOrder) for a in offers)  # chosen already


# --- moving stacks ---------------------------------------------------------------------


def test_8_1_every_move_offered_in_a_movement_segment_is_legal(shipped, movement_session):
    state = movement_session.state
    assert state.segment in MOVEMENT_SEGMENTS
    stacks = dict(movable_stacks(shipped, state))
    moves = []
    for _, candidates in candidates_over_seeds(shipped, state):
        assert candidates[0] == EndStep(player=state.active)
        assert_all_legal_but_end_step(shipped, state, candidates)
        moves.extend(a for a in candidates if isinstance(a, MoveStack))
    assert moves
    for move in moves:
        start = move.path[0]
        assert set(move.units) <= set(stacks[start])  # his movable units of that hex
        assert len(move.path) > 1  # no move to where the stack stands
        assert move.player is state.active
    assert any(set(m.units) < set(stacks[m.path[0]]) for m in moves)  # some sub-stacks


def test_8_1_the_stack_in_motion_is_always_offered(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment == Segment.NON_MECHANIZED_MOVEMENT)
    state = session.state
    hex_, units = next((h, u) for h, u in movable_stacks(shipped, state) if len(u) > 1)
    reach = StackMove(shipped, state, units).reach()
    first_step = next(h for h in reach.spent if len(reach.path_to(h)) == 2)
    moved = session.submit(MoveStack(units=units, path=(hex_, first_step)))
    assert moved.applied
    moving = session.state
    if not StackMove(shipped, moving, units).reach().spent.keys() - {first_step}:
        pytest.skip("the stack spent all it had in one step")
    for seed in SEEDS:
        candidates = candidate_actions(shipped, moving, random.Random(seed))
        assert_all_legal_but_end_step(shipped, moving, candidates)
        continuing = [a for a in candidates if isinstance(a, MoveStack) and a.path[0] == first_step]
        assert continuing and all(set(a.units) <= set(units) for a in continuing)


def test_8_3_administrative_moves_are_offered_only_where_they_may_start(shipped, movement_session):
    state = movement_session.state
    offered = [
        a
        for _, candidates in candidates_over_seeds(shipped, state)
        for a in candidates
        if isinstance(a, MoveStack) and a.administrative
    ]
    assert offered
    for action in offered:
        assert judge(shipped, state, action).legal
        move = StackMove(shipped, state, action.units, administrative=True)
        assert may_start_administratively(move)
        assert move.start not in move.near_enemy


def test_8_3_no_administrative_movement_next_to_the_enemy(shipped, movement_session):
    state = movement_session.state
    mover = state.active
    _, units = next(iter(movable_stacks(shipped, state)))
    start = state.units[units[0]].hex
    assert may_start_administratively(StackMove(shipped, state, units, administrative=True))
    # An enemy unit set down next to the stack: the front line.
    enemy = next(
        unit_id
        for unit_id, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and shipped.catalogue.ground[unit_id].player is not mover
    )
    beside = next(h for _, h in shipped.grid.neighbours(start) if not state.stack(h))
    place = PlaceUnits(player=mover.opponent, units=(enemy,), to=beside)
    state = apply(shipped, state, place, Mode.FREE).state
    assert not may_start_administratively(StackMove(shipped, state, units, administrative=True))


# --- arrivals --------------------------------------------------------------------------


def test_19_12_due_units_are_offered_entries_on_their_entry_hexes(shipped):
    session = new_session(shipped)
    advance(
        session,
        lambda s: s.segment in MOVEMENT_SEGMENTS and bool(due_arrivals(shipped, s)),
    )
    state = session.state
    due = {a.unit: a for a in due_arrivals(shipped, state)}
    entries = [
        a
        for _, candidates in candidates_over_seeds(shipped, state)
        for a in candidates
        if isinstance(a, MoveStack) and state.units[a.units[0]].status is not UnitStatus.ON_MAP
    ]
    assert entries
    assert any(len(a.path) == 1 for a in entries) and any(len(a.path) > 1 for a in entries)
    for action in entries:
        assert judge(shipped, state, action).legal, action
        assert all(action.path[0] in due[u].hexes for u in action.units)


def test_19_12_units_not_yet_due_are_not_offered(shipped):
    session = new_session(shipped)
    advance(session, lambda s: s.segment in MOVEMENT_SEGMENTS)
    state = session.state
    for arrival in due_arrivals(shipped, state):
        assert arrival.turn <= state.turn and not arrival.pending


def test_8_1_a_unit_retreated_off_again_after_coming_back_is_not_offered_its_return(shipped):
    session = new_session(shipped)
    advance(
        session,
        lambda s: s.segment in MOVEMENT_SEGMENTS and bool(due_arrivals(shipped, s)),
    )
    state = session.state
    unit_id = due_arrivals(shipped, state)[0].unit
    done = replace(state, movement=replace(state.movement, done=frozenset({unit_id})))
    assert unit_id not in {a.unit for a in due_arrivals(shipped, done)}


# --- displacement (the movement kit) ---------------------------------------------------

OVER = ("tank", "mech", "mot6", "mot5", "hq57")  # 19 stacking points


@pytest.fixture(scope="module")
def kit(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def overstacked(kit):
    state = put(kit, kit_state(kit), PlaceUnits(units=OVER, to=hx(kit, OPEN)))
    return at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)


def surround(kit, state, *friendly_full):
    fillers = iter(f"gfill{i}" for i in range(1, 7))
    enemies = iter(f"sfill{i}" for i in range(1, 9))
    for _, hex_ in kit.grid.neighbours(hx(kit, OPEN)):
        if kit.grid.id_of(hex_) in friendly_full:
            units = (next(fillers), next(fillers), next(fillers))
        else:
            units = (next(enemies),)
        state = put(kit, state, PlaceUnits(units=units, to=hex_))
    return state


def displacements_offered(kit, state):
    return [
        a
        for _, candidates in candidates_over_seeds(kit, state)
        for a in candidates
        if isinstance(a, Displace)
    ]


def test_9_3_an_overstacked_hex_is_offered_a_displacement_to_an_adjacent_hex(kit, overstacked):
    assert not judge(kit, overstacked, EndStep()).legal
    offered = displacements_offered(kit, overstacked)
    assert len(offered) >= len(SEEDS)  # at least one a call
    for action in offered:
        assert judge(kit, overstacked, action).legal, action
        assert len(action.path) == 2 and action.path[0] == hx(kit, OPEN)


def test_9_3_farther_when_no_adjacent_hex_can_take_the_units(kit, overstacked):
    state = surround(kit, overstacked, "3444")
    offered = displacements_offered(kit, state)
    assert offered
    for action in offered:
        assert judge(kit, state, action).legal, action
        assert len(action.path) == 3 and action.path[1] == hx(kit, "3444")
    assert nearest_room(kit, state, ("hq57",))[-1] != hx(kit, "3444")


def test_9_3_eliminated_when_no_hex_can_take_the_units(kit, overstacked):
    state = surround(kit, overstacked)
    offered = displacements_offered(kit, state)
    assert offered and all(a.path == () for a in offered)
    assert all(judge(kit, state, a).legal for a in offered)
    assert nearest_room(kit, state, ("hq57",)) == ()


# --- the sample ------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_candidates(shipped, movement_session):
    state = movement_session.state
    first = candidate_actions(shipped, state, random.Random(9))
    assert first == candidate_actions(shipped, state, random.Random(9))
