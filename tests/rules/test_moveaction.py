"""MoveStack judged in STRICT, ASSIST and FREE play (owsqt/rules/movement/moveaction.py): segments
and players (3.1, 7.1), one stack at a time (8.1), administrative movement (8.3),
reserves (19.11), reinforcements, force pools and conditional entries (19.0, 19.12),
returns from off the map (11.7), entrenchments left empty (15.3) and convoys (16.3)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.core.actions import (
    EndStep,
    MoveStack,
    PlaceUnits,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetUnitStatus,
)
from owsqt.rules.core.events import ConvoyDestroyed, EntrenchmentChanged, UnitsMoved
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import MovementState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player, UnitMarker, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.movement.stackmove import StackMove
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.turn.formations import is_mechanized, may_move_in_segment
from owsqt.session import new_game
from tests.rules.movekit import (
    OPEN,
    at_step,
    hx,
    kit_ruleset,
    kit_state,
    move,
    north,
    path_of,
    put,
    rules_of,
)

NON_MECH = Segment.NON_MECHANIZED_MOVEMENT
MECH = Segment.MECHANIZED_MOVEMENT


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    return kit_state(rules)


def scene(rules, state, segment, player=Player.GERMAN, *, turn=None, phase=None, **where):
    """Units placed (unit=hex id), then the game put at `segment`, `player` first player."""
    for unit_id, hex_id in where.items():
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=hx(rules, hex_id)))
    return at_step(state, segment, player, turn=turn, phase=phase or Phase.FIRST_PLAYER)


def legal(outcome):
    assert outcome.applied and outcome.verdict.legal, outcome.verdict
    return outcome.state


# --- 3.1 segments and players, in the three modes ------------------------------------------


def test_3_1_units_move_only_in_movement_segments_strict_refuses(rules, state):
    state = scene(rules, state, Segment.NON_MECHANIZED_COMBAT, mot5=OPEN)
    outcome = move(rules, state, ("mot5",), north(OPEN, 2))
    assert not outcome.applied
    assert rules_of(outcome) == ["3.1"]
    assert "non mechanized combat" in outcome.verdict.violations[0].message
    assert outcome.state is state and outcome.events == ()


def test_3_1_assist_applies_a_move_out_of_its_segment_and_keeps_the_violation(rules, state):
    state = scene(rules, state, Segment.AIR_ALLOCATION, None, phase=Phase.AIR_OPERATIONS, mot5=OPEN)
    outcome = move(rules, state, ("mot5",), north(OPEN, 2), Mode.ASSIST)
    assert outcome.applied and rules_of(outcome) == ["3.1"]
    assert outcome.state.units["mot5"].hex == hx(rules, "3443")


def test_3_1_free_play_applies_a_move_without_judging_it(rules, state):
    state = scene(rules, state, Segment.AIR_ALLOCATION, None, phase=Phase.AIR_OPERATIONS, mot5=OPEN)
    outcome = move(rules, state, ("mot5",), north(OPEN, 20), Mode.FREE)
    assert outcome.applied and outcome.verdict.legal
    assert outcome.state.units["mot5"].hex == hx(rules, "3425")


def test_3_1_only_the_phasing_player_moves_his_units(rules, state):
    state = scene(rules, state, NON_MECH, Player.GERMAN, rifle=OPEN)
    outcome = move(rules, state, ("rifle",), north(OPEN, 1))
    assert rules_of(outcome) == ["3.1"]
    assert "German player's non mechanized movement" in outcome.verdict.violations[0].message
    soviet_turn = at_step(state, NON_MECH, Player.SOVIET)
    assert legal(move(rules, soviet_turn, ("rifle",), north(OPEN, 1)))


def test_3_1_the_second_player_moves_in_the_second_player_phase(rules, state):
    state = scene(rules, state, NON_MECH, Player.GERMAN, rifle=OPEN)
    second = at_step(state, NON_MECH, Player.SOVIET, phase=Phase.SECOND_PLAYER)
    assert second.initiative.holder is Player.GERMAN
    assert legal(move(rules, second, ("rifle",), north(OPEN, 1)))
    german = scene(rules, state, NON_MECH, Player.SOVIET, mot5="3245")
    german = at_step(german, NON_MECH, Player.SOVIET, phase=Phase.SECOND_PLAYER)
    assert rules_of(move(rules, german, ("mot5",), north("3245", 1))) == ["3.1"]


# --- 7.1 mechanized and non-mechanized formations ------------------------------------------


def test_7_1_mechanized_units_move_in_the_mechanized_movement_segment(rules, state):
    state = scene(rules, state, NON_MECH, tank=OPEN)
    outcome = move(rules, state, ("tank",), north(OPEN, 1))
    assert rules_of(outcome) == ["7.1"]
    assert "mechanized formation" in outcome.verdict.violations[0].message
    assert legal(move(rules, at_step(state, MECH), ("tank",), north(OPEN, 1)))


def test_7_1_non_mechanized_units_move_in_the_non_mechanized_movement_segment(rules, state):
    state = scene(rules, state, MECH, mot5=OPEN)
    outcome = move(rules, state, ("mot5",), north(OPEN, 1))
    assert rules_of(outcome) == ["7.1"]
    assert "non-mechanized formation" in outcome.verdict.violations[0].message
    assert legal(move(rules, at_step(state, NON_MECH), ("mot5",), north(OPEN, 1)))


def test_7_1_a_mixed_stack_breaks_7_1_for_each_unit_out_of_its_segment(rules, state):
    state = scene(rules, state, NON_MECH, tank=OPEN, mot5=OPEN)
    outcome = move(rules, state, ("tank", "mot5"), north(OPEN, 1))
    assert rules_of(outcome) == ["7.1"]
    assert "I/11 Pz" in outcome.verdict.violations[0].message


def test_7_1_units_assigned_directly_to_a_mechanized_corps_are_mechanized(rules):
    assert is_mechanized(rules, "hq57")  # its formation is the corps itself
    assert may_move_in_segment(rules, "hq57", MECH)
    assert not may_move_in_segment(rules, "hq57", NON_MECH)
    assert not is_mechanized(rules, "christea")  # its own formation decides, not the corps
    assert not is_mechanized(rules, "convoy1")


def test_7_1_the_mechanized_formations_of_the_real_order_of_battle():
    real = default_ruleset()
    for unit_id in (
        "de-57pzk-hq",  # assigned directly to the 57th Panzer Corps
        "de-57pzk-54wr-1",
        "de-6pz-11pzr-1",
        "de-23pz-201pzr-1",
        "de-17pz-39pzr-1",
        "su-4mc-36mb-1",
        "su-13tc-17mb-1",
        "su-2gmc-4gmb-mr1",
    ):
        assert is_mechanized(real, unit_id), unit_id
    for unit_id in (
        "ro-5cd-6ros",  # all Rumanian formations
        "ro-18id-90ir",
        "ro-christea-lt1",
        "lw-15lfd-29jr",  # the 15th Luftwaffe Field Division
        "de-gr-bischof",  # Gruppe Bischoff
        "de-kp-eule",  # Kompanie Eule
        "de-convoy-1",  # the relief convoys
        "su-302rd-823rr",
        "su-61cd-213cr",
        "su-235tb-1",  # assigned directly to the 51st Army
        "su-51a-hq",
    ):
        assert not is_mechanized(real, unit_id), unit_id


# --- 8.1 one stack at a time ---------------------------------------------------------------


def test_8_1_a_move_puts_the_stack_at_the_end_of_its_path_and_logs_its_cost(rules, state):
    state = scene(rules, state, MECH, tank=OPEN, mech=OPEN)
    outcome = move(rules, state, ("tank", "mech"), north(OPEN, 4))
    after = legal(outcome)
    end = hx(rules, "3441")
    assert after.stack(end) == ("tank", "mech") and after.stack(hx(rules, OPEN)) == ()
    assert outcome.events == (
        UnitsMoved(("tank", "mech"), path_of(rules, north(OPEN, 4)), Fraction(4), False, False),
    )
    assert outcome.events[0].describe(rules) == (
        "I/11 Pz (12-10), I/114 PzGr (7-10) moved 3445 > 3444 > 3443 > 3442 > 3441, 4 MP"
    )
    assert after.movement.moving == {"tank": 6, "mech": 6}


def test_8_1_moved_units_join_the_bottom_of_the_stack_they_reach(rules, state):
    state = scene(rules, state, MECH, tank=OPEN, pz2="3443")
    after = legal(move(rules, state, ("tank",), north(OPEN, 2)))
    assert after.stack(hx(rules, "3443")) == ("pz2", "tank")


def test_8_1_a_path_costing_more_than_the_allowance_is_refused(rules, state):
    state = scene(rules, state, MECH, tank=OPEN)
    assert legal(move(rules, state, ("tank",), north(OPEN, 10)))
    outcome = move(rules, state, ("tank",), north(OPEN, 11))
    assert rules_of(outcome) == ["8.1"]
    assert "11 MP" in outcome.verdict.violations[0].message


def test_8_1_one_stack_finishes_its_move_before_the_next_begins(rules, state):
    state = scene(rules, state, MECH, tank=OPEN, pz2="3245")
    state = legal(move(rules, state, ("tank",), north(OPEN, 2)))
    state = legal(move(rules, state, ("pz2",), north("3245", 2)))
    assert state.movement.done == {"tank"}
    outcome = move(rules, state, ("tank",), north("3443", 1))
    assert rules_of(outcome) == ["8.1"]
    assert "has finished its move this segment" in outcome.verdict.violations[0].message


def test_8_1_a_unit_moves_once_per_segment_and_again_in_the_next(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN, gfill1="3245")
    state = legal(move(rules, state, ("mot5",), north(OPEN, 1)))
    state = legal(move(rules, state, ("gfill1",), north("3245", 1)))
    assert rules_of(move(rules, state, ("mot5",), north("3444", 1))) == ["8.1"]
    state = apply(rules, state, EndStep(), Mode.STRICT).state  # to the mechanized segment
    assert state.segment == MECH and state.movement == MovementState()


def test_8_1_a_stack_in_motion_continues_with_the_points_it_has_left(rules, state):
    state = scene(rules, state, MECH, tank=OPEN)
    state = legal(move(rules, state, ("tank",), north(OPEN, 4)))
    assert state.movement.moving == {"tank": 6}
    assert StackMove(rules, state, ("tank",)).continuing
    assert rules_of(move(rules, state, ("tank",), north("3441", 7))) == ["8.1"]
    state = legal(move(rules, state, ("tank",), north("3441", 6)))
    assert state.movement.moving == {"tank": 0}
    assert rules_of(move(rules, state, ("tank",), north("3435", 1))) == ["8.1"]


def test_8_1_a_stack_in_motion_may_drop_units_off_and_they_have_finished(rules, state):
    state = scene(rules, state, MECH, tank=OPEN, mech=OPEN)
    state = legal(move(rules, state, ("tank", "mech"), north(OPEN, 2)))
    state = legal(move(rules, state, ("tank",), north("3443", 3)))
    assert state.movement.done == {"mech"} and state.movement.moving == {"tank": 5}
    assert state.units["mech"].hex == hx(rules, "3443")
    outcome = move(rules, state, ("mech",), north("3443", 1))
    assert rules_of(outcome) == ["8.1"]


def test_8_1_a_stack_in_motion_may_not_pick_units_up(rules, state):
    state = scene(rules, state, MECH, tank=OPEN, pz2="3443")
    state = legal(move(rules, state, ("tank",), north(OPEN, 2)))
    outcome = move(rules, state, ("tank", "pz2"), north("3443", 2))
    assert rules_of(outcome) == ["8.1"]
    assert "not pick new ones up" in outcome.verdict.violations[0].message


def test_8_1_a_faster_unit_left_to_move_on_keeps_its_own_points(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, rifle=OPEN, at=OPEN)
    # Reading 61: each pays its own class's costs, 1 MP a hex on foot, 2 motorized.
    state = legal(move(rules, state, ("rifle", "at"), north(OPEN, 2)))
    assert state.movement.moving == {"rifle": 3, "at": 4}
    state = legal(move(rules, state, ("at",), north("3443", 2)))
    assert state.movement.moving == {"at": 0} and state.movement.done == {"rifle"}


def test_8_1_units_of_both_sides_never_move_as_one_stack(rules, state):
    state = scene(rules, state, MECH, tank=OPEN)
    state = put(rules, state, PlaceUnits(units=("stank",), to=hx(rules, OPEN)))
    outcome = move(rules, state, ("tank", "stank"), north(OPEN, 1))
    assert "8.1" in rules_of(outcome)
    assert any("side" in v.message for v in outcome.verdict.violations)


def test_8_1_assist_lists_every_rule_a_move_breaks(rules, state):
    state = scene(rules, state, NON_MECH, Player.GERMAN, stank=OPEN)
    state = put(rules, state, SetMarker(units=("stank",), marker=UnitMarker.RESERVE, on=True))
    outcome = move(rules, state, ("stank",), north(OPEN, 9), Mode.ASSIST)
    assert outcome.applied
    assert rules_of(outcome) == ["3.1", "7.1", "19.11", "8.1"]


# --- 8.3 administrative movement -----------------------------------------------------------


def test_8_3_administrative_movement_goes_one_and_a_half_times_as_far(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN)
    nine = north(OPEN, 9)
    assert rules_of(move(rules, state, ("mot5",), nine)) == ["8.1"]
    outcome = move(rules, state, ("mot5",), nine, administrative=True)
    after = legal(outcome)
    assert after.movement.administrative and after.movement.moving == {"mot5": 0}
    assert outcome.events[0].describe(rules).endswith("18 MP (administrative movement)")


def test_8_3_administrative_movement_may_not_start_next_to_enemy_units(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN, rifle="3446")
    outcome = move(rules, state, ("mot5",), ["3445", "3345"], administrative=True)
    assert "8.3" in rules_of(outcome)
    assert any("start next to enemy" in v.message for v in outcome.verdict.violations)


def test_8_3_administrative_movement_may_not_move_next_to_enemy_units(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN, rifle="3440")
    outcome = move(rules, state, ("mot5",), north(OPEN, 4), administrative=True)
    assert rules_of(outcome) == ["8.3"]
    assert legal(move(rules, state, ("mot5",), north(OPEN, 3), administrative=True))


def test_8_3_disrupted_units_may_not_use_administrative_movement(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN)
    state = put(rules, state, SetMarker(units=("mot5",), marker=UnitMarker.DISRUPTED, on=True))
    outcome = move(rules, state, ("mot5",), north(OPEN, 1), administrative=True)
    assert rules_of(outcome) == ["8.3"]
    assert "disrupted" in outcome.verdict.violations[0].message
    assert legal(move(rules, state, ("mot5",), north(OPEN, 1)))


def test_8_3_4_5_administrative_movement_may_not_start_in_an_interdiction_zone(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, at=OPEN)
    state = put(rules, state, SetInterdiction(center=hx(rules, "3442"), penalty=1))
    outcome = move(rules, state, ("at",), ["3445", "3545"], administrative=True)
    assert set(rules_of(outcome)) == {"8.3"}
    messages = [v.message for v in outcome.verdict.violations]
    assert "administrative movement may not start in an interdiction zone" in messages


def test_8_3_a_stack_in_motion_keeps_to_administrative_movement_or_not(rules, state):
    state = scene(rules, state, NON_MECH, mot5=OPEN)
    state = legal(move(rules, state, ("mot5",), north(OPEN, 2), administrative=True))
    assert state.movement.moving == {"mot5": 14}
    outcome = move(rules, state, ("mot5",), north("3443", 1))
    assert rules_of(outcome) == ["8.3"]
    state = legal(move(rules, state, ("mot5",), north("3443", 7), administrative=True))
    assert state.movement.moving == {"mot5": 0}


# --- 19.11 reserves ------------------------------------------------------------------------


def test_19_11_reserves_may_not_move(rules, state):
    state = scene(rules, state, MECH, Player.SOVIET, stank=OPEN)
    state = put(rules, state, SetMarker(units=("stank",), marker=UnitMarker.RESERVE, on=True))
    outcome = move(rules, state, ("stank",), north(OPEN, 1))
    assert rules_of(outcome) == ["19.11"]
    assert "in reserve" in outcome.verdict.violations[0].message
    released = put(rules, state, SetMarker(units=("stank",), marker=UnitMarker.RESERVE, on=False))
    assert legal(move(rules, released, ("stank",), north(OPEN, 1)))


# --- 19.0, 19.12 reinforcements and force pools ---------------------------------------------


def test_19_0_a_reinforcement_enters_at_its_entry_area_on_its_turn(rules, state):
    state = scene(rules, state, NON_MECH, turn=1)
    outcome = move(rules, state, ("mot5",), ["1053", "1153"])
    after = legal(outcome)
    assert after.units["mot5"].status is UnitStatus.ON_MAP
    assert after.units["mot5"].hex == hx(rules, "1153")
    assert after.arrivals == {"mot5": 1}
    assert outcome.events[0].entered
    assert outcome.events[0].describe(rules) == (
        "I/4 PzGr (5-12) entered the map at 1053 > 1153, 4 MP"
    )
    assert after.movement.moving == {"mot5": 8}


def test_19_0_a_reinforcement_enters_only_at_its_entry_area(rules, state):
    state = scene(rules, state, NON_MECH, turn=1)
    outcome = move(rules, state, ("mot5",), ["2438"])
    assert rules_of(outcome) == ["19.0"]
    assert "enters at 1053, 1054, 1055, 1155, 1255, 1355, 1455, 1555" in str(
        outcome.verdict.violations[0]
    )


def test_19_0_a_reinforcement_enters_from_its_turn_on(rules, state):
    state = scene(rules, state, NON_MECH, turn=2)
    outcome = move(rules, state, ("gart",), ["1053"])
    assert rules_of(outcome) == ["19.0"]
    assert "may enter from turn 3, not on turn 2" in outcome.verdict.violations[0].message
    assert legal(move(rules, replace(state, turn=3), ("gart",), ["1053"]))
    assert legal(move(rules, replace(state, turn=4), ("gart",), ["1053"]))  # or later


def test_19_12_force_pool_units_enter_up_to_the_stacking_points_granted(rules, state):
    state = put(rules, state, SetUnitStatus(units=("pz2", "pz3"), status=UnitStatus.FORCE_POOL))
    turn_1 = scene(rules, state, MECH, turn=1)
    early = move(rules, turn_1, ("pz3",), ["1043"])
    assert set(rules_of(early)) == {"19.12"}
    assert "may enter from turn 2, not on turn 1" in early.verdict.violations[0].message
    turn_2 = at_step(turn_1, MECH, turn=2)
    too_many = move(rules, turn_2, ("pz2", "pz3"), ["1043"])
    assert rules_of(too_many) == ["19.12"]
    assert "has 6 stacking points to enter by this turn; these units need 10" in str(
        too_many.verdict.violations[0]
    )
    assert rules_of(move(rules, turn_2, ("pz3",), ["2438"])) == ["19.12"]  # not its entry hex
    turn_2 = legal(move(rules, turn_2, ("pz2",), ["1043", "1042"]))
    assert rules_of(move(rules, turn_2, ("pz3",), ["1043"])) == ["19.12"]  # none left
    turn_3 = at_step(turn_2, MECH, turn=3)
    assert legal(move(rules, turn_3, ("pz3",), ["1043"]))  # the track's 4 points of turn 3


def test_19_12_e_a_conditional_entry_waits_for_the_turn_after_its_condition(rules, state):
    state = scene(rules, state, NON_MECH, turn=1)
    never = move(rules, state, ("christea",), ["4831"])
    assert rules_of(never) == ["19.12 e"]
    assert "Group Test) may enter from turn 5, not on turn 1" in str(never.verdict.violations[0])
    met = replace(state, conditions_met=FrozenMap({"Group Test": 1}))
    assert "may enter from turn 2" in str(move(rules, met, ("christea",), ["4831"]).verdict)
    turn_2 = replace(met, turn=2)
    assert legal(move(rules, turn_2, ("christea",), ["4831"]))
    elsewhere = move(rules, turn_2, ("christea",), ["4830"])
    assert rules_of(elsewhere) == ["19.12 e"]
    assert "enters at 4831" in elsewhere.verdict.violations[0].message


def test_19_0_units_with_no_way_onto_the_map_do_not_enter(rules, state):
    state = scene(rules, state, MECH, turn=1)
    state = replace(state, scenario="test")  # the sandbox scenario has no conditional entry
    outcome = move(rules, state, ("tank",), ["1043"])
    assert "19.12" in rules_of(outcome)  # g-pz units may enter only from the force pool
    outcome = move(rules, at_step(state, NON_MECH), ("christea",), ["4831"])
    assert rules_of(outcome) == ["19.0"]
    assert "has no way onto the map" in outcome.verdict.violations[0].message


# --- 11.7 returning from off the map -------------------------------------------------------


def test_11_7_a_unit_retreated_off_the_map_returns_at_its_exit_hex(rules, state):
    state = put(
        rules,
        state,
        SetUnitStatus(
            units=("tank",), status=UnitStatus.OFF_MAP_RETURN, return_hex=hx(rules, OPEN)
        ),
    )
    state = scene(rules, state, MECH)
    after = legal(move(rules, state, ("tank",), north(OPEN, 2)))
    assert after.units["tank"].hex == hx(rules, "3443")
    assert after.units["tank"].return_hex is None
    assert "tank" not in after.arrivals  # not a reinforcement: no force-pool points used
    elsewhere = move(rules, state, ("tank",), ["3245"])
    assert rules_of(elsewhere) == ["11.7"]


def test_11_7_a_unit_whose_exit_hex_is_held_returns_next_to_it_out_of_enemy_zocs(rules, state):
    state = put(
        rules,
        state,
        SetUnitStatus(
            units=("tank",), status=UnitStatus.OFF_MAP_RETURN, return_hex=hx(rules, OPEN)
        ),
    )
    state = scene(rules, state, MECH, rifle=OPEN)
    assert rules_of(move(rules, state, ("tank",), ["3444"])) == ["11.7"]  # in the rifle's ZOC
    # two hexes away, out of its ZOC: the ones nearest the German supply edges (south, west)
    assert rules_of(move(rules, state, ("tank",), ["3443"])) == ["11.7"]  # north: farther
    assert legal(move(rules, state, ("tank",), ["3447"]))


# --- 15.3 entrenchments left empty --------------------------------------------------------


def test_15_3_an_entrenchment_is_removed_when_its_hex_is_vacated(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, rifle=OPEN, at=OPEN)
    state = put(rules, state, SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.COMPLETE))
    first = move(rules, state, ("rifle",), north(OPEN, 1))  # 15.2: 2 1/2 MP to leave, then 1
    state = legal(first)
    assert not any(isinstance(e, EntrenchmentChanged) for e in first.events)
    assert hx(rules, OPEN) in state.entrenchments  # the antitank regiment still holds it
    last = move(rules, state, ("at",), north(OPEN, 1))
    state = legal(last)
    assert EntrenchmentChanged(hx(rules, OPEN), None, None) in last.events
    assert hx(rules, OPEN) not in state.entrenchments
    assert last.events[-1].describe(rules) == "entrenchment removed from 3445"


def test_15_3_a_friendly_unit_moving_in_keeps_the_entrenchment_when_the_first_leave(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, rifle=OPEN, at="3444")
    state = put(rules, state, SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.COMPLETE))
    state = legal(move(rules, state, ("at",), ["3444", "3445"]))
    leaving = move(rules, state, ("rifle",), north(OPEN, 1))
    state = legal(leaving)
    assert not any(isinstance(e, EntrenchmentChanged) for e in leaving.events)
    assert state.entrenchments[hx(rules, OPEN)].owner is Player.SOVIET


# --- 16.3 the relief convoys ---------------------------------------------------------------


def test_16_3_a_soviet_unit_moving_through_a_convoy_hex_destroys_the_convoy(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, at=OPEN, convoy1="3443", convoy2="3542")
    outcome = move(rules, state, ("at",), north(OPEN, 4))
    after = legal(outcome)
    assert ConvoyDestroyed("convoy1", hx(rules, "3443")) in outcome.events
    assert outcome.events[-1].describe(rules) == "Relief Convoy 1 destroyed on 3443 (16.3)"
    assert after.units["convoy1"].status is UnitStatus.PERMANENTLY_LOST
    assert after.units["convoy1"].hex is None
    assert after.units["convoy2"].status is UnitStatus.ON_MAP  # beside the path, not on it


def test_16_3_a_soviet_unit_ending_its_move_on_a_convoy_destroys_it(rules, state):
    state = scene(rules, state, NON_MECH, Player.SOVIET, at=OPEN, convoy1="3443")
    after = legal(move(rules, state, ("at",), north(OPEN, 2)))
    assert after.units["convoy1"].status is UnitStatus.PERMANENTLY_LOST
    assert after.stack(hx(rules, "3443")) == ("at",)


def test_16_3_a_convoy_may_not_enter_an_enemy_zoc(rules, state):
    state = scene(rules, state, NON_MECH, convoy1=OPEN, rifle="3441")
    outcome = move(rules, state, ("convoy1",), north(OPEN, 3))
    assert rules_of(outcome) == ["16.3"]
    assert legal(move(rules, state, ("convoy1",), north(OPEN, 2)))


def test_16_3_two_convoys_never_share_a_hex_nor_move_together(rules, state):
    state = scene(rules, state, NON_MECH, convoy1=OPEN, convoy2=OPEN, mot5="3245")
    together = move(rules, state, ("convoy1", "convoy2"), north(OPEN, 2))
    assert rules_of(together) == ["16.3"]
    state = legal(move(rules, state, ("convoy1",), north(OPEN, 2)))
    onto = move(rules, state, ("convoy2",), north(OPEN, 2))
    assert rules_of(onto) == ["16.3"]


# --- actions no mode accepts ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "path", "message"),
    [
        ((), ("3445",), "names its units"),
        (("mot5",), (), "names its units"),
        (("mot5", "mot5"), ("3445",), "named twice"),
        (("mot5",), ("3444", "3443"), "starts where its units are"),
        (("mot5", "tank"), ("3445", "3444"), "starts where its units are"),
        (("mot5", "gart"), ("3445",), "move separately"),
        (("art",), ("3445",), "eliminated or lost units do not move"),
    ],
)
def test_8_1_moves_that_mean_nothing_are_invalid_in_every_mode(rules, state, units, path, message):
    state = scene(rules, state, NON_MECH, mot5=OPEN, tank="3245")
    state = put(rules, state, SetUnitStatus(units=("art",), status=UnitStatus.ELIMINATED))
    action = MoveStack(units=units, path=path_of(rules, path))
    for mode in Mode:
        with pytest.raises(InvalidAction, match=message):
            apply(rules, state, action, mode)


def test_8_1_a_hex_off_the_map_is_invalid(rules, state):
    state = scene(rules, state, NON_MECH, mot5="1053")
    off = rules.grid.hex_from_offset(9, 53)
    with pytest.raises(InvalidAction, match="not on the map"):
        apply(rules, state, MoveStack(units=("mot5",), path=(hx(rules, "1053"), off)), Mode.FREE)


# --- the real game ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def turn_one():
    """We are coming! after its default set-up, turn 1, the German player first."""
    real = default_ruleset()
    session = new_game(real, "we-are-coming", Mode.STRICT, seed=1)
    session.apply_default_setup()
    return real, session.state


def test_7_1_19_0_the_german_mechanized_segment_of_turn_1_of_we_are_coming(turn_one):
    real, state = turn_one
    state = at_step(state, MECH, Player.GERMAN)
    recon = state.units["de-6pz-6aa"].hex
    reach = StackMove(real, state, ("de-6pz-6aa",)).reach()
    target = max(reach.spent, key=lambda h: (reach.spent[h], real.grid.id_of(h)))
    path = tuple(reach.path_to(target))
    assert path[0] == recon
    outcome = apply(real, state, MoveStack(units=("de-6pz-6aa",), path=path), Mode.STRICT)
    assert outcome.applied and outcome.events[0].cost == reach.spent[target]
    wave = ("de-57pzk-54wr-1", "de-57pzk-54wr-2", "de-57pzk-54wr-3")  # turn 1, Entry Area A
    entry = real.grid.hex_of("1054")
    assert apply(real, state, MoveStack(units=wave, path=(entry,)), Mode.STRICT).applied
    pool = apply(real, state, MoveStack(units=("de-23pz-23aa",), path=(entry,)), Mode.STRICT)
    assert "19.12" in [v.rule for v in pool.verdict.violations]  # from turn 2
    rumanian = "ro-18id-90ir"
    hex_ = state.units[rumanian].hex
    step = next(n for _, n in real.grid.neighbours(hex_) if n in real.game_map.hexes)
    refused = apply(real, state, MoveStack(units=(rumanian,), path=(hex_, step)), Mode.ASSIST)
    assert "7.1" in [v.rule for v in refused.verdict.violations]


def test_19_11_soviet_reserves_stay_put_on_turn_1_of_we_are_coming(turn_one):
    real, state = turn_one
    state = at_step(state, MECH, Player.SOVIET)
    unit = "su-4mc-36mb-1"
    assert state.units[unit].reserve
    hex_ = state.units[unit].hex
    step = next(n for _, n in real.grid.neighbours(hex_) if n in real.game_map.hexes)
    outcome = apply(real, state, MoveStack(units=(unit,), path=(hex_, step)), Mode.STRICT)
    assert not outcome.applied and "19.11" in [v.rule for v in outcome.verdict.violations]


def test_3_1_a_player_moves_only_his_own_units_even_in_their_segment(rules, state):
    state = scene(rules, state, NON_MECH, Player.GERMAN, mot5=OPEN)
    action = MoveStack(player=Player.SOVIET, units=("mot5",), path=path_of(rules, north(OPEN, 1)))
    outcome = apply(rules, state, action, Mode.STRICT)
    assert not outcome.applied
    assert "only his own units" in str(outcome.verdict.violations)
