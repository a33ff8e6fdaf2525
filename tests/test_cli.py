"""The headless commands: table calculators, data validation and replay."""

from __future__ import annotations

import json

import pytest

from owsqt import __version__
from owsqt.cli.main import main
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game


@pytest.mark.parametrize(
    ("arguments", "notation", "words"),
    [
        # 11.8: 26 German factors on elevated ground (1 shift), +3 DRM, roll 7 -> 2/4
        (
            ["crt", "--factors", "26", "--shifts", "1", "--drm", "3", "--roll", "7"],
            "2/4",
            "column 20; roll 7 +3 = 10 (row 10 or more): the units fired on lose 2 strength "
            "points now; optional result 4: retreat 4 hexes or take a proficiency check",
        ),
        # 11.8: the Soviet fire, 8 factors, roll 10 -> 1/3
        (["crt", "--factors", "8", "--roll", "10"], "1/3", "lose 1 strength point now"),
        # 4.6: ground attack of 5 against armor (1 shift) on the 3 column, roll 8 -> 1
        (
            ["bombardment", "--factors", "5", "--shifts", "1", "--roll", "8"],
            "1",
            "1 column shift left: column 3; roll 8: the target loses 1 strength point",
        ),
        # 12.4: a 6-factor counterbattery, roll 7 -> suppressed
        (
            ["counterbattery", "--factors", "6", "--roll", "7"],
            "S",
            "is suppressed and cannot carry out its mission",
        ),
        # 4.4: II/JG 52 (6) against a Soviet fighter (5) with +1 DRM, roll 4 -> abort
        (
            ["air-combat", "--differential", "1", "--drm", "1", "--roll", "4"],
            "A",
            "column +1; roll 4 +1 = 5: the target aborts its mission",
        ),
        # 4.7: a flown JG is ready on a 7; a disrupted KG never recovers
        (["air-recovery", "--class", "JG", "--roll", "7"], "ready on 7 or less", "ready: to"),
        (
            ["air-recovery", "--class", "KG", "--disrupted", "--roll", "1"],
            "no roll recovers it",
            "not ready: stays in its box",
        ),
    ],
)
def test_table_calculators_print_the_rulebook_examples_in_words_11_8_4_6_12_4_4_4(
    arguments, notation, words, capsys
):
    assert main(["table", *arguments]) == 0
    out = capsys.readouterr().out.strip()
    assert out.endswith(f"({notation})")
    assert words in out


