"""StackMove (owsqt/rules/movement/stackmove.py): the allowance, reach() and price(path) of a stack
(8.1-8.3, 4.5, 6.3, 10.2, 12.3, 13.0, 14.5, 15.2, 16.2, 16.3) on the real map."""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.core.actions import (
    PlaceUnits,
    SetBridge,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetSupply,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside, distance, hexes_within, ring
from owsqt.rules.core.state import (
    EntrenchmentState,
    InitiativeState,
    InterdictionZone,
    MovementState,
)
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import (
    BridgeState,
    Entrenchment,
    Player,
    Supply,
    UnitMarker,
)
from owsqt.rules.movement.arrivals import waiting
from owsqt.rules.movement.stackmove import (
    CostItem,
    StackMove,
    initiative_bonus,
    reachable,
    unit_allowance,
)
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.rules.movekit import OPEN, hx, kit_ruleset, kit_state, north, path_of, put


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    return kit_state(rules)


def placed(rules, state, **where):
    """Units put on hexes: placed(rules, state, tank="3445", rifle="3440")."""
    for unit_id, hex_id in where.items():
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=hx(rules, hex_id)))
    return state


def labels(price):
    return [(item.label, item.points, item.rule) for _, items in price.steps for item in items]


def holding(state, player, streak, turn=None):
    """`player` holds the initiative, `streak` turns running, determined on `turn`."""
    initiative = InitiativeState(
        holder=player, streak=streak, determined_turn=state.turn if turn is None else turn
    )
    return replace(state, initiative=initiative)


# --- the ground the tests stand on ---------------------------------------------------------


def test_8_1_the_open_steppe_around_3445_costs_1_mp_a_hex_tracked_and_on_foot_2_motorized(
    rules, state
):
    for unit_id, per_hex in (("tank", 1), ("mot6", 2), ("rifle", 1)):
        alone = placed(rules, state, **{unit_id: OPEN})
        for path in (north(OPEN, 4), ["3445", "3545", "3645", "3745", "3845"]):
            price = StackMove(rules, alone, (unit_id,)).price(path_of(rules, path))
            assert price.legal
            assert price.total == 4 * per_hex
            assert {label for label, _, _ in labels(price)} == {"clear"}


# --- the allowance -------------------------------------------------------------------------


def test_8_1_the_allowance_is_the_movement_factor_of_the_slowest_unit(rules, state):
    state = placed(rules, state, tank=OPEN, rifle=OPEN)
    move = StackMove(rules, state, ("tank",))
    assert move.allowance_items == [CostItem("movement factor of I/11 Pz (12-10)", 10, "8.1")]
    both = StackMove(rules, state, ("tank", "rifle"))
    assert both.allowance == 5
    assert both.allowance_items[0] == CostItem("movement factor of 823 Rifle Rgt (5-5)", 5, "8.1")


def test_13_0_a_disrupted_unit_has_its_movement_allowance_halved(rules, state):
    state = placed(rules, state, tank=OPEN)
    state = put(rules, state, SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True))
    move = StackMove(rules, state, ("tank",))
    assert move.allowance == 5
    assert move.allowance_items[-1] == CostItem(
        "halved: disrupted, out of supply or fired", Fraction(-5), "13.0"
    )
    assert move.price(path_of(rules, north(OPEN, 5))).legal
    assert not move.price(path_of(rules, north(OPEN, 6))).legal


def test_14_5_out_of_supply_halves_movement_and_organic_supply_does_not(rules, state):
    state = placed(rules, state, mot6=OPEN, mot5="3345")
    state = put(
        rules,
        state,
        SetSupply(units=("mot6",), supply=Supply.OUT),
        SetSupply(units=("mot5",), supply=Supply.ORGANIC),
    )
    assert unit_allowance(rules, state, "mot6") == 6
    assert unit_allowance(rules, state, "mot5") == 12


