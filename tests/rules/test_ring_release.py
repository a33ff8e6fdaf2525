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
from tests.rules.ringkit import (
    ARMY,
    SOVIET,
    act,
    campaign_setup,
    ring_segment,
    rules_refused,
)


@pytest.fixture(scope="module")
def setup(shipped):
    return campaign_setup(shipped)


def test_5_2_a_roll_of_7_releases_nothing(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(7,))
    outcome = apply(shipped, state, RollRingRelease(player=SOVIET, army=ARMY), Mode.STRICT)
    assert outcome.applied
    rolled = [e for e in outcome.events if isinstance(e, RingReleaseRolled)]
    assert [(e.roll, e.needed) for e in rolled] == [(7, 8)]
    piece = releasable(shipped, outcome.state, ARMY)[0]
    assert rules_refused(shipped, outcome.state, ReleaseRingUnit(player=SOVIET, unit=piece)) == [
        "5.2"
    ]


def test_5_2_a_roll_of_8_releases_one_piece_of_that_army(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    state = act(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    first, second = releasable(shipped, state, ARMY)[:2]
    released = act(shipped, state, ReleaseRingUnit(player=SOVIET, unit=first))
    assert first in released.ring.released
    assert not stays_put(shipped, released, first)
    assert stays_put(shipped, released, second)
    # a single piece: the second release is refused
    assert rules_refused(shipped, released, ReleaseRingUnit(player=SOVIET, unit=second)) == ["5.2"]


def test_5_2_a_piece_of_another_army_is_not_released_by_this_roll(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(10,))
    state = act(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    other = releasable(shipped, state, "su-21a")[0]
    assert rules_refused(shipped, state, ReleaseRingUnit(player=SOVIET, unit=other)) == ["5.2"]


def test_5_2_only_attacked_armies_roll_once_each(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(3, 3))
    assert rules_refused(shipped, state, RollRingRelease(player=SOVIET, army="su-21a")) == ["5.2"]
    state = act(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    assert rules_refused(shipped, state, RollRingRelease(player=SOVIET, army=ARMY)) == ["5.2"]


def test_5_2_release_rolls_belong_to_the_ring_forces_segment(shipped, setup):
    state = replace(
        ring_segment(setup, attacked=frozenset({ARMY})),
        phase=Phase.AIR_OPERATIONS,
        segment=Segment.AIR_ALLOCATION,
    )
    verdict = judge(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    assert [v.rule for v in verdict.violations] == ["5.2"]


def test_5_2_the_german_player_does_not_roll_for_the_ring(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}))
    verdict = judge(shipped, state, RollRingRelease(player=SOVIET.opponent, army=ARMY))
    assert [v.rule for v in verdict.violations] == ["3.1"]


def test_5_2_the_segment_may_end_without_a_roll_and_the_record_clears(shipped, setup):
    """Reading 101: the roll is the Soviet player's to make or forgo; ending the segment
    clears the attacks and retreats on record, and the releases stay."""
    state = ring_segment(setup, attacked=frozenset({ARMY, "su-21a"}), dice=(9,))
    state = act(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    piece = releasable(shipped, state, ARMY)[0]
    state = act(shipped, state, ReleaseRingUnit(player=SOVIET, unit=piece))
    after = act(shipped, state, EndStep(player=SOVIET))
    assert after.segment is not Segment.SOVIET_RING_FORCES
    assert after.ring.attacked == frozenset() and after.ring.retreated == frozenset()
    assert not after.ring.rolls and not after.ring.freed
    assert after.ring.released == {piece}


def test_5_2_who_acts_in_the_ring_forces_segment_is_the_soviet_player(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}))
    assert who_acts(shipped, state) == {SOVIET}


def test_5_2_candidates_roll_release_and_move_on_the_campaign_in_strict_play(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    rng = random.Random(5)
    rolls = [a for a in candidate_actions(shipped, state, rng) if isinstance(a, RollRingRelease)]
    assert rolls == [RollRingRelease(player=SOVIET, army=ARMY)]
    state = act(shipped, state, rolls[0])
    releases = [a for a in candidate_actions(shipped, state, rng) if isinstance(a, ReleaseRingUnit)]
    assert releases and all(judge(shipped, state, a).legal for a in releases)
    state = act(shipped, state, releases[0])
    moves = [a for a in candidate_actions(shipped, state, rng) if isinstance(a, MoveStack)]
    assert moves and all(m.units == (releases[0].unit,) for m in moves)
    state = act(shipped, state, moves[0])
    for seed in range(12):  # 8.3: the moving unit goes on by its first move's kind
        for move in candidate_actions(shipped, state, random.Random(seed)):
            if isinstance(move, MoveStack):
                assert move.administrative is moves[0].administrative
                assert judge(shipped, state, move).legal, move


def test_5_2_the_ring_record_is_saved_with_the_state(shipped, setup):
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    state = act(shipped, state, RollRingRelease(player=SOVIET, army=ARMY))
    back = decode_record(GameState, encode(state, shipped.grid), shipped.grid)
    assert back.ring == state.ring
    old = encode(state, shipped.grid)
    del old["ring"]  # a game saved before the record existed
    assert decode_record(GameState, old, shipped.grid).ring.attacked == frozenset()
