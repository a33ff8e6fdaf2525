"""[18.1, 12.4, 4.6] Bombardment of a hidden unit under the fog of war: the unit struck is
drawn at random by the game's die, every candidate exactly as likely, headquarters never,
the top unit when only headquarters hide; naming a unit the side does not see is refused."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from owsqt.rules.air.candidates import air_actions
from owsqt.rules.combat.legal import combat_actions
from owsqt.rules.core.actions import (
    Bombard,
    BombardmentMission,
    ContinueCombat,
    Defend,
    EndStep,
    GroundAttack,
    PlaceUnits,
    PreparedAttack,
    SetEntrenchment,
    SetUnitStatus,
    action_from_data,
    action_to_data,
)
from owsqt.rules.core.dice import DIE_SIDES
from owsqt.rules.core.events import DiceRolled, FireResolved, TargetDrawn
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import AirBox, Entrenchment, Player, UnitStatus
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.engine import apply, judge
from owsqt.rules.fog.draw import hidden_targets, uniform_draw
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from tests.rules.combatkit import act, combat_rules, example_board, with_german_gun
from tests.rules.test_air_examples import RAIDERS, allocate, turn_one_state

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
HIDDEN = ("at", "at2", "rifle3")  # under the 5-5 rifle regiment, top first


def with_dice(state, dice):
    return replace(state, dice=replace(state.dice, script=tuple(dice)))


def fogged(state):
    return replace(state, options=(*state.options, FOG_OF_WAR))


@pytest.fixture
def rules(ruleset):
    """The example counters, a German gun, and more Soviet counters to hide: a second
    antitank regiment, a 3-strength rifle regiment and a Soviet headquarters."""
    rules = with_german_gun(combat_rules(ruleset), bombardment=6)
    ground = dict(rules.catalogue.ground)
    ground["at2"] = replace(ground["at"], id="at2", name="1112 AT Rgt (4-8)")
    ground["rifle3"] = replace(ground["rifle"], id="rifle3", name="824 Rifle Rgt", combat=3)
    ground["shq"] = replace(
        ground["rifle"], id="shq", name="51 Army HQ", type=UnitType.HEADQUARTERS, combat=1
    )
    catalogue = UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    return replace(rules, catalogue=catalogue)


def mission_board(rules, soviet=("rifle", "at", "at2", "rifle3", "shq"), fog=True):
    """The German gun's bombardment mission on the Soviet stack `soviet` (top first), the
    combat at its offensive bombardment step: (state, target hex)."""
    state, target, armored, _ = example_board(rules)
    off = SetUnitStatus(units=("rifle", "at"), status=UnitStatus.ELIMINATED)
    state = apply(rules, state, off, Mode.FREE).state  # the stack is built in `soviet`'s order
    state = apply(rules, state, PlaceUnits(units=soviet, to=target), Mode.FREE).state
    assert state.stack(target) == soviet
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    state = fogged(state) if fog else state
    state, _ = act(rules, state, BombardmentMission(target=target, units=("gart",)), GERMAN)
    if fog:  # 12.4, 18.1: the Soviet player is asked whether any gun of his answers
        assert state.combat.step is CombatStep.COUNTERBATTERY
        state, _ = act(rules, state, ContinueCombat(), SOVIET)
    assert state.combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
    return state, target


def drawn(events):
    (event,) = [e for e in events if isinstance(e, TargetDrawn)]
    return event


# --- the draw --------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(1, 13))
def test_18_1_the_draw_is_exactly_uniform_for_every_number_of_candidates(ruleset, count):
    """Every die value (every pair of values past ten candidates) is enumerated: each
    candidate is drawn by as many as the others, and the rest are rolled again."""
    state, *_ = example_board(combat_rules(ruleset))
    dice = 1 if count <= DIE_SIDES else 2
    tally: Counter[int] = Counter()
    again = 0
    for values in product(range(1, DIE_SIDES + 1), repeat=dice if count > 1 else 0):
        # after a refused number comes (1, ...): the draw ends on candidate 0
        index, _, rolls = uniform_draw(with_dice(state, (*values, *(1,) * dice)), count, SOVIET)
        if len(rolls) > len(values):
            again += 1
            assert "rolled again" in rolls[len(values)].purpose and index == 0
        else:
            tally[index] += 1
    assert sorted(tally) == list(range(count))
    assert len(set(tally.values())) == 1  # each exactly as likely
    span = DIE_SIDES**dice if count > 1 else 1
    assert again == span % count


def test_18_1_a_mission_on_a_hidden_unit_numbers_the_candidates_from_the_top(rules):
    state, target = mission_board(rules)
    seen = view(rules, state, GERMAN)
    assert hidden_targets(rules, state, seen, target) == HIDDEN  # 12.4: no headquarters
    struck = Counter()
    for value in range(1, DIE_SIDES + 1):
        tried = with_dice(state, (value, 1, 1))
        after, events = act(rules, tried, Bombard(units=("gart",), hidden_in=target), GERMAN)
        draw = drawn(events)
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if value == 10:  # above 9, the largest multiple of 3: rolled again, a 1
            assert [r.value for r in rolls[:2]] == [10, 1] and "rolled again" in rolls[1].purpose
        assert "random target among 3 units" in rolls[0].purpose and "18.1" in rolls[0].purpose
        assert draw.unit == HIDDEN[(value - 1) % 3 if value < 10 else 0]
        assert (draw.number, draw.among, draw.hex) == (HIDDEN.index(draw.unit) + 1, 3, target)
        fire = next(e for e in events if isinstance(e, FireResolved))
        assert events.index(draw) < events.index(fire)  # drawn, then bombarded
        assert after.combat is None and after.units["gart"].fired
        if value < 10:
            struck[draw.unit] += 1
    assert struck == {"at": 3, "at2": 3, "rifle3": 3}
    assert "drawn at random, 2 of 3: 1112 AT Rgt (4-8) (18.1)" in drawn(
        act(rules, with_dice(state, (2, 1)), Bombard(units=("gart",), hidden_in=target), GERMAN)[1]
    ).describe(rules)


def test_18_1_every_re_roll_is_recorded(rules):
    state, target = mission_board(rules)
    state = with_dice(state, (10, 10, 9, 5))  # 10 twice: rolled again; 9 is the third unit
    _, events = act(rules, state, Bombard(units=("gart",), hidden_in=target), GERMAN)
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [r.value for r in rolls] == [10, 10, 9, 5]  # the draw's three, the bombardment's
    assert [("rolled again" in r.purpose) for r in rolls[:3]] == [False, True, True]
    assert all("above 9 rolls again" in r.purpose for r in rolls[:3])
    assert rolls[3].purpose == "bombardment"
    assert drawn(events).unit == "rifle3"


def test_12_4_a_headquarters_is_never_drawn(rules):
    state, target = mission_board(rules, soviet=("rifle", "shq", "at"))
    assert hidden_targets(rules, state, view(rules, state, GERMAN), target) == ("at",)
    for value in range(1, DIE_SIDES + 1):
        tried = with_dice(state, (value,))
        _, events = act(rules, tried, Bombard(units=("gart",), hidden_in=target), GERMAN)
        assert drawn(events).unit == "at"
        # one candidate: no die is rolled to draw it, the one roll is the bombardment's
        assert [e.purpose for e in events if isinstance(e, DiceRolled)] == ["bombardment"]


def test_12_4_the_top_unit_is_struck_when_only_headquarters_are_hidden(rules):
    state, target = mission_board(rules, soviet=("rifle", "shq"))
    assert hidden_targets(rules, state, view(rules, state, GERMAN), target) == ("rifle",)
    _, events = act(rules, state, Bombard(units=("gart",), hidden_in=target), GERMAN)
    assert (drawn(events).unit, drawn(events).among) == ("rifle", 1)


def test_12_4_a_stack_that_hides_only_headquarters_under_an_entrenchment_is_not_drawn_from(
    rules,
):
    state, target = mission_board(rules, soviet=("shq",))
    dug = SetEntrenchment(hex=target, owner=SOVIET, status=Entrenchment.COMPLETE)
    state = apply(rules, state, dug, Mode.FREE).state
    assert hidden_targets(rules, state, view(rules, state, GERMAN), target) == ()
    refused = judge(rules, state, Bombard(player=GERMAN, units=("gart",), hidden_in=target))
    assert [v.rule for v in refused.violations] == ["18.1"]


# --- the judges ------------------------------------------------------------------------


def test_18_1_strict_refuses_naming_a_unit_the_bombarding_side_does_not_see(rules):
    state, _ = mission_board(rules)
    hidden = apply(
        rules, state, Bombard(player=GERMAN, units=("gart",), target_unit="at2"), Mode.STRICT
    )
    assert not hidden.applied
    (violation,) = hidden.verdict.violations
    assert violation.rule == "18.1" and "1112" not in violation.message  # the unit unnamed
    after, _ = act(rules, state, Bombard(units=("gart",), target_unit="rifle"), GERMAN)  # on top
    assert after.combat is None


def test_18_1_a_random_target_without_fog_or_without_a_hidden_unit_is_refused(rules):
    state, target = mission_board(rules, fog=False)
    at_random = Bombard(player=GERMAN, units=("gart",), hidden_in=target)
    assert [v.rule for v in judge(rules, state, at_random).violations] == ["18.1"]
    assert judge(rules, state, replace(at_random, hidden_in=None, target_unit="at2")).legal
    alone, target = mission_board(rules, soviet=("rifle",))
    at_random = Bombard(player=GERMAN, units=("gart",), hidden_in=target)
    (violation,) = judge(rules, alone, at_random).violations
    assert violation.rule == "18.1" and "hides no unit" in violation.message
    with pytest.raises(InvalidAction, match="not both"):
        judge(rules, alone, replace(at_random, target_unit="rifle"))
    with pytest.raises(InvalidAction, match="name the target unit"):
        judge(rules, alone, replace(at_random, hidden_in=None))


def test_18_1_a_target_unit_that_does_not_exist_is_one_clear_refusal(rules, shipped):
    state, _ = mission_board(rules)
    with pytest.raises(InvalidAction, match="no ground unit 'nosuch'"):
        judge(rules, state, Bombard(player=GERMAN, units=("gart",), target_unit="nosuch"))
    air, _ = air_bombardment(shipped)
    with pytest.raises(InvalidAction, match="no ground unit 'nosuch'"):
        judge(shipped, air, GroundAttack(air_units=(RAIDERS[0],), target_unit="nosuch"))


def test_18_1_an_attack_names_its_targets_every_engaged_unit_being_seen(rules):
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("at2",), to=target), Mode.FREE).state
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    state = fogged(state)
    assert not view(rules, state, GERMAN).knows("at2")  # hidden before the attack
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank", artillery=("gart",))
    state, _ = act(rules, state, attack, GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), SOVIET)
    assert state.combat.step is CombatStep.COUNTERBATTERY  # 12.4, 18.1: always asked
    state, _ = act(rules, state, ContinueCombat(), SOVIET)
    assert state.combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
    assert view(rules, state, GERMAN).knows("at2")  # revealed in combat: named, no draw
    assert not hidden_targets(rules, state, view(rules, state, GERMAN), target)
    at_random = Bombard(player=GERMAN, units=("gart",), hidden_in=target)
    (violation,) = judge(rules, state, at_random).violations
    assert violation.rule == "18.1" and "name the target" in violation.message
    assert judge(rules, state, Bombard(player=GERMAN, units=("gart",), target_unit="at2")).legal


# --- ground attack (4.6) ---------------------------------------------------------------


def air_bombardment(rules, fog=True):
    """We are coming, turn 1: a Soviet ground attack regiment flies, the Air Bombardment
    Segment; a Soviet unit within five hexes of the 6th Panzer Division's stack of I/11 Pz
    on top, II/11 Pz and the division's headquarters under it; that stack's hex."""
    state = turn_one_state(rules)
    state = apply(
        rules, state, PlaceUnits(units=("su-91rd-hq",), to=rules.grid.hex_of("1642")), Mode.FREE
    ).state
    state = fogged(state) if fog else state
    state, _ = allocate(rules, state, SOVIET, {RAIDERS[0]: AirBox.GROUND_ATTACK})
    state, _ = allocate(rules, state, GERMAN, {})
    while state.segment is not Segment.AIR_BOMBARDMENT:
        state, _ = act(rules, state, EndStep(), GERMAN)
    return state, state.units["de-6pz-11pzr-1"].hex


def test_4_6_a_ground_attack_strikes_a_hidden_unit_drawn_at_random(shipped):
    state, stack = air_bombardment(shipped)
    assert state.stack(stack) == ("de-6pz-11pzr-1", "de-6pz-11pzr-2", "de-6pz-hq")
    attack = GroundAttack(player=SOVIET, air_units=(RAIDERS[0],), hidden_in=stack)
    after, events = act(shipped, state, attack, SOVIET)
    assert drawn(events).unit == "de-6pz-11pzr-2"  # the headquarters is never drawn (12.4)
    assert drawn(events).what == "ground attack"
    assert after.air_units[RAIDERS[0]].box is AirBox.FLOWN


def test_4_6_the_example_names_the_tank_battalion_on_top_and_no_hidden_unit(shipped):
    """4.6's example: "The top unit in the stack is a 12-10 tank battalion; the other units
    in the stack are unknown. He decides to attack the tank battalion.\""""
    state, _ = air_bombardment(shipped)
    named = GroundAttack(player=SOVIET, air_units=(RAIDERS[0],), target_unit="de-6pz-11pzr-1")
    assert judge(shipped, state, named).legal
    hidden = replace(named, target_unit="de-6pz-11pzr-2")
    assert [v.rule for v in judge(shipped, state, hidden).violations] == ["18.1"]
    assert not apply(shipped, state, hidden, Mode.STRICT).applied


def test_4_6_a_random_ground_attack_without_fog_is_refused(shipped):
    state, stack = air_bombardment(shipped, fog=False)
    attack = GroundAttack(player=SOVIET, air_units=(RAIDERS[0],), hidden_in=stack)
    assert [v.rule for v in judge(shipped, state, attack).violations] == ["18.1"]


# --- the files ---------------------------------------------------------------------------


def test_18_1_a_named_target_is_written_as_before_the_draw_and_old_data_reads_alike(shipped):
    """Files written before the random target hold only `target_unit`; a named target is
    written the same way, byte for byte, and a drawn one holds only `hidden_in`."""
    grid = shipped.grid
    bombard = Bombard(player=GERMAN, units=("de-6pz-76ar-1",), target_unit="su-126rd-rr3")
    old = {
        "kind": "bombard",
        "player": "german",
        "units": ["de-6pz-76ar-1"],
        "target_unit": "su-126rd-rr3",
    }
    assert action_to_data(bombard, grid) == old and action_from_data(old, grid) == bombard
    strike = GroundAttack(air_units=(RAIDERS[0],), target_unit="de-6pz-11pzr-1")
    old = {"kind": "ground_attack", "air_units": [RAIDERS[0]], "target_unit": "de-6pz-11pzr-1"}
    assert action_to_data(strike, grid) == old and action_from_data(old, grid) == strike
    at_random = GroundAttack(air_units=(RAIDERS[0],), hidden_in=grid.hex_of("1645"))
    data = {"kind": "ground_attack", "air_units": [RAIDERS[0]], "hidden_in": "1645"}
    assert action_to_data(at_random, grid) == data and action_from_data(data, grid) == at_random


# --- the candidates the fuzzer plays ---------------------------------------------------------


def test_18_1_a_missions_candidates_offer_a_random_target_and_name_only_seen_units(rules):
    state, target = mission_board(rules)
    bombards = [
        a
        for seed in range(20)
        for a in combat_actions(rules, state, random.Random(seed))
        if isinstance(a, Bombard)
    ]
    assert {a.target_unit for a in bombards} == {"rifle", None}  # the top unit, or a draw
    assert {a.hidden_in for a in bombards} == {target, None}
    assert all(judge(rules, state, a).legal for a in bombards)
    plain, _ = mission_board(rules, fog=False)
    named = [a for a in combat_actions(rules, plain, random.Random(1)) if isinstance(a, Bombard)]
    assert named and all(a.hidden_in is None for a in named)  # without fog: named, as ever


def test_4_6_ground_attack_candidates_under_fog_never_name_a_hidden_unit(shipped):
    state, _ = air_bombardment(shipped)
    seen = view(shipped, state, SOVIET)
    attacks = [
        a
        for seed in range(10)
        for a in air_actions(shipped, state, random.Random(seed))
        if isinstance(a, GroundAttack)
    ]
    assert all(a.target_unit is None or seen.knows(a.target_unit) for a in attacks)
    assert any(a.hidden_in is not None for a in attacks)
    assert all(judge(shipped, state, a).legal for a in attacks)


def test_18_1_12_4_a_mission_reveals_its_guns_and_none_of_the_stack_it_bombards(rules):
    state, target = mission_board(rules)
    seen = view(rules, state, SOVIET)
    assert seen.knows("gart")  # declared (12.4): the defender may fire counterbattery at it
    german = view(rules, state, GERMAN)
    assert german.state.stack(target) == ("rifle",)
    assert german.hidden[target] == 4


def test_12_4_18_1_under_fog_the_counterbattery_step_comes_though_no_enemy_gun_answers(rules):
    """Without fog the step is passed when no Soviet gun has the German gun in range; under
    fog the German player cannot know that, and the Soviet player is asked (reading 152)."""
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    mission = BombardmentMission(target=target, units=("gart",))
    plain, _ = act(rules, state, mission, GERMAN)
    assert plain.combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
    asked, _ = act(rules, fogged(state), mission, GERMAN)
    assert asked.combat.step is CombatStep.COUNTERBATTERY
