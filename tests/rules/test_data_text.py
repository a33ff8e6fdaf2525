"""Names and ids from the data files go into game files, the log and the terminal: a line
break or a control character in one is refused when the data loads, naming the file and
the key (issue 36, item 6: such a name made `owsqt new` write a game verify refused)."""

from __future__ import annotations

import unicodedata

import pytest

from owsqt.rules.core.plaintext import UNSAFE_RANGES, printable, unsafe_character
from owsqt.rules.data.datafile import DataError
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.scenario.ruleset import Ruleset
from tests.rules.test_data_loading import UNITS_YAML, copy_data, write


@pytest.mark.parametrize(
    ("change", "key_path", "found"),
    [
        (("name: I/11 Pz,", 'name: "I/11\\nPz",'), "units[0].name", r"\u000a"),
        (("name: II/JG 52", 'name: "II/JG \\e[2J52"'), "air_units[0].name", r"\u001b"),
        (("name: 76 Art Rgt", 'name: "76 Art \\u202eRgt"'), "units[2].name", r"\u202e"),
        (("{id: de-6pz-11pzr-1,", '{id: "de-6pz-11pzr-1\\n",'), "units[0].id", r"\u000a"),
        (("- id: jg52-2", "- id: JG52 2"), "air_units[0].id", "an id of"),
    ],
)
def test_i36_6_a_unit_name_or_id_off_one_line_is_refused_naming_file_and_key(
    tmp_path, change, key_path, found
):
    path = write(tmp_path, "german.yaml", UNITS_YAML.replace(*change, 1))
    with pytest.raises(DataError) as error:
        load_catalogue(tmp_path)
    message = str(error.value)
    assert "\n" not in message and "\x1b" not in message and "\u202e" not in message
    assert message.startswith(f"{path}: at {key_path}: expected ")
    assert found in message


@pytest.mark.parametrize(
    ("old", "new", "key_path"),
    [
        ("id: we-are-coming", 'id: "we-are-coming\\nmode: free"', "at id:"),
        ("id: we-are-coming", "id: we are coming", "at id:"),
        ("title: ", 'title: "\\e]0;owned\\a" # ', "at title:"),
    ],
)
def test_i36_6_a_scenario_id_or_title_off_one_line_is_refused_at_load(tmp_path, old, new, key_path):
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "we-are-coming.yaml"
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(DataError) as error:
        Ruleset.load(resources, scenarios)
    assert str(error.value).startswith(f"{path}: {key_path} expected ")


def test_i36_6_a_scenario_option_id_is_one_word_of_the_header(tmp_path):
    """The header lists the options separated by spaces: an option id with a space would
    read back as two options."""
    resources, scenarios = copy_data(tmp_path)
    path = scenarios / "maximum-effort.yaml"
    path.write_text(path.read_text().replace("id: support-units", "id: support units", 1))
    with pytest.raises(DataError, match=r"at options\[0\]\.id: expected an id of lower-case"):
        Ruleset.load(resources, scenarios)


def test_i36_4_the_unsafe_characters_are_the_unicode_categories_named():
    categories = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}
    listed = {code for low, high in UNSAFE_RANGES for code in range(low, high + 1)}
    named = {c for c in range(0x110000) if unicodedata.category(chr(c)) in categories}
    if unicodedata.unidata_version == "14.0.0":
        assert listed == named
    else:  # another Unicode: the ranges stay as written, so a file reads the same
        assert len(listed ^ named) < 200


def test_i36_4_printable_escapes_what_drives_a_terminal_as_json_escapes():
    text = "ok é\x1b[2J\x9b31m\u202egnp.exe\n\u2028\U000e0041!"
    shown = printable(text)
    assert shown == ("ok é\\u001b[2J\\u009b31m\\u202egnp.exe\\u000a\\u2028\\udb40\\udc41!")
    assert unsafe_character(shown) is None
    assert unsafe_character(text) == "\\u001b"
    import json

    assert json.loads(f'"{shown}"') == text  # a JSON string still reads as the text