def test_12_3_artillery_that_has_fired_has_its_movement_allowance_halved(rules, state):
    state = placed(rules, state, art=OPEN, at="3345")
    state = put(rules, state, SetMarker(units=("art", "at"), marker=UnitMarker.FIRED, on=True))
    assert unit_allowance(rules, state, "art") == 2
    assert unit_allowance(rules, state, "at") == 4
    assert StackMove(rules, state, ("art",)).allowance == 2


def test_12_3_rocket_artillery_moves_its_full_allowance_after_firing(rules, state):
    state = placed(rules, state, rocket=OPEN)
    state = put(rules, state, SetMarker(units=("rocket",), marker=UnitMarker.FIRED, on=True))
    assert unit_allowance(rules, state, "rocket") == 8
    move = StackMove(rules, state, ("rocket",))
    assert move.allowance == 8
    assert len(move.allowance_items) == 1


def test_12_3_the_guards_rocket_battalions_of_the_real_set_up_move_in_full_after_firing():
    ruleset, state = _set_up("we-are-coming")
    for unit_id, halved in (("su-4mc-grb", False), ("su-51a-gr1", False), ("su-51a-art", True)):
        unit = state.units[unit_id]
        fired = state.with_unit(unit_id, replace(unit, fired=True))
        full = ruleset.catalogue.ground[unit_id].movement
        expected = Fraction(full, 2) if halved else full
        assert unit_allowance(ruleset, fired, unit_id) == expected, unit_id


def test_13_0_14_5_halvings_do_not_compound_a_disrupted_unit_out_of_supply_has_half(rules, state):
    # The code's reading: each cause halves "the movement allowance"; together they halve once.
    state = placed(rules, state, tank=OPEN)
    state = put(
        rules,
        state,
        SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True),
        SetSupply(units=("tank",), supply=Supply.OUT),
    )
    assert unit_allowance(rules, state, "tank") == 5


def test_6_3_the_holder_gains_one_mp_from_the_second_consecutive_turn(rules, state):
    state = placed(rules, state, tank=OPEN, rifle="3440")
    assert initiative_bonus(rules, holding(state, Player.GERMAN, 1), Player.GERMAN) == 0
    second = holding(state, Player.GERMAN, 2)
    assert initiative_bonus(rules, second, Player.GERMAN) == 1
    assert initiative_bonus(rules, second, Player.SOVIET) == 0  # the loser gains nothing
    move = StackMove(rules, second, ("tank",))
    assert move.allowance == 11
    assert CostItem("initiative held turns running", Fraction(1), "6.3") in move.allowance_items
    assert StackMove(rules, second, ("rifle",)).allowance == 5


def test_6_3_the_extra_mp_is_one_point_at_every_threshold_not_one_per_threshold(rules, state):
    # docs/rulebook-readings.md 6: the third and fifth turns still give one extra MP.
    for streak in (3, 4, 5, 9):
        assert initiative_bonus(rules, holding(state, Player.SOVIET, streak), Player.SOVIET) == 1


def test_6_3_the_bonus_belongs_to_the_turn_the_initiative_was_determined(rules, state):
    stale = holding(replace(state, turn=2), Player.GERMAN, 4, turn=1)
    assert initiative_bonus(rules, stale, Player.GERMAN) == 0


def test_6_3_13_0_the_initiative_point_is_added_before_a_disrupted_unit_halves(rules, state):
    state = placed(rules, state, tank=OPEN)
    state = put(rules, state, SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True))
    state = holding(state, Player.GERMAN, 2)
    assert StackMove(rules, state, ("tank",)).allowance == Fraction(11, 2)


# --- 8.3 administrative movement ------------------------------------------------------------


def test_8_3_administrative_movement_is_one_and_a_half_times_the_allowance(rules, state):
    state = placed(rules, state, mot6=OPEN)
    move = StackMove(rules, state, ("mot6",), administrative=True)
    assert move.allowance == 18
    assert CostItem("administrative movement", Fraction(6), "8.3") in move.allowance_items
    assert move.unit_points("mot6") == 18
    normal = StackMove(rules, state, ("mot6",)).reach()
    admin = move.reach()
    six, nine = hx(rules, north(OPEN, 6)[-1]), hx(rules, north(OPEN, 9)[-1])
    assert normal.spent[six] == 12 and nine not in normal.spent
    assert admin.spent[nine] == 18


