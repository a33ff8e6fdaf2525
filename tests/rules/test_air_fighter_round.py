"""The round of fighter combat (4.4) where two fighters of one side are allocated against a
single enemy fighter: once the first attack makes it abort, the others do not fire and are
not reassigned, whether they belong to the side with the bounce or to the side returning
fire. The dice are the 4.4 example's where it has them: II/JG 52 fires at an escorting
regiment on the +1 column with +1 and rolls a "four": "A", abort to the flown box."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import AirEngage, EndStep
from owsqt.rules.core.events import AirFireResolved, BounceRolled
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import AirBattleStage, Segment
from owsqt.rules.core.vocabulary import AirBox, Player
from tests.rules.test_air_examples import (
    JG52,
    RAIDERS,
    STUKA,
    act,
    allocate,
    turn_one_state,
    with_dice,
)

IAD = "su-235iad"  # 235 IAD: air-to-air 4, defence 5, proficiency 6
ZG1 = "lw-zg1-1"  # I/ZG 1, a Zerstoerer (a fighter, 4.2): air-to-air 4, proficiency 7
# A roll of 10 is "AD" on every column: were the second German fighter to fire at the
# aborted 235 IAD, it would disrupt it.
SECOND_SHOT = 10


@pytest.fixture
def turn_one(shipped):
    return turn_one_state(shipped)


def fires(events):
    return [(e.firer, e.target, e.roll, e.result) for e in events if isinstance(e, AirFireResolved)]


def test_4_4_the_bouncing_sides_second_fighter_holds_its_fire_at_an_aborted_target(
    shipped, turn_one
):
    """The German escorts (II/JG 52 and I/ZG 1) win the bounce over 235 IAD intercepting
    their ground attack and pair both with it (4.4: every enemy fighter is covered, so two
    may fire at one). II/JG 52's "four" makes it abort; I/ZG 1 does not fire."""
    interceptor = {IAD: AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK}
    state, _ = allocate(shipped, turn_one, Player.SOVIET, interceptor)
    german = {STUKA: AirBox.GROUND_ATTACK, JG52: AirBox.GROUND_ATTACK_ESCORT}
    german[ZG1] = AirBox.GROUND_ATTACK_ESCORT
    state, _ = allocate(shipped, state, Player.GERMAN, german)
    # 235 IAD intercepts on a 5 (6 or less); the bounce: Soviet 1 + 6 = 7, German 6 + 8 = 14.
    state = with_dice(state, (5, 1, 6, 4, SECOND_SHOT))
    state, events = act(shipped, state, EndStep(), Player.GERMAN)
    (bounce,) = [e for e in events if isinstance(e, BounceRolled)]
    assert bounce.winner is Player.GERMAN
    both = AirEngage(pairs=FrozenMap({JG52: IAD, ZG1: IAD}))
    state, events = act(shipped, state, both, Player.GERMAN)
    assert fires(events) == [(JG52, IAD, 4, "A")]  # I/ZG 1 holds its fire; 235 IAD cannot answer
    assert state.air_units[IAD].box is AirBox.FLOWN  # aborted, not disrupted
    assert state.dice.script == (SECOND_SHOT,)  # no die was rolled for I/ZG 1
    assert not state.air.battles  # no interceptor left for the bombers
    # 3.1: with no battle left the Air Combat Segment passed by itself, and its end put the
    # surviving fighters in the flown box (4.4); I/ZG 1, engaged, is not reassigned
    assert state.segment is Segment.AIR_BOMBARDMENT
    assert state.air_units[ZG1].box is AirBox.FLOWN
    assert ZG1 in state.air.engaged


def test_4_4_the_returning_sides_second_fighter_holds_its_fire_at_an_aborted_target(
    shipped, turn_one
):
    """235 IAD escorting a ground attack wins the bounce over II/JG 52 and I/ZG 1
    intercepting it and pairs itself with II/JG 52; the German designates I/ZG 1 against it
    too. 235 IAD misses; II/JG 52 answers with a "four" and it aborts; I/ZG 1 does not
    fire at the aborted regiment (before the fix its 10 disrupted it)."""
    soviet = {RAIDERS[0]: AirBox.GROUND_ATTACK, IAD: AirBox.GROUND_ATTACK_ESCORT}
    state, _ = allocate(shipped, turn_one, Player.SOVIET, soviet)
    interceptors = {JG52: AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK}
    interceptors[ZG1] = AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK
    state, _ = allocate(shipped, state, Player.GERMAN, interceptors)
    # Both intercept on a 5 (8 and 7 or less); the bounce: German 1 + 8 = 9, Soviet 10 + 6 = 16.
    state = with_dice(state, (5, 5, 1, 10, 1, 4, SECOND_SHOT))
    state, events = act(shipped, state, EndStep(), Player.GERMAN)
    (bounce,) = [e for e in events if isinstance(e, BounceRolled)]
    assert bounce.winner is Player.SOVIET
    state, _ = act(shipped, state, AirEngage(pairs=FrozenMap({IAD: JG52})), Player.SOVIET)
    assert state.air.battles[0].stage is AirBattleStage.DESIGNATION
    state, events = act(shipped, state, AirEngage(pairs=FrozenMap({ZG1: IAD})), Player.GERMAN)
    assert fires(events) == [(IAD, JG52, 1, "-"), (JG52, IAD, 4, "A")]
    assert state.air_units[IAD].box is AirBox.FLOWN  # aborted, not disrupted
    assert state.dice.script == (SECOND_SHOT,)  # no die was rolled for I/ZG 1
    # Both interceptors survive the fighter round and go on to the bombers (4.4).
    assert state.air.battles[0].stage is AirBattleStage.BOMBERS
    assert {JG52, ZG1} <= state.air.engaged
