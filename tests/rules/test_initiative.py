"""The Initiative Phase (owsqt/rules/turn/initiative.py): hidden bids and the die (6.1), the
holder's obligation (6.2), the streak and its effects (6.3), and the order of the
mechanized segments (7.2); with the EndStep hooks of the sequence of play."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from owsqt.rules.core.actions import ChooseSegmentOrder, DeclareAttacks, EndStep
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.events import (
    AttacksDeclared,
    AttackShortfall,
    DiceRolled,
    GameEnded,
    InitiativeDetermined,
    SegmentOrderChosen,
    StepChanged,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameResult, InitiativeState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.movement.stackmove import initiative_bonus
from owsqt.rules.turn.initiative import (
    FORFEIT_FLAG,
    attack_drm,
    determine,
    obligation_shortfall,
    open_bidding,
    shortfall_at_phase_end,
)
from tests.rules.movekit import at_step, kit_ruleset, kit_state

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    return bidding(kit_state(rules))


def bidding(state, seed=None, **initiative):
    """`state` at the Initiative Determination Phase of its turn, with a fresh die."""
    state = replace(
        state,
        phase=Phase.INITIATIVE,
        segment=Segment.INITIATIVE_DETERMINATION,
        active=None,
        initiative=replace(state.initiative, **initiative),
    )
    if seed is not None:
        state = replace(state, dice=DiceState(seed))
    return state


def first_rolls(seed, count=4):
    dice, rolls = DiceState(seed), []
    for _ in range(count):
        value, dice = dice.roll("initiative", None)  # the sequential die: the key is unused
        rolls.append(value)
    return rolls


def seed_where(predicate, count=4):
    """The first seed whose first rolls satisfy `predicate`."""
    return next(seed for seed in range(100_000) if predicate(first_rolls(seed, count)))


def run(rules, state, *actions, mode=Mode.STRICT):
    events = []
    for action in actions:
        outcome = apply(rules, state, action, mode)
        assert outcome.applied, outcome.verdict
        state = outcome.state
        events.extend(outcome.events)
    return state, events


def declare(german, soviet):
    return DeclareAttacks(player=GERMAN, planned=german), DeclareAttacks(
        player=SOVIET, planned=soviet
    )


# --- 6.1 hidden bids and the die -----------------------------------------------------------


def test_6_1_a_bid_is_hidden_the_log_says_only_that_the_player_declared(rules, state):
    outcome = apply(rules, state, DeclareAttacks(player=GERMAN, planned=8), Mode.STRICT)
    assert outcome.applied
    assert outcome.events == (AttacksDeclared(GERMAN),)
    text = outcome.events[0].describe(rules)
    assert text == "German player declared his planned attacks (hidden)"
    assert not re.search(r"\d", text)
    assert outcome.state.initiative.holder is None  # nothing rolled before both declare
    assert outcome.state.dice.rolls_made == 0


def test_6_1_when_both_have_declared_each_rolls_a_die_and_adds_his_bid(rules, state):
    seed = seed_where(lambda r: r[0] != r[1])
    german, soviet = first_rolls(seed, 2)
    state, events = run(rules, bidding(state, seed), *declare(3, 3))
    assert events[:2] == [AttacksDeclared(GERMAN), AttacksDeclared(SOVIET)]
    assert events[2:4] == [
        DiceRolled("initiative", GERMAN, german),
        DiceRolled("initiative", SOVIET, soviet),
    ]
    holder = GERMAN if german > soviet else SOVIET
    assert events[4] == InitiativeDetermined(
        holder, ((GERMAN, 3), (SOVIET, 3)), ((GERMAN, german + 3), (SOVIET, soviet + 3)), 1
    )
    assert state.initiative.holder is holder and state.initiative.determined_turn == state.turn


def test_6_1_example_german_bid_8_and_die_5_beats_soviet_bid_2_and_die_7(rules, state):
    seed = seed_where(lambda r: r[:2] == [5, 7])
    state, events = run(rules, bidding(state, seed), *declare(8, 2))
    determined = events[-1]
    assert isinstance(determined, InitiativeDetermined)
    assert determined.totals == ((GERMAN, 13), (SOVIET, 9))
    assert determined.holder is GERMAN
    assert determined.describe(rules) == (
        "initiative: German 8 planned, Soviet 2 planned; totals German 13, Soviet 9; "
        "German player first"
    )
    state, _ = run(rules, state, EndStep())
    assert (state.phase, state.segment, state.active) == (
        Phase.FIRST_PLAYER,
        Segment.SUPPLY_DETERMINATION,
        GERMAN,
    )


def test_6_1_the_higher_total_wins_even_against_the_higher_bid(rules, state):
    seed = seed_where(lambda r: r[0] == 1 and r[1] == 10)
    state, events = run(rules, bidding(state, seed), *declare(5, 0))
    assert events[-1].totals == ((GERMAN, 6), (SOVIET, 10))
    assert state.initiative.holder is SOVIET


def test_6_1_ties_are_rerolled(rules, state):
    seed = seed_where(lambda r: r[0] == r[1] and r[2] != r[3])
    rolls = first_rolls(seed)
    state, events = run(rules, bidding(state, seed), *declare(4, 4))
    dice = [e for e in events if isinstance(e, DiceRolled)]
    assert [(e.player, e.value) for e in dice] == [
        (GERMAN, rolls[0]),
        (SOVIET, rolls[1]),  # a tie: both roll again
        (GERMAN, rolls[2]),
        (SOVIET, rolls[3]),
    ]
    assert events[-1].totals == ((GERMAN, rolls[2] + 4), (SOVIET, rolls[3] + 4))
    assert state.initiative.holder is (GERMAN if rolls[2] > rolls[3] else SOVIET)


def test_6_1_ties_of_bid_and_die_are_rerolled_even_with_different_bids(rules, state):
    seed = seed_where(lambda r: r[0] + 2 == r[1] and r[2] + 2 != r[3])
    state, events = run(rules, bidding(state, seed), *declare(2, 0))
    assert len([e for e in events if isinstance(e, DiceRolled)]) == 4


def test_6_1_bids_are_declared_in_the_initiative_phase_only(rules, state):
    early = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    outcome = apply(rules, early, DeclareAttacks(player=GERMAN, planned=2), Mode.STRICT)
    assert not outcome.applied
    assert [v.rule for v in outcome.verdict.violations] == ["6.1"]
    assert "non mechanized movement" in outcome.verdict.violations[0].message


def test_6_1_no_bid_once_the_initiative_is_determined(rules, state):
    state, _ = run(rules, state, *declare(1, 1))
    outcome = apply(rules, state, DeclareAttacks(player=GERMAN, planned=2), Mode.STRICT)
    assert [v.rule for v in outcome.verdict.violations] == ["6.1"]
    with pytest.raises(InvalidAction, match="already been determined"):
        apply(rules, state, DeclareAttacks(player=GERMAN, planned=2), Mode.FREE)


def test_6_1_a_player_may_change_his_bid_until_both_have_declared(rules, state):
    state, _ = run(
        rules,
        state,
        DeclareAttacks(player=GERMAN, planned=9),
        DeclareAttacks(player=GERMAN, planned=1),
    )
    assert state.initiative.planned_attacks == {GERMAN: 1}
    assert state.initiative.holder is None


@pytest.mark.parametrize(
    "action",
    [
        DeclareAttacks(planned=2),
        DeclareAttacks(player=GERMAN, planned=-1),
        DeclareAttacks(player=SOVIET, planned=100),
    ],
)
def test_6_1_a_bid_names_its_player_and_a_number_of_attacks(rules, state, action):
    for mode in Mode:
        with pytest.raises(InvalidAction):
            apply(rules, state, action, mode)


def test_6_1_the_initiative_phase_ends_only_once_the_initiative_is_determined(rules, state):
    refused = apply(rules, state, EndStep(), Mode.STRICT)
    assert not refused.applied
    assert [str(v) for v in refused.verdict.violations] == [
        "6.1: the initiative is determined first: German and Soviet to declare attacks"
    ]
    state, _ = run(rules, state, DeclareAttacks(player=SOVIET, planned=0))
    refused = apply(rules, state, EndStep(), Mode.STRICT)
    assert refused.verdict.violations[0].message.endswith("German to declare attacks")
    assert apply(rules, state, EndStep(), Mode.ASSIST).applied  # logged, not refused
    state, _ = run(rules, state, DeclareAttacks(player=GERMAN, planned=0))
    assert apply(rules, state, EndStep(), Mode.STRICT).applied


def test_6_1_a_new_initiative_phase_clears_last_turns_bids(rules, state):
    old = InitiativeState(
        holder=GERMAN,
        streak=1,
        planned_attacks=FrozenMap({GERMAN: 5, SOVIET: 1}),
        attacks_made=FrozenMap({GERMAN: 5}),
        determined_turn=1,
    )
    before = replace(
        state,
        turn=2,
        phase=Phase.STALINGRAD_POCKET,
        segment=Segment.SOVIET_RING_FORCES,
        active=SOVIET,
        initiative=old,
    )
    after, events = run(rules, before, EndStep())
    assert events == [StepChanged(2, Phase.INITIATIVE, Segment.INITIATIVE_DETERMINATION, None)]
    assert after.initiative.planned_attacks == {} and after.initiative.attacks_made == {}
    assert after.initiative.holder is GERMAN and after.initiative.streak == 1  # kept for 6.3
    assert open_bidding(before).initiative.planned_attacks == {}


# --- 6.3 the streak and its effects --------------------------------------------------------


def _holder_again(rules, state, winner, **previous):
    """Determine the initiative with a die that gives it to `winner`."""
    seed = seed_where(lambda r: (r[0] > r[1]) == (winner is GERMAN) and r[0] != r[1], count=2)
    state = bidding(state, seed, planned_attacks=FrozenMap({GERMAN: 0, SOVIET: 0}), **previous)
    return determine(rules, state)


def test_6_3_the_same_player_on_consecutive_turns_extends_his_streak(rules, state):
    state = replace(state, turn=3)
    after, events = _holder_again(rules, state, GERMAN, holder=GERMAN, streak=2, determined_turn=2)
    assert after.initiative.streak == 3
    assert events[-1].describe(rules).endswith("German player first (3 turns running)")


def test_6_3_a_change_of_holder_starts_a_new_streak(rules, state):
    state = replace(state, turn=3)
    after, _ = _holder_again(rules, state, SOVIET, holder=GERMAN, streak=2, determined_turn=2)
    assert (after.initiative.holder, after.initiative.streak) == (SOVIET, 1)


def test_6_3_a_turn_without_a_determination_breaks_the_streak(rules, state):
    state = replace(state, turn=4)
    after, _ = _holder_again(rules, state, GERMAN, holder=GERMAN, streak=2, determined_turn=2)
    assert after.initiative.streak == 1


def test_6_3_effects_of_the_streak_one_mp_then_attack_drms(rules, state):
    table = rules.tables.initiative
    assert [table.effects_for_streak(n).extra_mp for n in range(1, 7)] == [0, 1, 1, 1, 1, 1]
    assert [table.effects_for_streak(n).attack_drm for n in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    for streak, bonus in ((1, 0), (2, 1), (3, 1), (5, 1)):
        held = replace(
            state, initiative=InitiativeState(GERMAN, streak, determined_turn=state.turn)
        )
        assert initiative_bonus(rules, held, GERMAN) == bonus
        assert initiative_bonus(rules, held, SOVIET) == 0


def test_6_3_two_turns_of_determinations_through_the_engine(rules, state):
    seed = seed_where(lambda r: r[0] > r[1] and r[2] > r[3])  # German wins both turns
    state, _ = run(rules, bidding(state, seed), *declare(0, 0))
    assert (state.initiative.holder, state.initiative.streak) == (GERMAN, 1)
    state = open_bidding(bidding(replace(state, turn=2)))
    state, _ = run(rules, state, *declare(0, 0))
    assert (state.initiative.holder, state.initiative.streak) == (GERMAN, 2)
    assert initiative_bonus(rules, state, GERMAN) == 1
    assert attack_drm(rules, state, GERMAN) == 0  # +1 from the third turn running
    third = replace(state, initiative=replace(state.initiative, streak=3))
    assert attack_drm(rules, third, GERMAN) == 1 and attack_drm(rules, third, SOVIET) == 0


# --- 6.2 the holder's obligation -----------------------------------------------------------


def owing(state, segment, planned, made, *, phase=Phase.FIRST_PLAYER, holder=GERMAN):
    initiative = InitiativeState(
        holder=holder,
        streak=1,
        planned_attacks=FrozenMap(planned),
        attacks_made=FrozenMap(made),
        determined_turn=state.turn,
    )
    return at_step(
        replace(state, initiative=initiative),
        segment,
        holder if phase == Phase.FIRST_PLAYER else holder.opponent,
        phase=phase,
    )


def test_6_2_strict_refuses_ending_the_phase_short_of_planned_attacks(rules, state):
    state = owing(state, Segment.MECHANIZED_COMBAT, {GERMAN: 3, SOVIET: 1}, {GERMAN: 1})
    assert shortfall_at_phase_end(state) == (3, 1)
    outcome = apply(rules, state, EndStep(), Mode.STRICT)
    assert not outcome.applied
    assert [str(v) for v in outcome.verdict.violations] == [
        "6.2: the German player planned 3 attacks and made 1: make 2 more, or end the phase "
        "forfeiting the game"
    ]


def test_6_2_forfeit_ends_the_game_with_the_opponent_winning(rules, state):
    state = owing(state, Segment.MECHANIZED_COMBAT, {GERMAN: 3, SOVIET: 1}, {GERMAN: 1})
    after, events = run(rules, state, EndStep(player=GERMAN, forfeit=True))
    result = GameResult(SOVIET, "6.2", "the German player forfeited, 1 of 3 planned attacks made")
    assert after.result == result
    assert (after.phase, after.active) == (Phase.GAME_OVER, None)
    assert events[0] == GameEnded(result)
    assert events[0].describe(rules) == (
        "The Soviet player wins: the German player forfeited, 1 of 3 planned attacks made (6.2)"
    )
    assert isinstance(events[-1], StepChanged) and events[-1].phase is Phase.GAME_OVER
    assert not after.victory_flags  # the result holds the forfeit
    with pytest.raises(InvalidAction, match="the game is over: The Soviet player wins"):
        apply(rules, after, EndStep(), Mode.FREE)


@pytest.mark.parametrize("mode", [Mode.ASSIST, Mode.FREE])
def test_6_2_assist_warns_and_play_goes_on(rules, state, mode):
    state = owing(state, Segment.MECHANIZED_COMBAT, {GERMAN: 3, SOVIET: 1}, {GERMAN: 1})
    outcome = apply(rules, state, EndStep(), mode)
    assert outcome.applied
    judged = [v.rule for v in outcome.verdict.violations]
    assert judged == (["6.2"] if mode is Mode.ASSIST else [])
    after = outcome.state
    assert AttackShortfall(GERMAN, 3, 1) in outcome.events
    assert after.victory_flags[f"{FORFEIT_FLAG}_german"] == state.turn
    assert after.phase == Phase.SECOND_PLAYER and after.result is None


@pytest.mark.parametrize("made", [3, 4])
def test_6_2_the_holder_may_make_as_many_attacks_as_planned_or_more(rules, state, made):
    state = owing(state, Segment.MECHANIZED_COMBAT, {GERMAN: 3, SOVIET: 1}, {GERMAN: made})
    after, events = run(rules, state, EndStep())
    assert not any(isinstance(e, AttackShortfall) for e in events)
    assert not after.victory_flags
    assert shortfall_at_phase_end(state) is None


def test_6_2_the_shortfall_binds_at_the_end_of_the_phase_not_before(rules, state):
    state = owing(state, Segment.MECHANIZED_MOVEMENT, {GERMAN: 3}, {})
    assert shortfall_at_phase_end(state) is None
    after, events = run(rules, state, EndStep())
    assert not any(isinstance(e, AttackShortfall) for e in events)
    assert after.segment == Segment.MECHANIZED_COMBAT
    assert shortfall_at_phase_end(after) == (3, 0)
    assert not apply(rules, after, EndStep(), Mode.STRICT).applied


@pytest.mark.parametrize(
    ("segment", "planned", "made", "player"),
    [
        (Segment.MECHANIZED_COMBAT, 2, 2, GERMAN),  # no shortfall
        (Segment.MECHANIZED_MOVEMENT, 2, 0, GERMAN),  # not the end of his phase
        (Segment.MECHANIZED_COMBAT, 2, 0, SOVIET),  # not the holder
    ],
)
def test_6_2_a_forfeit_with_nothing_to_forfeit_is_refused_in_every_mode(
    rules, state, segment, planned, made, player
):
    state = owing(state, segment, {GERMAN: planned}, {GERMAN: made})
    outcome = apply(rules, state, EndStep(player=player, forfeit=True), Mode.STRICT)
    assert not outcome.applied and "6.2" in [v.rule for v in outcome.verdict.violations]
    for mode in (Mode.ASSIST, Mode.FREE):
        with pytest.raises(InvalidAction, match="forfeit"):
            apply(rules, state, EndStep(player=player, forfeit=True), mode)


def test_6_2_the_second_player_is_not_bound_and_has_nothing_to_forfeit(rules, state):
    state = owing(
        state,
        Segment.MECHANIZED_COMBAT,
        {GERMAN: 0, SOVIET: 6},
        {},
        phase=Phase.SECOND_PLAYER,
        holder=GERMAN,
    )
    assert shortfall_at_phase_end(state) is None
    refused = apply(rules, state, EndStep(player=SOVIET, forfeit=True), Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["6.2"]
    assert apply(rules, state, EndStep(player=SOVIET), Mode.STRICT).applied


def test_6_2_the_player_who_lost_the_initiative_is_not_bound_by_his_bid(rules, state):
    state = owing(
        state,
        Segment.MECHANIZED_COMBAT,
        {GERMAN: 0, SOVIET: 6},
        {},
        phase=Phase.SECOND_PLAYER,
        holder=GERMAN,
    )
    assert state.active is SOVIET
    after, events = run(rules, state, EndStep())
    assert not any(isinstance(e, AttackShortfall) for e in events)
    assert after.phase == Phase.RECOVERY


def test_6_2_the_obligation_is_this_turns(rules, state):
    stale = owing(state, Segment.MECHANIZED_COMBAT, {GERMAN: 3}, {})
    stale = replace(stale, turn=stale.turn + 1)
    assert shortfall_at_phase_end(stale) is None
    assert obligation_shortfall(stale) == (stale, [])


# --- 7.2 the order of the mechanized segments ---------------------------------------------


def test_7_2_combat_first_swaps_the_mechanized_segments_of_that_phase_only(rules, state):
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    outcome = apply(rules, state, ChooseSegmentOrder(combat_first=True), Mode.STRICT)
    assert outcome.applied
    assert outcome.events == (SegmentOrderChosen(GERMAN, True),)
    assert outcome.events[0].describe(rules) == (
        "German mechanized formations: combat, then movement (7.2)"
    )
    state = outcome.state
    seen = []
    while state.phase != Phase.RECOVERY:
        state, _ = run(rules, state, EndStep())
        seen.append((state.phase, state.segment))
    assert seen[:3] == [
        (Phase.FIRST_PLAYER, Segment.MECHANIZED_COMBAT),
        (Phase.FIRST_PLAYER, Segment.MECHANIZED_MOVEMENT),
        (Phase.SECOND_PLAYER, Segment.SUPPLY_DETERMINATION),
    ]
    assert seen[3:7] == [
        (Phase.SECOND_PLAYER, Segment.NON_MECHANIZED_COMBAT),
        (Phase.SECOND_PLAYER, Segment.NON_MECHANIZED_MOVEMENT),
        (Phase.SECOND_PLAYER, Segment.MECHANIZED_MOVEMENT),  # the usual order again
        (Phase.SECOND_PLAYER, Segment.MECHANIZED_COMBAT),
    ]


def test_7_2_the_holders_phase_ends_after_mechanized_movement_when_combat_came_first(rules, state):
    state = owing(state, Segment.NON_MECHANIZED_MOVEMENT, {GERMAN: 2}, {})
    state, _ = run(rules, state, ChooseSegmentOrder(combat_first=True), EndStep(), EndStep())
    assert state.segment == Segment.MECHANIZED_MOVEMENT
    assert shortfall_at_phase_end(state) == (2, 0)
    _, events = run(rules, state, EndStep(), mode=Mode.ASSIST)
    assert AttackShortfall(GERMAN, 2, 0) in events


def test_7_2_the_order_is_chosen_before_the_mechanized_segments_begin(rules, state):
    for segment in (
        Segment.SUPPLY_DETERMINATION,
        Segment.NON_MECHANIZED_COMBAT,
        Segment.NON_MECHANIZED_MOVEMENT,
    ):
        assert apply(
            rules,
            at_step(state, segment, SOVIET),
            ChooseSegmentOrder(combat_first=True),
            Mode.STRICT,
        ).applied
    late = apply(
        rules,
        at_step(state, Segment.MECHANIZED_MOVEMENT, SOVIET),
        ChooseSegmentOrder(combat_first=True),
        Mode.STRICT,
    )
    assert [v.rule for v in late.verdict.violations] == ["7.2"]
    outside = apply(rules, state, ChooseSegmentOrder(combat_first=True), Mode.STRICT)
    assert [v.rule for v in outside.verdict.violations] == ["7.2"]
    with pytest.raises(InvalidAction):
        apply(rules, state, ChooseSegmentOrder(combat_first=True), Mode.FREE)


def test_7_2_3_1_only_the_phasing_player_chooses_his_order(rules, state):
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    outcome = apply(rules, state, ChooseSegmentOrder(player=SOVIET, combat_first=True), Mode.STRICT)
    assert [v.rule for v in outcome.verdict.violations] == ["3.1"]