def test_8_3_administrative_movement_may_not_come_next_to_the_enemy(rules, state):
    state = placed(rules, state, tank=OPEN, rifle="3438")
    path = path_of(rules, north(OPEN, 6))  # 3445 .. 3439, and 3439 is next to 3438
    admin = StackMove(rules, state, ("tank",), administrative=True)
    assert admin.price(path[:-1]).legal
    price = admin.price(path)
    assert price.violation is not None and price.violation.rule == "8.3"
    assert "next to the enemy" in price.violation.message
    reach = admin.reach()
    enemy = hx(rules, "3438")
    assert hx(rules, "3440") in reach.spent
    assert all(distance(h, enemy) >= 2 for h in reach.spent)
    assert StackMove(rules, state, ("tank",)).price(path).legal  # normal movement may


def test_8_3_administrative_movement_may_not_enter_an_interdiction_zone(rules, state):
    state = placed(rules, state, at=OPEN)
    state = put(rules, state, SetInterdiction(center=hx(rules, "3436"), penalty=1))
    admin = StackMove(rules, state, ("at",), administrative=True)
    price = admin.price(path_of(rules, north(OPEN, 4)))  # 3441 is five hexes from 3436
    assert price.violation is not None and price.violation.rule == "8.3"
    assert "interdiction zone" in price.violation.message
    center = hx(rules, "3436")
    assert all(distance(h, center) > 5 for h in admin.reach().spent)


# --- 4.5 interdiction ------------------------------------------------------------------------


def test_4_5_a_soviet_unit_starting_in_a_zone_loses_its_penalty_from_the_allowance(rules, state):
    state = placed(rules, state, at=OPEN)
    state = put(rules, state, SetInterdiction(center=hx(rules, OPEN), penalty=2))
    move = StackMove(rules, state, ("at",))
    assert move.allowance == 6
    assert move.allowance_items[-1] == CostItem(
        "starting in an interdiction zone", Fraction(-2), "4.5"
    )
    inside = move.price(path_of(rules, north(OPEN, 3)))  # moving within the zone: terrain only
    assert inside.legal and inside.total == 6
    assert move.unit_points("at") == 6


def test_4_5_a_soviet_unit_moving_into_a_zone_pays_its_penalty(rules, state):
    state = placed(rules, state, at="3438")  # seven hexes north of the zone's centre
    state = put(rules, state, SetInterdiction(center=hx(rules, OPEN), penalty=2))
    move = StackMove(rules, state, ("at",))
    assert move.allowance == 8  # 3438 is outside the zone
    path = path_of(rules, ["3438", "3439", "3440", "3441"])  # 3440 is five hexes away: inside
    price = move.price(path)
    assert price.legal and price.total == 2 + (2 + 2) + 2
    entering = next(items for hex_, items in price.steps if hex_ == hx(rules, "3440"))
    assert CostItem("moving into an interdiction zone", Fraction(2), "4.5") in entering
    assert move.reach().spent[hx(rules, "3440")] == 6


