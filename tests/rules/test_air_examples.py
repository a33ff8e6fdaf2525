"""The rulebook's examples of air operations played through the engine with their dice:
4.4 (interception, the bounce and the fire), 4.6 (the ground attack that follows it) and
4.5 (II/StG 77 interdicting around 2538)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    AirEngage,
    AllocateAir,
    EndStep,
    GroundAttack,
    Interdict,
    PlaceUnits,
)
from owsqt.rules.core.events import AirCheck, AirFireResolved, BounceRolled, FireResolved
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.steps import AirBattleStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import UnitType
from owsqt.rules.engine import apply
from owsqt.session import new_game

JG52 = "lw-jg52-2"
ESCORTS = ("su-235iad", "su-268iad")
RAIDERS = ("su-202shad", "su-226shad")
STUKA = "lw-stg77-2"
TANK = "de-6pz-11pzr-1"  # I/11 Pz, a 12-10 tank battalion, at 1646 in We Are Coming
# 4.4: interception 5; the bounce, German 6 and Soviet 7; II/JG 52 at an escort 4; the
# other escort back 5; II/JG 52 at a ground attack regiment 6, which answers 7.
# 4.6: the surviving regiment's ground attack 8.
BOOK_DICE = (5, 6, 7, 4, 5, 6, 7, 8)


@pytest.fixture
def turn_one(shipped):
    return turn_one_state(shipped)


def turn_one_state(rules):
    """We are coming, set up: turn 1 (clear), the Air Allocation Segment."""
    session = new_game(rules, "we-are-coming", Mode.STRICT, seed=1)
    session.apply_default_setup()
    assert session.state.segment is Segment.AIR_ALLOCATION
    return session.state


def act(rules, state, action, player):
    outcome = apply(rules, state, replace(action, player=player), Mode.STRICT)
    assert outcome.applied, outcome.verdict.violations
    return outcome.state, outcome.events


def allocate(rules, state, player, missions):
    return act(rules, state, AllocateAir(missions=FrozenMap(missions)), player)


def with_dice(state, dice):
    return replace(state, dice=replace(state.dice, script=dice))


def to_the_air_combat(rules, state):
    """4.3: two ground attack regiments escorted by two fighter regiments; II/JG 52 placed
    against them after the reveal (step 3)."""
    soviet = {a: AirBox.GROUND_ATTACK for a in RAIDERS}
    soviet.update({a: AirBox.GROUND_ATTACK_ESCORT for a in ESCORTS})
    state, _ = allocate(rules, state, Player.SOVIET, soviet)
    state, _ = allocate(rules, state, Player.GERMAN, {})
    state = with_dice(state, BOOK_DICE)
    # 3.1: every side has allocated, so the segment passes by itself into the Air Combat
    # Segment, whose interception and bounce are rolled in the same action
    return allocate(rules, state, Player.GERMAN, {JG52: AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK})


def test_4_4_the_example_interception_bounce_and_fire_with_the_books_dice(shipped, turn_one):
    state, events = to_the_air_combat(shipped, turn_one)
    (check,) = [e for e in events if isinstance(e, AirCheck)]
    assert (check.roll, check.needed, check.passed) == (5, 8, True)  # "eight or less"
    (bounce,) = [e for e in events if isinstance(e, BounceRolled)]
    assert dict(bounce.totals) == {Player.GERMAN: 14, Player.SOVIET: 13}
    assert bounce.winner is Player.GERMAN
    battle = state.air.battles[0]
    assert battle.stage is AirBattleStage.PAIRING and battle.bounce is Player.GERMAN
    # The German designates his fire against one escort; the Soviet designates the other
    # against the sole German unit.
    state, _ = act(shipped, state, AirEngage(pairs=FrozenMap({JG52: ESCORTS[0]})), Player.GERMAN)
    assert state.air.battles[0].stage is AirBattleStage.DESIGNATION
    state, events = act(
        shipped, state, AirEngage(pairs=FrozenMap({ESCORTS[1]: JG52})), Player.SOVIET
    )
    german, soviet = [e for e in events if isinstance(e, AirFireResolved)]
    assert (german.column, german.drm, german.roll, german.result) == ("+1", 1, 4, "A")
    assert (soviet.firer, soviet.column, soviet.drm, soviet.result) == (ESCORTS[1], "-1", 0, "-")
    assert state.air_units[ESCORTS[0]].box is AirBox.FLOWN  # aborted: it cannot return fire
    # The German fighter now attacks one ground attack regiment; the fire is simultaneous.
    assert state.air.battles[0].stage is AirBattleStage.BOMBERS
    state, events = act(
        shipped, state, AirEngage(pairs=FrozenMap({JG52: RAIDERS[0]})), Player.GERMAN
    )
    at_bomber, answer = [e for e in events if isinstance(e, AirFireResolved)]
    assert (at_bomber.drm, at_bomber.roll, at_bomber.result) == (2, 6, "AD")  # six to eight
    assert (answer.firer, answer.drm, answer.roll, answer.result) == (RAIDERS[0], -1, 7, "-")
    assert state.air_units[RAIDERS[0]].box is AirBox.DISRUPTED
    assert state.air_units[RAIDERS[1]].box is AirBox.GROUND_ATTACK  # free to attack
    assert not state.air.battles


def to_the_air_bombardment(rules, state):
    """The 4.4 example played with the book's dice, to the Air Bombardment Segment: 226 SHAD
    survived interception, with a Soviet unit placed within five hexes of the target (4.6)."""
    near = rules.grid.hex_of("1642")  # 4.6: a Soviet unit within five hexes of the target
    state = apply(rules, state, PlaceUnits(units=("su-91rd-hq",), to=near), Mode.FREE).state
    state, _ = to_the_air_combat(rules, state)
    state, _ = act(rules, state, AirEngage(pairs=FrozenMap({JG52: ESCORTS[0]})), Player.GERMAN)
    state, _ = act(rules, state, AirEngage(pairs=FrozenMap({ESCORTS[1]: JG52})), Player.SOVIET)
    state, _ = act(rules, state, AirEngage(pairs=FrozenMap({JG52: RAIDERS[0]})), Player.GERMAN)
    assert state.segment is Segment.AIR_BOMBARDMENT  # 3.1: the battle fought, 4.4 passed
    return state


def test_4_6_the_example_ground_attack_on_the_12_10_tank_battalion(shipped, turn_one):
    tank = TANK
    assert shipped.catalogue.ground[tank].type is UnitType.TANK
    state = to_the_air_bombardment(shipped, turn_one)
    assert state.air_units[JG52].box is AirBox.FLOWN  # 4.4: surviving fighters, flown
    strength = state.units[tank].strength
    attack = GroundAttack(air_units=(RAIDERS[1],), target_unit=tank)
    state, events = act(shipped, state, attack, Player.SOVIET)
    (fire,) = [e for e in events if isinstance(e, FireResolved)]
    assert (fire.factors, fire.column, fire.drm, fire.roll, fire.result) == (5, "3", 0, 8, "1")
    assert state.units[tank].strength == strength - 1
    assert state.air_units[RAIDERS[1]].box is AirBox.FLOWN


def interdict_with_a_seven(rules, state, target):
    """II/StG 77 allocated to interdiction, flown against `target` with a roll of 7."""
    state, _ = allocate(rules, state, Player.SOVIET, {})
    state, _ = allocate(rules, state, Player.GERMAN, {STUKA: AirBox.INTERDICTION})
    while state.segment is not Segment.INTERDICTION:
        state, _ = act(rules, state, EndStep(), Player.GERMAN)
    state = with_dice(state, (7,))
    return act(rules, state, Interdict(air_units=(STUKA,), target=target), Player.GERMAN)


def test_4_5_16_1_the_example_ii_stg_77_interdicts_around_2538(shipped, turn_one):
    target = shipped.grid.hex_of("2538")
    antiaircraft = tuple(
        u
        for u, unit in turn_one.units.items()
        if shipped.catalogue.ground[u].type is UnitType.ANTIAIRCRAFT
        and shipped.catalogue.ground[u].player is Player.SOVIET
        and unit.hex is not None
    )
    state = apply(shipped, turn_one, PlaceUnits(units=antiaircraft, to=None), Mode.FREE).state
    state, events = interdict_with_a_seven(shipped, state, target)
    (fire,) = [e for e in events if isinstance(e, FireResolved)]
    assert (fire.factors, fire.column, fire.drm, fire.roll, fire.result) == (7, "7", 0, 7, "1")
    (zone,) = state.interdiction_zones
    assert (zone.center, zone.penalty, zone.radius) == (target, 1, 5)
    assert state.air_units[STUKA].box is AirBox.FLOWN


def test_16_1_each_soviet_antiaircraft_unit_in_the_potential_zone_takes_one_off(shipped, turn_one):
    from owsqt.rules.air.strikes import antiaircraft_near

    target = shipped.grid.hex_of("2538")
    count = antiaircraft_near(shipped, turn_one, target)
    assert count > 0
    _, events = interdict_with_a_seven(shipped, turn_one, target)
    (fire,) = [e for e in events if isinstance(e, FireResolved)]
    assert fire.drm == -count
