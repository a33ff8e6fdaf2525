"""The Soviet Ring Forces Segment (5.2): "During each Soviet Ring Forces Segment, the
Soviet player rolls a die for any of the three Soviet Ring Armies that have been
attacked. If the roll is 'eight' or greater, the Soviet player may release a single unit
(a unit for this purpose is any one piece) of that army." Readings 100-102."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import (
    EndStep,
    MoveStack,
    ReleaseRingUnit,
    RollRingRelease,
)
from owsqt.rules.core.codec import decode_record, encode
from owsqt.rules.core.events import RingReleaseRolled
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply, judge
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.movement.ringhold import stays_put
from owsqt.rules.pocket.ring import releasable
from owsqt.rules.scenario.ruleset import default_ruleset
from tests.rules.ringkit import (
    ARMY,
    SOVIET,
    act,
    campaign_setup,
    ring_segment,
    rules_refused,
)


@pytest.fixture(scope="module")
def rules():
    return default_ruleset()


@pytest.fixture(scope="module")
def setup(rules):
    return campaign_setup(rules)


def test_5_2_a_roll_of_7_releases_nothing(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(7,))
    outcome = apply(rules, state, RollRingRelease(player=SOVIET, army=ARMY), Mode.STRICT)
    assert outcome.applied
    rolled = [e for e in outcome.events if isinstance(e, RingReleaseRolled)]
    assert [(e.roll, e.needed) for e in rolled] == [(7, 8)]
    piece = releasable(rules, outcome.state, ARMY)[0]
    assert rules_refused(rules, outcome.state, ReleaseRingUnit(player=SOVIET, unit=piece)) == [
        "5.2"
    ]


def test_5_2_a_roll_of_8_releases_one_piece_of_that_army(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    first, second = releasable(rules, state, ARMY)[:2]
    released = act(rules, state, ReleaseRingUnit(player=SOVIET, unit=first))
    assert first in released.ring.released
    assert not stays_put(rules, released, first)
    assert stays_put(rules, released, second)
    # a single piece: the second release is refused
    assert rules_refused(rules, released, ReleaseRingUnit(player=SOVIET, unit=second)) == ["5.2"]


def test_5_2_a_piece_of_another_army_is_not_released_by_this_roll(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(10,))
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    other = releasable(rules, state, "su-21a")[0]
    assert rules_refused(rules, state, ReleaseRingUnit(player=SOVIET, unit=other)) == ["5.2"]


def test_5_2_only_attacked_armies_roll_once_each(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(3, 3))
    assert rules_refused(rules, state, RollRingRelease(player=SOVIET, army="su-21a")) == ["5.2"]
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    assert rules_refused(rules, state, RollRingRelease(player=SOVIET, army=ARMY)) == ["5.2"]


def test_5_2_release_rolls_belong_to_the_ring_forces_segment(rules, setup):
    state = replace(
        ring_segment(setup, attacked=frozenset({ARMY})),
        phase=Phase.AIR_OPERATIONS,
        segment=Segment.AIR_ALLOCATION,
    )
    verdict = judge(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    assert [v.rule for v in verdict.violations] == ["5.2"]


def test_5_2_the_german_player_does_not_roll_for_the_ring(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}))
    verdict = judge(rules, state, RollRingRelease(player=SOVIET.opponent, army=ARMY))
    assert [v.rule for v in verdict.violations] == ["3.1"]


def test_5_2_the_segment_may_end_without_a_roll_and_the_record_clears(rules, setup):
    """Reading 101: the roll is the Soviet player's to make or forgo; ending the segment
    clears the attacks and retreats on record, and the releases stay."""
    state = ring_segment(setup, attacked=frozenset({ARMY, "su-21a"}), dice=(9,))
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    piece = releasable(rules, state, ARMY)[0]
    state = act(rules, state, ReleaseRingUnit(player=SOVIET, unit=piece))
    after = act(rules, state, EndStep(player=SOVIET))
    assert after.segment is not Segment.SOVIET_RING_FORCES
    assert after.ring.attacked == frozenset() and after.ring.retreated == frozenset()
    assert not after.ring.rolls and not after.ring.freed
    assert after.ring.released == {piece}


def test_5_2_who_acts_in_the_ring_forces_segment_is_the_soviet_player(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}))
    assert who_acts(rules, state) == {SOVIET}


def test_5_2_candidates_roll_release_and_move_on_the_campaign_in_strict_play(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    rng = random.Random(5)
    rolls = [a for a in candidate_actions(rules, state, rng) if isinstance(a, RollRingRelease)]
    assert rolls == [RollRingRelease(player=SOVIET, army=ARMY)]
    state = act(rules, state, rolls[0])
    releases = [a for a in candidate_actions(rules, state, rng) if isinstance(a, ReleaseRingUnit)]
    assert releases and all(judge(rules, state, a).legal for a in releases)
    state = act(rules, state, releases[0])
    moves = [a for a in candidate_actions(rules, state, rng) if isinstance(a, MoveStack)]
    assert moves and all(m.units == (releases[0].unit,) for m in moves)
    state = act(rules, state, moves[0])
    for seed in range(12):  # 8.3: the moving unit goes on by its first move's kind
        for move in candidate_actions(rules, state, random.Random(seed)):
            if isinstance(move, MoveStack):
                assert move.administrative is moves[0].administrative
                assert judge(rules, state, move).legal, move


def test_5_2_the_ring_record_is_saved_with_the_state(rules, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    back = decode_record(GameState, encode(state, rules.grid), rules.grid)
    assert back.ring == state.ring
    old = encode(state, rules.grid)
    del old["ring"]  # a game saved before the record existed
    assert decode_record(GameState, old, rules.grid).ring.attacked == frozenset()
