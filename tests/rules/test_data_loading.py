"""Counters, scenarios and the grid load from YAML; broken files say file, key path and problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from owsqt.rules.core.vocabulary import Player, TallyNationality
from owsqt.rules.data.datafile import DataError
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.data.units import MovementClass, Nationality, UnitClass
from owsqt.rules.map.mapcompiler import compile_resources
from owsqt.rules.map.mapfile import MapFileError
from owsqt.rules.scenario.ruleset import Ruleset

REPO = Path(__file__).resolve().parents[2]

UNITS_YAML = """\
formations:
  - {id: de-57pzk, name: 57th Panzer Corps, mechanized: true}
  - id: de-6pz
    name: 6th Panzer Division
    parent: de-57pzk
    mechanized: true
    source: the rulebook's 11.8 example (12-10 tank battalion, proficiency 8)
templates:
  - id: de-panzer-battalion
    nationality: german_army
    type: tank
    size: II
    movement_class: tracked
    combat: 12
    combat_reduced: 6
    movement: 10
    proficiency: 8
    stacking: 6
    stacking_reduced: 3
units:
  - {id: de-6pz-11pzr-1, name: I/11 Pz, template: de-panzer-battalion, formation: de-6pz}
  - {id: de-6pz-11pzr-2, name: II/11 Pz, template: de-panzer-battalion, formation: de-6pz,
     combat: 11}
  - id: de-6pz-76ar
    name: 76 Art Rgt
    nationality: german_army
    type: artillery
    size: III
    movement_class: motorized
    combat: 3
    movement: 10
    proficiency: 7
    stacking: 3
    bombardment: 6
    range: 5
    formation: de-6pz
air_units:
  - id: jg52-2
    name: II/JG 52
    nationality: luftwaffe
    type: fighter
    recovery_class: JG
    air_to_air: 6
    defense: 5
    bombardment: 1
    proficiency: 8
