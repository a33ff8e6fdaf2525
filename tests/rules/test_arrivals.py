"""Units coming onto the map and reserves coming free (owsqt/rules/movement/arrivals.py): waiting
reinforcements and force pools (19.0, 19.12), the release of reserves (19.11) and
conditional entries such as Group Christea (19.12 e); with the EndStep hooks that call
them. Returns from off the map (11.7) are test_offmap_return.py's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import EndStep, MoveStack, PlaceUnits, SetMarker, SetUnitStatus
from owsqt.rules.core.events import ConditionMet, ReservesReleased, StepChanged
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.movement.arrivals import (
    Arrival,
    arrival_of,
    check_conditions,
    pool_points_left,
    release_by_proximity,
    release_by_track,
    waiting,
)
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
AREA_A = ("1053", "1054", "1055", "1155", "1255", "1355", "1455", "1555")


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    state = kit_state(rules)
    state = put(rules, state, SetUnitStatus(units=("pz2", "pz3"), status=UnitStatus.FORCE_POOL))
    return placed(rules, state, tank="1438", mech="1438", mot6="1439")


def placed(rules, state, **where):
    for unit_id, hex_id in where.items():
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=hx(rules, hex_id)))
    return state


def reserve(rules, state, *units):
    return put(rules, state, SetMarker(units=units, marker=UnitMarker.RESERVE, on=True))


def ids(rules, hexes):
    return tuple(rules.grid.id_of(h) for h in hexes)


def end_of_turn(state, turn):
    """The last step of `turn`: the Air Unit Recovery Segment."""
    return replace(
        state, turn=turn, phase=Phase.RECOVERY, segment=Segment.AIR_RECOVERY, active=None
    )


def step(rules, state):
    outcome = apply(rules, state, EndStep(), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state, list(outcome.events)


# --- waiting units and how they come in -----------------------------------------------------


def test_19_0_waiting_lists_the_off_map_units_with_a_way_in_earliest_first(rules, state):
    arrivals = waiting(rules, state, GERMAN)
    assert [(a.unit, a.turn, a.rule) for a in arrivals] == [
        ("mot5", 1, "19.0"),
        ("pz2", 2, "19.12"),
        ("pz3", 2, "19.12"),
        ("gart", 3, "19.0"),
        ("christea", 5, "19.12 e"),  # its condition unmet: after the scenario's last turn
    ]
    assert waiting(rules, state, SOVIET) == []


def test_19_0_a_reinforcement_enters_at_its_entry_area(rules, state):
    assert arrival_of(rules, state, "mot5") == Arrival(
        "mot5", "reinforcement", "19.0", 1, tuple(hx(rules, i) for i in AREA_A)
    )


def test_19_12_a_force_pool_unit_enters_by_its_pools_entry_hex_from_the_first_draw(rules, state):
    assert arrival_of(rules, state, "pz3") == Arrival(
        "pz3", "force pool", "19.12", 2, (hx(rules, "1043"),), "g-pz"
    )


def test_19_0_units_on_the_map_or_gone_have_no_arrival(rules, state):
    assert arrival_of(rules, state, "tank") is None
    state = put(rules, state, SetUnitStatus(units=("mot5",), status=UnitStatus.ELIMINATED))
    assert arrival_of(rules, state, "mot5") is None
    assert arrival_of(rules, state, "hq57") is None  # waiting, but nothing brings it in


def test_19_0_a_scenario_schedules_only_the_turns_of_the_track_it_plays(rules, state):
    late = replace(state, first_turn=3, turn=3)
    assert arrival_of(rules, late, "mot5") is None  # the turn 1 reinforcement is not its
    assert arrival_of(rules, late, "pz2").turn == 3
    assert pool_points_left(rules, late, "g-pz") == 4


def test_19_0_the_waiting_units_of_the_real_scenarios():
    real = default_ruleset()
    session = new_game(real, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    german = waiting(real, session.state, GERMAN)
    by_reason = {}
    for arrival in german:
        by_reason.setdefault((arrival.reason, arrival.turn, arrival.rule), []).append(arrival)
    assert {key: len(found) for key, found in by_reason.items()} == {
        ("reinforcement", 1, "19.0"): 3,  # the 54th Rocket Launcher Regiment, Entry Area A
        ("force pool", 2, "19.12"): 8,  # the 23rd Panzer Division's units held back
        ("Group Christea", 7, "19.12 e"): 4,
    }
    assert all(ids(real, a.hexes) == AREA_A for a in by_reason["reinforcement", 1, "19.0"])
    assert all(a.force_pool == "de-23pz" for a in by_reason["force pool", 2, "19.12"])
    assert all(ids(real, a.hexes) == ("4831",) for a in by_reason["Group Christea", 7, "19.12 e"])
    assert waiting(real, session.state, SOVIET) == []


def test_19_0_soviet_reinforcements_of_the_campaign_enter_in_entry_area_b():
    real = default_ruleset()
    session = new_game(real, "operation-winter-storm", Mode.STRICT, seed=3)
    session.apply_default_setup()
    soviet = waiting(real, session.state, SOVIET)
    assert soviet and {a.turn for a in soviet} == {9, 10, 11, 12}
    area_b = real.game_map.entry_areas["B"]
    assert all(a.hexes == area_b and a.rule == "19.0" for a in soviet)


# --- 19.12 force pools --------------------------------------------------------------------


def test_19_12_a_force_pool_has_the_points_the_track_granted_so_far(rules, state):
    assert [pool_points_left(rules, replace(state, turn=t), "g-pz") for t in (1, 2, 3, 4)] == [
        0,
        6,
        10,
        10,
    ]


def test_19_12_units_that_entered_use_up_their_pools_points(rules, state):
    turn_2 = at_step(replace(state, turn=2), Segment.MECHANIZED_MOVEMENT, GERMAN)
    outcome = apply(
        rules, turn_2, MoveStack(units=("pz2",), path=(hx(rules, "1043"),)), Mode.STRICT
    )
    assert outcome.applied
    after = outcome.state
    assert after.arrivals == {"pz2": 2}
    assert pool_points_left(rules, after, "g-pz") == 0
    assert pool_points_left(rules, replace(after, turn=3), "g-pz") == 4
    assert pool_points_left(rules, after, "g-inf") == 0  # another formation's pool


def test_19_12_the_23rd_panzer_pool_of_we_are_coming():
    real = default_ruleset()
    session = new_game(real, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    state = session.state
    assert [pool_points_left(real, replace(state, turn=t), "de-23pz") for t in (1, 2, 3)] == [
        0,
        12,
        25,
    ]


# --- 19.11 reserves released by the track -------------------------------------------------


def test_19_11_the_track_releases_its_turns_reserves(rules, state):
    state = reserve(rules, placed(rules, state, stank=OPEN, stank2="3245"), "stank", "stank2")
    assert release_by_track(rules, state) == (state, [])  # turn 1 releases nobody
    turn_2 = replace(state, turn=2)
    after, events = release_by_track(rules, turn_2)
    assert events == [ReservesReleased(("stank",), "turn record track, turn 2")]
    assert events[0].describe(rules) == (
        "released from reserve (turn record track, turn 2): 55 Tank Bde (8-8)"
    )
    assert not after.units["stank"].reserve and after.units["stank2"].reserve
    assert release_by_track(rules, after) == (after, [])  # released once


def test_19_11_a_scenario_without_release_by_the_track_keeps_its_reserves(rules, state):
    state = reserve(rules, placed(rules, state, stank=OPEN), "stank")
    sandbox = replace(state, scenario="test", turn=2)  # no reserve_release in the sandbox
    assert release_by_track(rules, sandbox) == (sandbox, [])
    assert release_by_track(replace(rules, turn_record_track=()), replace(state, turn=2))[1] == []


def test_19_11_reserves_are_released_at_the_start_of_the_turn(rules, state):
    state = reserve(rules, placed(rules, state, stank=OPEN), "stank")
    after, events = step(rules, end_of_turn(state, 1))
    assert isinstance(events[0], StepChanged) and events[0].turn == 2
    assert ReservesReleased(("stank",), "turn record track, turn 2") in events
    assert not after.units["stank"].reserve


def test_19_11_the_first_turn_after_set_up_releases_its_reserves_too(rules, state):
    state = reserve(rules, placed(rules, state, stank=OPEN), "stank")
    setup = replace(
        state, first_turn=2, turn=2, phase=Phase.SETUP, segment=Segment.GERMAN_SETUP, active=GERMAN
    )
    after, events = step_free(rules, setup)
    assert (after.turn, after.segment) == (2, Segment.AIR_ALLOCATION)
    assert ReservesReleased(("stank",), "turn record track, turn 2") in events


def step_free(rules, state):
    outcome = apply(rules, state, EndStep(), Mode.FREE)
    return outcome.state, list(outcome.events)


def test_19_11_the_reserves_of_we_are_coming_released_on_turn_3():
    real = default_ruleset()
    session = new_game(real, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    state = end_of_turn(session.state, 2)
    outcome = apply(real, state, EndStep(), Mode.STRICT)
    released = [e for e in outcome.events if isinstance(e, ReservesReleased)]
    assert len(released) == 1 and released[0].reason == "turn record track, turn 3"
    catalogue = real.catalogue
    expected = {u.id for f in ("su-4mc", "su-13tc") for u in catalogue.units_of(f)}
    expected |= {"su-235tb-1", "su-235tb-2", "su-234tr"}
    assert set(released[0].units) == expected
    after = outcome.state
    assert not any(after.units[u].reserve for u in expected)
    assert all(after.units[u.id].reserve for u in catalogue.units_of("su-7tc"))


# --- 19.11 reserves released by enemy units near them ------------------------------------


def test_19_11_enemy_units_ending_their_phase_within_5_hexes_release_a_reserve(rules, state):
    state = placed(rules, state, stank="3440", stank2="3439", pz2=OPEN)  # 5 and 6 hexes
    state = reserve(rules, state, "stank", "stank2")
    after, events = release_by_proximity(rules, state, GERMAN)
    assert events == [ReservesReleased(("stank",), "enemy units within 5 hexes")]
    assert not after.units["stank"].reserve and after.units["stank2"].reserve


def test_19_11_only_the_phasing_players_units_release_the_other_sides_reserves(rules, state):
    state = placed(rules, state, stank="3440", pz2=OPEN)
    state = reserve(rules, state, "stank", "pz2")
    after, events = release_by_proximity(rules, state, SOVIET)  # the Soviet phase ends
    assert [e.units for e in events] == [("pz2",)]
    assert after.units["stank"].reserve
    after, events = release_by_proximity(rules, state, GERMAN)  # the German phase ends
    assert [e.units for e in events] == [("stank",)]
    assert after.units["pz2"].reserve


def test_19_11_reserves_off_the_map_are_not_released_by_proximity(rules, state):
    state = reserve(rules, placed(rules, state, pz2=OPEN), "stank")
    assert release_by_proximity(rules, state, GERMAN) == (state, [])


def test_19_11_proximity_is_judged_when_the_player_phase_ends(rules, state):
    state = placed(rules, state, stank="3440", tank=OPEN)
    state = reserve(rules, state, "stank")
    movement = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    after, events = step(rules, movement)
    assert after.units["stank"].reserve  # the phase is not over
    after, events = step(rules, after)
    assert after.phase == Phase.SECOND_PLAYER
    assert ReservesReleased(("stank",), "enemy units within 5 hexes") in events
    assert not after.units["stank"].reserve


# --- 19.12 e conditional entries ---------------------------------------------------------


def test_19_12_e_a_unit_of_the_formation_holding_the_hex_meets_the_condition(rules, state):
    state = placed(rules, state, mot5="4831")
    after, events = check_conditions(rules, state)
    assert events == [ConditionMet("Group Test", 1)]
    assert events[0].describe(rules) == "Group Test may enter from turn 2"
    assert after.conditions_met == {"Group Test": 1}
    assert arrival_of(rules, after, "christea").turn == 2
    assert arrival_of(rules, after, "christea").pending == ""
    assert check_conditions(rules, after) == (after, [])  # met once


def test_19_12_e_units_of_other_formations_do_not_meet_it(rules, state):
    state = placed(rules, state, tank="4831")  # 57th Panzer Corps, not the infantry division
    assert check_conditions(rules, state) == (state, [])
    assert arrival_of(rules, state, "christea").turn == state.last_turn + 1
    assert arrival_of(rules, state, "christea").pending.startswith("after ")  # the condition


def test_19_12_e_the_condition_is_judged_at_the_end_of_the_turn(rules, state):
    state = placed(rules, state, mot5="4831")
    phase_end = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    after, events = step(rules, phase_end)
    assert not any(isinstance(e, ConditionMet) for e in events)
    after, events = step(rules, end_of_turn(state, 1))
    assert ConditionMet("Group Test", 1) in events
    assert after.turn == 2 and after.conditions_met == {"Group Test": 1}


def test_19_12_e_group_christea_follows_vii_corps_to_abganerovo():
    real = default_ruleset()
    session = new_game(real, "we-are-coming", Mode.STRICT, seed=3)
    session.apply_default_setup()
    state = session.state
    christea = tuple(u.id for u in real.catalogue.units_of("ro-christea"))
    abganerovo = real.grid.hex_of("4831")
    entering = MoveStack(units=christea, path=(abganerovo,))
    turn_1 = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    refused = apply(real, turn_1, entering, Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["19.12 e"] * len(christea)
    held = put(real, state, PlaceUnits(units=("ro-5cd-6ros",), to=abganerovo))
    after = apply(real, end_of_turn(held, 1), EndStep(), Mode.STRICT)
    assert ConditionMet("Group Christea", 1) in after.events
    turn_2 = at_step(after.state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    assert apply(real, turn_2, entering, Mode.STRICT).applied


def test_19_12_e_a_condition_met_is_kept_with_its_turn(rules, state):
    met = replace(state, conditions_met=FrozenMap({"Group Test": 3}))
    assert arrival_of(rules, met, "christea").turn == 4
    assert check_conditions(rules, placed(rules, met, mot5="4831"))[1] == []
