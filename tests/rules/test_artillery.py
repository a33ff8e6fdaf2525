"""Bombardment and counterbattery arithmetic (12.1-12.4, 4.6, 16.1), with the 12.4
counterbattery example and the ground part of the 4.6 bombardment example, with their dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.artillery import (
    bombardment_problems,
    bombardment_result,
    bombardment_solution,
    counterbattery_result,
    counterbattery_solution,
    proficiency_check,
)
from owsqt.rules.combat.fire import Item
from owsqt.rules.core.actions import PlaceUnits, SetEntrenchment, SetMarker, SetSupply
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply, UnitMarker
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO


@pytest.fixture
def rules(ruleset):
    """The example counters with artillery values: the Soviet 6-factor regiment of the
    12.4 example (range 3) and a second of 4; a German battalion as their target."""
    ground = dict(ruleset.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=6, range=3)
    ground["art2"] = replace(ground["art"], id="art2", name="1115 Art Rgt", bombardment=4)
    ground["gart"] = replace(
        ground["mot5"],
        id="gart",
        name="II/128 Art",
        type=ground["art"].type,
        nationality=ground["tank"].nationality,
        bombardment=4,
        range=4,
        proficiency=6,
    )
    catalogue = UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations)
    return replace(ruleset, catalogue=catalogue)


def place(rules, state, **where):
    for unit_id, hex_id in where.items():
        state = apply(
            rules, state, PlaceUnits(units=(unit_id,), to=rules.grid.hex_of(hex_id)), Mode.FREE
        ).state
    return state


@pytest.fixture
def state(rules):
    return initial_state(rules.catalogue, TEST_SCENARIO, seed=1)


def test_12_4_counterbattery_example_the_six_factor_regiment_rolls_a_7_and_suppresses(rules, state):
    # Two Soviet regiments (10 factors, proficiency 4) are designated; one passes its check.
    state = place(rules, state, art="3440", art2="3441", gart="3444", tank="3445")
    assert proficiency_check(rules, "art", roll=4) and not proficiency_check(rules, "art2", 5)
    solution = counterbattery_solution(rules, state, ("art",), "gart")
    assert solution.total_factors == 6 and solution.drms == () and solution.shifts == ()
    assert str(counterbattery_result(rules, solution, roll=7)) == "S"


def test_4_6_ground_attack_of_five_against_a_tank_uses_the_3_column_and_an_8_gives_1(rules, state):
    state = place(rules, state, tank="3445", mech="3445")
    shad = (Item("202 SHAD", 5, "4.6"),)
    solution = bombardment_solution(rules, state, (), "tank", air_factors=shad)
    assert [(i.label, i.value) for i in solution.shifts] == [("armored target", 1)]
    assert solution.column == "3" and solution.drms == ()
    assert str(bombardment_result(rules, solution, roll=8)) == "1"


def test_12_4_range_counts_the_target_hex_not_the_firing_units(rules, state):
    state = place(rules, state, art="3440", rifle="3442", tank="3443")
    assert bombardment_problems(rules, state, "art", rules.grid.hex_of("3443")) == []
    state = place(rules, state, tank="3444")  # four hexes off: beyond range 3
    problems = bombardment_problems(rules, state, "art", rules.grid.hex_of("3444"))
    assert [p.rule for p in problems] == ["12.4"] and "range" in problems[0].message


def test_12_4_a_bombardment_target_lies_within_two_hexes_of_a_friendly_unit(rules, state):
    state = place(rules, state, art="3440", tank="3443")
    problems = bombardment_problems(rules, state, "art", rules.grid.hex_of("3443"))
    assert any("within 2 hexes" in p.message for p in problems)
    # counterbattery may reach beyond the spotting limit
    state = place(rules, state, gart="3443")
    assert (
        bombardment_problems(rules, state, "art", state.units["gart"].hex, counterbattery=True)
        == []
    )


def test_12_4_no_friendly_unit_adjacent_to_the_target_costs_one(rules, state):
    state = place(rules, state, art="3440", rifle="3441", tank="3443")
    solution = bombardment_solution(rules, state, ("art",), "tank")
    assert [(i.value, i.rule) for i in solution.drms] == [(-1, "12.4")]
    state = place(rules, state, rifle="3442")
    assert bombardment_solution(rules, state, ("art",), "tank").drms == ()


def test_14_5_supply_modifiers_apply_to_bombardment_the_worst_firer_counts(rules, state):
    """[14.5] "-1 DRM for all combat, including artillery bombardment. Out of Supply - -2
    DRM" (reading 16): the worst status among the guns of the mission."""
    state = place(rules, state, art="3440", art2="3441", rifle="3442", tank="3443")
    assert bombardment_solution(rules, state, ("art", "art2"), "tank").drms == ()

    def supply(state, unit_id, mode):
        return apply(rules, state, SetSupply(units=(unit_id,), supply=mode), Mode.FREE).state

    state = supply(state, "art", Supply.ORGANIC)
    solution = bombardment_solution(rules, state, ("art", "art2"), "tank")
    assert [(i.value, i.rule) for i in solution.drms] == [(-1, "14.5")]
    state = supply(state, "art2", Supply.OUT)
    solution = bombardment_solution(rules, state, ("art", "art2"), "tank")
    assert [(i.value, i.rule) for i in solution.drms] == [(-2, "14.5")]


def test_12_2_one_mission_per_turn_and_12_1_not_next_to_the_enemy_alone(rules, state):
    state = place(rules, state, art="3440", rifle="3441", tank="3442")
    fired = apply(
        rules, state, SetMarker(units=("art",), marker=UnitMarker.FIRED, on=True), Mode.FREE
    ).state
    assert any(
        "one mission" in p.message
        for p in bombardment_problems(rules, fired, "art", rules.grid.hex_of("3442"))
    )
    state = place(rules, state, tank="3439")  # an enemy next to the regiment, alone
    assert any(
        p.rule == "12.1"
        for p in bombardment_problems(rules, state, "art", rules.grid.hex_of("3442"))
    )


def test_12_3_german_artillery_that_moved_bombards_with_half_its_factors(rules, state):
    state = place(rules, state, gart="3444", mot5="3443", rifle="3442")
    moved = apply(
        rules, state, SetMarker(units=("gart",), marker=UnitMarker.MOVED, on=True), Mode.FREE
    ).state
    assert bombardment_solution(rules, moved, ("gart",), "rifle").total_factors == 2


def test_15_2_an_entrenched_target_shifts_a_column_and_reduces_the_result_by_one(rules, state):
    state = place(rules, state, art="3440", rifle="3441", tank="3442")
    state = apply(
        rules,
        state,
        SetEntrenchment(
            hex=rules.grid.hex_of("3442"), status=Entrenchment.COMPLETE, owner=Player.GERMAN
        ),
        Mode.FREE,
    ).state
    solution = bombardment_solution(rules, state, ("art",), "tank")
    assert solution.total_shift == 2 and solution.entrenched  # armored and entrenched
    plain = bombardment_solution(rules, state, ("art",), "tank")
    best = max(range(1, 11), key=lambda r: bombardment_result(rules, plain, r).losses)
    unreduced = rules.tables.bombardment.resolve(6, 2, 0, roll=best)
    assert bombardment_result(rules, plain, best).losses == max(unreduced.losses - 1, 0)
