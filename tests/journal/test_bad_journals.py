"""Mutated, truncated and forged journals: a JournalError naming the place, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from owsqt.journal.textformat import Entry, JournalError, parse, render_entry
from owsqt.rules.core.actions import PlaceUnits, RollDice, SetMarker, SetStrength
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import UnitMarker
from owsqt.session import game_from_text, new_game

FIXTURE_OPTIONS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def game_text(ruleset) -> str:
    session = new_game(ruleset, "test", Mode.ASSIST, seed=3, clock=lambda: "2026-11-21T05:00:00Z")
    for action in (
        PlaceUnits(units=("rifle", "at"), to=ruleset.grid.hex_of("3038")),
        SetStrength(unit="rifle", strength=4),
        RollDice(purpose="x", count=2),
        PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2041")),  # 19.11 in ASSIST
        SetMarker(units=("at",), marker=UnitMarker.FIRED, on=True),
    ):
        session.submit(action)
    session.undo()
    session.redo()
    return session.text()


@FIXTURE_OPTIONS
@given(data=st.data())
def test_any_changed_character_is_caught_or_harmless(ruleset, game_text, data):
    position = data.draw(st.integers(0, len(game_text) - 1))
    replacement = data.draw(st.characters(blacklist_categories=("Cs",)))
    mutated = game_text[:position] + replacement + game_text[position + 1 :]
    try:
        session = game_from_text(ruleset, mutated)
    except JournalError:
        return
    # Only changes that mean nothing (a line ending written as CR) may pass.
    assert session.text() == game_text


@FIXTURE_OPTIONS
@given(data=st.data())
def test_any_truncation_is_caught_or_ends_on_a_whole_entry(ruleset, game_text, data):
    cut = data.draw(st.integers(0, len(game_text) - 1))
    try:
        session = game_from_text(ruleset, game_text[:cut])
    except JournalError:
        return
    assert game_text.startswith(session.text().rstrip("\n"))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


@FIXTURE_OPTIONS
@given(data=st.data())
def test_forged_entries_with_valid_hashes_still_cannot_crash_the_reader(ruleset, game_text, data):
    parsed = parse(game_text)
    index = data.draw(st.integers(0, len(parsed.entries) - 1))
    entry = parsed.entries[index]
    action = dict(entry.action or {"kind": "roll"})
    key = data.draw(st.sampled_from([*action, "kind", "units", "to", "player", "extra"]))
    action[key] = data.draw(JSON_VALUES)
    entries = list(parsed.entries)
    entries[index] = Entry(entry.number, entry.kind, entry.at, action, entry.target,
                           entry.narration, entry.violations)  # fmt: skip
    lines, digest = [*parsed.header.lines(), ""], parsed.header.digest()
    for forged in entries:
        rendered, digest = render_entry(forged, digest)
        lines.extend(rendered)
    try:
        game_from_text(ruleset, "\n".join(lines) + "\n")
    except JournalError as error:
        assert error.entry is not None
        assert json.dumps(action)  # the forged action was printable, so the message is too


@pytest.mark.parametrize("digit", ["²", "٣", "①"])
def test_a_digit_int_refuses_is_reported_as_a_bad_number_not_a_crash(ruleset, game_text, digit):
    """str.isdigit() takes superscripts and other scripts' digits; every number of the file
    (the format version, an entry's number, its target) must be ASCII digits."""
    lines = game_text.splitlines()
    version = lines[0].rsplit(" ", 1)[0] + f" {digit}"
    entry = next(i for i, line in enumerate(lines) if line.startswith("#"))
    numbered = [*lines[:entry], digit + lines[entry][2:], *lines[entry + 1 :]]
    for text in ("\n".join([version, *lines[1:]]), "\n".join(numbered)):
        with pytest.raises(JournalError):
            game_from_text(ruleset, text)


def test_a_signature_spelled_in_non_canonical_base64_does_not_hold():
    """Base64 lets the low bits of a last character vary; only the spelling written holds."""
    from owsqt.journal.identity import Identity, signature_holds

    identity = Identity.generate()
    signature = identity.sign("message")
    assert signature_holds(identity.public, "message", signature)
    last = signature.rstrip("=")[-1]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    twin = alphabet[alphabet.index(last) ^ 1]  # same high bits, other unused low bit
    forged = signature.rstrip("=")[:-1] + twin + "=" * (len(signature) - len(signature.rstrip("=")))
    assert forged != signature
    assert not signature_holds(identity.public, "message", forged)
