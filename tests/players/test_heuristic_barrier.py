"""Issue 38, item 2: the heuristic player's barrier term (players/heuristic/barrier.py):
the Soviet side of a short scenario counts each German stacking point that could enter the
band across the river in its next movement (19.13, 19.23), through the Soviet zones of
control (10.2) and around the Soviet stacks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse
from owsqt.players.heuristic.barrier import BREACH, barrier, breaching
from owsqt.players.interface import situation_of
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.session import new_game

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    session = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1)
    session.apply_default_setup()
    return session.state


def _without(shipped, state, side):
    """`state` with every unit of `side` off the map (eliminated)."""
    for unit_id, unit in state.units.items():
        if shipped.catalogue.ground[unit_id].player is side and unit.hex is not None:
            state = state.with_unit(unit_id, replace(unit, hex=None, status=UnitStatus.ELIMINATED))
    return state


def test_i38_2_19_23_the_german_bridgehead_may_reach_the_myshkova_in_one_movement(shipped, opening):
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    assert analysis.band, "Hoth's Last Gasp counts the band across the Myshkova"
    found = breaching(shipped, opening, analysis.band)
    assert found > 0
    assert barrier(shipped, opening, analysis) == -BREACH * found
    german = analyse(situation_of(shipped, opening, GERMAN))
    assert barrier(shipped, opening, german) == 0.0  # the German side has no barrier


def test_i38_2_10_2_soviet_zones_of_control_and_stacks_slow_the_way_to_the_band(shipped, opening):
    band = analyse(situation_of(shipped, opening, SOVIET)).band
    with_soviet = breaching(shipped, opening, band)
    open_way = breaching(shipped, _without(shipped, opening, SOVIET), band)
    assert open_way > with_soviet


def test_i38_2_19_23_a_german_stack_far_from_the_band_does_not_breach(shipped, opening):
    band = analyse(situation_of(shipped, opening, SOVIET)).band
    ground = shipped.catalogue.ground
    german_hexes = [h for h, s in opening.stacks.items() if ground[s[0]].player is GERMAN]
    far = max(german_hexes, key=lambda h: min(distance(h, b) for b in band))
    assert min(distance(far, b) for b in band) > 15
    state = opening
    for unit_id, unit in opening.units.items():
        if ground[unit_id].player is GERMAN and unit.hex is not None:
            state = state.with_unit(unit_id, replace(unit, hex=far))
    assert breaching(shipped, state, band) == 0
