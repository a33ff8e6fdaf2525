"""The air rules clause by clause (4.2-4.7, 16.1): who may fly what and when, the order of
the allocation, pairing, escorts, what the segments' ends do, recovery and zone expiry."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.air.allocation import charts_revealed
from owsqt.rules.air.strikes import mission_aircraft
from owsqt.rules.combat.targets import ground_attack_reach
from owsqt.rules.core.actions import AirEngage, AllocateAir, EndStep, GroundAttack, Interdict
from owsqt.rules.core.events import AirCheck, Passed
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import InterdictionZone
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply, judge
from tests.rules.test_air_examples import (
    ESCORTS,
    JG52,
    RAIDERS,
    STUKA,
    act,
    allocate,
    turn_one_state,
    with_dice,
)

KAMPF = "lw-kg51-1"


@pytest.fixture
def turn_one(shipped):
    return turn_one_state(shipped)


def rules_of(rules, state, action):
    return [v.rule for v in judge(rules, state, action).violations]


def allocation(player, missions):
    return AllocateAir(player=player, missions=FrozenMap(missions))


def test_4_2_no_mission_is_flown_on_a_turn_that_is_not_clear(shipped, turn_one):
    overcast = replace(turn_one, turn=3)  # the track: 13 December AM, overcast
    action = allocation(Player.SOVIET, {})
    assert rules_of(shipped, overcast, action) == ["4.2"]
    assert judge(shipped, overcast, EndStep()).legal  # nothing to allocate


def problems(rules, state, action):
    return [(v.rule, v.message) for v in judge(rules, state, action).violations]


GA, GA_ESCORT, WITHHELD = AirBox.GROUND_ATTACK, AirBox.GROUND_ATTACK_ESCORT, AirBox.WITHHELD
NOT_A_FIGHTER = "is not a fighter: only fighters fly escort and air superiority"


@pytest.mark.parametrize(
    ("player", "air_id", "box", "expected", "allowed"),
    [
        (Player.SOVIET, RAIDERS[0], AirBox.INTERDICTION,
         ("4.2", "only German air units fly interdiction"), GA),
        (Player.GERMAN, STUKA, GA_ESCORT, ("4.2", f"II/StG 77 {NOT_A_FIGHTER}"), WITHHELD),
        (Player.GERMAN, KAMPF, AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK,
         ("4.2", f"I/KG 51 {NOT_A_FIGHTER}"), GA),
        (Player.GERMAN, JG52, WITHHELD,
         ("4.6", "II/JG 52 is not a Ju-87: only dive bombers are withheld"), GA_ESCORT),
        (Player.GERMAN, JG52, AirBox.AIR_SUPERIORITY_VS_INTERDICTION,
         ("4.3", "the German Air Operations Chart has no Air superiority against interdiction box"),
         AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK),
        (Player.SOVIET, ESCORTS[0], WITHHELD,
         ("4.3", "the Soviet Air Operations Chart has no Withheld Stukas box"),
         AirBox.AIR_SUPERIORITY_VS_INTERDICTION),
    ],
)  # fmt: skip
def test_4_2_missions_by_type(shipped, turn_one, player, air_id, box, expected, allowed):
    """[4.2] Interdiction is German, escort and air superiority are for fighters; [4.6] only
    Ju-87s are withheld; [4.3] a box not on the side's chart. Each refusal alone, by its
    own rule; the same unit in a box it may fly is allowed."""
    state = turn_one
    if player is Player.GERMAN:
        state, _ = allocate(shipped, turn_one, Player.SOVIET, {})
    assert problems(shipped, state, allocation(player, {air_id: box})) == [expected]
    assert judge(shipped, state, allocation(player, {air_id: allowed})).legal


def test_4_2_a_unit_without_an_air_to_ground_factor_flies_no_bombing_mission(shipped, turn_one):
    """[4.2] "Ground attack ... all air units with an air-to-ground factor": every counter
    of the game has one, so a II/JG 52 printed with none is made for the test."""
    air = dict(shipped.catalogue.air)
    air[JG52] = replace(air[JG52], bombardment=0)
    catalogue = replace(shipped.catalogue, air=air)
    unarmed = replace(shipped, catalogue=catalogue)
    state, _ = allocate(shipped, turn_one, Player.SOVIET, {})
    expected = [("4.2", "II/JG 52 has no air-to-ground factor")]
    for box in (AirBox.GROUND_ATTACK, AirBox.INTERDICTION):
        assert problems(unarmed, state, allocation(Player.GERMAN, {JG52: box})) == expected
    assert judge(
        unarmed, state, allocation(Player.GERMAN, {JG52: AirBox.GROUND_ATTACK_ESCORT})
    ).legal


def test_4_2_a_soviet_interdiction_is_refused_at_the_mission_too(shipped, turn_one):
    """[4.2] The Interdiction Segment's own check: Soviet aircraft never fly interdiction
    (they are not in the box either, 4.5)."""
    state, _ = allocate(shipped, turn_one, Player.SOVIET, {RAIDERS[0]: AirBox.GROUND_ATTACK})
    state, _ = allocate(shipped, state, Player.GERMAN, {STUKA: AirBox.INTERDICTION})
    while state.segment is not Segment.INTERDICTION:
        state, _ = act(shipped, state, EndStep(), Player.GERMAN)
    mission = Interdict(
        player=Player.SOVIET, air_units=(RAIDERS[0],), target=shipped.grid.hex_of("2538")
    )
    assert problems(shipped, state, mission) == [
        ("4.5", "202 SHAD does not fly this mission now"),
        ("4.2", "only German air units fly interdiction"),
    ]


def test_4_3_the_soviet_side_allocates_first_then_the_german_then_his_fighters(shipped, turn_one):
    german_first = allocation(Player.GERMAN, {STUKA: AirBox.GROUND_ATTACK})
    assert set(rules_of(shipped, turn_one, german_first)) == {"4.3"}
    assert rules_of(shipped, turn_one, EndStep()) == ["4.3"]  # the Soviet has not allocated
    state, _ = allocate(shipped, turn_one, Player.SOVIET, {RAIDERS[0]: AirBox.GROUND_ATTACK})
    assert not charts_revealed(shipped, state)
    state, _ = allocate(shipped, state, Player.GERMAN, {STUKA: AirBox.GROUND_ATTACK})
    assert charts_revealed(shipped, state)
    again = allocation(Player.GERMAN, {STUKA: AirBox.INTERDICTION})
    assert "4.3" in rules_of(shipped, state, again)  # flown already: not ready
    bombers_now = allocation(Player.GERMAN, {KAMPF: AirBox.GROUND_ATTACK})
    assert rules_of(shipped, state, bombers_now) == ["4.3"]  # step 3: fighters only
    assert judge(
        shipped, state, allocation(Player.GERMAN, {JG52: AirBox.GROUND_ATTACK_ESCORT})
    ).legal


def test_4_4_a_fighter_facing_an_empty_mission_box_goes_to_the_flown_box_unrolled(
    shipped, turn_one
):
    state, _ = allocate(
        shipped, turn_one, Player.SOVIET, {ESCORTS[0]: AirBox.AIR_SUPERIORITY_VS_INTERDICTION}
    )
    state, _ = allocate(shipped, state, Player.GERMAN, {})
    state, events = act(shipped, state, EndStep(), Player.GERMAN)
    # 3.1: no battle was joined, so the Air Combat Segment passed by itself
    assert [e.rule for e in events if isinstance(e, Passed)][:1] == ["4.4"]
    assert not state.air.battles
    assert not [e for e in events if isinstance(e, AirCheck)]
    assert state.air_units[ESCORTS[0]].box is AirBox.FLOWN


def test_4_4_every_enemy_fighter_is_engaged_before_two_fire_at_one(shipped, turn_one):
    soviet = {RAIDERS[0]: AirBox.GROUND_ATTACK}
    soviet.update({a: AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK for a in ESCORTS})
    state, _ = allocate(shipped, turn_one, Player.SOVIET, soviet)
    german = {STUKA: AirBox.GROUND_ATTACK, JG52: AirBox.GROUND_ATTACK_ESCORT}
    german["lw-zg1-1"] = AirBox.GROUND_ATTACK_ESCORT
    state, _ = allocate(shipped, state, Player.GERMAN, german)
    state = with_dice(state, (1, 1, 1, 9))  # both intercept; the bounce: Soviet 1+6, German 9+8
    state, _ = act(shipped, state, EndStep(), Player.GERMAN)
    (battle, *_) = state.air.battles
    assert battle.interceptor is Player.SOVIET and battle.bounce is Player.GERMAN
    doubled = AirEngage(
        player=Player.GERMAN, pairs=FrozenMap({JG52: ESCORTS[0], "lw-zg1-1": ESCORTS[0]})
    )
    assert rules_of(shipped, state, doubled) == ["4.4"]
    covered = AirEngage(
        player=Player.GERMAN, pairs=FrozenMap({JG52: ESCORTS[0], "lw-zg1-1": ESCORTS[1]})
    )
    assert judge(shipped, state, covered).legal
    half = AirEngage(player=Player.GERMAN, pairs=FrozenMap({JG52: ESCORTS[0]}))
    assert rules_of(shipped, state, half) == ["4.4"]  # every engaged fighter is paired


def test_4_6_an_escort_that_fought_no_air_combat_adds_its_factors(shipped, turn_one):
    missions = {RAIDERS[0]: AirBox.GROUND_ATTACK, ESCORTS[0]: AirBox.GROUND_ATTACK_ESCORT}
    state, _ = allocate(shipped, turn_one, Player.SOVIET, missions)
    state, _ = allocate(shipped, state, Player.GERMAN, {})
    while state.segment is not Segment.AIR_BOMBARDMENT:
        state, _ = act(shipped, state, EndStep(), Player.GERMAN)
    assert state.air_units[ESCORTS[0]].box is AirBox.GROUND_ATTACK_ESCORT  # still with it
    assert set(mission_aircraft(shipped, state, Player.SOVIET, AirBox.GROUND_ATTACK)) == {
        RAIDERS[0],
        ESCORTS[0],
    }
    state, _ = act(shipped, state, EndStep(), Player.GERMAN)  # no attack: they flew anyway
    assert state.air_units[RAIDERS[0]].box is AirBox.FLOWN
    assert state.air_units[ESCORTS[0]].box is AirBox.FLOWN


def test_4_6_a_soviet_target_lies_within_five_hexes_of_a_soviet_unit(shipped, turn_one):
    state, _ = allocate(shipped, turn_one, Player.SOVIET, {RAIDERS[0]: AirBox.GROUND_ATTACK})
    state, _ = allocate(shipped, state, Player.GERMAN, {})
    while state.segment is not Segment.AIR_BOMBARDMENT:
        state, _ = act(shipped, state, EndStep(), Player.GERMAN)
    reach = ground_attack_reach(shipped, state, Player.SOVIET)
    german = [
        u
        for u, unit in state.units.items()
        if unit.hex is not None
        and shipped.catalogue.ground[u].player is Player.GERMAN
        and shipped.catalogue.ground[u].unit_class is not UnitClass.HEADQUARTERS
    ]
    far = next(u for u in german if state.units[u].hex not in reach)
    near = next(u for u in german if state.units[u].hex in reach)
    attack = GroundAttack(player=Player.SOVIET, air_units=(RAIDERS[0],), target_unit=far)
    assert rules_of(shipped, state, attack) == ["4.6"]
    assert judge(shipped, state, replace(attack, target_unit=near)).legal


def test_4_7_recovery_rolls_by_the_chart_and_a_disrupted_kampfgruppe_never_recovers(
    shipped, turn_one
):
    units = turn_one.air_units
    units = units.set(JG52, replace(units[JG52], box=AirBox.FLOWN))
    units = units.set(KAMPF, replace(units[KAMPF], box=AirBox.DISRUPTED))
    units = units.set(STUKA, replace(units[STUKA], box=AirBox.WITHHELD))
    zone = InterdictionZone(shipped.grid.hex_of("2538"), 1, turn_one.turn)
    state = replace(
        turn_one,
        air_units=units,
        interdiction_zones=(zone,),
        phase=turn_one.phase.__class__.RECOVERY,
        segment=Segment.AIR_RECOVERY,
        active=None,
    )
    state = with_dice(state, (7,))  # JG: 1-7 readies it
    outcome = apply(shipped, state, EndStep(), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    after = outcome.state
    assert after.air_units[JG52].box is AirBox.READY
    assert after.air_units[KAMPF].box is AirBox.DISRUPTED  # KG: disrupted never recovers
    assert after.air_units[STUKA].box is AirBox.READY  # withheld, never flown: no roll
    assert after.interdiction_zones == ()  # 4.5: the zone ends with its turn
    checks = [e for e in outcome.events if isinstance(e, AirCheck)]
    assert [(c.air_unit, c.roll, c.needed, c.passed) for c in checks] == [
        (JG52, 7, 7, True),
        (KAMPF, 0, None, False),
    ]
