"""Hostile game files: every limit of journal/limits.py is checked before the work it bounds,
and each refusal is one JournalError that names the limit and the place (issue 21)."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from owsqt.journal import textformat
from owsqt.journal.identity import Identity
from owsqt.journal.limits import (
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_JSON_DEPTH,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_RECORD_CHARS,
)
from owsqt.journal.textformat import Header, JournalError, chain_digest, parse
from owsqt.rules.core.actions import RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.session import game_from_text, new_game, open_journal

KEY = Identity.generate()
HEADER = Header(
    scenario="test",
    options=(),
    mode="free",
    created="2026-11-21T05:00:00Z",
    program="owsqt 0.1.0",
    game="0123456789abcdef0123456789abcdef",
    german=KEY.public,
    soviet=KEY.public,
    seed=42,
)
PIECE = 70  # the width the records below are wrapped at
ROLL = '{"kind": "roll", "purpose": "test"}'


def wrapped(marker: str, text: str) -> list[str]:
    """A record in lines of PIECE characters, continuation lines beginning with a space."""
    pieces = [text[i : i + PIECE] for i in range(0, len(text), PIECE)] or [""]
    return [f"{marker} {pieces[0]}", *(f" {piece}" for piece in pieces[1:])]


def journal(*bodies: list[str], header: list[str] | None = None) -> str:
    """A journal of entries with the lines `bodies`, each hashed and signed by KEY as
    written, so that only what a test puts in them can be wrong."""
    lines = header or HEADER.lines()
    previous = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    lines = [*lines, ""]
    for body in bodies:
        digest = chain_digest(previous, body)
        lines.extend([*body, f"~ {digest}", f"@ {KEY.sign(digest)}", ""])
        previous = digest
    return "\n".join(lines) + "\n"


def act(number: int, *records: str) -> list[str]:
    lines = [f"#{number} act t by german"]
    for record in records:
        lines.extend(wrapped(record[0], record[2:]))
    return lines


def refusal(text: str) -> JournalError:
    with pytest.raises(JournalError) as caught:
        parse(text)
    return caught.value


# --- defect 3: a linear reader, its limits checked before the work -----------------------


def test_defect_3_a_1_mb_record_is_refused_where_it_passes_the_record_limit():
    """The old reader joined any record, at a quadratic cost; this one stops at the line
    where the joined record passes MAX_RECORD_CHARS, without reading the rest."""
    text = journal(act(1, "> " + ROLL, "= " + "x" * 2**20))
    error = refusal(text)
    first = len(HEADER.lines()) + 4  # header, blank, title, action: the record's first line
    assert error.entry == 1
    assert error.line == first + MAX_RECORD_CHARS // PIECE
    assert f"longer than {MAX_RECORD_CHARS:,} characters" in str(error)


def test_a_record_just_within_the_limit_is_read_whole_from_its_pieces():
    narration = "".join(chr(ord("a") + n % 26) for n in range(MAX_RECORD_CHARS))
    with pytest.raises(JournalError, match="not as owsqt writes it"):
        parse(journal(act(1, "> " + ROLL, "= " + narration)))  # wrapped at PIECE, not at 78
    entry = textformat.Entry(1, textformat.EntryKind.ACT, "2026-11-21T05:01:00Z", {"kind": "roll"},
                             narration=(narration,), by="german")  # fmt: skip
    parsed = parse(journal(entry.body_lines()))
    assert parsed.entries[0].narration == (narration,)


def test_defect_3_a_line_over_the_line_limit_is_refused_naming_its_entry_and_line():
    text = journal(act(1, "> " + ROLL), [*act(2, "> " + ROLL), "= " + "y" * 5000])
    error = refusal(text)
    assert (error.entry, error.line) == (2, text.splitlines().index("= " + "y" * 5000) + 1)
    assert str(error).endswith(
        f"the line is 5,002 characters long; a journal line is at most {MAX_LINE_CHARS:,}"
    )


def test_defect_3_a_file_of_too_many_entries_is_refused_before_the_first_is_read():
    """Counted before reading: the first entry here is not even a valid one."""
    text = journal() + "#1\n" * (MAX_ENTRIES + 1)
    error = refusal(text)
    assert error.entry == MAX_ENTRIES + 1
    assert error.line == len(HEADER.lines()) + 1 + MAX_ENTRIES + 1
    assert f"at most {MAX_ENTRIES:,} entries" in str(error)


def test_defect_3_a_file_of_too_many_lines_is_refused_before_it_is_split():
    error = refusal(journal() + "\n" * MAX_LINES)
    assert f"a journal has at most {MAX_LINES:,}" in str(error)


def test_a_file_over_64_mib_is_refused_by_its_size():
    error = refusal(journal() + "=" * MAX_FILE_BYTES)
    assert "64 MiB" in str(error)


# --- defect 6: numbers and nesting in the action's JSON ----------------------------------


def test_defect_6_an_integer_of_5000_digits_is_a_journal_error_naming_the_limit():
    error = refusal(journal(act(1, '> {"kind": "roll", "count": ' + "7" * 5000 + "}")))
    assert error.entry == 1 and error.line == len(HEADER.lines()) + 3
    assert "a number of 5,000 characters; a number has at most 30" in str(error)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 500, 30_000])
def test_defect_6_deep_nesting_is_refused_naming_the_depth_limit(depth):
    action = '{"kind": "roll", "count": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    error = refusal(journal(act(1, "> " + action)))
    assert error.entry == 1
    assert f"nests {depth:,} deep; an action nests at most {MAX_JSON_DEPTH} deep" in str(error)


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ('{"kind": "roll", "count": NaN}', "NaN"),
        ('{"kind": "roll", "count": -Infinity}', "-Infinity"),
        ('{"kind": "roll", "count": 1e999}', "too large"),
        ("[1, 2]", "is not a JSON object"),
        ('{"kind": "roll", "count": 1', "not valid JSON"),
    ],
)
def test_an_action_json_allows_only_an_object_of_finite_numbers(action, why):
    error = refusal(journal(act(1, "> " + action)))
    assert error.entry == 1 and why in str(error)


def test_brackets_inside_strings_do_not_count_as_nesting():
    purpose = '[{"[[[' * (MAX_JSON_DEPTH + 2)
    action = {"kind": "roll", "purpose": purpose}
    entry = textformat.Entry(
        1, textformat.EntryKind.ACT, "2026-11-21T05:01:00Z", action, by="german"
    )
    assert parse(journal(entry.body_lines())).entries[0].action == action


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)


def nesting(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


@given(JSON)
def test_the_depth_scan_agrees_with_the_nesting_of_the_decoded_value(value):
    assert textformat._json_depth(json.dumps(value)) == nesting(value)


def test_defect_6_opening_such_files_is_a_journal_error_not_a_crash(ruleset, tmp_path):
    huge = journal(act(1, '> {"kind": "roll", "purpose": "x", "count": ' + "9" * 5000 + "}"))
    deep = journal(act(1, '> {"kind": "roll", "purpose": ' + "[" * 900 + "]" * 900 + "}"))
    for name, text in (("huge.owsg", huge), ("deep.owsg", deep)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(JournalError, match="entry 1"):
            open_journal(ruleset, path)


def test_defect_6_the_desktop_says_why_it_cannot_open_such_a_file(
    qtbot, ruleset, tmp_path, monkeypatch
):
    from PySide6.QtWidgets import QMessageBox

    from owsqt.qt.app.mainwindow import MainWindow

    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    before = window.session
    path = tmp_path / "huge.owsg"
    path.write_text(journal(act(1, '> {"count": ' + "9" * 5000 + "}")), encoding="utf-8")
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert window.load(path) is False
    assert window.session is before
    assert "at most 30" in warnings[0]


# --- defect 8: short messages, and a byte order mark ---------------------------------------


@pytest.mark.parametrize(
    "edit",
    [
        lambda text: text.replace("mode: free", "mode: " + "f" * 4000),
        lambda text: text.replace("play: solitaire", "play: " + "p" * 4000),
        lambda text: text.replace("owsqt journal 2", "owsqt journal " + "2" * 4000),
        lambda text: text.replace("#1 act t", "#1 " + "k" * 4000 + " t"),
        lambda text: text.replace("#1 act t", "#" + "1" * 4000 + " act t"),
        lambda text: text.replace("= die", "?" * 4000),
    ],
)
def test_defect_8_a_message_quotes_at_most_40_characters_of_the_text(edit):
    text = journal(act(1, "> " + ROLL, "= die roll (test): 7"))
    error = refusal(edit(text))
    assert len(str(error)) < 200, str(error)


def test_defect_8_an_unknown_scenario_is_quoted_short(ruleset):
    text = journal(
        header=[
            line.replace("scenario: test", "scenario: " + "s" * 4000) for line in HEADER.lines()
        ]
    )
    with pytest.raises(JournalError) as caught:
        game_from_text(ruleset, text)
    assert "unknown scenario" in str(caught.value) and len(str(caught.value)) < 200


def test_defect_8_a_file_that_begins_with_a_utf8_byte_order_mark_is_read(ruleset, tmp_path):
    session = new_game(ruleset, "test", Mode.FREE, seed=3, clock=lambda: "2026-11-21T05:00:00Z")
    session.submit(RollDice(purpose="test"))
    path = tmp_path / "bom.owsg"
    path.write_bytes(b"\xef\xbb\xbf" + session.text().encode("utf-8"))
    assert len(open_journal(ruleset, path).entries) == 1
    assert len(parse("\ufeff" + session.text()).entries) == 1


# --- defect 10: the header hashed as read; its options those of the scenario ---------------


@pytest.mark.parametrize(
    ("written", "line"),
    [
        ("owsqt journal 2 ", 1),
        ("owsqt journal  2", 1),
        ("options:  -", 5),
        ("options: - ", 5),
        ("dice: seed 042", 11),
    ],
)
def test_defect_10_a_header_spelled_otherwise_than_written_is_refused(written, line):
    """The old reader parsed such a header and chained entry 1 from it rendered again, so
    that these bytes were covered by no hash: it read this file as if unchanged."""
    lines = journal(act(1, "> " + ROLL)).split("\n")
    lines[line - 1] = written
    error = refusal("\n".join(lines))
    assert error.line == line and error.entry is None
    assert "is not as owsqt writes it" in str(error)


def test_defect_10_an_entry_spelled_otherwise_than_written_is_refused_not_rewritten(ruleset):
    """JSON without spaces reads the same; kept, it would be written again with spaces and
    its signature would no longer hold in the next file."""
    text = journal(act(1, '> {"kind":"roll","purpose":"test"}'))
    error = refusal(text)
    assert (error.entry, error.line) == (1, len(HEADER.lines()) + 3)


def test_defect_10_an_option_the_scenario_does_not_have_is_refused(ruleset):
    header = [line.replace("options: -", "options: bogus") for line in HEADER.lines()]
    with pytest.raises(JournalError, match=r"option 'bogus' is not one of the game's"):
        game_from_text(ruleset, journal(header=header))


def test_defect_10_an_option_named_twice_is_refused():
    from owsqt.rules.scenario.ruleset import default_ruleset

    option = "16th-motorized-division"
    with pytest.raises(JournalError, match=r"named twice"):
        new_game(default_ruleset(), "maximum-effort", options=(option, option))
    new_game(default_ruleset(), "maximum-effort", options=(option,))


def test_the_hostile_benchmark_measures_refusals_by_the_limits():
    from bench.bench_hostile import hostile_texts, refusal

    limits = {
        "one_record": f"longer than {MAX_RECORD_CHARS:,} characters",
        "many_entries": f"at most {MAX_ENTRIES:,} entries",
        "deep_json": f"nests at most {MAX_JSON_DEPTH} deep",
        "huge_integer": f"longer than {MAX_RECORD_CHARS:,} characters",
    }
    for name, text in hostile_texts(12 * 2**20).items():
        assert limits[name] in str(refusal(text)()), name
