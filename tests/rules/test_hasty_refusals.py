"""The hasty attacks the engine refuses (8.4, 8.1, 9.3, 19.11): each refusal of
combat/hasty.py played through the engine in STRICT mode, with its rule and the unit it
names. On the open steppe of the movement kit: the German tank and mechanized battalions
(a mechanized formation, 7.1) and the II/128 Art on 3445, the Soviet rifle regiment
north of them on 3444, in the German mechanized movement segment."""

from __future__ import annotations

import pytest

from owsqt.rules.core.actions import HastyAttack, MoveStack, PlaceUnits, SetMarker
from owsqt.rules.core.hexgrid import distance, neighbour
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker
from owsqt.rules.engine import apply
from tests.rules.combatkit import act, refused, with_german_gun
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, path_of, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
ENEMY = "3444"  # north of OPEN
EAST = 2  # the side of OPEN whose hex is next to ENEMY too
BEHIND = 4  # the side of OPEN whose hex is two hexes from ENEMY


@pytest.fixture(scope="module")
def kit(ruleset):
    """The movement kit with the German gun's bombardment factor and range."""
    return with_german_gun(kit_ruleset(ruleset))


@pytest.fixture
def board(kit):
    """(state, the tank's hex, the rifle regiment's hex)."""
    start, enemy = hx(kit, OPEN), hx(kit, ENEMY)
    assert distance(neighbour(start, EAST), enemy) == 1
    assert distance(neighbour(start, BEHIND), enemy) == 2
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("tank", "mech", "gart"), to=start),
        PlaceUnits(units=("rifle",), to=enemy),
    )
    return at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN), start, enemy


def hasty(target, units=("tank", "mech"), **kw):
    return HastyAttack(target=target, units=units, lead=units[0], **kw)


def test_8_4_a_hasty_attack_is_made_by_one_stack(kit, board):
    state, start, enemy = board
    state = put(kit, state, PlaceUnits(units=("mech",), to=neighbour(start, EAST)))
    assert refused(kit, state, hasty(enemy), GERMAN) == [
        ("8.4", "a hasty attack is made by one stack")
    ]


def test_8_4_units_attack_together_only_if_they_started_the_phase_stacked(kit, board):
    """The tank moves alone onto the mechanized battalion's hex: "Units must start the
    Player Phase stacked together to move and execute hasty attacks together" (8.4)."""
    state, start, enemy = board
    behind = neighbour(start, BEHIND)
    state = put(kit, state, PlaceUnits(units=("tank",), to=behind))
    state, _ = act(kit, state, MoveStack(units=("tank",), path=(behind, start)), GERMAN)
    assert refused(kit, state, hasty(enemy), GERMAN) == [
        ("8.4", "units attack with the stack they started with")
    ]
    assert apply(kit, state, hasty(enemy, ("tank",)), Mode.STRICT).applied  # it alone may


def test_8_1_a_stack_whose_move_has_ended_makes_no_hasty_attack(kit, board):
    """ "Movement of one stack must end before another may begin" (8.1): once another
    stack has moved, the first may not attack on its way."""
    state, start, enemy = board
    east, behind = neighbour(start, EAST), neighbour(start, BEHIND)
    state = put(kit, state, PlaceUnits(units=("pz2",), to=behind))
    state, _ = act(kit, state, MoveStack(units=("tank", "mech"), path=(start, east)), GERMAN)
    other = MoveStack(units=("pz2",), path=(behind, neighbour(behind, BEHIND)))
    state, _ = act(kit, state, other, GERMAN)
    assert refused(kit, state, hasty(enemy), GERMAN) == [
        ("8.1", f"{kit.unit_name(u)} has finished its move this segment (one stack at a time)")
        for u in ("tank", "mech")
    ]


def test_19_11_a_reserve_unit_makes_no_hasty_attack(kit):
    """A Soviet tank brigade still in reserve may not move, so it makes no hasty attack;
    the brigade stacked with it is not named."""
    start, enemy = hx(kit, OPEN), hx(kit, ENEMY)
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("stank", "stank2"), to=start),
        PlaceUnits(units=("gfill1",), to=enemy),
        SetMarker(units=("stank",), marker=UnitMarker.RESERVE, on=True),
    )
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, SOVIET)
    violations = refused(kit, state, hasty(enemy, ("stank", "stank2")), SOVIET)
    assert [rule for rule, _ in violations] == ["19.11"]
    assert kit.unit_name("stank") in violations[0][1] and "reserve" in violations[0][1]


