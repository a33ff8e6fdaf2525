"""GameState: hashable, comparable, serialisable, cheap to copy; dice reproducible."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from owsqt.rules.core.actions import PlaceUnits, SetMarker, SetStrength
from owsqt.rules.core.codec import CodecError, decode, decode_record, encode
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import UnitMarker
from owsqt.rules.engine import apply
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO


def busy_state(ruleset) -> GameState:
    state = initial_state(ruleset.catalogue, TEST_SCENARIO, seed=11)
    for action in (
        PlaceUnits(units=("tank", "mech"), to=ruleset.grid.hex_of("2428")),
        SetStrength(unit="tank", strength=5),
        SetMarker(units=("mech",), marker=UnitMarker.DISRUPTED, on=True),
    ):
        state = apply(ruleset, state, action, Mode.FREE).state
    return state


def test_state_round_trips_through_json_text(ruleset):
    state = busy_state(ruleset)
    text = json.dumps(encode(state, ruleset.grid))
    assert decode(GameState, json.loads(text), ruleset.grid) == state
    assert '"2428"' in text  # hexes leave the core as CCRR ids


def test_a_field_the_state_no_longer_holds_is_written_and_read_as_files_hold_it(ruleset):
    grid = ruleset.grid
    written = encode(UnitState(), grid)
    assert written["supply_history"] == []  # the one value files were ever written with
    before = dict(written)
    assert decode_record(UnitState, written, grid) == UnitState()
    assert written == before  # what was read is left as it was, to compare with
    del written["supply_history"]
    assert decode_record(UnitState, written, grid) == UnitState()
    with pytest.raises(CodecError, match=r"UnitState.supply_history: expected \[\]"):
        decode_record(UnitState, {**written, "supply_history": ["out"]}, grid)


def test_equal_states_hash_alike_and_a_change_is_seen(ruleset):
    state = busy_state(ruleset)
    twin = decode(GameState, encode(state, ruleset.grid), ruleset.grid)
    assert hash(twin) == hash(state) and twin == state
    changed = apply(ruleset, state, SetStrength(unit="tank", strength=4), Mode.FREE).state
    assert changed != state


def test_an_action_shares_every_part_of_the_state_it_did_not_touch(ruleset):
    state = busy_state(ruleset)
    after = apply(ruleset, state, SetStrength(unit="tank", strength=4), Mode.FREE).state
    assert after.units["mech"] is state.units["mech"]
    assert after.air_units is state.air_units and after.losses is state.losses


def test_dice_are_reproducible_from_seed_and_count_and_fair():
    dice = DiceState(seed=2026)
    values = []
    for _ in range(20_000):
        value, dice = dice.roll("any", None)
        values.append(value)
    assert DiceState(seed=2026, rolls_made=5).roll("other", None)[0] == values[5]
    counts = Counter(values)
    assert sorted(counts) == list(range(1, 11))
    assert all(1_800 < counts[face] < 2_200 for face in counts)


def test_every_unit_marker_of_2_2_is_a_flag_of_the_unit_state():
    from dataclasses import fields

    from owsqt.rules.core.state import UnitState

    flags = {f.name for f in fields(UnitState) if f.type in (bool, "bool")}
    assert {marker.value for marker in UnitMarker} <= flags