def test_4_5_overlapping_zones_add_their_penalties(rules, state):
    state = placed(rules, state, at=OPEN)
    state = put(
        rules,
        state,
        SetInterdiction(center=hx(rules, "3443"), penalty=1),
        SetInterdiction(center=hx(rules, "3447"), penalty=2),
    )
    both = StackMove(rules, state, ("at",))  # 3445 is two hexes from each centre
    assert both.allowance == 8 - 3
    assert both.allowance_items[-1] == CostItem(
        "starting in an interdiction zone", Fraction(-3), "4.5"
    )
    assert both.zone_penalty(hx(rules, "3437")) == 0  # six hexes from 3443
    assert both.zone_penalty(hx(rules, "3438")) == 1  # five from 3443, nine from 3447
    near = hexes_within(hx(rules, OPEN), 8)
    pairs = [
        (a, b)
        for a in near
        for _, b in rules.grid.neighbours(a)
        if both.zone_penalty(a) == 0 and both.zone_penalty(b) == 3
    ]
    assert pairs  # a step from outside both zones into both at once
    a, b = pairs[0]
    assert CostItem("moving into an interdiction zone", Fraction(3), "4.5") in both.step(a, b)
    a, b = next(
        (a, b)
        for a in near
        for _, b in rules.grid.neighbours(a)
        if both.zone_penalty(a) == 1 and both.zone_penalty(b) == 3
    )  # already in the first zone: moving into the second pays the second's penalty
    assert CostItem("moving into an interdiction zone", Fraction(2), "4.5") in both.step(a, b)


def test_4_5_interdiction_zones_slow_soviet_units_only(rules, state):
    state = placed(rules, state, tank=OPEN)
    state = put(rules, state, SetInterdiction(center=hx(rules, OPEN), penalty=3))
    move = StackMove(rules, state, ("tank",))
    assert move.allowance == 10
    assert move.zone_penalty(hx(rules, OPEN)) == 0
    assert move.price(path_of(rules, north(OPEN, 10))).total == 10


def test_4_5_example_int_1_on_2538_costs_soviet_units_within_five_hexes_one_mp(rules, state):
    # 4.5: II/StG 77 on 2538, bombardment 7 column, roll 7: "1" -> one MP for any Soviet
    # unit within a five hex radius of 2538.
    state = placed(rules, state, rifle="2538", sfill1="2543", sfill2="2544")
    state = put(rules, state, SetInterdiction(center=hx(rules, "2538"), penalty=1))
    assert StackMove(rules, state, ("rifle",)).allowance == 4
    assert StackMove(rules, state, ("sfill1",)).allowance == 4  # five hexes away
    assert StackMove(rules, state, ("sfill2",)).allowance == 5  # six hexes away


# --- 15.2 entrenchments ----------------------------------------------------------------------


def test_15_2_leaving_entrenchments_costs_half_the_movement_points(rules, state):
    state = placed(rules, state, tank=OPEN)
    state = put(rules, state, SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.COMPLETE))
    move = StackMove(rules, state, ("tank",))
    price = move.price(path_of(rules, north(OPEN, 5)))
    assert price.legal and price.total == 5 + 5
    first = price.steps[0][1]
    assert CostItem("leaving entrenchments", Fraction(5), "15.2") in first
    assert move.reach().spent[hx(rules, "3444")] == 6
    assert not move.price(path_of(rules, north(OPEN, 6))).legal


def test_15_2_an_entrenchment_under_construction_costs_nothing_to_leave(rules, state):
    state = placed(rules, state, tank=OPEN)
    state = put(
        rules,
        state,
        SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.UNDER_CONSTRUCTION),
    )
    assert StackMove(rules, state, ("tank",)).price(path_of(rules, north(OPEN, 10))).legal


def test_15_2_8_1_a_stack_in_motion_does_not_pay_again_for_its_entrenchment_or_zone(rules, state):
    state = placed(rules, state, at=OPEN)
    state = put(
        rules,
        state,
        SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.COMPLETE),
        SetInterdiction(center=hx(rules, OPEN), penalty=2),
    )
    state = replace(state, movement=MovementState(moving=FrozenMap({"at": Fraction(3)})))
    move = StackMove(rules, state, ("at",))
    assert move.continuing
    assert move.allowance_items == [CostItem("left from this move", Fraction(3), "8.1")]
    price = move.price(path_of(rules, north(OPEN, 1)))
    assert price.legal and price.total == 2


# --- 10.2 zones of control -------------------------------------------------------------------


