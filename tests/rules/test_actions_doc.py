"""docs/actions.md, the vocabulary of game actions, against the code: one section per
action kind (and none for kinds that do not exist), the fields each section's table
names, and JSON examples that decode with `action_from_data` into the section's kind
and name real units."""

from __future__ import annotations

import dataclasses
import json
import re
from enum import Enum
from pathlib import Path

from owsqt.rules.core.actions import ACTION_TYPES, action_from_data

DOC = Path(__file__).resolve().parents[2] / "docs" / "actions.md"

KIND_HEADING = re.compile(r"^(#+)\s.*?`([^`]+)`")
HEADING = re.compile(r"^(#+)\s")
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)
FIELD_ROW = re.compile(r"^\|\s*`([a-z_]+)`\s*\|", re.MULTILINE)
NOT_UNIT_IDS = {"purpose", "army"}  # text fields that are not unit ids


def headings(text: str) -> list[tuple[int, int, str | None]]:
    """(line index, level, kind named in backticks or None) of each heading outside fences."""
    found = []
    fenced = False
    for index, line in enumerate(text.splitlines()):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := HEADING.match(line)):
            named = KIND_HEADING.match(line)
            found.append((index, len(heading.group(1)), named.group(2) if named else None))
    return found


def kind_headings(text: str) -> list[str]:
    """The kinds named in backticks by the document's headings."""
    return [kind for _, _, kind in headings(text) if kind is not None]


def sections(text: str) -> dict[str, str]:
    """Each kind heading's section: its text up to the next heading of its level or above."""
    lines = text.splitlines()
    marks = headings(text)
    found = {}
    for position, (index, level, kind) in enumerate(marks):
        if kind is None:
            continue
        end = next((i for i, lv, _ in marks[position + 1 :] if lv <= level), len(lines))
        found[kind] = "\n".join(lines[index + 1 : end]) + "\n"
    return found


def examples(section: str) -> list[str]:
    return JSON_BLOCK.findall(section)


def unit_ids(action) -> list[str]:
    """The ground and air unit ids an action names, whatever its fields are called."""
    ids = []
    for field in dataclasses.fields(action):
        if field.name in NOT_UNIT_IDS:
            continue
        value = getattr(action, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and not isinstance(item, Enum):
                ids.append(item)
    return ids


def test_every_action_kind_is_documented():
    documented = set(sections(DOC.read_text(encoding="utf-8")))
    assert sorted(set(ACTION_TYPES) - documented) == []


def test_the_document_names_no_unknown_kind():
    text = DOC.read_text(encoding="utf-8")
    named = set(kind_headings(text))
    named |= set(re.findall(r'"kind":\s*"([^"]*)"', text))
    assert sorted(named - set(ACTION_TYPES)) == []


def test_each_kind_has_one_section():
    headings = kind_headings(DOC.read_text(encoding="utf-8"))
    assert sorted(k for k in set(headings) if headings.count(k) > 1) == []


def test_every_section_has_an_example_of_its_kind(shipped):
    for kind, section in sections(DOC.read_text(encoding="utf-8")).items():
        blocks = examples(section)
        assert blocks, f"the section of {kind!r} has no JSON example"
        for block in blocks:
            action = action_from_data(json.loads(block), shipped.grid)
            assert action.kind == kind, f"an example in the section of {kind!r}: {block}"


def test_every_json_example_decodes(shipped):
    blocks = examples(DOC.read_text(encoding="utf-8"))
    assert blocks
    for block in blocks:
        action_from_data(json.loads(block), shipped.grid)


def test_examples_name_real_units(shipped):
    catalogue = shipped.catalogue
    for block in examples(DOC.read_text(encoding="utf-8")):
        action = action_from_data(json.loads(block), shipped.grid)
        unknown = [
            u for u in unit_ids(action) if u not in catalogue.ground and u not in catalogue.air
        ]
        assert unknown == [], f"unknown unit ids in {block}"


def test_each_field_table_names_the_fields_of_its_kind():
    for kind, section in sections(DOC.read_text(encoding="utf-8")).items():
        fields = {f.name for f in dataclasses.fields(ACTION_TYPES[kind]) if f.name != "player"}
        assert set(FIELD_ROW.findall(section)) == fields, f"the field table of {kind!r}"


def test_lines_are_under_100_characters():
    long = [
        number
        for number, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) >= 100
    ]
    assert long == []
