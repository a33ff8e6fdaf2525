"""The journal text: short lines, an exact round trip, a hash chain that catches edits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from owsqt.journal.textformat import (
    LINE_WIDTH,
    Entry,
    EntryKind,
    Header,
    JournalError,
    parse,
    render_entry,
)

HEADER = Header(
    "test", ("seventeenth-panzer",), "strict", 42, "2026-11-21T05:00:00Z", "owsqt 0.1.0"
)


def journal_text(entries: list[Entry]) -> str:
    lines = [*HEADER.lines(), ""]
    digest = HEADER.digest()
    for entry in entries:
        rendered, digest = render_entry(entry, digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def sample_entries() -> list[Entry]:
    long_units = [f"unit-{n:03d}" for n in range(30)]
    return [
        Entry(1, EntryKind.ACT, "t1", {"kind": "place", "to": "2428", "units": long_units},
              narration=("I/11 Pz placed on 2428 from not arrived",)),
        Entry(2, EntryKind.ACT, "t2", {"kind": "roll", "purpose": "test"},
              narration=("die roll (test): 7",),
              violations=("3.1: a manual edit changes the game outside the sequence of play",)),
        Entry(3, EntryKind.UNDO, "t3", target=1),
        Entry(4, EntryKind.REDO, "t4", target=1, narration=("again",)),
    ]  # fmt: skip


def test_journal_round_trips_and_keeps_every_line_short():
    entries = sample_entries()
    text = journal_text(entries)
    assert all(len(line) <= LINE_WIDTH for line in text.splitlines())
    parsed = parse(text)
    assert parsed.header == HEADER
    assert list(parsed.entries) == entries


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=400))
def test_any_narration_survives_wrapping_exactly(text):
    entry = Entry(1, EntryKind.ACT, "t", {"kind": "roll"}, narration=(text.strip() or "x",))
    assert parse(journal_text([entry])).entries[0] == entry


def test_windows_line_endings_from_mail_still_verify():
    text = journal_text(sample_entries()).replace("\n", "\r\n")
    assert len(parse(text).entries) == 4


def test_an_edited_line_is_caught_at_its_entry():
    text = journal_text(sample_entries()).replace("die roll (test): 7", "die roll (test): 9")
    with pytest.raises(JournalError, match=r"entry 2.*hash does not match"):
        parse(text)


def test_an_edited_header_breaks_the_first_entry():
    text = journal_text(sample_entries()).replace("seed: 42", "seed: 43")
    with pytest.raises(JournalError, match=r"entry 1"):
        parse(text)


def test_a_dropped_entry_is_named():
    entries = sample_entries()
    text = journal_text(entries)
    blocks = text.split("\n\n")
    del blocks[2]  # header, #1, #2, ...: drop #2
    with pytest.raises(JournalError, match=r"entry 2.*#3"):
        parse("\n\n".join(blocks))


def test_reordered_entries_are_caught():
    blocks = journal_text(sample_entries()).split("\n\n")
    blocks[1], blocks[2] = blocks[2], blocks[1]
    with pytest.raises(JournalError, match=r"entry 1"):
        parse("\n\n".join(blocks))


def test_a_truncated_file_names_the_incomplete_entry():
    text = journal_text(sample_entries())
    cut = text.rindex("~ ")
    with pytest.raises(JournalError, match=r"entry 4.*truncated"):
        parse(text[:cut])


def test_other_files_and_versions_are_refused_clearly():
    with pytest.raises(JournalError, match=r"not an owsqt journal"):
        parse("hello\n")
    with pytest.raises(JournalError, match=r"version 2"):
        parse(journal_text([]).replace("owsqt journal 1", "owsqt journal 2"))
