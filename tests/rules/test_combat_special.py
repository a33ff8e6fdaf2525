"""Special cases of combat: a new lead (11.3), the 88s against tanks (16.1), and builders
disrupted (15.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.casualties import disrupt
from owsqt.rules.core.actions import (
    AirStrike,
    Bombard,
    BombardmentMission,
    BuildEntrenchment,
    ChangeLead,
    ContinueCombat,
    Defend,
    Fire,
    PlaceAirUnit,
    PlaceUnits,
    PreparedAttack,
    SetMarker,
    SetUnitStatus,
)
from owsqt.rules.core.events import Eighty88, FireResolved
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player, UnitMarker, UnitStatus
from owsqt.rules.data.units import AirType, UnitCatalogue, UnitType
from owsqt.rules.engine import apply
from tests.rules.combatkit import act, combat_rules, example_board, with_german_gun
from tests.rules.movekit import at_step


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


def test_11_3_a_side_whose_lead_is_disrupted_names_another(rules):
    state, target, *_ = example_board(rules)
    attack = PreparedAttack(target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank")
    state, _ = act(rules, state, attack, Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    early = apply(rules, state, ChangeLead(player=Player.SOVIET, lead="at"), Mode.STRICT)
    assert not early.applied  # the rifle regiment is not disrupted
    state = apply(
        rules, state, SetMarker(units=("rifle",), marker=UnitMarker.DISRUPTED, on=True), Mode.FREE
    ).state
    state, events = act(rules, state, ChangeLead(lead="at"), Player.SOVIET)
    assert state.combat.defender_lead == "at" and "now leads" in events[0].describe(rules)


def test_16_1_the_88s_add_a_mandatory_point_against_a_soviet_tank(rules):
    ground = dict(rules.catalogue.ground)
    ground["flak"] = replace(
        ground["mot5"],
        id="flak",
        name="I/4 Flak (88)",
        type=UnitType.ANTIAIRCRAFT,
        antitank_88=True,
    )
    ground["stank"] = replace(
        ground["tank"], id="stank", name="55 Tank Bde", nationality=ground["rifle"].nationality
    )
    rules = replace(
        rules, catalogue=UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    )
    state, target, armored, _ = example_board(rules)
    state = replace(
        state, units=state.units.set("flak", state.units["mot5"]).set("stank", state.units["tank"])
    )
    for unit_id in ("rifle", "at", "tank", "mech", "mot6", "mot5"):  # clear the board
        state = state.with_unit(
            unit_id, replace(state.units[unit_id], hex=None, status=state.units["flak"].status)
        )
    state = apply(rules, state, PlaceUnits(units=("flak",), to=target), Mode.FREE).state
    state = apply(rules, state, PlaceUnits(units=("stank",), to=armored), Mode.FREE).state
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, Player.SOVIET)
    state, _ = act(
        rules, state, PreparedAttack(target=target, units=("stank",), lead="stank"), Player.SOVIET
    )
    state, _ = act(rules, state, Defend(lead="flak"), Player.GERMAN)
    before = state.units["stank"].strength
    state, events = act(rules, state, Fire(at=armored), Player.GERMAN)
    assert any(isinstance(e, Eighty88) for e in events)
    assert before - state.units["stank"].strength >= 1


def test_15_1_builders_disrupted_give_up_their_entrenchment(rules):
    state, _, armored, _ = example_board(rules)
    start = at_step(state, Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    state, _ = act(rules, start, BuildEntrenchment(hex=armored), Player.GERMAN)
    assert armored in state.entrenchments
    state, events = disrupt(rules, state, ("tank",))
    assert armored not in state.entrenchments
    assert "entrenchment removed" in events[-1].describe(rules)


def test_11_8_defenders_destroyed_by_bombardment_let_the_attackers_roll_their_advance(rules):
    rules = with_german_gun(rules, bombardment=18)
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    for unit_id in ("rifle", "at"):
        state = state.with_unit(unit_id, replace(state.units[unit_id], strength=1))
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank", artillery=("gart",))
    state, _ = act(rules, state, attack, Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    state = apply(
        rules, state, SetUnitStatus(units=("at",), status=UnitStatus.ELIMINATED), Mode.FREE
    ).state
    if state.combat.step == CombatStep.COUNTERBATTERY:
        state, _ = act(rules, state, ContinueCombat(), Player.GERMAN)
    for seed in range(300):  # a bombardment that destroys the last defender
        tried = replace(state, dice=replace(state.dice, seed=seed))
        after, events = act(
            rules, tried, Bombard(units=("gart",), target_unit="rifle"), Player.GERMAN
        )
        if after.units["rifle"].hex is None:
            break
    rolled = [e for e in events if isinstance(e, FireResolved) and "advance" in e.what]
    assert rolled and rolled[0].drm == 0  # an unmodified attack
    assert after.combat.step == CombatStep.ADVANCE and after.combat.advance_length >= 1


def test_12_4_a_bombardment_mission_is_not_an_attack(rules):
    rules = with_german_gun(rules, bombardment=6)
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    mission = BombardmentMission(target=target, units=("gart",))
    state, events = act(rules, state, mission, Player.GERMAN)
    assert "bombardment mission" in events[0].describe(rules)
    assert state.combat.step == CombatStep.OFFENSIVE_BOMBARDMENT  # no counterbattery can answer
    assert not state.initiative.attacks_made and target not in state.prepared_targets  # 6.1
    state, _ = act(rules, state, Bombard(units=("gart",), target_unit="rifle"), Player.GERMAN)
    assert state.combat is None and state.units["gart"].fired


def test_12_1_a_mission_held_without_fire_is_still_the_guns_mission_this_phase(rules):
    rules = with_german_gun(rules, bombardment=6)
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    mission = BombardmentMission(target=target, units=("gart",))
    state, _ = act(rules, state, mission, Player.GERMAN)
    while state.combat is not None:  # the guns hold their fire
        state, _ = act(rules, state, ContinueCombat(), Player.GERMAN)
    assert not state.units["gart"].fired
    again = apply(rules, state, mission, Mode.STRICT)
    assert not again.applied
    assert "12.1: " in str(again.verdict.violations[0])
    assert "has had its mission this phase" in str(again.verdict.violations)


def test_4_6_withheld_stukas_bombard_separately_in_a_german_mechanized_attack(rules):
    air = dict(rules.catalogue.air)
    air["stg77"] = replace(
        air["jg52"], id="stg77", name="I/StG 77", type=AirType.DIVE_BOMBER, bombardment=7
    )
    rules = replace(
        rules, catalogue=UnitCatalogue(rules.catalogue.ground, air, rules.catalogue.formations)
    )
    state, target, *_ = example_board(rules)
    state = apply(
        rules, state, PlaceAirUnit(air_unit="stg77", box=AirBox.WITHHELD), Mode.FREE
    ).state
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank", stukas=("stg77",))
    refused = apply(rules, state, attack, Mode.STRICT)  # not a mechanized segment
    assert any(v.rule == "4.6" for v in refused.verdict.violations)
    state = at_step(state, Segment.MECHANIZED_COMBAT, Player.GERMAN)
    outcome = apply(rules, state, attack, Mode.FREE)
    state = outcome.state
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    assert state.combat.step == CombatStep.OFFENSIVE_BOMBARDMENT
    state, events = act(
        rules, state, AirStrike(air_units=("stg77",), target_unit="rifle"), Player.GERMAN
    )
    strike = next(e for e in events if isinstance(e, FireResolved))
    assert strike.what == "Stuka bombardment" and strike.factors == 7
    assert state.air_units["stg77"].box is AirBox.FLOWN  # 4.6: then to the flown box
    assert state.combat.step in (CombatStep.FIRST_FIRE, CombatStep.SECOND_FIRE)


def test_12_1_12_3_artillery_that_bombarded_or_moved_adjacent_this_phase_does_not_join_an_attack(
    rules,
):
    rules = with_german_gun(rules, bombardment=6)
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    attack = PreparedAttack(target=target, units=("tank", "gart"), lead="tank")
    assert apply(rules, state, attack, Mode.STRICT).verdict.legal  # a gun may fire combat
    marked = state.with_unit("gart", replace(state.units["gart"], moved=True, fired=True))
    assert apply(rules, marked, attack, Mode.STRICT).verdict.legal  # markers alone do not bar
    for done in ({"moved_adjacent": frozenset({"gart"})}, {"bombarded": frozenset({"gart"})}):
        refused = apply(rules, state.with_artillery(**done), attack, Mode.STRICT)
        assert [v.rule for v in refused.verdict.violations] == (
            ["12.3"] if "moved_adjacent" in done else ["12.1"]
        )