"""


def write(directory: Path, name: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(text)
    return path


def test_a_counter_file_loads_into_frozen_definitions(tmp_path):
    write(tmp_path, "german.yaml", UNITS_YAML)
    catalogue = load_catalogue(tmp_path)
    tank = catalogue.ground["de-6pz-11pzr-1"]
    assert (tank.combat, tank.combat_reduced, tank.proficiency) == (12, 6, 8)
    assert tank.unit_class is UnitClass.ARMOR and tank.movement_class is MovementClass.TRACKED
    assert catalogue.ground["de-6pz-11pzr-2"].combat == 11  # a unit overrides its template
    artillery = catalogue.ground["de-6pz-76ar"]
    assert (artillery.bombardment, artillery.range, artillery.combat_reduced) == (6, 5, None)
    chain = [f.name for f in catalogue.formation_chain(tank.formation)]
    assert chain == ["6th Panzer Division", "57th Panzer Corps"]
    assert len(catalogue.units_of("de-57pzk")) == 3
    assert tank.player is Player.GERMAN
    assert tank.stacking_value(reduced=True) == 3
    assert catalogue.air["jg52-2"].recovery_class == "JG"
    with pytest.raises(AttributeError):
        tank.combat = 13  # type: ignore[misc]


def test_nationalities_count_losses_by_the_17_3_tallies():
    assert Nationality.LUFTWAFFE.tally is TallyNationality.GERMAN
    assert Nationality.RUMANIAN.tally is TallyNationality.RUMANIAN
    assert Nationality.SOVIET_GUARDS.tally is TallyNationality.SOVIET
    assert Nationality.RUMANIAN.player is Player.GERMAN


@pytest.mark.parametrize(
    ("change", "key_path", "expected"),
    [
        (("combat: 12", "combat: twelve"), "templates[0].combat", "integer"),
        (("type: tank", "type: tonk"), "templates[0].type", "tank"),
        (("    proficiency: 8\n    stacking: 6", "    stacking: 6"), "units[0]", "proficiency"),
        (("recovery_class: JG", "recovery_class: XX"), "air_units[0].recovery_class", "JG"),
        (("formation: de-6pz}", "formation: de-7pz}"), "units[0].formation", "formation"),
        (("parent: de-57pzk", "parent: de-58pzk"), "formations[1].parent", "formation"),
        (("    range: 5\n", ""), "units[2]", "bombardment factor and a range"),
        (("combat: 11}", "combat: 11, speed: 3}"), "units[1].speed", "one of the keys"),
    ],
)
def test_a_broken_counter_file_names_file_key_path_and_expectation(
    tmp_path, change, key_path, expected
):
    path = write(tmp_path, "german.yaml", UNITS_YAML.replace(*change, 1))
    with pytest.raises(DataError) as error:
        load_catalogue(tmp_path)
    message = str(error.value)
    assert str(path) in message and key_path in message and expected in message


def test_two_counters_or_formations_may_not_share_an_id(tmp_path):
    write(tmp_path, "a.yaml", UNITS_YAML)
    write(tmp_path, "b.yaml", UNITS_YAML)
    with pytest.raises(DataError, match="a formation id no other formation uses"):
        load_catalogue(tmp_path)
    twice = UNITS_YAML.replace("id: de-6pz-11pzr-2,", "id: de-6pz-11pzr-1,")
    write(tmp_path, "b.yaml", twice)
    (tmp_path / "a.yaml").unlink()
    with pytest.raises(
        DataError, match=r"b\.yaml: at units\[1\]\.id: expected an id no other counter"
    ):
        load_catalogue(tmp_path)


def copy_data(tmp_path: Path) -> tuple[Path, Path]:
    resources, scenarios = tmp_path / "resources", tmp_path / "scenarios"
    shutil.copytree(REPO / "resources", resources)
    shutil.copytree(REPO / "scenarios", scenarios)
    return resources, scenarios


def test_the_shipped_data_loads_with_all_four_scenarios_19_0(tmp_path):
    ruleset = Ruleset.load(*copy_data(tmp_path))
    assert sorted(ruleset.scenarios) == [
        "hoths-last-gasp",
        "maximum-effort",
        "operation-winter-storm",
        "we-are-coming",
    ]
    gasp = ruleset.scenarios["hoths-last-gasp"]
    assert (gasp.first_turn, gasp.last_turn) == (9, 16)  # AM 16 to PM 19 December (19.2)
    assert ruleset.grid.contains(ruleset.grid.hex_of("1043"))


def test_a_scenario_ending_before_it_starts_is_refused(tmp_path):
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "we-are-coming.yaml"
    path.write_text(path.read_text().replace("last_turn: 6", "last_turn: 0"))
    with pytest.raises(DataError, match="last_turn"):
        Ruleset.load(resources, scenarios)


def test_a_broken_grid_file_is_named_by_the_map_compiler(tmp_path):
    resources, _ = copy_data(tmp_path)
    path = resources / "map" / "grid.yaml"
    path.write_text(path.read_text().replace("shifted_columns: even", "shifted_columns: both"))
    with pytest.raises(DataError, match=r"grid\.yaml.*shifted_columns"):
        compile_resources(resources)


def test_a_damaged_compiled_map_is_named_and_the_fix_is_given(tmp_path):
    resources, scenarios = copy_data(tmp_path)
    path = resources / "map" / "compiled.json"
    path.write_text(path.read_text().replace('"rivers"', '"streams"', 1))
    with pytest.raises(MapFileError, match=r"compiled\.json.*owsqt compile-map"):
        Ruleset.load(resources, scenarios)


def test_a_broken_map_source_names_file_and_key(tmp_path):
    resources, _ = copy_data(tmp_path)
    path = resources / "map" / "sources" / "rivers.yaml"
    path.write_text(path.read_text().replace("class: minor", "class: tiny", 1))
    with pytest.raises(DataError, match=r"rivers\.yaml.*rivers\[\d+\]\.class"):
        compile_resources(resources)
