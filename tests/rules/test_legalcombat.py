"""Combat candidates for the fuzzer (11.0-12.0, 8.4): built to be legal at every step."""

from __future__ import annotations

import random

import pytest

from owsqt.rules.combat.legal import combat_actions
from owsqt.rules.core.actions import ContinueCombat, PreparedAttack
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply, judge
from tests.rules.combatkit import combat_rules, example_board
from tests.rules.movekit import at_step


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.mark.parametrize("seed", range(8))
def test_11_2_a_combat_played_from_candidates_alone_reaches_its_end_legally(rules, seed):
    state, target, *_ = example_board(rules)
    rng = random.Random(seed)
    attacks = combat_actions(rules, state, rng)
    assert attacks and all(isinstance(a, PreparedAttack) for a in attacks)
    assert attacks[0].target == target and attacks[0].lead == "tank"  # 11.3: the best lead
    state = apply(rules, state, attacks[0], Mode.STRICT).state
    for _ in range(60):
        if state.combat is None:
            break
        candidates = combat_actions(rules, state, rng)
        for candidate in candidates:
            assert judge(rules, state, candidate).legal, (candidate, state.combat)
        chosen = rng.choice(
            [c for c in candidates if not isinstance(c, ContinueCombat)] or candidates
        )
        outcome = apply(rules, state, chosen, Mode.STRICT)
        assert outcome.applied
        state = outcome.state
    assert state.combat is None


def test_8_4_hasty_attack_candidates_are_legal_in_movement(rules):
    state, *_ = example_board(rules)
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    candidates = combat_actions(rules, state, random.Random(1))
    assert candidates
    for candidate in candidates:
        assert candidate.kind == "hasty_attack" and judge(rules, state, candidate).legal
