"""Corrupted copies of the table files must fail with a DataError that says where and what."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from owsqt.rules.data.datafile import DataError
from owsqt.rules.data.tables import load_tables

RULES_DIR = Path(__file__).resolve().parents[2] / "resources" / "rules"


@pytest.fixture
def rules_copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(RULES_DIR, target)
    return target


def corrupt(directory: Path, filename: str, old: str, new: str) -> Path:
    path = directory / filename
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {filename}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def load_error(directory: Path) -> DataError:
    with pytest.raises(DataError) as caught:
        load_tables(directory)
    return caught.value


def test_tables_the_shipped_copy_loads(rules_copy: Path) -> None:
    assert str(load_tables(rules_copy).crt.resolve(8, roll=10)) == "1/3"


def test_tables_yaml_syntax_error_names_file_and_line(rules_copy: Path) -> None:
    path = corrupt(rules_copy, "crt.yaml", "  rows:\n", "  rows: [oops\n")
    error = load_error(rules_copy)
    assert error.file == path
    assert error.key_path == ""
    assert error.expected == "valid YAML"
    assert error.line is not None and error.line > 1
    assert str(error).startswith(f"{path}: line {error.line}, column ")
    assert "expected valid YAML, found a syntax error" in str(error)


def test_tables_missing_file_is_a_data_error(rules_copy: Path) -> None:
    (rules_copy / "victory.yaml").unlink()
    error = load_error(rules_copy)
    assert error.file == rules_copy / "victory.yaml"
    assert (
        str(error)
        == f"{rules_copy / 'victory.yaml'}: expected an existing YAML file, found no such file"
    )


def test_crt_11_5_missing_key_names_file_path_and_key(rules_copy: Path) -> None:
    path = corrupt(rules_copy, "crt.yaml", "  title: Combat Results Table\n", "")
    error = load_error(rules_copy)
    assert (error.file, error.key_path, error.expected) == (path, "crt", "key 'title'")
    assert str(error).startswith(f"{path}: at crt: expected key 'title'")


def test_stacking_9_2_wrong_type_names_file_path_and_expectation(rules_copy: Path) -> None:
    path = corrupt(
        rules_copy, "stacking.yaml", "max_points_per_hex: 18", "max_points_per_hex: lots"
    )
    error = load_error(rules_copy)
    assert error.key_path == "stacking.max_points_per_hex"
    assert error.expected == "an integer of at least 1"
    assert str(error) == (
        f"{path}: at stacking.max_points_per_hex: expected an integer of at least 1, "
        "found 'lots' (line 3)"
    )


def test_crt_11_5_unparsable_result_names_the_cell(rules_copy: Path) -> None:
    path = corrupt(rules_copy, "crt.yaml", "-/-, -/1, -/1, -/1, -/2", "-/-, -/1, x/y, -/1, -/2")
    error = load_error(rules_copy)
    assert error.key_path == "crt.rows[2].results[2]"
    assert str(error).startswith(
        f"{path}: at crt.rows[2].results[2]: expected a result such as '1/3' or '-/1', found 'x/y'"
    )


def test_crt_11_5_row_with_too_few_cells_is_refused(rules_copy: Path) -> None:
    path = corrupt(rules_copy, "crt.yaml", "2/3, 2/3, 2/4]}", "2/3, 2/4]}")
    error = load_error(rules_copy)
    assert error.key_path == "crt.rows[2].results"
    assert error.expected == "11 results, one per column"
    assert str(error).startswith(
        f"{path}: at crt.rows[2].results: expected 11 results, one per column, found 10 results"
    )


def test_bombardment_12_4_unparsable_result_is_refused(rules_copy: Path) -> None:
    corrupt(rules_copy, "bombardment.yaml", "3D,  4D]", "3D,  4X]")
    error = load_error(rules_copy)
    assert error.key_path == "bombardment.rows[0].results[8]"
    assert "expected a result such as '-', 2 or '3D', found '4X'" in str(error)


def test_counterbattery_12_4_columns_must_ascend(rules_copy: Path) -> None:
    corrupt(rules_copy, "counterbattery.yaml", " 4,  6,", " 6,  4,")
    error = load_error(rules_copy)
    assert error.key_path == "counterbattery.columns[4]"
    assert "columns must ascend" in error.expected


def test_air_combat_4_4_die_rows_must_be_contiguous(rules_copy: Path) -> None:
    corrupt(rules_copy, "air_combat.yaml", "{die: 7, ", "{die: 6, ")
    error = load_error(rules_copy)
    assert error.key_path == "air_combat.rows[3].die"
    assert error.expected == "roll 7 (rows must run down one roll at a time)"


def test_air_combat_4_4_columns_must_not_leave_gaps(rules_copy: Path) -> None:
    corrupt(rules_copy, "air_combat.yaml", '"-1",     "0"', '"-1",     "+3"')
    error = load_error(rules_copy)
    assert error.key_path == "air_combat.columns[3]"
    assert "starting at +0" in error.expected


def test_crt_11_5_or_less_only_on_the_last_row(rules_copy: Path) -> None:
    corrupt(rules_copy, "crt.yaml", "{die: 2,  ", "{die: 2 or less,")
    error = load_error(rules_copy)
    assert error.key_path == "crt.rows[8].die"
    assert error.expected == "'or less' only on the last (lowest) row"


def test_tec_8_1_misspelt_key_is_reported_with_a_suggestion(rules_copy: Path) -> None:
    corrupt(rules_copy, "terrain_effects.yaml", "combat: 1 column}", "combta: 1 column}")
    error = load_error(rules_copy)
    assert error.key_path == "terrain_effects.terrain.elevated.combta"
    assert "did you mean 'combat'?" in str(error)


def test_tec_8_1_bad_movement_cost_is_refused(rules_copy: Path) -> None:
    corrupt(rules_copy, "terrain_effects.yaml", "[2 MP,   3 MP,   2 MP]", "[2 MP,   3 MPs,  2 MP]")
    error = load_error(rules_copy)
    assert error.key_path == "terrain_effects.terrain.marsh.movement[1]"
    assert "found '3 MPs'" in str(error)


def test_tec_8_1_every_terrain_type_is_required(rules_copy: Path) -> None:
    text = (rules_copy / "terrain_effects.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("railroad:")]
    (rules_copy / "terrain_effects.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    error = load_error(rules_copy)
    assert (error.key_path, error.expected) == ("terrain_effects.terrain", "key 'railroad'")


def test_tec_8_2_what_the_chart_forbids_cites_its_rule(rules_copy: Path) -> None:
    corrupt(
        rules_copy,
        "terrain_effects.yaml",
        'closed_to: [soviet], rule: "8.2"}',
        "closed_to: [soviet]}",
    )
    error = load_error(rules_copy)
    assert (error.key_path, error.expected) == (
        "terrain_effects.terrain.stalingrad_pocket",
        "key 'rule'",
    )


def test_tec_15_2_a_leaving_cost_is_a_share_of_the_allowance(rules_copy: Path) -> None:
    corrupt(rules_copy, "terrain_effects.yaml", "leaving: 1/2", "leaving: 3/2")
    error = load_error(rules_copy)
    assert error.key_path == "terrain_effects.terrain.entrenchments.leaving"


def test_air_recovery_4_7_bad_range_is_refused(rules_copy: Path) -> None:
    corrupt(
        rules_copy,
        "air_recovery.yaml",
        "{flown: 1-2, disrupted: never}",
        "{flown: 2-4, disrupted: never}",
    )
    error = load_error(rules_copy)
    assert error.key_path == "air_recovery.german.KG.flown"
    assert "found '2-4'" in str(error)


def test_replacements_17_3_rate_must_be_a_number(rules_copy: Path) -> None:
    corrupt(rules_copy, "replacements.yaml", "german:   0.50", "german:   half")
    error = load_error(rules_copy)
    assert error.key_path == "replacement_rates.german"
    assert error.expected == "a number such as 2, 0.5 or 1/2 from 0 to 1"


def test_victory_19_33_rows_must_descend(rules_copy: Path) -> None:
    corrupt(rules_copy, "victory.yaml", "{vp: 2,  result", "{vp: 6,  result")
    error = load_error(rules_copy)
    assert error.key_path == "victory[2].vp"


def test_thunderclap_5_1_ranges_must_cover_every_roll(rules_copy: Path) -> None:
    corrupt(rules_copy, "thunderclap.yaml", "{die: 6-10,", "{die: 7-10,")
    error = load_error(rules_copy)
    assert error.key_path == "thunderclap.results[1].die"
    assert "starting at 6" in error.expected


def test_combat_modifiers_6_3_initiative_must_agree_with_the_initiative_table(
    rules_copy: Path,
) -> None:
    corrupt(rules_copy, "initiative.yaml", "{consecutive_turns: 3, extra_mp: 1, attack_drm: 1}",
            "{consecutive_turns: 3, extra_mp: 1, attack_drm: 2}")  # fmt: skip
    error = load_error(rules_copy)
    assert error.file == rules_copy / "combat_modifiers.yaml"
    assert error.key_path == "combat_modifiers.die_roll_modifiers.initiative.bands"


def test_tables_boolean_where_text_expected_is_explained(rules_copy: Path) -> None:
    corrupt(rules_copy, "crt.yaml", "title: Combat Results Table", "title: yes")
    error = load_error(rules_copy)
    assert str(error).startswith(f"{rules_copy / 'crt.yaml'}: at crt.title: expected text, ")
    assert "found the boolean true" in str(error)
