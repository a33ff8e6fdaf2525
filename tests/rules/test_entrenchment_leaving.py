"""Entrenchment markers and the ways units leave, enter or die on a hex (15.1, 15.3):
a marker goes whenever its hex is vacated of all friendly units, by movement, retreat,
advance, displacement or elimination; enemy units entering never gain it; builders that
move, attack or come under prepared attack give up their construction, bombardment
does not end it (owsqt/rules/movement/leaving.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.casualties import lose_points
from owsqt.rules.core.actions import (
    Advance,
    AnswerOptional,
    Bombard,
    BombardmentMission,
    ContinueCombat,
    Defend,
    Displace,
    Fire,
    HastyAttack,
    PlaceUnits,
    PreparedAttack,
    Retreat,
    SetEntrenchment,
)
from owsqt.rules.core.steps import CombatStep, ResultStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.engine import apply
from tests.rules.combatkit import act, combat_rules, example_board, with_german_gun
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
)
from tests.rules.test_combat import _retreat_path, settle_mandatory

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
COMPLETE, BUILDING = Entrenchment.COMPLETE, Entrenchment.UNDER_CONSTRUCTION


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


def marked(rules, state, hex_, status, owner):
    return put(rules, state, SetEntrenchment(hex=hex_, status=status, owner=owner))


def retreated(rules, state, target):
    """The German prepared attack on the 11.8 example's hex, the Soviet stack retreating
    from it (11.5, 11.7): the state when the hex is empty and the advance is due."""
    attack = PreparedAttack(target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank")
    state, _ = act(rules, state, attack, GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), SOVIET)
    state, _ = act(rules, state, ContinueCombat(), SOVIET)  # the defender holds fire
    for seed in range(200):  # a German fire with an optional result the defenders survive
        tried = replace(state, dice=replace(state.dice, seed=seed))
        fired, _ = act(rules, tried, Fire(), GERMAN)
        pending = fired.combat.pending if fired.combat else None
        if pending is not None and pending.optional >= 1:
            if pending.stage == ResultStage.MANDATORY:
                fired = settle_mandatory(rules, fired)
            if fired.combat.pending is not None and fired.stack(target):
                break
    fired, _ = act(rules, fired, AnswerOptional(check=False), SOVIET)
    fired, events = act(rules, fired, Retreat(path=_retreat_path(rules, fired)), SOVIET)
    assert not fired.stack(target) and fired.combat.step == CombatStep.ADVANCE
    return fired, events


# --- 15.3: every way of vacating a hex ------------------------------------------------------


def test_15_3_a_retreat_that_empties_an_entrenched_hex_lifts_its_marker(rules):
    state, target, *_ = example_board(rules)
    state = marked(rules, state, target, COMPLETE, SOVIET)
    state, events = retreated(rules, state, target)
    assert target not in state.entrenchments
    assert any("entrenchment removed" in e.describe(rules) for e in events)


def test_15_3_an_advance_that_empties_an_entrenched_hex_lifts_its_marker(rules):
    state, target, _, motorized = example_board(rules)
    state = marked(rules, state, motorized, COMPLETE, GERMAN)
    state, _ = retreated(rules, state, target)
    assert motorized in state.entrenchments  # the motorized battalions still hold it
    state, _ = act(rules, state, Advance(units=("mot6", "mot5"), path=(target,)), GERMAN)
    assert state.units["mot5"].hex == target
    assert motorized not in state.entrenchments


def test_15_3_the_elimination_of_the_last_friendly_unit_lifts_the_marker(rules):
    state, target, *_ = example_board(rules)
    state = marked(rules, state, target, COMPLETE, SOVIET)
    state, _ = lose_points(rules, state, "rifle", 99)
    assert target in state.entrenchments  # the antitank regiment still holds it
    state, events = lose_points(rules, state, "at", 99)
    assert target not in state.entrenchments
    assert "entrenchment removed" in events[-1].describe(rules)


def test_15_3_a_displacement_that_empties_an_entrenched_hex_lifts_its_marker(ruleset):
    rules = kit_ruleset(ruleset)
    over = ("tank", "mech", "mot6", "mot5", "hq57")  # 19 stacking points: overstacked
    state = put(rules, kit_state(rules), PlaceUnits(units=over, to=hx(rules, OPEN)))
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    state = marked(rules, state, hx(rules, OPEN), COMPLETE, GERMAN)
    # the whole stack shifted (a free edit's displacement): the hex is vacated
    whole = Displace(units=over, path=path_of(rules, north(OPEN, 1)))
    state = apply(rules, state, whole, Mode.FREE).state
    assert hx(rules, OPEN) not in state.entrenchments


def test_15_3_enemy_units_moving_into_an_empty_entrenched_hex_do_not_gain_it(ruleset):
    rules = kit_ruleset(ruleset)
    start, empty = north(OPEN, 1)
    state = put(rules, kit_state(rules), PlaceUnits(units=("rifle",), to=hx(rules, start)))
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, SOVIET)
    state = marked(rules, state, hx(rules, empty), COMPLETE, GERMAN)  # left by a free edit
    outcome = move(rules, state, ("rifle",), [start, empty])
    assert outcome.applied and outcome.verdict.legal, outcome.verdict
    assert hx(rules, empty) not in outcome.state.entrenchments


def test_15_3_friendly_units_moving_into_an_entrenched_hex_gain_it(ruleset):
    rules = kit_ruleset(ruleset)
    start, held = north(OPEN, 1)
    state = put(
        rules,
        kit_state(rules),
        PlaceUnits(units=("rifle",), to=hx(rules, start)),
        PlaceUnits(units=("at",), to=hx(rules, held)),
    )
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, SOVIET)
    state = marked(rules, state, hx(rules, held), COMPLETE, SOVIET)
    state = move(rules, state, ("rifle",), [start, held]).state
    state = move(rules, state, ("at",), north(held, 1)).state
    assert state.entrenchments[hx(rules, held)].owner is SOVIET  # the rifles hold it now


# --- 15.1: builders that move, attack or come under prepared attack --------------------------


def test_15_1_displaced_builders_give_up_their_construction(ruleset):
    rules = kit_ruleset(ruleset)
    over = ("tank", "mech", "mot6", "mot5", "hq57")
    state = put(rules, kit_state(rules), PlaceUnits(units=over, to=hx(rules, OPEN)))
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    state = marked(rules, state, hx(rules, OPEN), BUILDING, GERMAN)
    shed = Displace(units=("tank",), path=path_of(rules, north(OPEN, 1)), player=GERMAN)
    outcome = apply(rules, state, shed, Mode.STRICT)
    assert outcome.applied and outcome.verdict.legal, outcome.verdict
    assert hx(rules, OPEN) not in outcome.state.entrenchments


def test_15_1_builders_that_make_a_prepared_attack_lose_their_construction(rules):
    state, target, armored, _ = example_board(rules)
    state = marked(rules, state, armored, BUILDING, GERMAN)
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank")
    state, events = act(rules, state, attack, GERMAN)
    assert armored not in state.entrenchments
    assert any("entrenchment removed" in e.describe(rules) for e in events)


def test_15_1_builders_that_make_a_hasty_attack_lose_their_construction(rules):
    state, target, armored, _ = example_board(rules)
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    state = marked(rules, state, armored, BUILDING, GERMAN)
    attack = HastyAttack(target=target, units=("tank", "mech"), lead="tank")
    state, _ = act(rules, state, attack, GERMAN)
    assert armored not in state.entrenchments


def test_15_1_builders_that_come_under_prepared_attack_lose_their_construction(rules):
    state, target, *_ = example_board(rules)
    state = marked(rules, state, target, BUILDING, SOVIET)
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank")
    state, _ = act(rules, state, attack, GERMAN)
    assert target not in state.entrenchments


def test_15_1_builders_under_hasty_attack_keep_their_construction(rules):
    state, target, *_ = example_board(rules)
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    state = marked(rules, state, target, BUILDING, SOVIET)
    attack = HastyAttack(target=target, units=("tank", "mech"), lead="tank")
    state, _ = act(rules, state, attack, GERMAN)
    assert state.entrenchments[target].status is BUILDING  # only a prepared attack ends it


def test_15_1_bombardment_leaves_construction_in_place(rules):
    rules = with_german_gun(rules, bombardment=6)
    state, target, armored, _ = example_board(rules)
    state = apply(rules, state, PlaceUnits(units=("gart",), to=armored), Mode.FREE).state
    state = marked(rules, state, target, BUILDING, SOVIET)
    state, _ = act(rules, state, BombardmentMission(target=target, units=("gart",)), GERMAN)
    for seed in range(300):  # a bombardment that costs the rifles a point, not disrupting
        tried = replace(state, dice=replace(state.dice, seed=seed))
        after, _ = act(rules, tried, Bombard(units=("gart",), target_unit="rifle"), GERMAN)
        rifle = after.units["rifle"]
        hit = rifle.hex is not None and rifle.strength < state.units["rifle"].strength
        if hit and not rifle.disrupted:
            break
    else:
        pytest.fail("no bombardment result with a loss and no disruption")
    assert after.entrenchments[target].status is BUILDING
    assert armored not in after.entrenchments  # the gun's own hex built nothing
