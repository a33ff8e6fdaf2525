"""Scenarios as data: they load, default set-ups are legal, the checker finds faults (19.0)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.datafile import DataError
from owsqt.rules.engine import apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.setupcheck import check_setup
from owsqt.session import GameSession, new_game

REPO = Path(__file__).resolve().parents[2]


def set_up(ruleset: Ruleset, scenario: str, mode: Mode = Mode.STRICT) -> GameSession:
    session = new_game(ruleset, scenario, mode, seed=12)
    session.apply_default_setup()
    return session


def test_all_four_scenarios_load_19_0(shipped):
    assert {"we-are-coming", "hoths-last-gasp", "operation-winter-storm", "maximum-effort"} <= set(
        shipped.scenarios
    )


@pytest.mark.parametrize(
    "scenario", ["we-are-coming", "hoths-last-gasp", "operation-winter-storm", "maximum-effort"]
)
def test_every_default_setup_is_legal_and_strict_play_reaches_turn_one_19_0(shipped, scenario):
    session = set_up(shipped, scenario)
    state = session.state
    for player in Player:
        assert check_setup(shipped, shipped.scenarios[scenario], state, player) == []
    assert (state.phase, state.turn) == (
        Phase.AIR_OPERATIONS,
        shipped.scenarios[scenario].first_turn,
    )


def test_we_are_coming_sets_up_as_19_11_and_19_12_say(shipped):
    state = set_up(shipped, "we-are-coming").state
    grid = shipped.grid
    assert state.units["de-gr-bischof"].hex == grid.hex_of("4146")
    assert {state.units[u].hex for u in ("su-254tb-1", "su-254tb-2")} == {grid.hex_of("4514")}
    reserves = [u for u in shipped.catalogue.units_of("su-13tc")]
    assert reserves and all(state.units[u.id].reserve for u in reserves)
    division = shipped.catalogue.units_of("de-23pz")
    on_map = [u for u in division if state.units[u.id].status is UnitStatus.ON_MAP]
    pooled = [u for u in division if state.units[u.id].status is UnitStatus.FORCE_POOL]
    assert sum(u.stacking for u in on_map) <= 23 and pooled
    assert sum(u.stacking for u in on_map) + sum(u.stacking for u in pooled) == 48
    assert all(unit.box is AirBox.READY for unit in state.air_units.values())


def test_the_checker_names_a_unit_outside_its_zone_19_11(shipped):
    session = new_game(shipped, "we-are-coming", Mode.FREE, seed=3)
    scenario = shipped.scenarios["we-are-coming"]
    for action in _default(shipped, session.state, Player.SOVIET):
        session.submit(action)
    state = apply(
        shipped,
        session.state,
        PlaceUnits(units=("su-51a-hq",), to=shipped.grid.hex_of("2428")),
        Mode.FREE,
    ).state
    violations = check_setup(shipped, scenario, state, Player.SOVIET)
    assert any(
        v.rule == "19.11" and "51st Army HQ on 2428 is outside" in v.message for v in violations
    )


def test_the_checker_names_units_not_set_up_and_units_in_the_pocket_8_2(shipped):
    session = new_game(shipped, "we-are-coming", Mode.FREE, seed=3)
    scenario = shipped.scenarios["we-are-coming"]
    pocket_hex = next(iter(shipped.game_map.pocket))
    state = apply(
        shipped, session.state, PlaceUnits(units=("su-302rd-823rr",), to=pocket_hex), Mode.FREE
    ).state
    messages = [str(v) for v in check_setup(shipped, scenario, state, Player.SOVIET)]
    assert any(m.startswith("8.2:") for m in messages)
    assert any("has not been set up" in m for m in messages)


def test_strict_play_refuses_to_end_a_setup_that_breaks_its_zones_19_11(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=3)
    outcome = session.submit(_end_step(Player.SOVIET))
    assert not outcome.applied and outcome.verdict.violations[0].rule == "19.11"


def _default(ruleset, state, player):
    from owsqt.rules.defaultsetup import default_setup

    return default_setup(ruleset, ruleset.scenarios[state.scenario], state, player)


def _end_step(player):
    from owsqt.rules.core.actions import EndStep

    return EndStep(player=player)


def copy_data(tmp_path: Path) -> tuple[Path, Path]:
    resources, scenarios = tmp_path / "resources", tmp_path / "scenarios"
    shutil.copytree(REPO / "resources", resources)
    shutil.copytree(REPO / "scenarios", scenarios)
    return resources, scenarios


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (('zone: {hex: "4514"}', 'zone: {hex: "6514"}'), "zone.hex"),
        (("units: {formation: su-302rd}", "units: {formation: su-303rd}"), "units.formation"),
        (("units: {units: [su-51a-hq]}", "units: {units: [de-6pz-hq]}"), "units"),
        (("evaluator: hold_and_cross", "evaluator: coin_toss"), "victory.evaluator"),
        (("soviet: {allowed: false", "soviet: {allowed: perhaps"), "entrenchments.soviet.allowed"),
        (
            ('german: {allowed: false, rule: "19.12 a"}', "german: {allowed: false}"),
            "entrenchments.german",
        ),
        (
            ('soviet: {ready: all, rule: "19.11 b"}', "soviet: {ready: all, rule: [19]}"),
            "air.soviet.rule",
        ),
    ],
)
def test_a_broken_scenario_names_file_and_key(tmp_path, change, where):
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "we-are-coming.yaml"
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(*change, 1))
    with pytest.raises(DataError) as error:
        Ruleset.load(resources, scenarios)
    assert "we-are-coming.yaml" in str(error.value) and where in str(error.value)


def test_reduced_strengths_of_19_21_are_taken_from_the_group(shipped):
    state = set_up(shipped, "hoths-last-gasp").state
    scenario = shipped.scenarios["hoths-last-gasp"]
    for group in scenario.groups():
        if group.losses is None:
            continue
        lost = sum(
            shipped.catalogue.ground[u].combat - state.units[u].strength
            for u in group.units
            if state.units[u].status is UnitStatus.ON_MAP
        )
        assert lost == group.losses.total, group.name


def test_the_turn_record_track_has_every_turn_as_the_rulebook_gives_it(shipped):
    track = shipped.turn_record_track
    assert [record.turn for record in track] == list(range(1, 24))
    assert track[0].date == "AM 12 December 1942" and track[0].weather == "clear"
    assert track[3].icy and not track[0].icy  # turn 4: roads icy
    turn_2 = track[1].reinforcements[0]
    assert (turn_2.force_pool, turn_2.stacking_points, turn_2.area) == ("de-23pz", 12, "A")
    seventeenth = [r for t in track[8:11] for r in t.reinforcements if r.force_pool == "de-17pz"]
    assert [r.stacking_points for r in seventeenth] == [18, 18, 16]
    assert {r.hex_id for r in seventeenth} == {"1043"}
    assert "su-4mc-hq" in track[2].releases or any(
        u.startswith("su-4mc") for u in track[2].releases
    )


def test_a_broken_turn_record_track_names_the_turn(tmp_path):
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "turn-record-track.yaml"
    path.write_text(path.read_text().replace("roads: icy", "roads: slushy", 1))
    with pytest.raises(DataError, match=r"turn-record-track\.yaml.*turns\[3\]\.roads"):
        Ruleset.load(resources, scenarios)


def test_every_maximum_effort_option_sets_up_legally_19_41(shipped):
    scenario = shipped.scenarios["maximum-effort"]
    options = tuple(option.id for option in scenario.options)
    assert {"support-units", "16th-motorized-division", "17th-panzer-from-start"} <= set(options)
    session = new_game(shipped, "maximum-effort", Mode.STRICT, seed=5, options=options)
    session.apply_default_setup()
    state = session.state
    assert state.phase == Phase.AIR_OPERATIONS
    seventeenth = shipped.catalogue.units_of("de-17pz")
    assert all(state.units[u.id].status is UnitStatus.ON_MAP for u in seventeenth)
    penalties = {o.id: o.victory_points_to_soviet for o in scenario.options}
    assert penalties["16th-motorized-division"] == 2  # 19.42


def test_the_sixth_army_group_may_only_be_placed_in_the_pocket_5_1(shipped):
    scenario = shipped.scenarios["operation-winter-storm"]
    (group,) = [g for g in scenario.groups() if "de-6a-langenthal" in g.units]
    assert group.zone.hexes(shipped.game_map) == shipped.game_map.pocket
    assert group.start is UnitStatus.FORCE_POOL


def test_a_scenario_brings_only_its_own_counters_into_play_19_1(shipped):
    state = new_game(shipped, "we-are-coming", Mode.FREE, seed=1).state
    assert "de-57pzk-54wr-1" in state.units  # turn 1 reinforcement
    assert "ro-christea-lt1" in state.units  # conditional entry
    assert "su-2ga-hq" not in state.units  # arrives on turn 9, after the scenario ends
    assert not any(unit_id.startswith("de-17pz") for unit_id in state.units)
    campaign = new_game(shipped, "operation-winter-storm", Mode.FREE, seed=1).state
    assert "su-2ga-hq" in campaign.units and "de-17pz-hq" in campaign.units


def test_reserves_carry_their_three_release_conditions_19_11(shipped):
    for scenario_id in ("we-are-coming", "hoths-last-gasp", "operation-winter-storm"):
        release = shipped.scenarios[scenario_id].reserve_release
        assert release.by_turn_record_track and release.when_attacked
        assert release.enemy_within == 5
