"""The engine in its three modes, the ManualEdit family and the sequence of play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    DeclareAttacks,
    EndStep,
    FlipUnit,
    PlaceAirUnit,
    PlaceUnits,
    ReorderStack,
    RollDice,
    SetBridge,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetStrength,
    SetSupply,
    SetUnitStatus,
)
from owsqt.rules.core.events import DiceRolled, StepChanged, UnitPlaced
from owsqt.rules.core.hexgrid import Hexside
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import (
    AirBox,
    BridgeState,
    Entrenchment,
    Player,
    Supply,
    UnitMarker,
    UnitStatus,
)
from owsqt.rules.engine import apply, judge
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.turn.sequence import TURN_STEPS
from tests.conftest import TEST_SCENARIO


@pytest.fixture
def state(ruleset):
    return initial_state(ruleset.catalogue, TEST_SCENARIO, seed=7)


def hex_(ruleset, hex_id):
    return ruleset.grid.hex_of(hex_id)


def run(ruleset, state, *actions, mode=Mode.FREE):
    for action in actions:
        outcome = apply(ruleset, state, action, mode)
        assert outcome.applied, outcome.verdict
        state = outcome.state
    return state


def play_past_setup(ruleset, state):
    return run(ruleset, state, EndStep(), EndStep())


# --- modes --------------------------------------------------------------------------------


def test_free_mode_applies_a_manual_move_in_play_without_judging_3_1(ruleset, state):
    state = play_past_setup(ruleset, state)
    outcome = apply(
        ruleset, state, PlaceUnits(units=("tank",), to=hex_(ruleset, "2428")), Mode.FREE
    )
    assert outcome.applied and outcome.verdict.legal
    assert outcome.state.units["tank"].hex == hex_(ruleset, "2428")


def test_assist_mode_applies_a_manual_move_in_play_and_cites_3_1(ruleset, state):
    state = play_past_setup(ruleset, state)
    outcome = apply(
        ruleset, state, PlaceUnits(units=("tank",), to=hex_(ruleset, "2428")), Mode.ASSIST
    )
    assert outcome.applied
    assert [v.rule for v in outcome.verdict.violations] == ["3.1"]
    assert outcome.state.units["tank"].status is UnitStatus.ON_MAP


def test_strict_mode_refuses_a_manual_move_in_play_3_1_and_keeps_the_state(ruleset, state):
    state = play_past_setup(ruleset, state)
    outcome = apply(
        ruleset, state, PlaceUnits(units=("tank",), to=hex_(ruleset, "2428")), Mode.STRICT
    )
    assert not outcome.applied
    assert outcome.state is state
    assert outcome.events == ()
    assert "3.1" in str(outcome.verdict.violations[0])


def test_strict_setup_lets_the_soviet_player_place_his_units_19_11(ruleset, state):
    assert state.active is Player.SOVIET
    action = PlaceUnits(units=("rifle", "at"), to=hex_(ruleset, "3038"))
    assert apply(ruleset, state, action, Mode.STRICT).applied


def test_strict_setup_refuses_german_units_during_the_soviet_setup_19_11(ruleset, state):
    outcome = apply(
        ruleset, state, PlaceUnits(units=("tank",), to=hex_(ruleset, "2041")), Mode.STRICT
    )
    assert not outcome.applied
    assert outcome.verdict.violations[0].rule == "19.11"


def test_strict_end_of_setup_refuses_a_hex_over_18_stacking_points_9_2(ruleset, state):
    state = run(ruleset, state, EndStep())  # Soviet set-up done; German sets up
    over = PlaceUnits(units=("tank", "mech", "mot6", "mot5", "hq57"), to=hex_(ruleset, "2041"))
    state = run(ruleset, state, over, mode=Mode.STRICT)
    outcome = apply(ruleset, state, EndStep(), Mode.STRICT)
    assert not outcome.applied
    assert outcome.verdict.violations[0].rule == "9.2"
    assert "19 stacking points" in outcome.verdict.violations[0].message


def test_reduced_stacking_values_count_at_the_9_2_limit(ruleset, state):
    state = run(ruleset, state, EndStep())
    over = PlaceUnits(units=("tank", "mech", "mot6", "mot5", "hq57"), to=hex_(ruleset, "2041"))
    state = run(ruleset, state, over, FlipUnit(unit="tank"), mode=Mode.STRICT)  # 3+4+4+4+1 = 16
    assert judge(ruleset, state, EndStep()).legal


def test_strict_refuses_ending_the_other_players_step_3_1(ruleset, state):
    outcome = apply(ruleset, state, EndStep(player=Player.GERMAN), Mode.STRICT)
    assert not outcome.applied
    assert outcome.verdict.violations[0].rule == "3.1"


def test_an_unknown_unit_is_invalid_in_every_mode(ruleset, state):
    for mode in Mode:
        with pytest.raises(InvalidAction, match=r"no ground unit 'ghost'"):
            apply(ruleset, state, PlaceUnits(units=("ghost",), to=hex_(ruleset, "2428")), mode)


def test_a_hex_off_the_map_is_invalid(ruleset, state):
    off = ruleset.grid.hex_from_offset(60, 10)
    with pytest.raises(InvalidAction, match=r"not on the map"):
        apply(ruleset, state, PlaceUnits(units=("tank",), to=off), Mode.FREE)


# --- the ManualEdit family ------------------------------------------------------------------


def test_placed_units_join_the_bottom_of_the_stack(ruleset, state):
    target = hex_(ruleset, "2428")
    state = run(ruleset, state, PlaceUnits(units=("tank",), to=target))
    outcome = apply(ruleset, state, PlaceUnits(units=("mech", "mot6"), to=target), Mode.FREE)
    assert outcome.state.stack(target) == ("tank", "mech", "mot6")
    assert isinstance(outcome.events[0], UnitPlaced)


def test_reorder_puts_a_chosen_unit_on_top(ruleset, state):
    target = hex_(ruleset, "2428")
    state = run(ruleset, state, PlaceUnits(units=("tank", "mech"), to=target))
    state = run(ruleset, state, ReorderStack(hex=target, order=("mech", "tank")))
    assert state.stack(target) == ("mech", "tank")
    with pytest.raises(InvalidAction):
        apply(ruleset, state, ReorderStack(hex=target, order=("mech",)), Mode.FREE)


def test_flip_shows_the_printed_reduced_strength_and_back_2_2(ruleset, state):
    state = run(ruleset, state, FlipUnit(unit="tank"))
    assert (state.units["tank"].reduced, state.units["tank"].strength) == (True, 6)
    state = run(ruleset, state, FlipUnit(unit="tank"))
    assert (state.units["tank"].reduced, state.units["tank"].strength) == (False, 12)


def test_a_unit_without_a_reduced_side_cannot_be_flipped(ruleset, state):
    with pytest.raises(InvalidAction, match=r"no reduced side"):
        apply(ruleset, state, FlipUnit(unit="hq57"), Mode.FREE)


def test_a_strength_marker_below_the_reduced_value_turns_the_counter_over_2_2(ruleset, state):
    state = run(ruleset, state, SetStrength(unit="tank", strength=9))
    assert (state.units["tank"].strength, state.units["tank"].reduced) == (9, False)
    state = run(ruleset, state, SetStrength(unit="tank", strength=4))
    assert (state.units["tank"].strength, state.units["tank"].reduced) == (4, True)


def test_strength_markers_stay_within_the_printed_strength_2_2(ruleset, state):
    for strength in (0, 13):
        with pytest.raises(InvalidAction, match=r"2.2"):
            apply(ruleset, state, SetStrength(unit="tank", strength=strength), Mode.FREE)


def test_markers_supply_and_status_are_set_and_cleared(ruleset, state):
    state = run(
        ruleset,
        state,
        PlaceUnits(units=("art",), to=hex_(ruleset, "3038")),
        SetMarker(units=("art",), marker=UnitMarker.DISRUPTED, on=True),
        SetMarker(units=("art",), marker=UnitMarker.FIRED, on=True),
        SetSupply(units=("art",), supply=Supply.ORGANIC),
    )
    unit = state.units["art"]
    assert unit.disrupted and unit.fired and unit.supply is Supply.ORGANIC
    state = run(ruleset, state, SetUnitStatus(units=("art",), status=UnitStatus.ELIMINATED))
    assert state.units["art"].status is UnitStatus.ELIMINATED
    assert state.stack(hex_(ruleset, "3038")) == ()


def test_a_unit_retreated_off_the_map_keeps_its_exit_hex_11_7(ruleset, state):
    exit_hex = hex_(ruleset, "1043")
    with pytest.raises(InvalidAction, match=r"11.7"):
        apply(
            ruleset,
            state,
            SetUnitStatus(units=("tank",), status=UnitStatus.OFF_MAP_RETURN),
            Mode.FREE,
        )
    action = SetUnitStatus(units=("tank",), status=UnitStatus.OFF_MAP_RETURN, return_hex=exit_hex)
    assert run(ruleset, state, action).units["tank"].return_hex == exit_hex


def test_air_units_move_between_chart_boxes_4_3(ruleset, state):
    state = run(ruleset, state, PlaceAirUnit(air_unit="jg52", box=AirBox.FLOWN))
    assert state.air_units["jg52"].box is AirBox.FLOWN
    for mode in Mode:  # judged in ASSIST and STRICT: refused by name, not a KeyError
        with pytest.raises(InvalidAction, match="'nobody'"):
            apply(ruleset, state, PlaceAirUnit(air_unit="nobody", box=AirBox.READY), mode)


def test_entrenchment_bridge_and_interdiction_markers_15_1_16_2_4_5(ruleset, state):
    target = hex_(ruleset, "3038")
    side = Hexside.between(target, hex_(ruleset, "3039"))
    state = run(
        ruleset,
        state,
        PlaceUnits(units=("rifle",), to=target),
        SetEntrenchment(hex=target, status=Entrenchment.UNDER_CONSTRUCTION),
        SetBridge(hexside=side, state=BridgeState.DESTROYED),
        SetInterdiction(center=target, penalty=2),
    )
    assert state.entrenchments[target].owner is Player.SOVIET
    assert state.bridges[side] is BridgeState.DESTROYED
    assert state.interdiction_zones[0].penalty == 2
    assert state.interdiction_zones[0].radius == 5
    state = run(
        ruleset,
        state,
        SetEntrenchment(hex=target, status=None),
        SetBridge(hexside=side, state=None),
        SetInterdiction(center=target, penalty=0),
    )
    assert not state.entrenchments and not state.bridges and not state.interdiction_zones
    with pytest.raises(InvalidAction, match=r"INT 1 to INT 4"):
        apply(ruleset, state, SetInterdiction(center=target, penalty=5), Mode.FREE)


# --- dice and the sequence ---------------------------------------------------------------


def test_every_roll_is_an_event_and_advances_the_dice_state(ruleset, state):
    outcome = apply(ruleset, state, RollDice(purpose="test", count=3), Mode.STRICT)
    rolls = [event for event in outcome.events if isinstance(event, DiceRolled)]
    assert len(rolls) == 3 and all(1 <= event.value <= 10 for event in rolls)
    assert outcome.state.dice.rolls_made == 3
    again = apply(ruleset, state, RollDice(purpose="test", count=3), Mode.STRICT)
    assert again.events == outcome.events


def test_the_sequence_runs_from_setup_through_every_step_to_game_over_3_1(ruleset, state):
    state = play_past_setup(ruleset, state)
    assert (state.turn, state.phase, state.segment) == (
        1,
        Phase.AIR_OPERATIONS,
        Segment.AIR_ALLOCATION,
    )
    seen = []
    while state.phase != Phase.GAME_OVER:
        seen.append((state.turn, state.phase, state.segment))
        if state.segment == Segment.INITIATIVE_DETERMINATION:  # 6.1: both bid before it ends
            refused = apply(ruleset, state, EndStep(), Mode.STRICT)
            assert not refused.applied and refused.verdict.violations[0].rule == "6.1"
            state = run(
                ruleset,
                state,
                DeclareAttacks(player=Player.GERMAN, planned=0),
                DeclareAttacks(player=Player.SOVIET, planned=0),
            )
        outcome = apply(ruleset, state, EndStep(), Mode.STRICT)
        assert outcome.applied and isinstance(outcome.events[-1], StepChanged)
        state = outcome.state
    assert len(seen) == len(TURN_STEPS) * TEST_SCENARIO.last_turn
    with pytest.raises(InvalidAction, match=r"game is over"):
        apply(ruleset, state, EndStep(), Mode.FREE)


def test_the_first_player_phase_belongs_to_the_initiative_holder_7_1(ruleset, state):
    state = play_past_setup(ruleset, state)
    state = replace(state, initiative=replace(state.initiative, holder=Player.SOVIET))
    while state.phase != Phase.FIRST_PLAYER:
        state = apply(ruleset, state, EndStep(), Mode.FREE).state
    assert state.active is Player.SOVIET
    while state.phase != Phase.SECOND_PLAYER:
        state = run(ruleset, state, EndStep())
    assert state.active is Player.GERMAN
