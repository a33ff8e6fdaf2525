"""The hooks of the sequence of play (3.1) are tables beside the sequence: written in its
order, each naming its rule, and the step's end runs them without naming a segment."""

from __future__ import annotations

import re
from pathlib import Path

from owsqt.rules import endstep
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.returnsdue import return_violations
from owsqt.rules.stephooks import (
    PLAYER_PHASE_END,
    SEGMENT_HOOKS,
    TURN_BEGIN,
    TURN_END,
    hooks_of,
)
from owsqt.rules.turn.sequence import (
    MOVEMENT_SEGMENTS,
    STACKING_SEGMENTS,
    TURN_STEPS,
    setup_steps,
)

SEQUENCE = (*setup_steps(Player.GERMAN), *TURN_STEPS)
RULE = re.compile(r"\d+\.\d+( [a-z])?")


def test_3_1_the_hooks_are_written_in_the_order_of_the_sequence_of_play():
    order = list(dict.fromkeys(step.segment for step in SEQUENCE))
    assert list(SEGMENT_HOOKS) == [segment for segment in order if segment in SEGMENT_HOOKS]


def test_3_1_every_hook_and_condition_names_its_rule():
    hooks = [*TURN_BEGIN, *PLAYER_PHASE_END, *TURN_END]
    rules = [hook.rule for hook in hooks]
    for step in SEGMENT_HOOKS.values():
        rules += [c.rule for c in step.before_end] + [h.rule for h in step.on_begin + step.on_end]
    assert [rule for rule in rules if not RULE.fullmatch(rule)] == []


def test_9_3_stacking_is_asked_at_the_end_of_the_segments_where_its_limits_apply():
    asked = {s for s, hooks in SEGMENT_HOOKS.items() if "9.3" in {c.rule for c in hooks.before_end}}
    assert asked == STACKING_SEGMENTS


def test_11_7_returns_are_owed_at_the_end_of_the_movement_segments():
    owed = {
        segment
        for segment in SEGMENT_HOOKS
        if return_violations in {c.check for c in hooks_of(segment).before_end}
    }
    assert owed == MOVEMENT_SEGMENTS


def test_3_1_a_step_without_hooks_asks_and_does_nothing():
    quiet = [step.segment for step in SEQUENCE if step.segment not in SEGMENT_HOOKS]
    assert quiet  # the Thunderclap Initiation Segment, for one
    for segment in quiet:
        hooks = hooks_of(segment)
        assert hooks.before_end == hooks.on_begin == hooks.on_end == ()


def test_3_1_ending_a_step_names_no_segment():
    source = Path(endstep.__file__).read_text(encoding="utf-8")
    assert "Segment." not in source
