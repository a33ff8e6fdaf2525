"""Artillery that moves (12.3): fired and moved markers, and rocket artillery's freedom."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import MoveStack, PlaceUnits
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from owsqt.rules.turn.formations import is_mechanized
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, north, path_of, put


@pytest.fixture(scope="module")
def rules(ruleset):
    rules = kit_ruleset(ruleset)
    ground = dict(rules.catalogue.ground)
    for unit_id, bombardment, reach in (("gart", 6, 4), ("art", 4, 3), ("rocket", 4, 3)):
        ground[unit_id] = replace(ground[unit_id], bombardment=bombardment, range=reach)
    catalogue = UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    return replace(rules, catalogue=catalogue)


def moved(rules, unit_id, player, steps):
    state = put(rules, kit_state(rules), PlaceUnits(units=(unit_id,), to=hx(rules, OPEN)))
    segment = (
        Segment.MECHANIZED_MOVEMENT
        if is_mechanized(rules, unit_id)
        else Segment.NON_MECHANIZED_MOVEMENT
    )
    state = at_step(state, segment, player)
    action = MoveStack(units=(unit_id,), path=path_of(rules, north(OPEN, steps)))
    outcome = apply(rules, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict.violations
    return outcome.state.units[unit_id]


def test_12_3_german_artillery_within_half_its_allowance_is_marked_moved(rules):
    unit = moved(rules, "gart", Player.GERMAN, 2)  # motorized: 2 MP a clear hex, 4 of 8
    assert unit.moved and not unit.fired


def test_12_3_german_artillery_beyond_half_its_allowance_is_marked_fired(rules):
    unit = moved(rules, "gart", Player.GERMAN, 3)  # 6 of 8
    assert unit.fired and not unit.moved


def test_12_3_soviet_artillery_using_any_point_is_marked_fired(rules):
    unit = moved(rules, "art", Player.SOVIET, 1)
    assert unit.fired


def test_12_3_rocket_artillery_moves_its_full_allowance_and_may_still_fire(rules):
    unit = moved(rules, "rocket", Player.SOVIET, 3)
    assert not unit.fired and not unit.moved
