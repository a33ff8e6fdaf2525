"""The 11.8 comprehensive combat example played through the engine with the book's dice.

The Germans attack a 5-5 rifle regiment and a 4-8 antitank regiment on elevated ground
from two hexes (the 12-10 tank with the 7-10 mechanized infantry; the 6-12 and 5-12
motorized battalions), with two artillery units of 7 factors. The Soviet 4(3)4
regiment answers. Dice, in the book's order: 6 (Soviet bombardment: no effect), 6
(German bombardment: 1), 10 (Soviet fire: 1/3), 8 (German proficiency check: passed),
7 (German fire, +3: 2/4), 5 (fire at the retreat, 10 column: -/1).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.results import retreat_options
from owsqt.rules.core.actions import (
    AnswerOptional,
    Bombard,
    ContinueCombat,
    Counterbattery,
    Defend,
    Fire,
    PlaceUnits,
    PreparedAttack,
    Retreat,
    SpecialFire,
    TakeLosses,
)
from owsqt.rules.core.events import FireResolved, ProficiencyChecked
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO
from tests.rules.combatkit import act
from tests.rules.movekit import at_step

BOOK_DICE = (6, 6, 10, 8, 7, 5)


@pytest.fixture
def rules(ruleset):
    ground = dict(ruleset.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=4, range=3)
    gun = replace(ground["mot5"], type=UnitType.ARTILLERY, stacking=2, stacking_reduced=1, range=4)
    ground["gart1"] = replace(gun, id="gart1", name="I/128 Art", bombardment=4)
    ground["gart2"] = replace(gun, id="gart2", name="II/128 Art", bombardment=3)
    return replace(
        ruleset,
        catalogue=UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations),
    )


def fires(events):
    return [e for e in events if isinstance(e, FireResolved)]


def test_11_8_the_comprehensive_example_with_the_books_dice(rules):
    state = _the_example_until_the_retreat(rules)
    assert state.special_fire.firers[0] == ("mot6", "mot5")  # 11.7: the German player chooses
    state, events = act(rules, state, SpecialFire(fire=True), Player.GERMAN)
    (retreat_fire,) = fires(events)
    assert (retreat_fire.factors, retreat_fire.column, retreat_fire.roll) == (11, "10", 5)
    assert retreat_fire.result == "-/1"
    assert (state.units["rifle"].strength, state.units["at"].strength) == (2, 3)
    assert state.combat.step == CombatStep.ADVANCE and state.combat.advance_length == 4


def test_11_7_the_german_player_may_hold_his_special_fire_at_the_retreat(rules):
    """The same example, but the motorized battalions let the retreat pass: no roll, no
    loss, and the retreat is finished as before ("may conduct a special fire combat")."""
    state = _the_example_until_the_retreat(rules)
    assert state.units["rifle"].hex == rules.grid.hex_of("4444")  # it waits for the choice
    rolled = state.dice.rolls_made
    state, events = act(rules, state, SpecialFire(fire=False), Player.GERMAN)
    assert not fires(events) and state.dice.rolls_made == rolled
    assert (state.units["rifle"].strength, state.units["at"].strength) == (3, 3)
    assert state.units["rifle"].hex != rules.grid.hex_of("4444")
    assert state.combat.step == CombatStep.ADVANCE and state.combat.advance_length == 4


def _the_example_until_the_retreat(rules):
    """The example played with the book's dice until the Soviet stack has named its
    retreat through the motorized battalions' ZOC."""
    hx = rules.grid.hex_of
    state = initial_state(rules.catalogue, TEST_SCENARIO, seed=1)
    for units, where in (
        (("rifle", "at"), "4444"),
        (("art",), "4542"),
        (("tank", "mech", "gart1", "gart2"), "4344"),
        (("mot6", "mot5"), "4545"),
    ):
        state = apply(rules, state, PlaceUnits(units=units, to=hx(where)), Mode.FREE).state
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, Player.GERMAN)
    state = replace(state, dice=replace(state.dice, script=BOOK_DICE))
    attack = PreparedAttack(
        target=hx("4444"),
        units=("tank", "mech", "mot6", "mot5"),
        lead="tank",
        artillery=("gart1", "gart2"),
    )
    state, _ = act(rules, state, attack, Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle", artillery=("art",)), Player.SOVIET)
    if state.combat.step == CombatStep.COUNTERBATTERY:  # "no other artillery units are in range"
        state, _ = act(rules, state, ContinueCombat(), Player.SOVIET)
    # The Soviet regiment bombards the 6-12 motorized battalion on the 3 column: a 6.
    state, events = act(rules, state, Bombard(units=("art",), target_unit="mot6"), Player.SOVIET)
    (soviet_bombardment,) = fires(events)
    assert (soviet_bombardment.column, soviet_bombardment.roll) == ("3", 6)
    assert soviet_bombardment.result == "-" and state.units["mot6"].strength == 6
    # Seven German factors on the 7 column at the rifle regiment: a 6 gives 1.
    state, events = act(
        rules, state, Bombard(units=("gart1", "gart2"), target_unit="rifle"), Player.GERMAN
    )
    (german_bombardment,) = fires(events)
    assert (german_bombardment.factors, german_bombardment.column) == (7, "7")
    assert german_bombardment.result == "1" and state.units["rifle"].strength == 4
    # The Soviet fire: 8 factors at the armored stack, a 10: 1/3.
    state, events = act(rules, state, Fire(at=hx("4344")), Player.SOVIET)
    (soviet_fire,) = fires(events)
    assert (soviet_fire.factors, soviet_fire.column, soviet_fire.drm) == (8, "8", 0)
    assert soviet_fire.result == "1/3"
    state, _ = act(rules, state, TakeLosses(hits=("tank",)), Player.GERMAN)
    state, events = act(rules, state, AnswerOptional(check=True), Player.GERMAN)
    check = next(e for e in events if isinstance(e, ProficiencyChecked))
    assert (check.roll, check.proficiency) == (8, 8)  # passed: 3 points, lead, mech, lead
    state, _ = act(rules, state, TakeLosses(hits=("tank", "mech", "tank")), Player.GERMAN)
    assert (state.units["tank"].strength, state.units["mech"].strength) == (9, 6)
    # The German fire: 26 factors, the 20 column (elevated), +3, a 7: 2/4.
    state, events = act(rules, state, Fire(), Player.GERMAN)
    (german_fire,) = fires(events)
    assert (german_fire.factors, german_fire.column, german_fire.drm) == (26, "20", 3)
    assert german_fire.result == "2/4"
    state, _ = act(rules, state, TakeLosses(hits=("rifle", "at")), Player.SOVIET)
    state, _ = act(rules, state, AnswerOptional(check=False), Player.SOVIET)
    option = retreat_options(rules, state, state.combat.pending).paths[0]
    assert {u for entry in option.zoc_entries for u in entry.firers} == {"mot6", "mot5"}
    state, _ = act(rules, state, Retreat(path=(option.start, *option.hexes)), Player.SOVIET)
    return state


def test_12_4_the_counterbattery_example_with_the_books_dice(rules):
    """Two Soviet regiments (10 factors, proficiency 4) answer a German battalion; only the
    6-factor one passes its check (a 4; the other rolls 5), and its 7 suppresses."""
    ground = dict(rules.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=6, range=3, proficiency=4)
    ground["art2"] = replace(ground["art"], id="art2", name="1115 Art Rgt", bombardment=4)
    rules = replace(
        rules, catalogue=UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    )
    hx = rules.grid.hex_of
    state = initial_state(rules.catalogue, TEST_SCENARIO, seed=1)
    for units, where in (
        (("rifle", "at"), "4444"),
        (("art",), "4542"),
        (("art2",), "4543"),
        (("tank", "mech", "gart1"), "4344"),
    ):
        state = apply(rules, state, PlaceUnits(units=units, to=hx(where)), Mode.FREE).state
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, Player.GERMAN)
    state = replace(state, dice=replace(state.dice, script=(4, 5, 7)))
    attack = PreparedAttack(
        target=hx("4444"), units=("tank", "mech"), lead="tank", artillery=("gart1",)
    )
    state, _ = act(rules, state, attack, Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    assert state.combat.step == CombatStep.COUNTERBATTERY
    state, events = act(
        rules, state, Counterbattery(units=("art", "art2"), target_unit="gart1"), Player.SOVIET
    )
    checks = [(e.unit, e.roll) for e in events if isinstance(e, ProficiencyChecked)]
    assert checks == [("art", 4), ("art2", 5)]
    (counterbattery,) = fires(events)
    assert (counterbattery.factors, counterbattery.roll, counterbattery.result) == (6, 7, "S")
    assert state.units["gart1"].fired and state.units["art"].fired  # both marked (12.4)
    assert not state.units["art2"].fired  # a failed attempt places no marker
    assert "gart1" in state.combat.bombarded  # its mission is stopped
