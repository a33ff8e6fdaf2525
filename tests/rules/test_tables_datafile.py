"""The shared YAML reader (datafile.py): typed access with errors that name file, path, line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from owsqt.rules.data import datafile, yamlguard
from owsqt.rules.data.datafile import DataError, Node, load_yaml


def write(tmp_path: Path, text: str, name: str = "data.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_datafile_load_yaml_reads_a_document_with_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "units:\n  - id: tank\n    strength: 12\n  - id: rifle\n")
    root = load_yaml(path)
    assert root.file == path and root.key_path == ""
    units = root.get("units").as_list()
    assert [u.key_path for u in units] == ["units[0]", "units[1]"]
    strength = units[0].get("strength")
    assert strength.as_int(1, 20) == 12
    assert strength.key_path == "units[0].strength"
    assert strength.line == 3


def test_datafile_uses_the_c_loader_when_available() -> None:
    import yaml

    assert datafile._Loader is getattr(yaml, "CSafeLoader", yamlguard.PureSafeLoader)


def test_datafile_safe_loader_refuses_python_objects(tmp_path: Path) -> None:
    path = write(tmp_path, "x: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert caught.value.expected == "valid YAML"


def test_datafile_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    error = caught.value
    assert error.file == path and error.key_path == "" and error.line is not None
    assert str(error).startswith(f"{path}: line {error.line}, column {error.column}: ")


def test_datafile_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="expected an existing YAML file, found no such file"):
        load_yaml(tmp_path / "absent.yaml")


def test_datafile_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(DataError, match="expected UTF-8 text"):
        load_yaml(path)


def test_datafile_empty_document_is_null(tmp_path: Path) -> None:
    root = load_yaml(write(tmp_path, "# nothing here\n"))
    assert root.is_null
    with pytest.raises(DataError) as caught:
        root.get("x")
    assert str(caught.value) == f"{tmp_path / 'data.yaml'}: expected a mapping, found nothing"


def test_datafile_get_optional_and_has() -> None:
    node = Node({"a": 1, "b": None}, "f.yaml", "top")
    assert node.has("a") and not node.has("c")
    assert node.optional("b") is None and node.optional("c") is None
    assert node.optional("a").as_int() == 1  # type: ignore[union-attr]
    with pytest.raises(DataError) as caught:
        node.get("c")
    assert str(caught.value) == "f.yaml: at top: expected key 'c'"


def test_datafile_check_keys_reports_unknown_and_missing() -> None:
    node = Node({"colour": 1}, "f.yaml", "unit")
    with pytest.raises(DataError) as caught:
        node.check_keys(required=("color",), optional=("name",))
    assert caught.value.key_path == "unit.colour"
    assert "did you mean 'color'?" in str(caught.value)
    with pytest.raises(DataError, match="expected key 'name'"):
        Node({}, "f.yaml", "unit").keys_exactly("name")
    Node({"name": 1}, "f.yaml").keys_exactly("name")


def test_datafile_as_int_bounds_and_types() -> None:
    assert Node(7, "f").as_int(1, 10) == 7
    for value in (True, 7.0, "7", None):
        with pytest.raises(DataError, match="expected an integer"):
            Node(value, "f", "k").as_int()
    with pytest.raises(DataError) as caught:
        Node(11, "f", "roll").as_int(1, 10)
    assert str(caught.value) == "f: at roll: expected an integer from 1 to 10, found 11"
    with pytest.raises(DataError, match="of at least 0"):
        Node(-1, "f", "k").as_int(minimum=0)
    assert Node(None, "f").as_optional_int() is None


def test_datafile_as_fraction_accepts_the_usual_spellings() -> None:
    assert Node(2, "f").as_fraction() == 2
    assert Node(0.5, "f").as_fraction() == Fraction(1, 2)
    assert Node(0.1, "f").as_fraction() == Fraction(1, 10)
    assert Node("1/2", "f").as_fraction() == Fraction(1, 2)
    assert Node(" 3/4 ", "f").as_fraction() == Fraction(3, 4)
    for value in ("half", True, None, float("nan"), "1/0"):
        with pytest.raises(DataError, match="expected a number"):
            Node(value, "f", "k").as_fraction()
    with pytest.raises(DataError, match="from 0 to 1"):
        Node(2, "f", "k").as_fraction(0, 1)


def test_datafile_as_str_bool_choice_and_lists() -> None:
    assert Node("x", "f").as_str() == "x"
    with pytest.raises(DataError, match="expected text, found 3"):
        Node(3, "f", "k").as_str()
    with pytest.raises(DataError, match="non-empty"):
        Node("  ", "f", "k").as_str()
    assert Node(9, "f").as_scalar_text() == "9"
    assert Node(False, "f").as_bool() is False
    with pytest.raises(DataError, match="expected true or false"):
        Node("no", "f", "k").as_bool()
    assert Node("odd", "f").as_choice(["odd", "even"]) == "odd"
    with pytest.raises(DataError, match="expected one of 'odd', 'even', found 'evne'"):
        Node("evne", "f", "k").as_choice(["odd", "even"])
    with pytest.raises(DataError, match="expected a list of 2 items, found 3 items"):
        Node([1, 2, 3], "f", "k").as_list(length=2)
    with pytest.raises(DataError, match="expected a list, found a mapping"):
        Node({}, "f", "k").as_list()


def test_datafile_as_mapping_turns_integer_keys_into_text() -> None:
    mapping = Node({2428: "Verchne-Kumskij", "x": 1}, "f", "hexes").as_mapping()
    assert list(mapping) == ["2428", "x"]
    assert mapping["2428"].key_path == "hexes.2428"
    with pytest.raises(DataError, match=r"expected text keys, found the key false \(YAML reads"):
        Node({False: 1}, "f", "k").as_mapping()
    with pytest.raises(DataError, match="expected text keys, found the key nothing"):
        Node({None: 1}, "f", "k").check_keys(optional=("a",))
    Node({9: "x"}, "f", "k").check_keys(required=("9",))


def test_datafile_as_parsed_wraps_value_errors() -> None:
    assert Node("1-7", "f").as_parsed(lambda t: int(t.split("-")[1]), "a range") == 7
    with pytest.raises(DataError) as caught:
        Node("x", "f", "cell").as_parsed(int, "a number of hexes")
    assert str(caught.value) == "f: at cell: expected a number of hexes, found 'x'"


def test_datafile_error_lines_come_from_the_file(tmp_path: Path) -> None:
    root = load_yaml(write(tmp_path, "a:\n  b:\n    - 1\n    - oops\n"))
    with pytest.raises(DataError) as caught:
        root.get("a").get("b").as_list()[1].as_int()
    assert caught.value.line == 4
    assert str(caught.value).endswith("found 'oops' (line 4)")


def test_datafile_resources_dir_default_and_override(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("OWSQT_RESOURCES", raising=False)
    assert datafile.resources_dir() == Path(__file__).resolve().parents[2] / "resources"
    monkeypatch.setenv("OWSQT_RESOURCES", str(tmp_path))
    assert datafile.resources_dir() == tmp_path
