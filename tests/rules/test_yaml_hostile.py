"""Hostile YAML (issue 21, defect 11): duplicate keys, alias bombs and deep nesting are refused
by load_yaml as one-line DataErrors naming the file and the line, and nothing else changes."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from owsqt.rules.data import datafile, yamlguard
from owsqt.rules.data.datafile import DataError, load_yaml, resources_dir
from owsqt.rules.data.yamlguard import ALIAS_BUDGET, MAX_NESTING

REPO = Path(__file__).resolve().parents[2]

LOADERS = {
    "c": datafile._Loader,
    "pure": yamlguard.PureSafeLoader,
}


@pytest.fixture(params=sorted(LOADERS))
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test runs with the C loader and with the pure-Python fallback."""
    monkeypatch.setattr(datafile, "_Loader", LOADERS[request.param])
    return str(request.param)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> DataError:
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    error = caught.value
    assert error.file == path and error.line is not None
    assert str(error).startswith(f"{path}: ") and "\n" not in str(error)
    return error


def bomb(levels: int, width: int) -> str:
    """A "billion laughs": each level a list of ``width`` aliases of the level before."""
    lines = ["l0: &l0 [" + ", ".join(["lol"] * width) + "]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


# Each shape nests ``depth`` lists and mappings around its deepest value; all but the block
# mappings grow linearly with the depth, so 100 000 levels make a file of a few hundred KB.


def flow_lists(depth: int) -> str:
    return "top:\n  " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"


def flow_mappings(depth: int) -> str:
    return "top: " + "{a: " * (depth - 1) + "1" + "}" * (depth - 1) + "\n"


def block_lists(depth: int) -> str:
    return "top:\n" + "- " * (depth - 1) + "x\n"


def block_mappings(depth: int) -> str:
    return "".join("  " * level + "a:\n" for level in range(depth))


LINEAR_SHAPES = [flow_lists, flow_mappings, block_lists]


# --- duplicate keys ---


def test_defect_11_a_duplicate_key_is_refused_with_file_and_line(
    tmp_path: Path, loader: str
) -> None:
    path = write(
        tmp_path,
        "units:\n  - id: tank\n    strength: 12\n    id: rifle\n",
    )
    error = refusal(path)
    assert error.line == 4 and error.key_path == "units[0].id"
    assert str(error) == (
        f"{path}: at units[0].id: expected each key once in a mapping, "
        "found 'id' again (first on line 2) (line 4)"
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("hexes: {2428: wood, 2429: town, 2428: river}\n", 1),  # the same hex twice
        ("rolls:\n  1: hit\n  0x1: miss\n", 3),  # the same number, spelt otherwise
        ("a: 1\nb: 2\n'a': 3\n", 3),  # quoted or not, the same text
    ],
)
def test_defect_11_a_a_key_spelt_twice_is_a_duplicate(
    tmp_path: Path, loader: str, text: str, line: int
) -> None:
    error = refusal(write(tmp_path, text))
    assert error.expected == "each key once in a mapping" and error.line == line


def test_the_same_key_in_two_mappings_is_no_duplicate(tmp_path: Path, loader: str) -> None:
    root = load_yaml(write(tmp_path, "a: {id: 1}\nb: {id: 2}\nid: 3\n"))
    assert root.value == {"a": {"id": 1}, "b": {"id": 2}, "id": 3}


# --- aliases ---


def test_defect_11_b_an_alias_bomb_is_refused_naming_the_budget(
    tmp_path: Path, loader: str
) -> None:
    # 10 000 values once expanded, ten times the budget: the old loader took it silently.
    path = write(tmp_path, bomb(levels=4, width=10))
    error = refusal(path)
    assert f"at most {ALIAS_BUDGET} values" in error.expected
    assert error.line in (3, 4)  # the alias that crossed the budget
    assert f"(line {error.line})" in str(error)


