"""Fog of war (18.1): what a side knows of a stack and of a unit's strength, for the
displays that name units outside the map, on the 11.8 example's counters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import Defend, PreparedAttack
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.known import StackSeen, stack_seen, strength_known, strengths_known
from owsqt.rules.fog.view import view
from tests.rules.combatkit import act, combat_rules, fogged_board

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
ATTACKERS = ("tank", "mech", "mot6", "mot5")


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.fixture
def board(rules):
    return fogged_board(rules)


def test_18_1_an_enemy_stack_is_seen_as_its_top_unit_and_a_count_of_hidden_ones(rules, board):
    state, target, armored, _ = board
    assert stack_seen(view(rules, state, GERMAN), target) == StackSeen(("rifle",), 1)
    assert stack_seen(view(rules, state, SOVIET), target) == StackSeen(("rifle", "at"), 0)
    assert stack_seen(view(rules, state, SOVIET), armored) == StackSeen(("tank",), 1)
    assert stack_seen(view(rules, state, None), armored) == StackSeen(("tank", "mech"), 0)


def test_18_1_a_side_knows_its_own_strengths_and_not_the_enemys_outside_combat(rules, board):
    state = board[0]
    seen = view(rules, state, GERMAN)
    assert strength_known(rules, seen, "tank")
    assert not strength_known(rules, seen, "rifle")  # on top: its printed side, no marker
    assert not strength_known(rules, seen, "at")  # hidden
    assert strengths_known(rules, seen, ATTACKERS)
    assert not strengths_known(rules, seen, (*ATTACKERS, "rifle"))
    assert strengths_known(rules, view(rules, state, None), ("tank", "rifle", "at"))


def test_18_1_an_attack_reveals_every_engaged_strength_and_the_end_hides_them(rules, board):
    state, target, _, _ = board
    attack = PreparedAttack(target=target, units=ATTACKERS, lead="tank")
    state, _ = act(rules, state, attack, GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), SOVIET)
    german, soviet = view(rules, state, GERMAN), view(rules, state, SOVIET)
    assert strengths_known(rules, german, ("rifle", "at"))
    assert strengths_known(rules, soviet, ATTACKERS)
    over = replace(state, combat=None)
    assert not strengths_known(rules, view(rules, over, GERMAN), ("rifle",))
