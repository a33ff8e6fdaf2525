"""The lead of a combat (11.3) and what a player is offered when he starts a prepared
attack (11.1), as rules queries the table asks: owsqt/rules/combat/leads.py, offers.py."""

from __future__ import annotations

import pytest

from owsqt.rules.combat.leads import default_lead, poor_lead
from owsqt.rules.combat.offers import attack_candidates, attack_targets, may_offer_attack
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from tests.rules.combatkit import combat_rules, example_board
from tests.rules.movekit import at_step


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


def test_11_3_artillery_and_headquarters_are_poor_leads(rules):
    assert poor_lead(rules, "art") and poor_lead(rules, "hq57")
    assert not poor_lead(rules, "tank") and not poor_lead(rules, "rifle")


def test_11_3_the_default_lead_passes_over_a_more_proficient_headquarters(rules):
    state, *_ = example_board(rules)
    ground = rules.catalogue.ground
    assert ground["hq57"].proficiency > ground["rifle"].proficiency
    assert default_lead(rules, state, ["art", "hq57"]) == "hq57"  # both poor: 6 against 4
    assert default_lead(rules, state, ["hq57", "rifle"]) == "rifle"  # 6 against 5: 11.3 wins


def test_11_3_headquarters_and_artillery_lead_when_they_are_all_there_is(rules):
    state, *_ = example_board(rules)
    assert default_lead(rules, state, ["hq57"]) == "hq57"
    assert default_lead(rules, state, []) is None


def test_11_3_among_equals_the_default_lead_is_the_most_proficient(rules):
    state, *_ = example_board(rules)
    units = ["mot5", "tank", "mech"]
    best = max(rules.catalogue.ground[u].proficiency for u in units)
    lead = default_lead(rules, state, units)
    assert rules.catalogue.ground[lead].proficiency == best


def test_11_1_the_enemy_hex_next_to_the_attackers_is_the_one_target(rules):
    state, target, armored, _ = example_board(rules)
    assert attack_targets(rules, state, Player.GERMAN) == [target]
    assert armored in attack_targets(rules, state, Player.SOVIET)


def test_11_1_every_german_unit_next_to_the_target_is_a_candidate_and_able(rules):
    state, target, *_ = example_board(rules)
    candidates = attack_candidates(rules, state, target, Player.GERMAN)
    assert {c.unit for c in candidates} == {"tank", "mech", "mot6", "mot5"}
    assert all(c.able for c in candidates)


def test_11_1_an_attack_is_offered_on_the_enemy_in_the_combat_segment_only(rules):
    state, target, armored, _ = example_board(rules)
    assert may_offer_attack(rules, state, Mode.STRICT, target)
    assert not may_offer_attack(rules, state, Mode.STRICT, armored)  # his own units
    assert not may_offer_attack(rules, state, Mode.FREE, target)  # no rules, no offers
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    assert not may_offer_attack(rules, moving, Mode.STRICT, target)
    assert may_offer_attack(rules, moving, Mode.ASSIST, target)  # ASSIST lets the engine judge
