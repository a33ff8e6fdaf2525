"""Who acts now (3.1, 6.1, 11.2): what hints and e-mail play's turn-taking read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.actors import BOTH, acting_side, who_acts
from owsqt.rules.core.actions import AllocateAir, Counterbattery, DeclareAttacks, EndStep
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import CombatState
from owsqt.rules.core.steps import CombatStep, Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.airsteps import allocate_nothing


@pytest.fixture(scope="module")
def session():
    game = new_game(default_ruleset(), "we-are-coming", Mode.STRICT, seed=2)
    return game


def acting(session):
    return who_acts(session.ruleset, session.state)


def test_3_1_4_3_the_setting_up_player_acts_then_each_side_allocates_air_in_turn(session):
    assert acting(session) == {Player.SOVIET}  # 19.11: the Soviet sets up first
    session.apply_default_setup()
    assert session.state.phase == Phase.AIR_OPERATIONS
    assert acting(session) == {Player.SOVIET}  # 4.3 step 1 on a clear turn
    assert session.submit(AllocateAir(player=Player.SOVIET, missions=FrozenMap())).applied
    assert acting(session) == {Player.GERMAN}  # step 2, then step 3 (his fighters)
    assert session.submit(AllocateAir(player=Player.GERMAN, missions=FrozenMap())).applied
    assert acting(session) == {Player.GERMAN}
    assert session.submit(EndStep()).applied
    assert acting(session) == BOTH  # the Air Combat Segment, no battle to fight


def test_6_1_the_initiative_waits_for_the_players_who_have_not_bid(session):
    if session.state.phase == Phase.SETUP:
        session.apply_default_setup()
    while session.state.segment != Segment.INITIATIVE_DETERMINATION:
        allocate_nothing(session)
        assert session.submit(EndStep(player=session.state.active)).applied
    assert acting(session) == BOTH
    session.submit(DeclareAttacks(player=Player.GERMAN, planned=0))
    assert acting(session) == {Player.SOVIET}
    session.submit(DeclareAttacks(player=Player.SOVIET, planned=0))
    holder = session.state.initiative.holder
    # 3.1: determined, the step has nothing left for anyone and passes to the holder's phase
    assert acting(session) == {holder} == {session.state.active}


@pytest.mark.parametrize(
    ("step", "acting"),
    [
        (CombatStep.DEFENSE, {Player.SOVIET}),
        (CombatStep.COUNTERBATTERY, BOTH),
        (CombatStep.OFFENSIVE_BOMBARDMENT, {Player.GERMAN}),
        (CombatStep.ADVANCE, {Player.GERMAN}),
    ],
)
def test_11_2_a_combat_waits_for_the_side_of_its_step(session, step, acting):
    hex_ = next(iter(session.state.stacks))
    combat = CombatState(Player.GERMAN, hex_, (), "", step)
    assert who_acts(session.ruleset, replace(session.state, combat=combat)) == acting


def test_nobody_acts_once_the_game_is_over(session):
    assert who_acts(session.ruleset, replace(session.state, phase=Phase.GAME_OVER)) == frozenset()


def test_12_4_a_counterbattery_is_made_by_the_side_of_its_guns_not_of_its_target(session):
    """A counterbattery names no player (both sides may fire in its step, 12.4): it is the
    side of the guns that fire, whoever is active, and never the side of the gun fired at."""
    fire = Counterbattery(units=("ro-6c-art",), target_unit="su-51a-art")
    for active in (Player.SOVIET, Player.GERMAN):
        state = replace(session.state, active=active)
        assert acting_side(session.ruleset, state, fire) is Player.GERMAN
    assert acting_side(session.ruleset, session.state, EndStep(player=Player.SOVIET)) is (
        Player.SOVIET
    )
