"""Fog of war (18.1): what one side may know of the game, on the 11.8 example's counters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import PreparedAttack, ReorderStack
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import EntrenchmentState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.engine import apply
from owsqt.rules.fog.narration import forgotten
from owsqt.rules.fog.option import fog_on
from owsqt.rules.fog.view import top_unit, view
from tests.rules.combatkit import act, combat_rules, fogged_board

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.fixture
def board(rules):
    return fogged_board(rules)


def entrench(state, hex_, owner, status=Entrenchment.COMPLETE):
    marker = EntrenchmentState(owner, status, 1)
    return replace(state, entrenchments=FrozenMap({hex_: marker}))


def test_18_1_the_option_is_off_unless_chosen(rules, board):
    state = board[0]
    assert fog_on(state)
    assert not fog_on(replace(state, options=()))
    plain = replace(state, options=())
    assert view(rules, plain, SOVIET).state is plain


def test_18_1_a_side_sees_all_of_its_own_units(rules, board):
    state, target, _armored, _motorized = board
    seen = view(rules, state, GERMAN)
    for unit_id in ("tank", "mech", "mot6", "mot5"):
        assert seen.knows(unit_id)
        assert seen.state.units[unit_id] == state.units[unit_id]
    assert target not in seen.state.stacks or seen.state.stack(target) != state.stack(target)


def test_18_1_an_enemy_stack_shows_only_its_largest_unit_on_top(rules, board):
    state, target, armored, motorized = board
    # The rifle regiment (5) is placed above the antitank regiment (4): the rifles show.
    assert state.stack(target) == ("rifle", "at")
    seen = view(rules, state, GERMAN)
    assert seen.state.stack(target) == ("rifle",)
    assert not seen.knows("at")
    assert seen.hidden[target] == 1
    # The largest by original strength is on top whatever the stacking order.
    state = apply(rules, state, ReorderStack(hex=target, order=("at", "rifle")), Mode.FREE).state
    assert top_unit(rules, state, target) == "rifle"
    assert view(rules, state, GERMAN).state.stack(target) == ("rifle",)
    # The Soviet side sees the German stacks' largest: the 12-10 tanks, the 6-12 infantry.
    soviet = view(rules, state, SOVIET)
    assert soviet.state.stack(armored) == ("tank",)
    assert soviet.state.stack(motorized) == ("mot6",)
    assert soviet.hidden[armored] == soviet.hidden[motorized] == 1


def test_18_1_the_owner_chooses_among_units_of_equal_strength(rules, board):
    state, _target, _armored, motorized = board
    ground = dict(rules.catalogue.ground)
    ground["mot5"] = replace(ground["mot5"], combat=6)  # two 6s on the motorized hex
    rules = replace(rules, catalogue=replace(rules.catalogue, ground=ground))
    for order in (("mot6", "mot5"), ("mot5", "mot6")):
        stacked = apply(rules, state, ReorderStack(hex=motorized, order=order), Mode.FREE).state
        assert view(rules, stacked, SOVIET).state.stack(motorized) == (order[0],)


def test_18_1_no_enemy_strength_marker_is_seen(rules, board):
    state, _target, _armored, _motorized = board
    worn = state.with_unit("rifle", replace(state.units["rifle"], strength=2))
    seen = view(rules, worn, GERMAN)
    assert seen.state.units["rifle"].strength == 5  # the printed front, not the marker's 2
    flipped = worn.with_unit("rifle", replace(worn.units["rifle"], reduced=True))
    assert view(rules, flipped, GERMAN).state.units["rifle"].strength == 3  # the back shows
    assert view(rules, worn, SOVIET).state.units["rifle"].strength == 2  # its owner knows


def test_18_1_an_entrenched_stack_hides_even_its_top_unit(rules, board):
    state, target, _armored, _motorized = board
    dug_in = entrench(state, target, SOVIET)
    seen = view(rules, dug_in, GERMAN)
    assert seen.state.stack(target) == ()
    assert seen.hidden[target] == 2
    assert view(rules, dug_in, SOVIET).state.stack(target) == ("rifle", "at")
    # A marker still under construction entrenches nobody (15.1).
    building = entrench(state, target, SOVIET, Entrenchment.UNDER_CONSTRUCTION)
    assert view(rules, building, GERMAN).state.stack(target) == ("rifle",)


def test_18_1_combat_reveals_every_engaged_unit_then_they_go_dark(rules, board):
    state, target, armored, motorized = board
    state = entrench(state, target, SOVIET)
    worn = state.with_unit("rifle", replace(state.units["rifle"], strength=4))
    attack = PreparedAttack(target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank")
    fighting, _ = act(rules, worn, attack, GERMAN)
    german = view(rules, fighting, GERMAN)
    assert german.state.stack(target) == ("rifle", "at")
    assert german.state.units["rifle"].strength == 4  # identity and strength (18.1)
    assert german.revealed == {"rifle", "at"}
    soviet = view(rules, fighting, SOVIET)
    assert set(soviet.state.stack(armored)) == {"tank", "mech"}
    assert set(soviet.state.stack(motorized)) == {"mot6", "mot5"}
    # When the combat is over (here: taken off the table) the units are hidden again.
    over = replace(fighting, combat=None)
    assert view(rules, over, GERMAN).state.stack(target) == ()
    assert view(rules, over, SOVIET).state.stack(armored) == ("tank",)


def test_18_1_the_owner_orders_his_own_stack_in_play_under_fog_only(rules, board):
    state, _target, _armored, motorized = board
    order = ReorderStack(hex=motorized, order=("mot5", "mot6"), player=GERMAN)
    assert apply(rules, state, order, Mode.STRICT).applied
    plain = replace(state, options=())
    assert [v.rule for v in apply(rules, plain, order, Mode.STRICT).verdict.violations] == ["3.1"]
    theirs = replace(order, player=SOVIET)
    assert not apply(rules, state, theirs, Mode.STRICT).applied


def test_18_1_the_log_forgets_a_unit_that_went_dark(rules, board):
    state, target, _armored, _motorized = board
    attack = PreparedAttack(target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank")
    fighting, _ = act(rules, state, attack, GERMAN)
    line = "1111 AT Rgt (4-8) strength 4 -> 3; 823 Rifle Rgt (5-5) holds"
    assert forgotten(rules, line, view(rules, fighting, GERMAN)) == line  # engaged: seen
    dark = view(rules, replace(fighting, combat=None), GERMAN)
    assert (
        forgotten(rules, line, dark) == "a Soviet unit strength 4 -> 3; 823 Rifle Rgt (5-5) holds"
    )
    assert forgotten(rules, line, view(rules, fighting, SOVIET)) == line  # his own
