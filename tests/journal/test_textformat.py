"""The journal text: short lines, an exact round trip, a hash chain that catches edits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import (
    LINE_WIDTH,
    Entry,
    EntryKind,
    Header,
    JournalError,
    parse,
    render_entry,
    signed,
)

KEY = Identity.generate()
HEADER = Header(
    scenario="test",
    options=("seventeenth-panzer",),
    mode="assist",  # entry 2 holds a broken rule
    created="2026-11-21T05:00:00Z",
    program="owsqt 0.1.0",
    game="0123456789abcdef0123456789abcdef",
    german=KEY.public,
    soviet=KEY.public,
    seed=42,
)


def journal_text(entries: list[Entry], header: Header = HEADER) -> str:
    """The journal of `entries`, each signed by KEY as it is chained."""
    lines = [*header.lines(), ""]
    digest = header.digest()
    for entry in entries:
        rendered, digest = render_entry(signed(entry, digest, KEY.sign), digest)
        lines.extend(rendered)
    return "\n".join(lines) + "\n"


def unsigned(entries):
    return [type(entry)(**{**_fields(entry), "signature": None}) for entry in entries]


def _fields(record):
    return {name: getattr(record, name) for name in record.__slots__}


def sample_entries() -> list[Entry]:
    long_units = [f"unit-{n:03d}" for n in range(30)]
    return [
        Entry(1, EntryKind.ACT, "2026-11-21T05:01:00Z",
              {"kind": "place", "to": "2428", "units": long_units},
              narration=("I/11 Pz placed on 2428 from not arrived",), by="german"),
        Entry(2, EntryKind.ACT, "2026-11-21T05:02:00Z", {"kind": "roll", "purpose": "test"},
              narration=("die roll (test): 7",),
              violations=("3.1: a manual edit changes the game outside the sequence of play",),
              by="soviet"),
        Entry(3, EntryKind.UNDO, "2026-11-21T05:03:00Z", target=1, by="german"),
        Entry(4, EntryKind.REDO, "2026-11-21T05:04:00Z", target=1, narration=("again",),
              by="german"),
    ]  # fmt: skip


def test_journal_round_trips_and_keeps_every_line_short():
    entries = sample_entries()
    text = journal_text(entries)
    assert all(len(line) <= LINE_WIDTH for line in text.splitlines())
    parsed = parse(text)
    assert parsed.header == HEADER
    assert unsigned(parsed.entries) == entries


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=400))
def test_any_narration_survives_wrapping_exactly(text):
    entry = Entry(
        1,
        EntryKind.ACT,
        "2026-11-21T05:01:00Z",
        {"kind": "roll"},
        narration=(text.strip() or "x",),
        by="german",
    )
    assert unsigned(parse(journal_text([entry])).entries) == [entry]


def test_windows_line_endings_from_mail_still_verify():
    text = journal_text(sample_entries()).replace("\n", "\r\n")
    assert len(parse(text).entries) == 4


def test_an_edited_line_is_caught_at_its_entry():
    text = journal_text(sample_entries()).replace("die roll (test): 7", "die roll (test): 9")
    with pytest.raises(JournalError, match=r"entry 2.*hash does not match"):
        parse(text)


def test_an_edited_header_breaks_the_first_entry():
    text = journal_text(sample_entries()).replace("dice: seed 42", "dice: seed 43")
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
    with pytest.raises(JournalError, match=r"version 3.*newer owsqt"):
        parse(journal_text([]).replace("owsqt journal 2", "owsqt journal 3"))


def test_an_entry_signed_with_another_key_is_named():
    other = Identity.generate()
    entries = sample_entries()
    text = journal_text(entries[:1])
    digest = parse(text).last_digest
    forged, _ = render_entry(signed(entries[1], digest, other.sign), digest)
    with pytest.raises(JournalError, match=r"entry 2: the signature is not the soviet player's"):
        parse(text + "\n".join(forged))


def test_an_unsigned_entry_is_named():
    entries = sample_entries()
    text = journal_text(entries[:1])
    digest = parse(text).last_digest
    bare, _ = render_entry(entries[1], digest)
    with pytest.raises(JournalError, match=r"entry 2: the entry is not signed"):
        parse(text + "\n".join(bare))


def test_an_entry_for_a_side_without_a_key_is_named():
    header = Header(**{**_fields(HEADER), "soviet": None})
    with pytest.raises(JournalError, match=r"entry 2: .*soviet side, which has no key"):
        parse(journal_text(sample_entries()[:2], header))


def test_an_unknown_mode_is_named_with_its_header_line():
    text = journal_text([]).replace("mode: assist", "mode: lenient")
    with pytest.raises(JournalError, match=r"line 6: unknown mode 'lenient' \(known: free"):
        parse(text)
