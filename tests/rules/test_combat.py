"""The combat sequence of a prepared attack (11.1-11.8, 12.1-12.4, 13.0), on the 11.8
example's counters: declaration, defence, bombardment, the two fires, results, advance."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.prepared import advancers, step_actor
from owsqt.rules.combat.results import retreat_options, retreat_problem
from owsqt.rules.core.actions import (
    Advance,
    AnswerOptional,
    Bombard,
    ContinueCombat,
    Defend,
    EndStep,
    Fire,
    PlaceUnits,
    PreparedAttack,
    Retreat,
    SetMarker,
    TakeLosses,
)
from owsqt.rules.core.events import FireResolved
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, TallyNationality, UnitMarker
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from tests.rules.combatkit import act, combat_rules, example_board


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.fixture
def board(rules):
    return example_board(rules)


def attack(rules, state, target, **kw):
    action = PreparedAttack(
        target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank", **kw
    )
    return act(rules, state, action, Player.GERMAN)


def settle(rules, state, retreat=False):
    """Answer a waiting result with the default losses and a check (or a retreat)."""
    while state.combat is not None and state.combat.pending is not None:
        pending = state.combat.pending
        if pending.stage == ResultStage.OPTIONAL:
            state, _ = act(rules, state, AnswerOptional(check=not retreat), pending.player)
        elif pending.stage == ResultStage.RETREAT:
            state, _ = act(rules, state, Retreat(path=_retreat_path(rules, state)), pending.player)
        else:
            due = pending.mandatory if pending.stage == ResultStage.MANDATORY else pending.optional
            units = tuple(u for u in pending.units if state.units[u].hex is not None)
            hits = LossPriorities(rules, state, units, pending.lead).default(due)
            state, _ = act(rules, state, TakeLosses(hits=hits), pending.player)
    return state


def _retreat_path(rules, state):
    """The best legal retreat (11.7) of the stack waiting to retreat."""
    option = retreat_options(rules, state, state.combat.pending).paths[0]
    return (option.start, *option.hexes)


def test_11_1_a_prepared_attack_opens_the_combat_and_counts_for_6_2(rules, board):
    state, target, *_ = board
    state, events = attack(rules, state, target)
    assert (
        state.combat.step == CombatStep.DEFENSE and step_actor(state, state.combat) is Player.SOVIET
    )
    assert state.initiative.attacks_made[Player.GERMAN] == 1
    assert "prepared attack" in events[0].describe(rules)
    refused = apply(rules, state, EndStep(), Mode.STRICT)  # 11.2: finish the combat first
    assert not refused.applied and refused.verdict.violations[0].rule == "11.2"


def test_11_1_only_adjacent_undisrupted_units_attack_and_a_hex_once_a_phase(rules, board):
    state, target, *_ = board
    far = PreparedAttack(target=target, units=("rifle",), lead="rifle")
    assert not apply(rules, state, far, Mode.STRICT).applied
    tired = apply(
        rules, state, SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True), Mode.FREE
    ).state
    refused = apply(
        rules, tired, PreparedAttack(target=target, units=("tank",), lead="tank"), Mode.STRICT
    )
    assert "13.0" in [v.rule for v in refused.verdict.violations]
    state, _ = attack(rules, state, target)
    state = replace(state, combat=None)
    again = apply(
        rules, state, PreparedAttack(target=target, units=("mot6",), lead="mot6"), Mode.STRICT
    )
    assert any("prepared attack this phase" in v.message for v in again.verdict.violations)


def test_11_3_the_lead_is_not_artillery_or_headquarters_when_another_unit_attacks(rules, board):
    state, target, armored, _ = board
    state = apply(rules, state, PlaceUnits(units=("hq57",), to=armored), Mode.FREE).state
    action = PreparedAttack(target=target, units=("tank", "hq57"), lead="hq57")
    refused = apply(rules, state, action, Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["11.3"]


def test_11_2_the_defender_fires_first_then_the_attacker_and_results_are_settled(rules, board):
    state, target, armored, _ = board
    state, _ = attack(rules, state, target)
    state, events = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    assert state.combat.step == CombatStep.FIRST_FIRE  # nothing to bombard: steps 3-5 pass
    assert step_actor(state, state.combat) is Player.SOVIET
    state, events = act(rules, state, Fire(at=armored), Player.SOVIET)
    fire = next(e for e in events if isinstance(e, FireResolved))
    assert fire.factors == 9 and fire.column == "8"  # 5 + 4, no modifiers
    state = settle(rules, state)
    if state.combat is not None and state.combat.step == CombatStep.SECOND_FIRE:
        assert step_actor(state, state.combat) is Player.GERMAN
        state, events = act(rules, state, Fire(), Player.GERMAN)
        fire = next(e for e in events if isinstance(e, FireResolved))
        assert fire.column in ("15", "20", "25") and fire.drm >= 2  # elevated; 8 vs 5
        state = settle(rules, state)
    losses = state.losses
    lost = sum(
        rules.catalogue.ground[u].combat - state.units[u].strength
        for u in state.units
        if state.units[u].hex is not None or state.units[u].status.value == "eliminated"
    )
    assert losses[TallyNationality.GERMAN].total + losses[TallyNationality.SOVIET].total == lost


def test_13_0_when_every_defender_is_disrupted_the_attacker_fires_first(rules, board):
    state, target, *_ = board
    state = apply(
        rules,
        state,
        SetMarker(units=("rifle", "at"), marker=UnitMarker.DISRUPTED, on=True),
        Mode.FREE,
    ).state
    state, _ = attack(rules, state, target)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    assert step_actor(state, state.combat) is Player.GERMAN


def test_11_5_11_7_a_retreat_goes_its_hexes_away_from_the_firers(rules, board):
    state, target, *_ = board
    state, _ = attack(rules, state, target)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    state, _ = act(rules, state, ContinueCombat(), Player.SOVIET)  # the defender holds fire
    for seed in range(200):  # a German fire with an optional result
        tried = replace(state, dice=replace(state.dice, seed=seed))
        fired, _ = act(rules, tried, Fire(), Player.GERMAN)
        pending = fired.combat.pending if fired.combat else None
        if pending is not None and pending.optional >= 1:
            break
    if pending.stage == ResultStage.MANDATORY:
        fired = settle_mandatory(rules, fired)
    fired, _ = act(rules, fired, AnswerOptional(check=False), Player.SOVIET)
    start = fired.units["rifle"].hex
    toward = next(f for f in fired.combat.pending.fired_from)
    bad = (start, toward)
    assert retreat_problem(rules, fired, fired.combat.pending, bad) is not None
    fired, _ = act(rules, fired, Retreat(path=_retreat_path(rules, fired)), Player.SOVIET)
    assert fired.units["rifle"].hex != target and fired.units["at"].hex != target
    assert fired.combat.step == CombatStep.ADVANCE  # 11.8: the hex is empty
    refused = apply(
        rules,
        fired,
        Advance(player=Player.GERMAN, units=("mot6",), path=(target, fired.units["rifle"].hex)),
        Mode.STRICT,
    )
    assert not refused.applied  # not onto the retreated stack
    fired, events = act(rules, fired, Advance(units=("mot6",), path=(target,)), Player.GERMAN)
    assert fired.units["mot6"].hex == target
    if fired.combat is not None:  # 11.8: the others may advance too, then the step ends
        assert "mot6" not in advancers(rules, fired, fired.combat)
        fired, _ = act(rules, fired, ContinueCombat(), Player.GERMAN)
    assert fired.combat is None
    assert "advanced" in events[0].describe(rules)


def settle_mandatory(rules, state):
    pending = state.combat.pending
    hits = LossPriorities(rules, state, pending.units, pending.lead).default(pending.mandatory)
    state, _ = act(rules, state, TakeLosses(hits=hits), pending.player)
    return state


def test_12_4_designated_artillery_bombards_in_its_step_and_is_marked_fired(rules, board):
    state, target, *_ = board
    state = apply(rules, state, PlaceUnits(units=("art",), to=target), Mode.FREE).state
    state, _ = attack(rules, state, target)
    state, _ = act(rules, state, Defend(lead="rifle", artillery=("art",)), Player.SOVIET)
    # no German gun could answer with counterbattery: step 3 passes by itself (12.4)
    assert state.combat.step == CombatStep.DEFENSIVE_BOMBARDMENT
    state, events = act(rules, state, Bombard(units=("art",), target_unit="mot6"), Player.SOVIET)
    assert state.units["art"].fired  # 12.2
    assert any(isinstance(e, FireResolved) and e.what == "bombardment" for e in events)
    assert state.combat.step == CombatStep.FIRST_FIRE  # its mission done, the step passes


def test_13_0_the_opening_fire_stays_with_the_attacker_when_the_defenders_fall(rules, board):
    """Fuzz seed 35: disrupted defenders eliminated by the attacker's opening fire must
    not then be asked to fire."""
    state, target, *_ = board
    state = apply(
        rules,
        state,
        SetMarker(units=("rifle", "at"), marker=UnitMarker.DISRUPTED, on=True),
        Mode.FREE,
    ).state
    state, _ = attack(rules, state, target)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    assert state.combat.opening_fire is Player.GERMAN
    for unit_id in ("rifle", "at"):
        state = state.with_unit(unit_id, replace(state.units[unit_id], strength=1))
    for seed in range(300):  # a German fire that destroys both defenders
        tried = replace(state, dice=replace(state.dice, seed=seed))
        fired, _ = act(rules, tried, Fire(), Player.GERMAN)
        pending = fired.combat.pending
        if pending is not None and pending.mandatory >= 2:
            break
    fired = settle(rules, fired)
    assert not fired.units["rifle"].hex and not fired.units["at"].hex
    assert fired.combat is not None and fired.combat.step == CombatStep.ADVANCE


def test_16_3_convoys_have_no_combat_value_and_do_not_attack(rules, board):
    state, target, *_ = board
    convoy = replace(
        rules.catalogue.ground["hq57"],
        id="convoy",
        name="Relief Convoy",
        combat=0,
        type=rules.catalogue.ground["hq57"].type,
    )
    ground = {**rules.catalogue.ground, "convoy": convoy}
    rules = replace(
        rules, catalogue=UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    )
    state = replace(
        state, units=state.units.set("convoy", replace(state.units["tank"], strength=0))
    )
    refused = apply(
        rules, state, PreparedAttack(target=target, units=("convoy",), lead="convoy"), Mode.STRICT
    )
    assert "16.3" in [v.rule for v in refused.verdict.violations]
