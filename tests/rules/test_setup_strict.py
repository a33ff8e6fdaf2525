"""Set-up in STRICT play holds each side to its scenario text (19.11, 19.12, 19.21, 19.22,
19.31, 19.32, 19.41): entrenchments, interdiction, reserves, losses, air boxes, arrivals.

What can never be legal is refused when made (the ManualEdit judges); what depends on the
whole set-up is judged when the set-up step ends (`check_setup`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    Action,
    EndStep,
    FlipUnit,
    PlaceAirUnit,
    PlaceUnits,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetStrength,
    SetUnitStatus,
)
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode, Violation
from owsqt.rules.core.vocabulary import (
    AirBox,
    Entrenchment,
    LossClass,
    Player,
    UnitMarker,
    UnitStatus,
)
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.engine import apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.setupcheck import check_setup
from owsqt.session import GameSession, new_game


def _session(ruleset: Ruleset, scenario: str, mode: Mode, sides: tuple[Player, ...]) -> GameSession:
    """A game whose listed sides have placed their default set-up, in set-up order."""
    session = new_game(ruleset, scenario, mode, seed=5)
    for player in sides:
        state = session.state
        for action in default_setup(ruleset, ruleset.scenarios[scenario], state, player):
            outcome = session.submit(action)
            assert outcome.applied, (action, outcome.verdict.violations)
        if player is not sides[-1]:
            assert session.submit(EndStep(player=player)).applied
    return session


def _refused(session: GameSession, action: Action) -> list[Violation]:
    outcome = session.submit(action)
    assert not outcome.applied
    return list(outcome.verdict.violations)


def _free(ruleset: Ruleset, state: GameState, action: Action) -> GameState:
    return apply(ruleset, state, action, Mode.FREE).state


def _check(ruleset: Ruleset, state: GameState, player: Player) -> list[Violation]:
    return check_setup(ruleset, ruleset.scenarios[state.scenario], state, player, state.options)


def _placed(state: GameState, formation_units: list[str]) -> str:
    """A unit of the list on the map with more than one strength point."""
    return next(
        u
        for u in formation_units
        if state.units[u].status is UnitStatus.ON_MAP and state.units[u].strength > 1
    )


def _units(ruleset: Ruleset, formation: str) -> list[str]:
    return [u.id for u in ruleset.catalogue.units_of(formation)]


# --- entrenchments ----------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["we-are-coming", "operation-winter-storm"])
def test_19_11a_an_entrenchment_placed_where_the_set_up_forbids_it_is_refused(shipped, scenario):
    session = _session(shipped, scenario, Mode.STRICT, (Player.SOVIET,))
    unit = _placed(session.state, _units(shipped, "su-302rd"))
    hex_ = session.state.units[unit].hex
    assert hex_ is not None
    action = SetEntrenchment(player=Player.SOVIET, hex=hex_, status=Entrenchment.COMPLETE)
    violations = _refused(session, action)
    assert violations[0].rule in ("19.11", "19.31") and "entrenched" in violations[0].message


def test_19_11a_an_entrenchment_left_on_the_map_is_named_when_set_up_ends(shipped):
    session = _session(shipped, "we-are-coming", Mode.FREE, (Player.SOVIET,))
    unit = _placed(session.state, _units(shipped, "su-126rd"))
    hex_ = session.state.units[unit].hex
    assert hex_ is not None
    state = _free(
        shipped,
        session.state,
        SetEntrenchment(player=Player.SOVIET, hex=hex_, status=Entrenchment.UNDER_CONSTRUCTION),
    )
    violations = _check(shipped, state, Player.SOVIET)
    assert [v.rule for v in violations] == ["19.11"]


def test_19_22a_no_german_unit_starts_entrenched_in_hoths_last_gasp(shipped):
    session = _session(shipped, "hoths-last-gasp", Mode.STRICT, (Player.SOVIET, Player.GERMAN))
    unit = _placed(session.state, _units(shipped, "de-6pz"))
    hex_ = session.state.units[unit].hex
    assert hex_ is not None
    action = SetEntrenchment(player=Player.GERMAN, hex=hex_, status=Entrenchment.COMPLETE)
    assert _refused(session, action)[0].rule == "19.22"


# --- interdiction -----------------------------------------------------------------------


def test_19_11_the_soviet_side_may_not_set_an_interdiction_zone_at_set_up(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET,))
    action = SetInterdiction(player=Player.SOVIET, center=shipped.grid.hex_of("2428"), penalty=2)
    violations = _refused(session, action)
    assert violations[0].rule == "4.5" and "German air units" in violations[0].message


def test_19_12_the_german_side_may_not_set_an_interdiction_zone_at_set_up(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET, Player.GERMAN))
    action = SetInterdiction(player=Player.GERMAN, center=shipped.grid.hex_of("2428"), penalty=2)
    assert _refused(session, action)[0].rule == "4.5"


def test_19_12_an_interdiction_zone_left_on_the_map_is_named_when_set_up_ends(shipped):
    session = _session(shipped, "we-are-coming", Mode.FREE, (Player.SOVIET, Player.GERMAN))
    action = SetInterdiction(player=Player.GERMAN, center=shipped.grid.hex_of("2428"), penalty=2)
    state = _free(shipped, session.state, action)
    assert [v.rule for v in _check(shipped, state, Player.GERMAN)] == ["4.5"]


# --- reserves ---------------------------------------------------------------------------


def test_19_11a_a_reserve_unit_without_its_reserve_marker_is_named(shipped):
    session = _session(shipped, "we-are-coming", Mode.FREE, (Player.SOVIET,))
    unit = _placed(session.state, _units(shipped, "su-13tc"))
    action = SetMarker(player=Player.SOVIET, units=(unit,), marker=UnitMarker.RESERVE, on=False)
    state = _free(shipped, session.state, action)
    violations = _check(shipped, state, Player.SOVIET)
    assert [v.rule for v in violations] == ["19.11"] and "reserve" in violations[0].message


def test_19_11a_a_unit_not_listed_as_reserve_may_not_be_made_one(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET,))
    unit = _placed(session.state, _units(shipped, "su-302rd"))
    action = SetMarker(player=Player.SOVIET, units=(unit,), marker=UnitMarker.RESERVE, on=True)
    assert _refused(session, action)[0].rule == "19.11"
    state = _free(shipped, session.state, action)
    assert [v.rule for v in _check(shipped, state, Player.SOVIET)] == ["19.11"]


# --- starting losses --------------------------------------------------------------------


def test_19_21_the_starting_losses_are_checked(shipped):
    session = _session(shipped, "hoths-last-gasp", Mode.FREE, (Player.SOVIET,))
    state = session.state
    unit = next(
        u
        for u in _units(shipped, "su-302rd")
        if state.units[u].strength < shipped.catalogue.ground[u].combat
    )
    full = shipped.catalogue.ground[unit].combat
    state = _free(shipped, state, SetStrength(player=Player.SOVIET, unit=unit, strength=full))
    violations = _check(shipped, state, Player.SOVIET)
    assert violations and all(v.rule == "19.21" for v in violations)
    assert "the scenario says" in violations[0].message


def test_19_22_the_german_starting_losses_are_checked(shipped):
    session = _session(shipped, "hoths-last-gasp", Mode.FREE, (Player.SOVIET, Player.GERMAN))
    state = session.state
    unit = next(
        u
        for u in _units(shipped, "de-6pz")
        if state.units[u].strength > 1 and shipped.catalogue.ground[u].unit_class.loss_class
    )
    strength = state.units[unit].strength - 1
    state = _free(shipped, state, SetStrength(player=Player.GERMAN, unit=unit, strength=strength))
    assert [v.rule for v in _check(shipped, state, Player.GERMAN)] == ["19.22"]


def test_19_21_a_unit_eliminated_for_its_group_losses_counts_its_whole_strength(shipped):
    """Reading 62: "losses are allocated in any way desired" may take a whole unit."""
    session = _session(shipped, "hoths-last-gasp", Mode.FREE, (Player.SOVIET,))
    state = session.state
    group = next(
        g for g in shipped.scenarios["hoths-last-gasp"].setup if g.name == "302nd Rifle Division"
    )
    assert group.losses is not None
    catalogue = shipped.catalogue.ground
    infantry = [u for u in group.units if catalogue[u].unit_class.loss_class is LossClass.INFANTRY]
    # Restore the division's infantry, then take the 8 points as whole units and strength.
    for unit in infantry:
        state = _free(
            shipped,
            state,
            SetStrength(player=Player.SOVIET, unit=unit, strength=catalogue[unit].combat),
        )
    victim = max(infantry, key=lambda u: catalogue[u].combat)
    assert catalogue[victim].combat <= group.losses.infantry
    state = _free(
        shipped,
        state,
        SetUnitStatus(player=Player.SOVIET, units=(victim,), status=UnitStatus.ELIMINATED),
    )
    owed = group.losses.infantry - catalogue[victim].combat
    for unit in infantry:
        if unit == victim or not owed:
            continue
        take = min(owed, catalogue[unit].combat - 1)
        state = _free(
            shipped,
            state,
            SetStrength(player=Player.SOVIET, unit=unit, strength=catalogue[unit].combat - take),
        )
        owed -= take
    assert owed == 0
    assert _check(shipped, state, Player.SOVIET) == []


def test_19_11a_a_unit_with_no_starting_losses_may_not_be_reduced(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET,))
    unit = _placed(session.state, _units(shipped, "su-302rd"))
    full = shipped.catalogue.ground[unit].combat
    action = SetStrength(player=Player.SOVIET, unit=unit, strength=full - 1)
    assert _refused(session, action)[0].rule == "19.11"
    state = _free(shipped, session.state, action)
    violations = _check(shipped, state, Player.SOVIET)
    assert [v.rule for v in violations] == ["19.11"]


def test_19_12a_a_german_unit_may_not_be_flipped_at_set_up(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET, Player.GERMAN))
    catalogue = shipped.catalogue.ground
    unit = next(
        u
        for u in _units(shipped, "de-6pz")
        if catalogue[u].combat_reduced is not None
        and session.state.units[u].status is UnitStatus.ON_MAP
    )
    assert _refused(session, FlipUnit(player=Player.GERMAN, unit=unit))[0].rule == "19.12"


# --- air readiness ----------------------------------------------------------------------


@pytest.mark.parametrize(("player", "rule"), [(Player.SOVIET, "19.21"), (Player.GERMAN, "19.22")])
def test_19_21_and_19_22_the_starting_air_readiness_is_checked(shipped, player, rule):
    sides = (Player.SOVIET,) if player is Player.SOVIET else (Player.SOVIET, Player.GERMAN)
    session = _session(shipped, "hoths-last-gasp", Mode.FREE, sides)
    state = session.state
    flown = next(
        a
        for a, air in state.air_units.items()
        if air.box is AirBox.FLOWN and shipped.catalogue.air[a].player is player
    )
    state = _free(shipped, state, PlaceAirUnit(player=player, air_unit=flown, box=AirBox.READY))
    violations = _check(shipped, state, player)
    assert [v.rule for v in violations] == [rule] and "the flown box" in violations[0].message


def test_19_11b_an_air_unit_may_not_start_flown_when_all_start_ready(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET,))
    air = next(a.id for a in shipped.catalogue.air.values() if a.player is Player.SOVIET)
    action = PlaceAirUnit(player=Player.SOVIET, air_unit=air, box=AirBox.FLOWN)
    assert _refused(session, action)[0].rule == "19.11"
    state = _free(shipped, session.state, action)
    assert [v.rule for v in _check(shipped, state, Player.SOVIET)] == ["19.11"]


def test_19_22c_an_air_unit_may_not_start_on_a_mission(shipped):
    session = _session(shipped, "hoths-last-gasp", Mode.STRICT, (Player.SOVIET, Player.GERMAN))
    air = next(a.id for a in shipped.catalogue.air.values() if a.player is Player.GERMAN)
    action = PlaceAirUnit(player=Player.GERMAN, air_unit=air, box=AirBox.GROUND_ATTACK)
    assert _refused(session, action)[0].rule == "19.22"


# --- arrivals ---------------------------------------------------------------------------


def test_19_12d_a_reinforcement_may_not_be_placed_at_set_up(shipped):
    session = _session(shipped, "we-are-coming", Mode.STRICT, (Player.SOVIET, Player.GERMAN))
    state = session.state
    scenario = shipped.scenarios["we-are-coming"]
    in_groups = {u for g in scenario.groups() for u in g.units}
    arriving = next(
        u
        for u in state.units
        if u not in in_groups and shipped.catalogue.ground[u].player is Player.GERMAN
    )
    action = PlaceUnits(player=Player.GERMAN, units=(arriving,), to=shipped.grid.hex_of("2641"))
    assert _refused(session, action)[0].rule == "19.12"
    placed = _free(shipped, state, action)
    assert "19.12" in [v.rule for v in _check(shipped, placed, Player.GERMAN)]
    # Nor may it be put in a force pool it is not drawn from at set-up.
    unit = replace(state.units[arriving], status=UnitStatus.ELIMINATED)
    gone = state.with_unit(arriving, unit)
    assert [v.rule for v in _check(shipped, gone, Player.GERMAN)] == ["19.12"]


def test_4_5_an_interdiction_zone_blocks_the_end_of_the_soviet_set_up_too(shipped):
    session = _session(shipped, "we-are-coming", Mode.FREE, (Player.SOVIET,))
    action = SetInterdiction(player=Player.SOVIET, center=shipped.grid.hex_of("2428"), penalty=1)
    state = _free(shipped, session.state, action)
    assert [v.rule for v in _check(shipped, state, Player.SOVIET)] == ["4.5"]
