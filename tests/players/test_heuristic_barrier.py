"""Issue 38, item 2: the heuristic player's barrier term (players/heuristic/barrier.py):
the Soviet side of a short scenario counts each German stacking point that could enter the
band across the river in its next movement (19.13, 19.23), through the Soviet zones of
control (10.2) and around the Soviet stacks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse, guarded_ring
from owsqt.players.heuristic.barrier import (
    BREACH,
    REACHED,
    RING,
    barrier,
    breaching,
    nearest,
)
from owsqt.players.interface import situation_of
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.state import Award
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.movegraph import SCALE
from owsqt.rules.victory.ledger import near_pocket
from owsqt.session import new_game
from tests.players.openings import moved_all, set_up

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    return set_up(shipped, "hoths-last-gasp")


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
    open_way = breaching(shipped, moved_all(shipped, opening, SOVIET, None), band)
    assert open_way > with_soviet


def test_i38_2_19_23_a_german_stack_far_from_the_band_does_not_breach(shipped, opening):
    band = analyse(situation_of(shipped, opening, SOVIET)).band
    ground = shipped.catalogue.ground
    german_hexes = [h for h, s in opening.stacks.items() if ground[s[0]].player is GERMAN]
    far = max(german_hexes, key=lambda h: min(distance(h, b) for b in band))
    assert min(distance(far, b) for b in band) > 15
    assert breaching(shipped, moved_all(shipped, opening, GERMAN, far), band) == 0


def _earned(state, *sources):
    awards = tuple(
        Award(source, GERMAN, 1, state.turn, state.phase, state.segment, "de-6pz-11pzr-1")
        for source in sources
    )
    return replace(state, victory_ledger=state.victory_ledger + awards)


def test_i38_2_19_33_the_ring_is_the_narrowest_the_german_has_not_earned(shipped, campaign):
    """The ring of 5, from the first turn: the random German earned the ring of 18 by
    turn 7 whatever the Soviet did, and walked into the ring of 5 while the Soviet units
    stood far out in front of the ring of 18."""
    assert guarded_ring(shipped, campaign, SOVIET) == 5
    assert guarded_ring(shipped, _earned(campaign, "within_18"), SOVIET) == 5
    assert guarded_ring(shipped, _earned(campaign, "within_5"), SOVIET) == 18
    assert guarded_ring(shipped, _earned(campaign, "within_18", "within_5"), SOVIET) is None
    assert guarded_ring(shipped, campaign, GERMAN) is None  # the German guards no ring
    hlg = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1).state
    assert guarded_ring(shipped, hlg, SOVIET) is None  # a short scenario counts no points


def test_i38_2_19_33_the_soviet_field_leads_in_front_of_the_ring(shipped, campaign):
    """The Soviet side of a campaign scores nothing at the pocket: his distance field
    leads to the hexes just outside the ring he guards, the German's to the pocket."""
    soviet = analyse(situation_of(shipped, campaign, SOVIET))
    line = near_pocket(shipped, 6) - near_pocket(shipped, 5)
    assert line <= {h for h, d in soviet.distance.items() if d == 0}
    pocket = next(iter(shipped.game_map.pocket))
    assert soviet.distance[pocket] > 0  # the pocket is behind his line
    outer = analyse(situation_of(shipped, _earned(campaign, "within_5"), SOVIET))
    assert near_pocket(shipped, 19) - near_pocket(shipped, 18) <= {
        h for h, d in outer.distance.items() if d == 0
    }
    assert outer.distance[pocket] > 10
    german = analyse(situation_of(shipped, campaign, GERMAN))
    assert german.distance[pocket] == 0


def test_i38_2_19_33_10_2_a_relief_stack_next_to_the_ring_may_reach_it(shipped, campaign):
    band = near_pocket(shipped, 5)
    far_cost, far_reach = nearest(shipped, campaign, band)
    assert not far_reach  # the relief starts far from the pocket
    unit_id = "de-6pz-11pzr-1"
    edge = next(
        n
        for h in sorted(band)
        for _, n in shipped.grid.neighbours(h)
        if n not in band and n in shipped.game_map.hexes and not campaign.stack(n)
    )
    near = campaign.with_unit(unit_id, replace(campaign.units[unit_id], hex=edge))
    cost, reach = nearest(shipped, near, band)
    assert reach and cost < far_cost
    soviet = analyse(situation_of(shipped, near, SOVIET))
    points = shipped.catalogue.ground[unit_id].stacking_value(near.units[unit_id].reduced)
    assert reach == points  # 19.33: the regiment alone may enter the ring
    assert barrier(shipped, near, soviet) == RING * cost / SCALE - REACHED - BREACH * points
    assert barrier(shipped, near, analyse(situation_of(shipped, near, GERMAN))) == 0.0
