"""Steps that need nobody pass by themselves (3.1, owsqt/rules/idlesteps.py): every new game
passes them, each told with its rule; a game without the option (an older file) waits as
it did; under the fog of war (18.1) only steps whose idleness both sides can see pass."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import AllocateAir, DeclareAttacks, EndStep
from owsqt.rules.core.events import Passed
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import STEPS_PASS, Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR, new_game_options
from owsqt.rules.idlesteps import forced, pass_idle
from owsqt.session import new_game

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def allocating(shipped):
    """We are coming! after the default set-up: turn 1's Air Allocation Segment."""
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    return session.state


def allocate_nothing(shipped, state):
    """Both sides allocate no air unit, the German side places no fighter: the events."""
    events = []
    for player in (SOVIET, GERMAN, GERMAN):
        if state.segment is not Segment.AIR_ALLOCATION:
            break
        outcome = apply(
            shipped, state, AllocateAir(player=player, missions=FrozenMap()), Mode.STRICT
        )
        assert outcome.applied, outcome.verdict
        state = outcome.state
        events.extend(outcome.events)
    return state, events


def passed(events):
    return [(e.rule, e.what) for e in events if isinstance(e, Passed)]


def test_3_1_every_new_game_passes_the_steps_that_need_nobody(allocating):
    assert new_game_options(()) == (STEPS_PASS,)
    assert new_game_options((FOG_OF_WAR,)) == (FOG_OF_WAR, "keyed-dice", STEPS_PASS)
    assert STEPS_PASS in allocating.options


def test_3_1_4_3_the_air_allocation_waits_for_the_sides_with_ready_air_units(shipped, allocating):
    assert allocating.segment is Segment.AIR_ALLOCATION
    assert forced(shipped, allocating) is None


def test_3_1_4_4_to_5_2_the_air_and_pocket_steps_of_we_are_coming_pass_to_the_bids(
    shipped, allocating
):
    state, events = allocate_nothing(shipped, allocating)

    assert (state.phase, state.segment) == (Phase.INITIATIVE, Segment.INITIATIVE_DETERMINATION)
    told = passed(events)
    assert [rule for rule, _ in told] == ["4.3", "4.4", "4.6", "4.5", "5.1", "5.1", "5.2"]
    assert told[-1] == (
        "5.2",
        "the soviet ring forces segment passes: no Ring army is due a release roll and no "
        "Ring unit may move",
    )
    line = next(e for e in events if isinstance(e, Passed)).describe(shipped)
    assert line == "the air allocation segment passes: every side has allocated its air units (4.3)"


def test_3_1_6_1_the_initiative_step_passes_once_the_initiative_is_determined(shipped, allocating):
    state, _ = allocate_nothing(shipped, allocating)
    for player in (GERMAN, SOVIET):
        outcome = apply(shipped, state, DeclareAttacks(player=player, planned=0), Mode.STRICT)
        state = outcome.state

    assert state.phase is Phase.FIRST_PLAYER
    assert state.segment is Segment.SUPPLY_DETERMINATION  # the player phase is his: it waits
    assert ("6.1", "the initiative determination segment passes: the initiative is determined") in (
        passed(outcome.events)
    )


def test_3_1_a_game_without_the_option_waits_in_each_step_as_older_files_were_played(
    shipped, allocating
):
    older = replace(allocating, options=())

    state, events = allocate_nothing(shipped, older)

    assert state.segment is Segment.AIR_ALLOCATION  # every side allocated, nobody ended it
    assert passed(events) == []
    ended = apply(shipped, state, EndStep(player=None), Mode.STRICT)
    assert ended.state.segment is Segment.AIR_COMBAT


def test_4_3_a_side_with_no_ready_air_unit_allocates_nothing_by_itself(shipped, allocating):
    state = allocating
    for air_id, unit in state.air_units.items():
        if shipped.catalogue.air[air_id].player is SOVIET and unit.box is AirBox.READY:
            state = state.with_air_unit(air_id, AirBox.FLOWN)

    state, events = pass_idle(shipped, state)

    assert passed(events) == [
        ("4.3", "the Soviet player has no ready air unit to allocate (step 1)")
    ]
    assert SOVIET in state.air.allocated and GERMAN not in state.air.allocated
    assert forced(shipped, state) is None  # the German side has ready units: his choice


def test_18_1_under_the_fog_of_war_a_step_whose_idleness_reads_hidden_units_waits(
    shipped, allocating
):
    state, _ = allocate_nothing(shipped, replace(allocating, options=()))
    for _ in range(4):  # air allocation, air combat, air bombardment, interdiction
        state = apply(shipped, state, EndStep(player=state.active), Mode.STRICT).state
    assert state.segment is Segment.THUNDERCLAP_INITIATION

    fogged = replace(state, options=(FOG_OF_WAR, STEPS_PASS))
    clear = replace(state, options=(STEPS_PASS,))

    assert forced(shipped, fogged) is None  # 5.1 reads the German units' strengths
    found = forced(shipped, clear)
    assert found is not None and found[1].rule == "5.1"


def test_3_1_5_2_the_ring_segment_waits_while_a_freed_unit_may_step_and_passes_after(shipped):
    from fractions import Fraction

    from owsqt.rules.core.state import MovementState
    from tests.rules.ringkit import campaign_setup, piece_next_to_pocket, ring_segment

    state = ring_segment(campaign_setup(shipped))
    piece = piece_next_to_pocket(shipped, state)
    freed = replace(state.ring, freed=FrozenMap({"su-64a": piece}))
    state = replace(state, ring=freed, options=(STEPS_PASS,))
    assert forced(shipped, state) is None  # 5.2: the released piece may move
    # in motion with no movement point left (8.1): no step is left to it
    still = replace(state, movement=MovementState(moving=FrozenMap({piece: Fraction(0)})))
    found = forced(shipped, still)
    assert found is not None and found[1].rule == "5.2"