def test_11_5_a_crt_answer_names_table_column_and_both_results(capsys):
    assert main(["table", "crt", "--factors", "10", "--shifts", "2", "--roll", "5"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("Combat Results Table (11.4, 11.5), 10 factors, 2 column shifts left")
    assert "column 5;" in out and "roll 5:" in out


@pytest.mark.parametrize("table", ["crt", "bombardment", "counterbattery", "air-combat"])
def test_every_table_subcommand_says_what_its_numbers_mean(table, capsys):
    with pytest.raises(SystemExit):
        main(["table", table, "--help"])
    out = capsys.readouterr().out
    assert "the die as rolled, 1-10" in out and "net die roll modifier" in out
    assert ("columns shifted to the left" in out) or ("defence factor" in out)


def test_a_calculator_refuses_an_impossible_total_with_a_message(capsys):
    assert main(["table", "crt", "--factors", "0", "--roll", "5"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"owsqt {__version__}"


@pytest.mark.slow
def test_validate_data_reads_every_shipped_file(capsys):
    assert main(["validate-data"]) == 0
    assert "4 scenarios" in capsys.readouterr().out


def saved_game(tmp_path):
    ruleset = default_ruleset()
    path = tmp_path / "game.owsg"
    session = new_game(ruleset, "we-are-coming", Mode.FREE, seed=9, path=path)
    session.submit(RollDice(purpose="opening", count=2))
    session.close()
    return path


def test_replay_summarises_the_final_state(tmp_path, capsys):
    assert main(["replay", str(saved_game(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "We are coming!" in out and "dice rolled: 2" in out


def test_replay_json_holds_the_whole_state(tmp_path, capsys):
    assert main(["replay", str(saved_game(tmp_path)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["entries"] == 1 and data["state"]["dice"]["rolls_made"] == 2


def test_4_3_4_5_replay_json_shows_the_air_boxes_and_each_live_zone(tmp_path, capsys):
    from owsqt.rules.core.actions import PlaceAirUnit, SetInterdiction

    ruleset = default_ruleset()
    path = tmp_path / "air.owsg"
    session = new_game(ruleset, "we-are-coming", Mode.FREE, seed=9, path=path)
    session.submit(PlaceAirUnit(air_unit="lw-stg77-2", box=AirBox.FLOWN))
    session.submit(SetInterdiction(center=ruleset.grid.hex_of("2538"), penalty=1))
    session.close()
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["air_boxes"]["flown"] == ["lw-stg77-2"]
    (zone,) = data["interdiction_zones"]
    assert (zone["center"], zone["penalty"], len(zone["hexes"])) == ("2538", 1, 91)
    assert zone["polygons"] and zone["polygons"][0]["exterior"]


def test_replay_of_a_tampered_file_names_the_entry_and_fails(tmp_path, capsys):
    path = saved_game(tmp_path)
    path.write_text(path.read_text().replace('"count": 2', '"count": 3'))
    assert main(["replay", str(path)]) == 2
    assert "entry 1" in capsys.readouterr().err


def test_replay_of_a_missing_file_says_so(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nothing.owsg")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_export_map_writes_every_hex_with_the_documented_keys(tmp_path, capsys):
    out = tmp_path / "map.json"
    assert main(["export-map", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["hexes"]["2428"]["name"] == "Verchne-Kumskij"
    assert {"terrain", "features", "name", "pocket"} == set(data["hexes"]["3424"])
    assert any(side["bridge"] and side["name"] == "Myshkova" for side in data["hexsides"])
    assert {c["kind"] for c in data["connections"]} == {
        "primary_road",
        "secondary_road",
        "railroad",
    }
    assert data["grid"]["shifted_columns"] in {"odd", "even"}
    assert data["supply_edges"]["german"] and data["entry_areas"]["B"]


def test_render_map_draws_the_whole_map_to_a_png(tmp_path, capsys, qapp):
    out = tmp_path / "map.png"
    assert main(["render-map", "--out", str(out), "--scale", "0.25"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert " x " in capsys.readouterr().out


@pytest.mark.slow
def test_compile_map_rebuilds_the_shipped_file_exactly(tmp_path, monkeypatch, capsys):
    import shutil

    from owsqt.rules.data.datafile import resources_dir

    shipped = resources_dir()
    copy = tmp_path / "resources"
    shutil.copytree(shipped, copy)
    (copy / "map" / "compiled.json").unlink()
    monkeypatch.setenv("OWSQT_RESOURCES", str(copy))
    assert main(["compile-map"]) == 0
    rebuilt = (copy / "map" / "compiled.json").read_text()
    assert rebuilt == (shipped / "map" / "compiled.json").read_text()
    assert "largest affine residual" in capsys.readouterr().out


def test_export_oob_writes_every_counter_with_its_formation_chain(tmp_path, capsys):
    out = tmp_path / "oob.json"
    assert main(["export-oob", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["scenarios"] == sorted(data["scenarios"]) and "we-are-coming" in data["scenarios"]
    units = {unit["id"]: unit for unit in data["units"]}
    tank = next(u for u in data["units"] if (u.get("combat"), u.get("proficiency")) == (12, 8))
    assert tank["formation"][:2] == ["6th Panzer Division", "57th Panzer Corps"]
    for key in ("nationality", "type", "size", "movement_class", "combat_reduced", "stacking"):
        assert key in tank
    assert any("bombardment" in u and "range" in u for u in units.values())
    assert any("air_to_air" in u and "defense" in u for u in units.values())


def test_export_oob_needs_a_destination(capsys):
    assert main(["export-oob"]) == 2
    assert "--json" in capsys.readouterr().err


def validate_bent_copy(tmp_path, monkeypatch, bend) -> int:
    """`owsqt validate-data` over a copy of the shipped data that `bend(root)` changed."""
    import shutil

    from owsqt.rules.data.datafile import resources_dir
    from owsqt.rules.scenario.ruleset import default_ruleset

    repo = resources_dir().parent
    for folder in ("resources", "scenarios"):
        shutil.copytree(repo / folder, tmp_path / folder)
    bend(tmp_path)
    monkeypatch.setenv("OWSQT_RESOURCES", str(tmp_path / "resources"))
    default_ruleset.cache_clear()
    try:
        return main(["validate-data"])
    finally:
        default_ruleset.cache_clear()


@pytest.mark.parametrize(
    ("path", "change", "named"),
    [
        ("resources/units/rumanian.yaml", ("formation: ro-8cd", "formation: ro-9cd"), "formation"),
        (
            "scenarios/we-are-coming.yaml",
            ('zone: {hex: "4514"}', 'zone: {hex: "4599"}'),
            "zone.hex",
        ),
        ("resources/units/luftwaffe.yaml", ("proficiency: 8", "proficiency: 80"), "proficiency"),
        (  # a fact: the tank formula (issue 23)
            "resources/units/tank-strengths.yaml",
            ("{unit: de-6pz-11pzr-1, medium: 62,", "{unit: de-6pz-11pzr-1, medium: 31,"),
            "I/11 Pz (de-6pz-11pzr-1): printed 12 (6), the formula gives",
        ),
        (  # a fact: a village off its sourced hex (issue 23)
            "resources/map/sources/gazetteer.yaml",
            ('{name: Novoaksaiskiy, hex: "1931"}', '{name: Novoaksaiskiy, hex: "2632"}'),
            "Novoaksaiskiy",
        ),
    ],
)
def test_validate_data_names_file_and_key_of_bad_data_and_fails(
    tmp_path, monkeypatch, capsys, path, change, named
):
    def bend(root):
        target = root / path
        text = target.read_text()
        assert change[0] in text
        target.write_text(text.replace(*change, 1))

    assert validate_bent_copy(tmp_path, monkeypatch, bend) == 2
    error = capsys.readouterr().err
    assert path.rsplit("/", 1)[-1] in error and named in error


@pytest.mark.slow
def test_screenshot_renders_a_new_game_of_a_scenario(tmp_path, capsys, qapp):
    out = tmp_path / "table.png"
    assert (
        main(["screenshot", "--scenario", "we-are-coming", "--hex", "2441", "--out", str(out)]) == 0
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["screenshot", "--scenario", "nowhere", "--out", str(out)]) == 2
    assert "unknown scenario 'nowhere'" in capsys.readouterr().err


def test_moves_lists_the_hexes_a_stack_can_reach_with_their_cost_8_1(capsys):
    assert main(["moves", "--scenario", "we-are-coming", "--unit", "de-6pz-11pzr-1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"unit", "from", "movement_points", "reachable"} <= set(data)
    assert data["reachable"][data["from"]] == 0
    assert all(0 <= cost <= data["movement_points"] for cost in data["reachable"].values())
    assert len(data["reachable"]) > 10
    assert main(["moves", "--scenario", "we-are-coming", "--unit", "su-2ga-hq"]) == 2


def test_validate_data_names_start_lines_that_cross_and_fails_19_11(tmp_path, monkeypatch, capsys):
    from owsqt.rules.map.gamemap import GameMap
    from owsqt.rules.map.mapfile import compiled_text, load_game_map

    def bend(root):
        compiled = root / "resources" / "map" / "compiled.json"
        data = dict(load_game_map(compiled).data)
        soviet = data["fronts"]["soviet"]
        # The straight line from 3847 to 4842 the rulebook's ends alone would give.
        data["fronts"]["soviet"] = [
            *soviet[: soviet.index("3847")],
            "3847", "3947", "4046", "4146", "4245", "4345", "4444", "4544", "4643", "4743", "4842",
        ]  # fmt: skip
        compiled.write_text(compiled_text(GameMap(data)))

    assert validate_bent_copy(tmp_path, monkeypatch, bend) == 2
    shared = "the start lines share 4146, 4245, 4643, 4743"
    assert f"owsqt: validate-data: resources/map: {shared}" in capsys.readouterr().err