def test_10_2_entering_an_enemy_zoc_costs_two_more_and_leaving_one_more(rules, state):
    state = placed(rules, state, tank="3443", rifle="3441")  # the rifle's ZOC: 3442, 3542, ...
    move = StackMove(rules, state, ("tank",))
    price = move.price(path_of(rules, ["3443", "3442", "3542", "3642"]))
    bill = {
        rules.grid.id_of(h): [(i.label, i.points, i.rule) for i in items]
        for h, items in price.steps
    }
    assert ("entering an enemy ZOC", 2, "10.2") in bill["3442"]
    assert ("leaving an enemy ZOC", 1, "10.2") in bill["3542"]
    assert ("entering an enemy ZOC", 2, "10.2") in bill["3542"]  # ZOC to ZOC pays both
    assert bill["3642"] == [("clear", 1, "8.1"), ("leaving an enemy ZOC", 1, "10.2")]
    assert price.legal and price.total == 3 + 4 + 2


def test_10_2_a_unit_may_move_directly_from_one_enemy_zoc_to_another(rules, state):
    state = placed(rules, state, rifle="3444", tank="3443")  # 3444 and 3344 are next to 3443
    move = StackMove(rules, state, ("rifle",))
    assert move.price(path_of(rules, ["3444", "3344"])).total == 1 + 1 + 2
    assert move.reach().spent[hx(rules, "3344")] == 4


def test_8_1_enemy_held_hexes_are_closed(rules, state):
    state = placed(rules, state, tank=OPEN, rifle="3443")
    price = StackMove(rules, state, ("tank",)).price(path_of(rules, north(OPEN, 3)))
    assert price.violation is not None and price.violation.rule == "8.1"
    assert "enemy" in price.violation.message
    assert hx(rules, "3443") not in StackMove(rules, state, ("tank",)).reach().spent


def test_10_2_artillery_alone_may_not_enter_an_enemy_zoc(rules, state):
    state = placed(rules, state, at=OPEN, tank="3441")
    move = StackMove(rules, state, ("at",))
    price = move.price(path_of(rules, north(OPEN, 3)))  # 3442 is in the tank's ZOC
    assert price.violation is not None and price.violation.rule == "10.2"
    zoc = {n for _, n in rules.grid.neighbours(hx(rules, "3441"))}
    assert not zoc & set(move.reach().spent)


def test_10_2_artillery_enters_an_enemy_zoc_with_a_non_artillery_unit(rules, state):
    state = placed(rules, state, at=OPEN, stank=OPEN, tank="3442")  # 3443 is in its ZOC
    path = path_of(rules, north(OPEN, 2))
    assert not StackMove(rules, state, ("at",)).price(path).legal
    price = StackMove(rules, state, ("at", "stank")).price(path)
    assert price.legal and price.total == 2 + 2 + 2


def test_10_2_artillery_enters_an_enemy_zoc_where_a_friendly_unit_already_is(rules, state):
    state = placed(rules, state, rocket="3444", rifle="3442", tank="3441")
    move = StackMove(rules, state, ("rocket",))  # rocket artillery is artillery class
    assert move.price(path_of(rules, ["3444", "3443", "3442"])).legal
    reach = move.reach()
    assert hx(rules, "3442") in reach.spent
    assert hx(rules, "3541") not in reach.spent  # in the tank's ZOC, with no friendly unit


# --- 8.2 restrictions, 16.2 bridge markers ---------------------------------------------------


def test_8_2_no_soviet_unit_may_enter_the_stalingrad_pocket(rules, state):
    assert rules.game_map.hexes[hx(rules, "4411")].pocket
    soviet = placed(rules, state, rifle="4512")
    move = StackMove(rules, soviet, ("rifle",))
    price = move.price(path_of(rules, ["4512", "4411"]))
    assert price.violation is not None and price.violation.rule == "8.2"
    assert "pocket" in price.violation.message
    assert not {h for h in move.reach().spent if rules.game_map.hexes[h].pocket}
    german = placed(rules, state, mot5="4512")  # reading 9: the other terrain's cost
    assert StackMove(rules, german, ("mot5",)).price(path_of(rules, ["4512", "4411"])).total == 2


