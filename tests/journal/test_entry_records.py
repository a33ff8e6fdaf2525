"""Issue 36, item 4: each kind of entry holds only the records owsqt writes for it, and
times as owsqt writes them (docs/pbem-format.md, "Entries" and "Entry times"); anything
else is refused on reading, naming the entry and the line, however well it is signed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.journal.textformat import (
    Entry,
    EntryKind,
    JournalError,
    fitting_time,
    parse,
)
from tests.journal.test_textformat import HEADER, journal_text, sample_entries

AT = "2026-11-21T05:01:00Z"
SEND = Entry(1, EntryKind.SEND, AT, fields=(("file", "1"), ("to", "soviet")), by="german")


def refused(entries: list[Entry], header=HEADER) -> str:
    with pytest.raises(JournalError) as error:
        parse(journal_text(entries, header))
    return str(error.value)


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        (Entry(1, EntryKind.UNDO, AT, target=1, narration=("I/11 Pz eliminated",), by="german"),
         "entry 1, line 14: an 'undo' entry holds no narration"),
        (replace(SEND, action={"kind": "end_step"}),
         "entry 1, line 14: a 'send' entry holds no action"),
        (replace(SEND, fields=(("to", "soviet"), ("file", "1"))),
         "entry 1, line 14: a 'send' entry holds the fields '+ file', '+ to' or '+ file', '+ to', "
         "'+ fresh', '+ commit', once each"),
        (replace(SEND, fields=(("file", "1"), ("file", "2"), ("to", "soviet"))),
         "entry 1, line 14: a 'send' entry holds the fields"),
        (replace(SEND, violations=("6.2: the Soviet player concedes",)),
         "entry 1, line 16: a 'send' entry holds no broken rules"),
        (Entry(1, EntryKind.UNDO, AT, by="german"),
         "entry 1, line 13: an 'undo' entry names the entry it takes back"),
        (replace(SEND, at="2026-02-30T05:01:00Z"),
         "entry 1, line 13: the time '2026-02-30T05:01:00Z' is not a UTC time"),
        (replace(SEND, at="2026-11-21T05:01Z"),
         "entry 1, line 13: the time '2026-11-21T05:01Z' is not a UTC time"),
    ],
)  # fmt: skip
def test_i36_4_a_record_its_kind_does_not_hold_is_refused_by_entry_and_line(entry, says):
    assert refused([entry]).startswith(says)


def test_i36_4_broken_rules_are_read_in_assist_mode_only():
    """Only assist mode applies an action that breaks a rule (1.3): a strict or free game's
    entry never holds a `!` line."""
    entries = sample_entries()  # entry 2 holds one
    assert len(parse(journal_text(entries)).entries) == 4
    for mode in ("strict", "free"):
        says = refused(entries, replace(HEADER, mode=mode))
        assert says.startswith(
            f"entry 2, line 28: an 'act' entry holds no broken rules in a game of {mode} mode"
        )


def test_i36_4_a_header_made_at_no_time_is_refused_at_its_line():
    says = refused([], replace(HEADER, created="now"))
    assert says.startswith("line 8: the time the game was made, 'now', is not a UTC time")


def test_i36_4_times_go_back_by_no_more_than_a_day():
    """Two players' clocks differ by minutes; the rule allows a day."""
    entries = sample_entries()
    earlier = [replace(entries[0], at="2026-11-20T05:00:00Z"), *entries[1:]]
    assert len(parse(journal_text(earlier)).entries) == 4
    too_early = [replace(entries[0], at="2026-11-20T04:59:59Z"), *entries[1:]]
    assert refused(too_early).startswith(
        "entry 1, line 13: the time 2026-11-20T04:59:59Z is more than a day before "
        "2026-11-21T05:00:00Z"
    )


def test_i36_4_owsqt_writes_a_time_the_rule_allows_whatever_its_clock_says():
    latest = "2026-11-21T05:00:00Z"
    assert fitting_time("2026-11-21T06:00:00Z", latest) == "2026-11-21T06:00:00Z"
    assert fitting_time("2026-11-20T06:00:00Z", latest) == "2026-11-20T06:00:00Z"
    assert fitting_time("1970-01-01T00:00:00Z", latest) == "2026-11-20T05:00:00Z"
    assert fitting_time("garbage", latest) == "2026-11-20T05:00:00Z"
