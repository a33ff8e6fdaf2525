"""Recovery (17.1, 17.2) and entrenchments built and turned over (15.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import BuildEntrenchment, EndStep, MoveStack, PlaceUnits, SetMarker
from owsqt.rules.core.events import DiceRolled, MarkerChanged
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply, UnitMarker
from owsqt.rules.engine import apply
from owsqt.rules.turn.formations import is_mechanized
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, north, path_of, put


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    state = kit_state(rules)
    return put(rules, state, PlaceUnits(units=("mot5", "mot6"), to=hx(rules, OPEN)))


def end_step(rules, state, segment):
    state = at_step(state, segment, None, phase=Phase.RECOVERY)
    outcome = apply(rules, state, EndStep(), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome


def test_17_2_each_disrupted_unit_checks_its_proficiency_and_recovers_on_a_pass(rules, state):
    state = put(
        rules, state, SetMarker(units=("mot5", "mot6"), marker=UnitMarker.DISRUPTED, on=True)
    )
    outcome = end_step(rules, state, Segment.DISRUPTION_REMOVAL)
    rolls = {e.purpose: e.value for e in outcome.events if isinstance(e, DiceRolled)}
    assert len(rolls) == 2  # one check per unit (17.2)
    for unit_id in ("mot5", "mot6"):
        roll = next(v for p, v in rolls.items() if rules.unit_name(unit_id) in p)
        passed = roll <= rules.catalogue.ground[unit_id].proficiency
        assert outcome.state.units[unit_id].disrupted is not passed


def test_17_2_out_of_supply_adds_one_to_the_roll(rules, state):
    proficiency = rules.catalogue.ground["mot5"].proficiency
    state = put(rules, state, SetMarker(units=("mot5",), marker=UnitMarker.DISRUPTED, on=True))
    # find a seed whose first roll equals the proficiency: a pass, but a fail out of supply
    for seed in range(1, 400):
        seeded = replace(state, dice=replace(state.dice, seed=seed))
        first = end_step(rules, seeded, Segment.DISRUPTION_REMOVAL)
        roll = next(e.value for e in first.events if isinstance(e, DiceRolled))
        if roll == proficiency:
            break
    else:
        raise AssertionError("no seed rolls the proficiency")
    assert not first.state.units["mot5"].disrupted
    out = seeded.with_unit("mot5", replace(seeded.units["mot5"], supply=Supply.OUT))
    assert end_step(rules, out, Segment.DISRUPTION_REMOVAL).state.units["mot5"].disrupted


def test_17_1_fired_and_moved_markers_come_off_at_the_fired_marker_removal(rules, state):
    state = put(
        rules,
        state,
        SetMarker(units=("mot5",), marker=UnitMarker.FIRED, on=True),
        SetMarker(units=("mot6",), marker=UnitMarker.MOVED, on=True),
    )
    outcome = end_step(rules, state, Segment.FIRED_MARKER_REMOVAL)
    assert not outcome.state.units["mot5"].fired and not outcome.state.units["mot6"].moved
    assert {(e.unit, e.marker) for e in outcome.events if isinstance(e, MarkerChanged)} == {
        ("mot5", UnitMarker.FIRED),
        ("mot6", UnitMarker.MOVED),
    }


def test_15_1_units_begin_an_entrenchment_at_the_start_of_their_phase_and_finish_next_phase(
    rules, state
):
    start = at_step(state, Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    outcome = apply(rules, start, BuildEntrenchment(hex=hx(rules, OPEN)), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    marker = outcome.state.entrenchments[hx(rules, OPEN)]
    assert marker.status is Entrenchment.UNDER_CONSTRUCTION and marker.owner is Player.GERMAN
    # the next turn's German player phase begins: the marker turns over
    before = at_step(outcome.state, Segment.INTERDICTION, None, phase=Phase.AIR_OPERATIONS, turn=2)
    before = replace(before, segment=Segment.INITIATIVE_DETERMINATION, phase=Phase.INITIATIVE)
    before = replace(before, initiative=replace(before.initiative, determined_turn=2))
    entered = apply(rules, before, EndStep(), Mode.STRICT)
    assert entered.state.segment == Segment.SUPPLY_DETERMINATION
    assert entered.state.entrenchments[hx(rules, OPEN)].status is Entrenchment.COMPLETE


def test_15_1_building_is_refused_outside_the_phase_start_and_for_disrupted_units(rules, state):
    later = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    refused = apply(rules, later, BuildEntrenchment(hex=hx(rules, OPEN)), Mode.STRICT)
    assert not refused.applied and refused.verdict.violations[0].rule == "15.1"
    state = put(
        rules, state, SetMarker(units=("mot5", "mot6"), marker=UnitMarker.DISRUPTED, on=True)
    )
    start = at_step(state, Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    refused = apply(rules, start, BuildEntrenchment(hex=hx(rules, OPEN)), Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["15.1"]


def test_15_1_builders_that_move_abandon_the_marker(rules, state):
    start = at_step(state, Segment.SUPPLY_DETERMINATION, Player.GERMAN)
    state = apply(rules, start, BuildEntrenchment(hex=hx(rules, OPEN)), Mode.STRICT).state
    moving = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    unit = next(u for u in ("mot5", "mot6") if not is_mechanized(rules, u))
    moved = apply(
        rules, moving, MoveStack(units=(unit,), path=path_of(rules, north(OPEN, 1))), Mode.FREE
    ).state
    assert hx(rules, OPEN) not in moved.entrenchments
