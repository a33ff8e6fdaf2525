"""16.1 against a ground attack (4.6): "All air units conducting bombardment subtract one
from their die roll if attacking a hex where an enemy antiaircraft unit is present." The
4.6 example's attack (226 SHAD's five factors on the 3 column against I/11 Pz at 1646) with
the book's "eight", which gives "1" unmodified and nothing once seven."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import GroundAttack, PlaceUnits
from owsqt.rules.core.events import FireResolved
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitType
from owsqt.rules.engine import apply
from tests.rules.test_air_examples import (
    RAIDERS,
    TANK,
    act,
    to_the_air_bombardment,
    turn_one_state,
)

FLAK = "de-6pz-298flak"  # 298 Flak of the 6th Panzer Division, set up at 1647


@pytest.fixture
def turn_one(shipped):
    return turn_one_state(shipped)


def ground_attack(rules, state):
    """226 SHAD attacks I/11 Pz with the book's dice; its fire and the tank's strength."""
    state = to_the_air_bombardment(rules, state)
    strength = state.units[TANK].strength
    attack = GroundAttack(air_units=(RAIDERS[1],), target_unit=TANK)
    state, events = act(rules, state, attack, Player.SOVIET)
    (fire,) = [e for e in events if isinstance(e, FireResolved)]
    return fire, strength - state.units[TANK].strength


def test_16_1_an_enemy_antiaircraft_unit_in_the_target_hex_takes_one_off_a_ground_attack(
    shipped, turn_one
):
    assert shipped.catalogue.ground[FLAK].type is UnitType.ANTIAIRCRAFT
    tank_hex = turn_one.units[TANK].hex
    state = apply(shipped, turn_one, PlaceUnits(units=(FLAK,), to=tank_hex), Mode.FREE).state
    assert FLAK in state.stack(tank_hex)
    fire, lost = ground_attack(shipped, state)
    # The eight, modified to seven on the 3 column: no effect instead of "1".
    assert (fire.factors, fire.column, fire.drm, fire.roll, fire.result) == (5, "3", -1, 8, "-")
    assert lost == 0


def test_16_1_an_antiaircraft_unit_next_to_the_target_hex_does_not_count(shipped, turn_one):
    flak_hex, tank_hex = turn_one.units[FLAK].hex, turn_one.units[TANK].hex
    assert shipped.grid.id_of(flak_hex) == "1647" and distance(flak_hex, tank_hex) == 1
    fire, lost = ground_attack(shipped, turn_one)
    assert (fire.factors, fire.column, fire.drm, fire.roll, fire.result) == (5, "3", 0, 8, "1")
    assert lost == 1