def test_9_3_stacking_limits_apply_just_before_a_hasty_attack(kit, board):
    """The 20 stacking points of the tank, mechanized and artillery battalions and a
    second panzer battalion exceed 18 (9.2) when the hasty attack is made (9.3)."""
    state, start, enemy = board
    state = put(kit, state, PlaceUnits(units=("pz2",), to=start))
    assert refused(kit, state, hasty(enemy), GERMAN) == [
        (
            "9.3",
            "the attacking hex is overstacked: stacking limits apply just before a hasty attack",
        )
    ]


def test_8_4_supporting_artillery_starts_the_phase_stacked_with_the_attackers(kit, board):
    state, start, enemy = board
    state = put(kit, state, PlaceUnits(units=("gart",), to=neighbour(start, BEHIND)))
    gun = kit.unit_name("gart")
    assert refused(kit, state, hasty(enemy, artillery=("gart",)), GERMAN) == [
        ("8.4", f"{gun} supports only the stack it started the phase with")
    ]


def test_8_4_supporting_artillery_is_named_among_the_attacking_units(kit, board):
    state, _, enemy = board
    gun = kit.unit_name("gart")
    assert refused(kit, state, hasty(enemy, artillery=("gart",)), GERMAN) == [
        (
            "8.4",
            f"{gun} supports the attack of the stack it moves with: "
            "name it among the attacking units",
        )
    ]


def test_8_4_artillery_supports_hasty_attacks_only_in_the_german_mechanized_movement_segment(
    kit,
):
    """A German infantry battalion with the gun (both of a non-mechanized division) in the
    non-mechanized movement segment: "Only the German player may use supporting air or
    artillery units for bombardment and only in his Mechanized Formation Movement
    Segment" (8.4)."""
    start, enemy = hx(kit, OPEN), hx(kit, ENEMY)
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("gfill1", "gart"), to=start),
        PlaceUnits(units=("rifle",), to=enemy),
    )
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, GERMAN)
    attack = hasty(enemy, ("gfill1", "gart"), artillery=("gart",))
    assert refused(kit, state, attack, GERMAN) == [
        ("8.4", "only the German player supports hasty attacks, in his mechanized movement segment")
    ]


def test_8_4_each_unit_of_the_stack_has_the_points_for_its_own_hasty_attack_cost(kit):
    """The tank (tracked) and the 6-12 (motorized) come four hexes across the steppe into
    the rifle regiment's ZOC: the tank has 10 - 6 = 4 MP left, the 6-12 12 - 10 = 2. The
    hasty attack costs the tank 2 + 1 for the clear hex and the 6-12 2 + 2: the 6-12
    lacks the points (reading 66), the tank does not: dropped off, the 6-12 leaves the
    tank to attack alone (8.1)."""
    enemy = hx(kit, ENEMY)
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("tank", "mot6"), to=hx(kit, "3449")),
        PlaceUnits(units=("rifle",), to=enemy),
    )
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    path = path_of(kit, ["3449", "3448", "3447", "3446", OPEN])
    state, _ = act(kit, state, MoveStack(units=("tank", "mot6"), path=path), GERMAN)
    assert state.movement.moving == {"tank": 4, "mot6": 2}
    assert refused(kit, state, hasty(enemy, ("tank", "mot6")), GERMAN) == [
        (
            "8.4",
            f"the hasty attack costs 4 MP with the defender's terrain for "
            f"{kit.unit_name('mot6')}; it has 2",
        )
    ]
    assert apply(kit, state, hasty(enemy, ("tank",)), Mode.STRICT).applied


def test_11_1_a_hasty_attack_on_a_hex_two_away_is_refused_not_a_crash(kit, board):
    """A hand-made or e-mailed action: the stack on 3445 attacks 3443, two hexes north."""
    state, start, _ = board
    far = hx(kit, "3443")
    assert distance(start, far) == 2
    state = put(kit, state, PlaceUnits(units=("rifle",), to=far))
    assert refused(kit, state, hasty(far), GERMAN) == [
        ("11.1", f"{kit.unit_name(u)} is not next to the hex attacked") for u in ("tank", "mech")
    ]
