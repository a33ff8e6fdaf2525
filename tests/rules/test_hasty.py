"""Hasty attacks during movement (8.4), on the 11.8 example's counters."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.combat.hasty import hasty_costs
from owsqt.rules.combat.legal import hasty_attacks
from owsqt.rules.core.actions import (
    ContinueCombat,
    Defend,
    HastyAttack,
    PlaceUnits,
    SetMarker,
    SetUnitStatus,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import MovementState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.engine import apply
from owsqt.rules.movement.movecost import closed_crossing
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.scenario.scenario import initial_state
from tests.rules.combatkit import act, combat_rules, example_board
from tests.rules.movekit import at_step

MOVE = Segment.NON_MECHANIZED_MOVEMENT  # the example counters belong to no mechanized formation


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


@pytest.fixture
def moving(rules):
    state, target, armored, _ = example_board(rules)
    return at_step(state, MOVE, Player.GERMAN), target, armored


def hasty(target, units=("tank", "mech"), **kw):
    return HastyAttack(target=target, units=units, lead=units[0], **kw)


def test_8_4_a_hasty_attack_costs_the_nationalitys_points_and_the_defenders_terrain(
    rules,
    moving,
):
    state, target, _ = moving
    costs = hasty_costs(rules, state, ("tank", "mech"), target)
    assert costs == {"tank": 2 + 1, "mech": 2 + 1}  # German 2; elevated ground: tracked 1
    state, events = act(rules, state, hasty(target), Player.GERMAN)
    assert state.combat.hasty and state.movement.moving == {"tank": 7, "mech": 7}
    assert "hasty attack" in events[0].describe(rules)
    assert state.initiative.attacks_made[Player.GERMAN] == 1  # 6.2 counts hasty attacks


def test_8_4_hasty_attacks_are_made_in_movement_segments_with_the_points_to_pay(
    rules,
    moving,
):
    state, target, _ = moving
    combat = at_step(state, Segment.NON_MECHANIZED_COMBAT, Player.GERMAN)
    refused = apply(rules, combat, hasty(target), Mode.STRICT)
    assert "8.4" in [v.rule for v in refused.verdict.violations]
    tired = replace(
        state, movement=MovementState(moving=FrozenMap({"tank": Fraction(2), "mech": Fraction(2)}))
    )
    refused = apply(rules, tired, hasty(target), Mode.STRICT)
    assert any("costs 3 MP" in v.message for v in refused.verdict.violations)


def test_8_4_only_the_german_player_supports_a_hasty_attack_in_his_mechanized_segment(
    rules,
    moving,
):
    state, target, armored = moving
    state = apply(rules, state, PlaceUnits(units=("art",), to=armored), Mode.FREE).state
    refused = apply(rules, state, hasty(target, artillery=("art",)), Mode.STRICT)
    assert any("only the German player supports" in v.message for v in refused.verdict.violations)


def test_8_4_attackers_enter_a_vacated_hex_and_keep_their_points(rules, moving):
    state, target, _ = moving
    state, _ = act(rules, state, hasty(target), Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    gone = apply(
        rules, state, SetUnitStatus(units=("rifle", "at"), status=UnitStatus.ELIMINATED), Mode.FREE
    ).state
    gone, _ = act(rules, gone, ContinueCombat(), Player.SOVIET)  # nothing left to fire
    if gone.combat is not None:
        gone, _ = act(rules, gone, ContinueCombat(), Player.GERMAN)
    assert gone.combat is None
    assert gone.units["tank"].hex == target and gone.units["mech"].hex == target
    assert gone.movement.moving == {"tank": 7, "mech": 7}  # they may move on


def test_8_4_disrupted_attackers_stop_moving(rules, moving):
    state, target, _ = moving
    state, _ = act(rules, state, hasty(target), Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), Player.SOVIET)
    state = apply(
        rules, state, SetMarker(units=("mech",), marker=UnitMarker.DISRUPTED, on=True), Mode.FREE
    ).state
    state, _ = act(rules, state, ContinueCombat(), Player.SOVIET)
    state, _ = act(rules, state, ContinueCombat(), Player.GERMAN)
    assert state.combat is None
    assert "mech" in state.movement.done and "mech" not in state.movement.moving
    assert "tank" in state.movement.moving


def test_8_4_8_2_no_soviet_hasty_attack_into_the_pocket():
    """A hasty attack pays to enter the defender's terrain and enters the hex it clears:
    no Soviet stack attacks a German unit on a pocket hex so (the fuzzer found one that
    advanced into the pocket); a prepared attack may, and does not advance there."""
    rules = default_ruleset()
    state = initial_state(rules.catalogue, rules.scenarios["operation-winter-storm"], seed=3)
    grid, pocket = rules.grid, rules.game_map.pocket
    inside, outside = next(
        (h, n)
        for h in sorted(pocket, key=grid.id_of)
        for _, n in grid.neighbours(h)
        if n in rules.game_map.hexes and n not in pocket and closed_crossing(rules, h, n) is None
    )
    state = apply(rules, state, PlaceUnits(units=("de-6pz-6aa",), to=inside), Mode.FREE).state
    state = apply(rules, state, PlaceUnits(units=("su-302rd-823rr",), to=outside), Mode.FREE).state
    state = at_step(state, MOVE, Player.SOVIET)
    attack = HastyAttack(target=inside, units=("su-302rd-823rr",), lead="su-302rd-823rr")
    refused = apply(rules, state, attack, Mode.STRICT)
    assert not refused.applied
    assert any(
        v.rule == "8.2" and "Stalingrad pocket" in v.message for v in refused.verdict.violations
    )
    offered = hasty_attacks(rules, state, random.Random(1))
    assert all(a.target != inside for a in offered)
