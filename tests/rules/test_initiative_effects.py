"""The effects of holding the initiative turns running (6.3), as movement and combat read them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.state import InitiativeState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.stackmove import initiative_bonus
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.turn.initiative import attack_drm
from tests.conftest import TEST_SCENARIO


@pytest.mark.parametrize(
    ("streak", "extra_mp", "drm"),
    [(1, 0, 0), (2, 1, 0), (3, 1, 1), (4, 1, 1), (5, 1, 2), (9, 1, 2)],
)
def test_6_3_consecutive_turns_give_the_holder_a_movement_point_then_attack_drms(
    ruleset, streak, extra_mp, drm
):
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)
    held = InitiativeState(holder=Player.GERMAN, streak=streak, determined_turn=state.turn)
    state = replace(state, initiative=held)
    assert initiative_bonus(ruleset, state, Player.GERMAN) == extra_mp
    assert attack_drm(ruleset, state, Player.GERMAN) == drm
    assert initiative_bonus(ruleset, state, Player.SOVIET) == 0  # only the holder
    assert attack_drm(ruleset, state, Player.SOVIET) == 0


def test_6_3_effects_last_only_for_the_turn_the_initiative_was_determined(ruleset):
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)
    stale = InitiativeState(holder=Player.GERMAN, streak=5, determined_turn=state.turn - 1)
    state = replace(state, initiative=stale)
    assert initiative_bonus(ruleset, state, Player.GERMAN) == 0
    assert attack_drm(ruleset, state, Player.GERMAN) == 0
