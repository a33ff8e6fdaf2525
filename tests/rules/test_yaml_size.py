"""Hostile size in YAML (issue 36, defect 8): a data file too large, a list of millions of
items and a number of thousands of digits are refused by load_yaml in one line naming the
file and where, before anything is composed or converted, and never as a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from owsqt.rules.data import datafile, yamlguard
from owsqt.rules.data.datafile import DataError, load_yaml
from owsqt.rules.data.yamlguard import MAX_BYTES, MAX_DIGITS, MAX_NODES
from tests.rules.test_yaml_hostile import LOADERS, REPO, refusal, write


@pytest.fixture(params=sorted(LOADERS))
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> type:
    """Each test runs with the C loader and with the pure-Python fallback, neither of which
    may compose a document before its size is known to be within bounds."""
    chosen = LOADERS[request.param]

    class Counted(chosen):  # type: ignore[misc, valid-type]
        composed = 0

        def get_single_node(self):  # the node tree: where a long list costs its memory
            Counted.composed += 1
            return super().get_single_node()

    monkeypatch.setattr(datafile, "_Loader", Counted)
    return Counted


def test_defect_8_a_list_of_two_million_items_is_refused_before_it_is_composed(
    tmp_path: Path, loader: type
) -> None:
    path = write(tmp_path, "items: [" + ",".join(["1"] * 2_000_000) + "]\n")  # 4 MB
    error = refusal(path)
    # The document's mapping, its key and the list are three values: item 199,998 is one past.
    column = len("items: [") + 1 + 2 * (MAX_NODES - 3)
    assert (error.line, error.column) == (1, column)
    assert str(error) == (
        f"{path}: line 1, column {column:}: expected at most 200,000 values in a data file, "
        "found more"
    )
    assert loader.composed == 0


def test_defect_8_a_file_larger_than_a_data_file_is_refused_before_it_is_parsed(
    tmp_path: Path, loader: type
) -> None:
    path = write(tmp_path, "# padding\n" * (MAX_BYTES // 10 + 1))
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert (
        str(caught.value) == f"{path}: expected a YAML file of at most 4 MiB, found a larger file"
    )
    assert loader.composed == 0


@pytest.mark.parametrize(
    ("text", "key_path", "line", "found"),
    [
        ("turns: 1\nlast_turn: " + "7" * 5000 + "\n", "last_turn", 2, "one of 5,000"),
        ("hexes:\n  " + "9" * 1000 + ": wood\n", "hexes", 2, "one of 1,000"),  # a key
        ("odds: [1.5, " + "3" * 4000 + ".0]\n", "odds[1]", 1, "one of 4,002"),  # a float
    ],
)
def test_defect_8_a_number_of_thousands_of_digits_is_refused_naming_file_key_and_line(
    tmp_path: Path, loader: type, text: str, key_path: str, line: int, found: str
) -> None:
    error = refusal(write(tmp_path, text))
    assert (error.key_path, error.line) == (key_path, line)
    assert error.expected == f"a number of at most {MAX_DIGITS} characters"
    assert error.found == found


def test_a_number_of_thirty_digits_still_loads(tmp_path: Path, loader: type) -> None:
    root = load_yaml(write(tmp_path, f"big: {'9' * MAX_DIGITS}\n"))
    assert root.value == {"big": int("9" * MAX_DIGITS)}


def test_defect_8_a_scenario_holding_a_5000_digit_integer_is_one_line_not_a_traceback(
    tmp_path: Path,
) -> None:
    """`owsqt validate-data` on a copy of the shipped data whose scenario has a turn of 5000
    digits: one line naming the file and the key, exit 2."""
    import shutil

    resources = tmp_path / "resources"
    shutil.copytree(REPO / "resources", resources)
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    scenario = tmp_path / "scenarios" / "we-are-coming.yaml"
    text = scenario.read_text(encoding="utf-8")
    field = next(line for line in text.splitlines() if line.startswith("first_turn:"))
    scenario.write_text(text.replace(field, "first_turn: " + "1" * 5000), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "owsqt", "validate-data"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"OWSQT_RESOURCES": str(resources), "PYTHONPATH": str(REPO), "PATH": ""},
        cwd=tmp_path,
    )
    assert "Traceback" not in done.stderr, done.stderr
    (line,) = done.stderr.splitlines()
    assert done.returncode == 2
    assert str(scenario) in line and "first_turn" in line and "at most 30 characters" in line


def test_the_event_count_stops_at_the_limit_whatever_the_loader(loader: type) -> None:
    """count_nodes reads events one by one: a document of exactly MAX_NODES values passes."""
    yamlguard.count_nodes(loader("[" + ",".join(["1"] * (MAX_NODES - 1)) + "]"))
