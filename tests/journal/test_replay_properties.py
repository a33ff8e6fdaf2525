"""Properties of any game: its journal replays to the same state, and undo retraces it."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from owsqt.rules.core.actions import (
    EndStep,
    FlipUnit,
    PlaceUnits,
    RollDice,
    SetMarker,
    SetStrength,
    SetUnitStatus,
)
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import UnitMarker, UnitStatus
from owsqt.session import game_from_text, new_game
from tests.conftest import EXAMPLE_UNITS

UNIT_IDS = [unit.id for unit in EXAMPLE_UNITS if unit.combat_reduced is not None]
HEX_IDS = ["2428", "2429", "3038", "3039", "1043", "4831"]


@st.composite
def actions(draw):
    unit = draw(st.sampled_from(UNIT_IDS))
    choice = draw(st.integers(0, 6))
    if choice == 0:
        return ("place", (unit,), draw(st.sampled_from(HEX_IDS)))
    if choice == 1:
        return SetStrength(unit=unit, strength=draw(st.integers(1, 4)))
    if choice == 2:
        return FlipUnit(unit=unit)
    if choice == 3:
        return SetMarker(
            units=(unit,), marker=draw(st.sampled_from(UnitMarker)), on=draw(st.booleans())
        )
    if choice == 4:
        return SetUnitStatus(units=(unit,), status=UnitStatus.ELIMINATED)
    if choice == 5:
        return RollDice(count=draw(st.integers(1, 3)))
    return EndStep()


def build(ruleset, item):
    if isinstance(item, tuple):
        _, units, hex_id = item
        return PlaceUnits(units=units, to=ruleset.grid.hex_of(hex_id))
    return item


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(items=st.lists(actions(), max_size=40), mode=st.sampled_from(Mode))
def test_any_game_replays_from_its_journal_to_the_same_state(ruleset, items, mode):
    session = new_game(ruleset, "test", mode, seed=77, clock=lambda: "2026-11-21T05:00:00Z")
    for item in items:
        with contextlib.suppress(InvalidAction):
            session.submit(build(ruleset, item))
    replayed = game_from_text(ruleset, session.text())
    assert replayed.state == session.state
    assert replayed.text() == session.text()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(items=st.lists(actions(), max_size=60))
def test_free_play_undo_retraces_every_state_back_to_the_start(ruleset, items):
    session = new_game(ruleset, "test", Mode.FREE, seed=78, clock=lambda: "2026-11-21T05:00:00Z")
    states = [session.state]
    for item in items:
        try:
            outcome = session.submit(build(ruleset, item))
        except InvalidAction:
            continue
        if outcome.applied:
            states.append(session.state)
    while session.why_not_undo() is None:
        session.undo()
        states.pop()
        assert session.state == states[-1]
    assert len(states) == 1
    assert game_from_text(ruleset, session.text()).state == session.state