def test_8_2_no_unit_may_cross_the_don_bridges_included(rules, state):
    state = placed(rules, state, tank="1511")
    move = StackMove(rules, state, ("tank",))
    price = move.price(path_of(rules, ["1511", "1611"]))
    assert price.violation is not None and price.violation.rule == "8.2"
    assert "Don" in price.violation.message
    don = Hexside.between(hx(rules, "1511"), hx(rules, "1611"))
    state = put(rules, state, SetBridge(hexside=don, state=BridgeState.BUILT))
    assert not StackMove(rules, state, ("tank",)).price(path_of(rules, ["1511", "1611"])).legal


def test_8_2_there_is_no_minimum_move(rules, state):
    state = placed(rules, state, art="1010")  # 4 MP; fired: 2; the Chir costs 1 + 3
    state = put(rules, state, SetMarker(units=("art",), marker=UnitMarker.FIRED, on=True))
    move = StackMove(rules, state, ("art",))
    price = move.price(path_of(rules, ["1010", "1110"]))
    assert price.violation is not None and price.violation.rule == "8.1"
    assert "no minimum move" in price.violation.message
    assert hx(rules, "1110") not in move.reach().spent


def test_16_2_a_bridge_marker_carries_units_over_a_minor_river_for_1_mp(rules, state):
    state = placed(rules, state, tank="1010")
    side = Hexside.between(hx(rules, "1010"), hx(rules, "1110"))
    assert rules.game_map.rivers[side].name == "Chir" and not rules.game_map.rivers[side].bridge
    path = path_of(rules, ["1010", "1110"])
    before = StackMove(rules, state, ("tank",))
    assert before.price(path).total == 1 + 4
    state = put(rules, state, SetBridge(hexside=side, state=BridgeState.BUILT))
    after = StackMove(rules, state, ("tank",))
    price = after.price(path)
    assert price.total == 1 + 1
    assert ("bridge over the Chir", 1, "8.1") in labels(price)
    assert after.reach().spent[hx(rules, "1110")] == 2


def test_16_2_a_bridge_out_marker_leaves_the_river_to_cross(rules, state):
    state = placed(rules, state, mot6="2431")
    side = Hexside.between(hx(rules, "2431"), hx(rules, "2432"))
    assert rules.game_map.rivers[side].bridge  # the primary road's bridge over the Aksai
    path = path_of(rules, ["2431", "2432"])
    assert StackMove(rules, state, ("mot6",)).price(path).total == Fraction(1, 2) + 1
    state = put(rules, state, SetBridge(hexside=side, state=BridgeState.DESTROYED))
    move = StackMove(rules, state, ("mot6",))
    price = move.price(path)
    assert price.total == Fraction(1, 2) + 6
    assert ("across the Aksai", 6, "8.1") in labels(price)
    assert move.reach().spent.get(hx(rules, "2432"), 99) <= Fraction(13, 2)


# --- 16.3 convoys ----------------------------------------------------------------------------


def test_16_3_a_convoy_may_never_enter_an_enemy_zoc_even_if_friendly_units_are_there(rules, state):
    state = placed(rules, state, convoy1=OPEN, rifle="3441", tank="3442")  # 3442: rifle's ZOC
    move = StackMove(rules, state, ("convoy1",))
    price = move.price(path_of(rules, north(OPEN, 3)))
    assert price.violation is not None and price.violation.rule == "16.3"
    zoc = {n for _, n in rules.grid.neighbours(hx(rules, "3441"))}
    assert not zoc & set(move.reach().spent)


def test_16_3_a_convoy_moving_with_other_units_may_not_enter_an_enemy_zoc_either(rules, state):
    state = placed(rules, state, convoy1=OPEN, mot6=OPEN, rifle="3441")
    move = StackMove(rules, state, ("mot6", "convoy1"))
    price = move.price(path_of(rules, north(OPEN, 3)))
    assert price.violation is not None and price.violation.rule == "16.3"
    assert hx(rules, "3442") not in move.reach().spent
    assert StackMove(rules, state, ("mot6",)).price(path_of(rules, north(OPEN, 3))).legal


