"""Issue 36, item 6: whatever action owsqt accepts, it can write and read back. Any data the
codec takes as an action, of any kind, with any text in its fields (line breaks, controls,
64 KiB of it), once the game applies it, leaves a journal that parses and replays to the
same game: no accepted action can brick a game."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from fractions import Fraction

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from owsqt.journal.textformat import parse
from owsqt.rules.core.actions import ACTION_TYPES, action_from_data
from owsqt.rules.core.codec import CodecError
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.session import game_from_text, new_game
from tests.conftest import EXAMPLE_AIR, EXAMPLE_UNITS

AT = "2026-11-21T05:00:00Z"
UNITS = [unit.id for unit in (*EXAMPLE_UNITS, *EXAMPLE_AIR)]
HEXES = ["2428", "2429", "3038", "3039", "1043"]
TEXT = st.text(max_size=40) | st.sampled_from(["a\nb", "\x1b[2J", "\u202e", "\x85", "x" * 70_000])


def value_of(kind, bent: bool) -> st.SearchStrategy:
    """Data of the shape `kind` is written in, with names the game knows; `bent`: of the
    shape, with any text or number in it."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(value_of(arg, bent) for arg in args))
    if kind is type(None):
        return st.none()
    if origin is tuple:
        items = value_of(args[0], bent)
        many = st.lists(items, min_size=3000, max_size=3000) if bent else st.nothing()
        return st.lists(items, min_size=1, max_size=3) | many
    if origin is FrozenMap:
        return st.dictionaries(value_of(args[0], bent), value_of(args[1], bent), max_size=3)
    if origin is frozenset:
        return st.lists(value_of(args[0], bent), max_size=3)
    if kind is str:
        return TEXT if bent else st.sampled_from(UNITS)
    if kind is bool:
        return st.booleans()
    if kind is int:
        return st.integers(-(10**40), 10**40) if bent else st.integers(0, 8)
    if kind is Fraction:
        return st.sampled_from(["1/2", "2"])
    if kind is Hex:
        return TEXT if bent else st.sampled_from(HEXES)
    if kind is Hexside:
        return st.sampled_from(["2428/2429", "3038/3039"])
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return st.sampled_from([member.value for member in kind])
    return st.none()


@st.composite
def action_data(draw) -> dict:
    """An action of any kind, one of its fields (or none) bent."""
    kind = draw(st.sampled_from(sorted(ACTION_TYPES)))
    cls = ACTION_TYPES[kind]
    hints = typing.get_type_hints(cls)
    fields = [field for field in dataclasses.fields(cls) if field.init]
    bent = draw(st.sampled_from([None, *(field.name for field in fields)]))
    data = {"kind": kind}
    for field in fields:
        if field.default is dataclasses.MISSING or field.name == bent or draw(st.booleans()):
            data[field.name] = draw(value_of(hints[field.name], field.name == bent))
    return data


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=action_data(), mode=st.sampled_from([Mode.FREE, Mode.ASSIST]))
@example(data={"kind": "roll", "purpose": "initiative\n= German die roll: 1"}, mode=Mode.FREE)
@example(data={"kind": "roll", "purpose": "x" * 70_000}, mode=Mode.FREE)
@example(
    data={"kind": "set_marker", "units": ["tank"] * 6000, "marker": "moved", "on": True},
    mode=Mode.FREE,
)
def test_i36_6_any_action_the_codec_accepts_is_written_and_read_back(ruleset, data, mode):
    try:
        action = action_from_data(data, ruleset.grid)
    except CodecError:
        return
    session = new_game(ruleset, "test", mode, seed=5, clock=lambda: AT)
    try:
        outcome = session.submit(action)
    except InvalidAction:
        return
    text = session.text()
    parsed = parse(text)
    assert len(parsed.entries) == (1 if outcome.applied else 0)
    replayed = game_from_text(ruleset, text)
    assert replayed.text() == text
    assert replayed.state == session.state
