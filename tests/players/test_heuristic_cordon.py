"""Issue 38, item 2: the heuristic player's cordon (players/heuristic/cordon.py): the Soviet
side of a campaign stands on the posts just outside the ring around the pocket he guards
(19.33), each post weighted by the German relief's nearness, and sends the stacks free to
move to the posts nobody holds (9.0: a Soviet stack closes its hex to the German)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse
from owsqt.players.heuristic.cordon import (
    HELD,
    NEAR,
    SPAN,
    TOWARD,
    cordon,
    orders,
    posts,
    weights,
)
from owsqt.players.heuristic.movement import moves
from owsqt.players.interface import situation_of
from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.victory.ledger import near_pocket
from tests.rules.movekit import at_step

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def moving(shipped, campaign):
    """The campaign's opening, the Soviet side in his non-mechanized movement segment (his
    mechanized corps start in reserve, 19.11)."""
    return at_step(campaign, Segment.NON_MECHANIZED_MOVEMENT, SOVIET)


def test_i38_2_19_33_the_posts_stand_one_beyond_the_ring_on_the_german_way_in(shipped):
    found = posts(shipped, 5)
    band = near_pocket(shipped, 6) - near_pocket(shipped, 5)
    assert found <= band
    assert 30 <= len(found) < len(band)  # the Don and the map's edge close the rest
    assert shipped.grid.hex_of("2914") in found  # where the random German walked in (seed 1)
    pocket = shipped.game_map.pocket
    assert not found & pocket


def test_i38_2_19_33_a_post_weighs_more_the_nearer_a_relief_stack_stands(shipped, campaign):
    post = shipped.grid.hex_of("2914")
    beside = next(n for _, n in shipped.grid.neighbours(post) if n not in near_pocket(shipped, 6))
    unit_id = "de-6pz-11pzr-1"
    near = campaign.with_unit(unit_id, replace(campaign.units[unit_id], hex=beside))
    found = weights(shipped, near, 5)
    assert found[post] == pytest.approx(1.0 + NEAR * math.exp(-1 / SPAN))
    assert max(found, key=found.get) == post
    far = max(found, key=lambda p: distance(p, post))
    assert 1.0 < found[far] < found[post]


def test_i38_2_19_33_9_0_free_stacks_are_sent_each_to_its_own_empty_post(shipped, moving):
    weight = weights(shipped, moving, 5)
    sent = orders(shipped, moving, weight, frozenset())
    assert sent, "the Soviet mobile forces start far from the ring of 5"
    assert len(set(sent.values())) == len(sent)  # one group a post
    for group, post in sent.items():
        assert post in weight and not moving.stack(post)
        assert all(not moving.units[u].disrupted for u in group)
    assert orders(shipped, moving, {}, frozenset()) == {}  # no ring to guard
    german = at_step(moving, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    assert orders(shipped, german, weight, frozenset()) == {}  # not the Soviet's movement


def test_i38_2_19_33_the_lone_holder_of_a_post_stays(shipped, moving):
    weight = weights(shipped, moving, 5)
    sent = orders(shipped, moving, weight, frozenset())
    group, post = next(iter(sent.items()))
    holder = group[0]
    held = moving.with_unit(holder, replace(moving.units[holder], hex=post))
    again = orders(shipped, held, weight, frozenset())
    assert not any(holder in g for g in again)
    assert post not in again.values()


def test_i38_2_19_33_holding_a_post_is_worth_more_than_walking_to_it(shipped, moving):
    weight = weights(shipped, moving, 5)
    sent = orders(shipped, moving, weight, frozenset())
    group, post = next(iter(sent.items()))
    before = cordon(shipped, moving, weight, sent)
    arrived = moving
    for unit_id in group:
        arrived = arrived.with_unit(unit_id, replace(arrived.units[unit_id], hex=post))
    away = distance(moving.units[group[0]].hex, post)
    assert cordon(shipped, arrived, weight, sent) - before == pytest.approx(
        HELD * weight[post] + TOWARD * away
    )


def test_i38_2_19_33_8_1_the_heuristic_moves_a_sent_group_toward_its_post(shipped, moving):
    analysis = analyse(situation_of(shipped, moving, SOVIET))
    assert analysis.sent
    found = moves(shipped, moving, analysis, random.Random(1))
    for group, post in analysis.sent.items():
        start = moving.units[group[0]].hex
        toward = [a for a in found if isinstance(a, MoveStack) and a.units == group and a.path]
        assert toward, f"no move of {group} toward its post"
        assert min(distance(a.path[-1], post) for a in toward) < distance(start, post)
