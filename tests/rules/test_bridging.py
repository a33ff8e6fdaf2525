"""Engineers build and blow bridges (16.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import BuildBridge, DestroyBridge, EndStep, MoveStack, PlaceUnits
from owsqt.rules.core.events import BridgeChanged, ProficiencyChecked
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import BridgeState, Player
from owsqt.rules.data.units import MovementClass, UnitCatalogue, UnitType
from owsqt.rules.engine import apply
from owsqt.rules.map.gamemap import RiverClass
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO
from tests.rules.movekit import at_step


@pytest.fixture
def rules(ruleset):
    ground = dict(ruleset.catalogue.ground)
    ground["pio"] = replace(
        ground["mot5"],
        id="pio",
        name="51 Pz Pi",
        type=UnitType.ENGINEER,
        movement_class=MovementClass.MOTORIZED,
        proficiency=7,
    )
    return replace(
        ruleset,
        catalogue=UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations),
    )


def river_side(rules, bridged: bool):
    for side, river in sorted(rules.game_map.rivers.items()):
        hexes = rules.game_map.hexes
        if (
            river.river is RiverClass.MINOR
            and river.bridge is bridged
            and not hexes[side.a].pocket
            and not hexes[side.b].pocket
        ):
            return side
    raise AssertionError("no such river hexside")


def engineer_at(rules, hex_):
    state = initial_state(rules.catalogue, TEST_SCENARIO, seed=1)
    return apply(rules, state, PlaceUnits(units=("pio",), to=hex_), Mode.FREE).state


def test_16_2_an_engineer_that_stays_all_phase_and_passes_its_check_builds_a_bridge(rules):
    side = river_side(rules, bridged=False)
    state = at_step(engineer_at(rules, side.a), Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    begun = apply(rules, state, BuildBridge(unit="pio", hexside=side), Mode.STRICT)
    assert begun.applied and begun.state.bridge_works == {"pio": side}
    end = at_step(begun.state, Segment.MECHANIZED_COMBAT, Player.GERMAN)
    for seed in range(100):
        outcome = apply(
            rules, replace(end, dice=replace(end.dice, seed=seed)), EndStep(), Mode.STRICT
        )
        check = next(e for e in outcome.events if isinstance(e, ProficiencyChecked))
        if check.roll <= 7:
            break
    assert BridgeChanged(side, BridgeState.BUILT) in outcome.events
    assert outcome.state.bridges[side] is BridgeState.BUILT and not outcome.state.bridge_works


def test_16_2_an_engineer_that_moves_leaves_its_bridge(rules):
    side = river_side(rules, bridged=False)
    state = at_step(engineer_at(rules, side.a), Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    state = apply(rules, state, BuildBridge(unit="pio", hexside=side), Mode.STRICT).state
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    away = next(
        n
        for _, n in rules.grid.neighbours(side.a)
        if n != side.b and rules.game_map.rivers.get(type(side).between(side.a, n)) is None
    )
    moved = apply(rules, moving, MoveStack(units=("pio",), path=(side.a, away)), Mode.FREE).state
    assert not moved.bridge_works


def test_16_2_a_bridge_is_begun_at_the_start_of_the_phase_only(rules):
    side = river_side(rules, bridged=False)
    late = at_step(engineer_at(rules, side.a), Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    refused = apply(rules, late, BuildBridge(unit="pio", hexside=side), Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["16.2"]


def test_16_2_a_motorized_engineer_spends_six_points_to_blow_a_bridge(rules):
    side = river_side(rules, bridged=True)
    state = at_step(engineer_at(rules, side.a), Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    outcome = apply(rules, state, DestroyBridge(unit="pio", hexside=side), Mode.STRICT)
    assert outcome.applied, outcome.verdict.violations
    assert outcome.state.bridges[side] is BridgeState.DESTROYED
    allowance = rules.catalogue.ground["pio"].movement
    assert outcome.state.movement.moving["pio"] == allowance - 6
    again = apply(rules, outcome.state, DestroyBridge(unit="pio", hexside=side), Mode.STRICT)
    assert "no bridge spans that hexside" in str(again.verdict.violations)
