"""Loss priorities (11.6), with the 11.8 example's distribution."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO


@pytest.fixture
def state(ruleset):
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=1)
    hex_ = ruleset.grid.hex_of("3445")
    return apply(
        ruleset, state, PlaceUnits(units=("tank", "mech", "mot6", "hq57"), to=hex_), Mode.FREE
    ).state


def test_11_6_11_8_the_optional_three_go_to_the_lead_the_mechanized_infantry_and_the_lead(
    ruleset, state
):
    two = LossPriorities(ruleset, state, ("tank", "mech"), "tank")
    assert two.check(("tank",)) is None  # the mandatory point: the lead unit
    assert two.check(("tank", "mech", "tank")) is None  # the optional 3, as in the example
    assert two.default(3) == ("tank", "mech", "tank")
    refused = two.check(("mech", "tank", "tank"))
    assert refused is not None and refused.rule == "11.6" and "point 1" in refused.message


def test_11_6_every_armor_and_infantry_unit_loses_a_point_before_the_cycle_repeats(ruleset, state):
    three = LossPriorities(ruleset, state, ("tank", "mech", "mot6"), "mech")
    assert three.check(("mech", "mot6", "tank", "mech")) is None  # owner's order within
    assert three.check(("mech", "tank", "tank")) is not None  # mot6 has not lost one yet
    assert three.default(4) == ("mech", "tank", "mot6", "mech")


def test_11_6_headquarters_lose_a_point_only_when_every_other_unit_is_gone(ruleset, state):
    state = state.with_unit("mech", replace(state.units["mech"], strength=1))
    stack = LossPriorities(ruleset, state, ("mech", "hq57"), "mech")
    assert stack.check(("hq57",)) is not None
    assert stack.check(("mech", "hq57")) is None  # the mechanized infantry eliminated first
    assert stack.default(5) == ("mech", "hq57")  # then nothing is left to lose


def test_11_6_no_unit_is_eliminated_before_every_unit_has_lost_a_point(ruleset, state):
    state = state.with_unit("mot6", replace(state.units["mot6"], strength=1))
    stack = LossPriorities(ruleset, state, ("tank", "mech", "mot6"), "tank")
    assert stack.check(("tank", "mot6", "mech")) is not None  # mot6 would go first
    assert stack.check(("tank", "mech", "mot6")) is None


def test_11_6_artillery_loses_one_point_per_cycle_after_armor_and_infantry(ruleset, state):
    hex_ = ruleset.grid.hex_of("3445")
    state = apply(ruleset, state, PlaceUnits(units=("art",), to=hex_), Mode.FREE).state
    stack = LossPriorities(ruleset, state, ("tank", "mech", "art"), "tank")
    assert stack.default(5) == ("tank", "mech", "art", "tank", "mech")
    assert stack.check(("tank", "art", "mech")) is not None
