"""Each placement at set-up is held to the scenario text as it is made (19.0, 19.11, 19.12,
9.2; setup/placing.py); the tray's progress; the rest of a half-done set-up placed by the
default planner; each scenario's set-up rule (reading 125)."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import EndStep, PlaceUnits, SetUnitStatus
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.placing import reserve_marks, setup_progress, setup_rule
from owsqt.rules.setup.setupcheck import allowed_hexes, check_setup
from owsqt.session import GameSession, new_game


def _group(ruleset: Ruleset, scenario: str, name: str):
    return next(g for g in ruleset.scenarios[scenario].setup if g.name == name)


def _inside(ruleset: Ruleset, session: GameSession, name: str):
    group = _group(ruleset, session.state.scenario, name)
    return group, min(allowed_hexes(ruleset, session.state, group), key=ruleset.grid.id_of)


def _outside(ruleset: Ruleset, session: GameSession, group) -> object:
    allowed = allowed_hexes(ruleset, session.state, group)
    return next(
        h for h in sorted(ruleset.game_map.hexes, key=ruleset.grid.id_of) if h not in allowed
    )


def test_19_11a_a_unit_placed_in_its_zone_is_placed_in_strict(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    group, hex_ = _inside(shipped, session, "51st Army HQ")
    outcome = session.submit(PlaceUnits(units=group.units, to=hex_))
    assert outcome.applied, outcome.verdict.violations
    assert session.state.units["su-51a-hq"].hex == hex_


def test_19_11a_a_unit_placed_outside_its_zone_is_refused_with_the_rule_in_strict(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    group = _group(shipped, "we-are-coming", "51st Army HQ")
    outside = _outside(shipped, session, group)
    outcome = session.submit(PlaceUnits(units=group.units, to=outside))
    assert not outcome.applied
    (violation,) = outcome.verdict.violations
    assert violation.rule == "19.11"
    assert "within 1 hex of 4030" in violation.message
    assert session.state.units["su-51a-hq"].status is UnitStatus.NOT_ARRIVED


def test_19_11a_assist_places_a_unit_outside_its_zone_with_the_warning(shipped):
    session = new_game(shipped, "we-are-coming", Mode.ASSIST, seed=3)
    group = _group(shipped, "we-are-coming", "51st Army HQ")
    outcome = session.submit(PlaceUnits(units=group.units, to=_outside(shipped, session, group)))
    assert outcome.applied
    assert [v.rule for v in outcome.verdict.violations] == ["19.11"]


def test_9_2_a_placement_over_the_stacking_limit_is_refused_at_set_up(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    ground = shipped.catalogue.ground
    fits: dict = {}  # each hex: the Soviet units whose zone holds it
    for group in shipped.scenarios["we-are-coming"].setup:
        if group.player is Player.SOVIET and not group.reserve and group.losses is None:
            try:
                hexes = allowed_hexes(shipped, session.state, group)
            except TypeError:
                continue  # 'with formations': depends on the set-up
            for hex_ in hexes:
                fits.setdefault(hex_, []).extend(group.units)
    hex_ = max(sorted(fits, key=shipped.grid.id_of), key=lambda h: len(fits[h]))
    total = 0
    for unit_id in fits[hex_]:  # fill the hex to the limit, then one more
        value = ground[unit_id].stacking
        if total + value > shipped.tables.stacking_limit:
            outcome = session.submit(PlaceUnits(units=(unit_id,), to=hex_))
            assert not outcome.applied
            assert "9.2" in [v.rule for v in outcome.verdict.violations]
            return
        assert session.submit(PlaceUnits(units=(unit_id,), to=hex_)).applied
        total += value
    pytest.fail("no hex of the Soviet zones takes more than the stacking limit")


def test_19_12a_the_23rd_panzer_choice_may_not_exceed_23_stacking_points(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    for action in default_setup(
        shipped, shipped.scenarios["we-are-coming"], session.state, Player.SOVIET
    ):
        assert session.submit(action).applied
    assert session.submit(EndStep(player=Player.SOVIET)).applied
    group = _group(shipped, "we-are-coming", "23rd Panzer Division")
    allowed = sorted(allowed_hexes(shipped, session.state, group), key=shipped.grid.id_of)
    ground = shipped.catalogue.ground
    placed, refused = 0, None
    for index, unit_id in enumerate(sorted(group.units, key=lambda u: -ground[u].stacking)):
        outcome = session.submit(PlaceUnits(units=(unit_id,), to=allowed[index]))
        if not outcome.applied:
            refused = outcome.verdict.violations
            break
        placed += ground[unit_id].stacking
    assert refused is not None and placed <= 23
    assert any(v.rule == "19.12" and "at most 23" in v.message for v in refused)


def test_19_0_the_progress_lists_each_group_with_its_units_left(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    scenario = shipped.scenarios["we-are-coming"]
    before = setup_progress(shipped, scenario, session.state, Player.SOVIET)
    assert [p.group.name for p in before] == [
        g.name for g in scenario.setup if g.player is Player.SOVIET
    ]
    assert all(p.waiting == p.group.units and not p.complete for p in before)
    group, hex_ = _inside(shipped, session, "51st Army HQ")
    session.submit(PlaceUnits(units=group.units, to=hex_))
    after = setup_progress(shipped, scenario, session.state, Player.SOVIET)
    assert after[0].complete and not after[0].waiting


def test_19_11a_reserve_units_placed_get_their_reserve_marker(shipped):
    session = new_game(shipped, "operation-winter-storm", Mode.STRICT, seed=3)
    scenario = shipped.scenarios["operation-winter-storm"]
    group = next(g for g in scenario.setup if g.reserve and g.player is Player.SOVIET)
    hex_ = min(allowed_hexes(shipped, session.state, group), key=shipped.grid.id_of)
    unit = group.units[0]
    assert session.submit(PlaceUnits(units=(unit,), to=hex_)).applied
    (mark,) = reserve_marks(shipped, session.state, (unit,))
    assert session.submit(mark).applied
    assert session.state.units[unit].reserve
    assert reserve_marks(shipped, session.state, (unit,)) == []


def test_19_0_place_the_rest_by_default_ends_a_half_done_set_up_legally(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    scenario = shipped.scenarios["we-are-coming"]
    for name in ("51st Army HQ", "4th Cavalry Corps HQ"):
        group, hex_ = _inside(shipped, session, name)
        assert session.submit(PlaceUnits(units=group.units, to=hex_)).applied
    where = session.state.units["su-51a-hq"].hex
    for action in default_setup(shipped, scenario, session.state, Player.SOVIET, rest=True):
        assert not (isinstance(action, PlaceUnits) and "su-51a-hq" in action.units)
        outcome = session.submit(action)
        assert outcome.applied, outcome.verdict.violations
    assert session.state.units["su-51a-hq"].hex == where  # what he placed stays
    assert check_setup(shipped, scenario, session.state, Player.SOVIET) == []
    assert session.submit(EndStep(player=Player.SOVIET)).applied
    assert session.state.active is Player.GERMAN


def test_19_12a_the_rest_of_a_choice_keeps_to_the_points_left(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    scenario = shipped.scenarios["we-are-coming"]
    for action in default_setup(shipped, scenario, session.state, Player.SOVIET):
        session.submit(action)
    session.submit(EndStep(player=Player.SOVIET))
    group = _group(shipped, "we-are-coming", "23rd Panzer Division")
    hex_ = min(allowed_hexes(shipped, session.state, group), key=shipped.grid.id_of)
    assert session.submit(PlaceUnits(units=group.units[:1], to=hex_)).applied
    session.submit(SetUnitStatus(units=group.units[1:2], status=UnitStatus.FORCE_POOL))
    for action in default_setup(shipped, scenario, session.state, Player.GERMAN, rest=True):
        outcome = session.submit(action)
        assert outcome.applied, outcome.verdict.violations
    assert check_setup(shipped, scenario, session.state, Player.GERMAN) == []


@pytest.mark.parametrize(
    ("scenario", "soviet", "german"),
    [
        ("we-are-coming", "19.11", "19.12"),
        ("hoths-last-gasp", "19.21", "19.22"),
        ("operation-winter-storm", "19.31", "19.32"),
        ("maximum-effort", "19.31", "19.32, 19.41"),
    ],
)
def test_19_4_each_scenario_cites_its_own_set_up_rule(shipped, scenario, soviet, german):
    """Reading 125: 19.4 sets up as 19.3 (19.31, 19.32) with the optional units of 19.41."""
    assert setup_rule(shipped.scenarios[scenario], Player.SOVIET) == soviet
    assert setup_rule(shipped.scenarios[scenario], Player.GERMAN) == german


def test_19_11a_an_attached_unit_placed_before_its_formations_is_refused_naming_them(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    group = _group(shipped, "we-are-coming", "51st Army independent units")
    _, hex_ = _inside(shipped, session, "81st Cavalry Division")  # no division stands there yet
    outcome = session.submit(PlaceUnits(units=group.units[:1], to=hex_))
    assert not outcome.applied
    (violation,) = outcome.verdict.violations
    assert violation.rule == "19.11"
    assert "sets up stacked with a unit of 4th Cavalry Corps" in violation.message
    division = _group(shipped, "we-are-coming", "81st Cavalry Division").units
    assert session.submit(PlaceUnits(units=division[:1], to=hex_)).applied
    assert session.submit(PlaceUnits(units=group.units[:1], to=hex_)).applied