def test_16_3_two_convoys_never_share_a_hex(rules, state):
    state = placed(rules, state, convoy1=OPEN, convoy2="3443")
    move = StackMove(rules, state, ("convoy1",))
    price = move.price(path_of(rules, north(OPEN, 4)))  # through 3443
    assert price.violation is not None and price.violation.rule == "16.3"
    assert "two convoys" in price.violation.message
    reach = move.reach()
    assert hx(rules, "3443") not in reach.spent and hx(rules, "3444") in reach.spent


def test_16_3_other_units_entering_a_convoy_hex_do_not_move_at_the_road_rate(rules, state):
    state = placed(rules, state, mot6="1746")
    path = path_of(rules, ["1746", "1747", "1748"])  # a primary road through clear terrain
    assert StackMove(rules, state, ("mot6",)).price(path).total == 1
    state = placed(rules, state, convoy1="1747")
    move = StackMove(rules, state, ("mot6",))
    price = move.price(path)
    assert price.legal and price.total == 2 + Fraction(1, 2)
    assert [i.label for i in price.steps[0][1]] == ["clear"]
    assert move.reach().spent[hx(rules, "1747")] == 2


def test_16_3_a_soviet_unit_may_move_through_a_hex_held_only_by_a_convoy(rules, state):
    state = placed(rules, state, at=OPEN, convoy1="3443")
    move = StackMove(rules, state, ("at",))
    assert move.enemy_convoys == {hx(rules, "3443"): ("convoy1",)}
    assert move.price(path_of(rules, north(OPEN, 4))).legal
    state = placed(rules, state, tank="3443")  # a convoy with a fighting unit holds its hex
    guarded = StackMove(rules, state, ("at",))
    assert not guarded.enemy_convoys
    assert not guarded.price(path_of(rules, north(OPEN, 4))).legal


# --- entering the map ------------------------------------------------------------------------


def test_8_1_units_entering_the_map_pay_the_terrain_of_the_entry_hex(rules, state):
    entry = hx(rules, "1053")
    move = StackMove(rules, state, ("mot5",), entry=entry)
    assert move.start == entry and not move.continuing
    price = move.price(path_of(rules, ["1053", "1153"]))
    assert price.legal
    assert price.steps[0][1] == (CostItem("entering the map: clear", Fraction(2), "8.1"),)
    assert move.reach().spent[entry] == 2


def test_10_2_4_5_entering_the_map_into_an_enemy_zoc_or_a_zone_pays_for_it(rules, state):
    state = placed(rules, state, tank="1052")
    state = put(rules, state, SetInterdiction(center=hx(rules, "1054"), penalty=1))
    move = StackMove(rules, state, ("rifle",), entry=hx(rules, "1053"))
    assert move.allowance == 5  # no zone to start in: the unit comes from off the map
    price = move.price(path_of(rules, ["1053"]))
    assert price.total == 1 + 2 + 1


# --- properties on the real campaign set-ups -------------------------------------------------


@functools.cache
def _set_up(scenario):
    ruleset = default_ruleset()
    session = new_game(ruleset, scenario, Mode.STRICT, seed=1)
    session.apply_default_setup()
    return ruleset, session.state


def _busy(ruleset, state):
    """The set-up with interdiction zones, bridge markers, entrenchments and a streak."""
    grid = ruleset.grid
    bridges = FrozenMap(
        {
            Hexside.between(grid.hex_of("2431"), grid.hex_of("2432")): BridgeState.DESTROYED,
            Hexside.between(grid.hex_of("2731"), grid.hex_of("2732")): BridgeState.DESTROYED,
            next(
                side
                for side, river in sorted(ruleset.game_map.rivers.items())
                if river.name == "Aksai" and not river.bridge
            ): BridgeState.BUILT,
        }
    )
    entrenchments = {
        hex_: EntrenchmentState(ruleset.catalogue.ground[stack[0]].player, Entrenchment.COMPLETE, 1)
        for hex_, stack in itertools.islice(sorted(state.stacks.items()), 0, None, 3)
    }
    return replace(
        state,
        interdiction_zones=(
            InterdictionZone(grid.hex_of("2538"), 1, state.turn),
            InterdictionZone(grid.hex_of("3036"), 2, state.turn),
            InterdictionZone(grid.hex_of("3930"), 1, state.turn),
        ),
        bridges=bridges,
        entrenchments=FrozenMap(entrenchments),
        initiative=InitiativeState(Player.GERMAN, 2, determined_turn=state.turn),
    )