def test_defect_11_b_a_billion_laughs_is_refused_without_expanding_it(tmp_path: Path) -> None:
    # 9 levels of 9 aliases: 9**9 values. The old loader walked every one of them for hours;
    # the subprocess's timeout only keeps a regression from hanging the suite.
    path = write(tmp_path, bomb(levels=9, width=9))
    script = textwrap.dedent(
        f"""
        from owsqt.rules.data.datafile import DataError, load_yaml
        try:
            load_yaml({str(path)!r})
        except DataError as error:
            print(error)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{path}: at ")
    assert f"aliases (*name) that repeat at most {ALIAS_BUDGET} values in all" in done.stdout


def test_aliases_within_the_budget_load_and_stop_one_past_it(tmp_path: Path, loader: str) -> None:
    aliases = ", ".join(["*x"] * ALIAS_BUDGET)
    root = load_yaml(write(tmp_path, f"x: &x 7\nys: [{aliases}]\n"))
    assert root.get("ys").value == [7] * ALIAS_BUDGET
    error = refusal(write(tmp_path, f"x: &x 7\nys: [{aliases}]\nz: *x\n"))
    assert error.line == 3 and error.key_path == "z"


def test_a_recursive_alias_is_refused(tmp_path: Path, loader: str) -> None:
    error = refusal(write(tmp_path, "a: 1\nloop: &loop [*loop]\n"))
    assert error.line == 2


def test_the_shipped_anchors_and_aliases_still_load() -> None:
    # The Soviet guards divisions share their source note through an anchor.
    path = resources_dir() / "units" / "soviet-2nd-guards-army.yaml"
    formations = load_yaml(path).get("formations").as_list()
    sources = {node.get("id").as_str(): node.get("source") for node in formations}
    anchored, aliased = sources["su-24grd"], sources["su-33grd"]
    assert anchored.as_str().startswith("rulebook (5 units); three Guards rifle regiments")
    assert aliased.as_str() == anchored.as_str()
    assert (anchored.line, aliased.line) == (47, 54)


def test_a_merge_key_loads_and_its_own_keys_win(tmp_path: Path, loader: str) -> None:
    path = write(
        tmp_path,
        "base: &base {move: 8, kind: rifle}\nguards:\n  <<: *base\n  move: 9\n",
    )
    root = load_yaml(path)
    assert root.get("guards").value == {"move": 9, "kind": "rifle"}
    assert root.get("guards").get("move").line == 4
    assert root.get("guards").get("kind").line == 3  # where `<<: *base` is written


# --- nesting ---


@pytest.mark.parametrize("shape", LINEAR_SHAPES)
def test_defect_11_c_nesting_100000_levels_deep_is_refused_with_file_and_line(
    tmp_path: Path, loader: str, shape: Callable[[int], str]
) -> None:
    error = refusal(write(tmp_path, shape(100_000)))
    assert error.expected == f"lists and mappings nested at most {MAX_NESTING} levels deep"


def test_defect_11_c_nesting_just_under_libyamls_limit_is_refused_not_a_recursion_error(
    tmp_path: Path, loader: str
) -> None:
    # libyaml stops at 1000 levels; at 990 the old loader's line walk hit Python's recursion
    # limit and the program died with a RecursionError traceback.
    error = refusal(write(tmp_path, flow_lists(990)))
    assert error.line == 2 and error.column == MAX_NESTING + 2  # the 51st level's bracket


@pytest.mark.parametrize("shape", [*LINEAR_SHAPES, block_mappings])
def test_nesting_up_to_the_limit_loads(
    tmp_path: Path, loader: str, shape: Callable[[int], str]
) -> None:
    load_yaml(write(tmp_path, shape(MAX_NESTING)))
    refusal(write(tmp_path, shape(MAX_NESTING + 1)))


# --- the shipped data ---


def test_every_shipped_yaml_file_passes_the_guard() -> None:
    paths = sorted((REPO / "resources").rglob("*.yaml")) + sorted(
        (REPO / "scenarios").glob("*.yaml")
    )
    assert len(paths) > 30
    for path in paths:
        load_yaml(path)


def test_a_list_as_a_key_is_refused_with_its_line(tmp_path: Path, loader: str) -> None:
    error = refusal(write(tmp_path, "a: 1\n? [x, y]\n: 2\n"))
    assert (error.expected, error.found, error.line) == (
        "a text or number as key",
        "a list as key",
        2,
    )


def test_a_long_duplicate_key_is_quoted_short(tmp_path: Path, loader: str) -> None:
    key = "k" * 200
    error = refusal(write(tmp_path, f"{key}: 1\n{key}: 2\n"))
    assert error.found is not None and len(error.found) < 80
