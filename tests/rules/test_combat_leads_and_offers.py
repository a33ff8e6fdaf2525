"""The lead of a combat (11.3) and what a player is offered when he starts a prepared
attack (11.1), as rules queries the table asks: owsqt/rules/combat/leads.py, offers.py."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.combat.leads import default_lead, poor_lead
from owsqt.rules.combat.offers import (
    attack_candidates,
    attack_targets,
    hasty_offer,
    may_offer_attack,
)
from owsqt.rules.core.actions import HastyAttack
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import distance
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


# --- the hasty attack a drop offers (8.4) ----------------------------------------------------


def test_8_4_a_german_stack_dropped_on_the_enemy_next_to_it_is_offered_a_hasty_attack(rules):
    state, target, *_ = example_board(rules)
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    offer = hasty_offer(rules, moving, Mode.STRICT, ("tank", "mech"), target)
    assert offer is not None and offer.problems == ()
    assert offer.action == HastyAttack(
        player=Player.GERMAN, target=target, units=("tank", "mech"), lead="tank"
    )
    elevated = rules.tables.tec.terrain("elevated").cost("tracked")
    assert (offer.nationality_cost, offer.terrain_cost) == (2, elevated)  # 8.4: German 2
    assert offer.points == 10 and offer.left == 10 - 2 - elevated


def test_8_4_a_soviet_stack_pays_three_for_its_hasty_attack(rules):
    state, _, armored, _ = example_board(rules)
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    offer = hasty_offer(rules, moving, Mode.STRICT, ("rifle", "at"), armored)
    assert offer is not None and offer.nationality_cost == 3


def test_8_4_no_hasty_attack_is_offered_outside_movement_from_afar_or_in_free_play(rules):
    state, target, armored, _ = example_board(rules)
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    assert hasty_offer(rules, state, Mode.STRICT, ("tank", "mech"), target) is None  # combat
    assert hasty_offer(rules, moving, Mode.FREE, ("tank", "mech"), target) is None
    assert hasty_offer(rules, moving, Mode.STRICT, ("tank", "mech"), armored) is None  # own
    far = next(
        h
        for h in rules.game_map.hexes
        if h not in (target, armored) and distance(h, armored) == 2 and distance(h, target) == 3
    )
    moved = moving.with_unit("rifle", replace(moving.units["rifle"], hex=far))
    moved = moved.with_unit("at", replace(moved.units["at"], hex=far))
    assert hasty_offer(rules, moved, Mode.STRICT, ("tank", "mech"), far) is None  # not next to


def test_8_4_a_stack_without_the_points_is_offered_the_attack_with_the_rule_it_breaks(rules):
    state, target, *_ = example_board(rules)
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    tired = replace(
        moving,
        movement=replace(
            moving.movement, moving=FrozenMap({"tank": Fraction(1), "mech": Fraction(1)})
        ),
    )
    offer = hasty_offer(rules, tired, Mode.STRICT, ("tank", "mech"), target)
    assert offer is not None and offer.left < 0
    assert {v.rule for v in offer.problems} == {"8.4"}  # 8.1: each unit short says so