def _sample(state, count):
    """Every n-th stack, the convoys' stack and a convoy alone: (units, entry hex) pairs."""
    stacks = sorted(state.stacks.items())
    step = max(1, len(stacks) // count)
    sample = [(stack, None) for _, stack in stacks[::step]]
    convoy = state.units.get("de-convoy-1")
    if convoy is not None and convoy.hex is not None:
        sample += [(state.stack(convoy.hex), None), (("de-convoy-1",), None)]
    return sample


def _entering(ruleset, state):
    """Units waiting off the map, each with the first hex it may enter by."""
    return [
        ((a.unit,), a.hexes[0])
        for player in Player
        for a in waiting(ruleset, state, player)[:3]
        if a.hexes
    ]


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["we-are-coming", "hoths-last-gasp", "operation-winter-storm"])
def test_8_1_reach_and_price_agree_on_every_reachable_hex_of_a_real_set_up(scenario):
    ruleset, plain = _set_up(scenario)
    checked = 0
    for state in (plain, _busy(ruleset, plain)):
        for stack, entry in _sample(state, 10) + _entering(ruleset, state):
            for administrative in (False, True):
                move = StackMove(ruleset, state, stack, administrative=administrative, entry=entry)
                reach = move.reach()
                assert entry is not None or reach.spent[move.start] == 0
                for hex_, spent in reach.spent.items():
                    price = move.price(reach.path_to(hex_))
                    assert price.legal, (stack, ruleset.grid.id_of(hex_), price.violation)
                    assert price.total == spent <= price.allowance
                    # 8.1: every unit could have moved the path alone, on its own points.
                    assert all(leg.total <= leg.points for leg in price.legs)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("scenario", ["we-are-coming", "operation-winter-storm"])
def test_8_1_reach_misses_no_hex_one_legal_step_beyond_it(scenario):
    ruleset, plain = _set_up(scenario)
    state = _busy(ruleset, plain)
    for stack, entry in _sample(state, 6) + _entering(ruleset, state):
        move = StackMove(ruleset, state, stack, entry=entry)
        reach = move.reach()
        for hex_ in reach.spent:
            path = reach.path_to(hex_)
            for _, beyond in ruleset.grid.neighbours(hex_):
                if beyond in reach.spent or beyond not in ruleset.game_map.hexes:
                    continue
                assert not move.price([*path, beyond]).legal, ruleset.grid.id_of(beyond)


def test_8_1_reachable_is_the_reach_of_a_stack_move(rules, state):
    state = placed(rules, state, tank=OPEN, rifle="3440")
    assert (
        reachable(rules, state, ("tank",)).spent == StackMove(rules, state, ("tank",)).reach().spent
    )
    spent = reachable(rules, state, ("tank",)).spent
    assert set(ring(hx(rules, OPEN), 1)) <= set(spent)


def test_8_1_a_path_off_the_map_is_a_violation_not_a_crash(rules, state):
    edge = hx(rules, "1055")  # the ragged south edge
    outside = Hex.from_axial(edge.q, edge.r + 1)
    assert outside not in rules.game_map.hexes
    state = put(rules, state, PlaceUnits(units=("mot5",), to=edge))
    price = StackMove(rules, state, ("mot5",)).price((edge, outside))
    assert price.violation is not None and price.violation.rule == "8.1"
    assert "leaves the map" in price.violation.message
