"""A stack moves at the rate of its slowest unit (8.1; docs/rulebook-readings.md 66).

Issue 16: a panzer battalion (tracked, 10 MP) stacked with a motorized infantry battalion
(12 MP) used to be priced with the lower allowance and the dearer class together, and went
5 clear hexes, less far than either unit alone (10 and 6). Each unit now pays its own
class's costs from its own points: the stack goes where every unit could go alone along
the same path, and each unit keeps what it has left itself.

The kit's open steppe around 3445 is clear terrain (tracked 1 MP a hex, motorized 2); the
primary road from 1746 to 1943 runs through clear terrain (1/2 MP a hex for both).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from owsqt.rules.core.actions import (
    HastyAttack,
    PlaceUnits,
    SetEntrenchment,
    SetInterdiction,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import distance, hexes_within
from owsqt.rules.core.state import MovementState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.data.units import MovementClass
from owsqt.rules.engine import apply
from owsqt.rules.movement.stackmove import StackMove
from tests.rules.movekit import (
    OPEN,
    at_step,
    hx,
    kit_ruleset,
    kit_state,
    move,
    north,
    path_of,
    put,
    rules_of,
)

TRACKED, MOTORIZED = MovementClass.TRACKED, MovementClass.MOTORIZED
PANZERS = ("tank", "mot6")  # tracked 10 MP, motorized 12 MP
ROAD = ["1746", "1845", "1844", "1944", "1943"]  # four steps of primary road, clear terrain
OFF_ROAD = ["2043", "2144", "2244", "2345", "2445", "2546"]  # clear, no road, no river


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


@pytest.fixture
def state(rules):
    return kit_state(rules)


def scene(rules, state, segment=Segment.MECHANIZED_MOVEMENT, player=Player.GERMAN, **where):
    for unit_id, hex_id in where.items():
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=hx(rules, hex_id)))
    return at_step(state, segment, player, phase=Phase.FIRST_PLAYER)


def legal(outcome):
    assert outcome.applied and outcome.verdict.legal, outcome.verdict
    return outcome.state


def test_8_1_a_panzer_and_motorized_stack_goes_as_far_as_its_slowest_unit_alone(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    stack = StackMove(rules, state, PANZERS)
    assert StackMove(rules, state, ("tank",)).price(path_of(rules, north(OPEN, 10))).legal
    assert StackMove(rules, state, ("mot6",)).price(path_of(rules, north(OPEN, 6))).legal
    six = stack.price(path_of(rules, north(OPEN, 6)))  # the motorized battalion's six hexes
    assert six.legal
    assert (six.leg(TRACKED).total, six.leg(TRACKED).points) == (6, 10)
    assert (six.leg(MOTORIZED).total, six.leg(MOTORIZED).points) == (12, 12)
    assert six.pacer is MOTORIZED and (six.total, six.allowance) == (12, 12)
    seven = stack.price(path_of(rules, north(OPEN, 7)))
    assert seven.violation is not None and seven.violation.rule == "8.1"
    assert "II/4 PzGr" in seven.violation.message and "I/11 Pz" not in seven.violation.message
    reach = stack.reach()
    assert hx(rules, north(OPEN, 6)[-1]) in reach.spent
    assert hx(rules, north(OPEN, 7)[-1]) not in reach.spent
    assert reach.spent[hx(rules, north(OPEN, 6)[-1])] == 12  # the pacing unit's spending


def test_8_1_16_3_on_a_road_then_across_country_the_stack_goes_as_far_as_its_slowest_unit(
    rules, state
):
    state = scene(rules, state, tank=ROAD[0], mot6=ROAD[0])
    stack = StackMove(rules, state, PANZERS)
    road = stack.price(path_of(rules, ROAD))
    assert road.legal and road.leg(TRACKED).total == road.leg(MOTORIZED).total == 2
    assert road.pacer is TRACKED and road.total == 2 and road.allowance == 10  # 8 left, 10
    # Tracked: 2 + 5 of 10; motorized: 2 + 10 of 12. The old price said 2 + 10 of 10.
    five = stack.price(path_of(rules, ROAD + OFF_ROAD[:5]))
    assert five.legal, five.violation
    assert (five.leg(TRACKED).total, five.leg(MOTORIZED).total) == (7, 12)
    assert not stack.price(path_of(rules, ROAD + OFF_ROAD)).legal
    assert hx(rules, OFF_ROAD[4]) in stack.reach().spent


def test_8_1_the_stacks_reach_is_where_every_unit_could_go_alone_and_price_agrees(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    stack = StackMove(rules, state, PANZERS)
    reach = stack.reach()
    alone = [StackMove(rules, state, (u,)).reach().spent for u in PANZERS]
    around = set(hexes_within(hx(rules, OPEN), 8))  # the open steppe: no road, no river
    both = set(alone[0]) & set(alone[1]) & around
    assert set(reach.spent) & around == both
    assert both == {h for h in around if distance(h, hx(rules, OPEN)) <= 6}
    for hex_, spent in reach.spent.items():
        price = stack.price(reach.path_to(hex_))
        assert price.legal and price.total == spent <= price.allowance
        for leg in price.legs:  # each class on its own, as it would alone
            single = StackMove(rules, state, (PANZERS[leg.movement_class is MOTORIZED],))
            assert single.price(reach.path_to(hex_)).total == leg.total <= leg.points


def test_8_1_each_unit_of_a_stack_keeps_its_own_points_after_the_move(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    state = legal(move(rules, state, PANZERS, north(OPEN, 3)))
    assert state.movement.moving == {"tank": 7, "mot6": 6}  # 10 - 3, 12 - 2 * 3


def test_8_1_after_a_split_each_unit_moves_on_with_what_it_has_left(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    moved = legal(move(rules, state, PANZERS, north(OPEN, 3)))
    there = north(OPEN, 3)[-1]
    # The motorized battalion is dropped off; the panzers go on with their own 7 MP.
    tank_on = legal(move(rules, moved, ("tank",), north(there, 7)))
    assert tank_on.movement.moving == {"tank": 0} and tank_on.movement.done == {"mot6"}
    assert "8.1" in rules_of(move(rules, moved, ("tank",), north(there, 8)))
    # Or the panzers are dropped off; the motorized battalion goes on with its own 6 MP.
    mot_on = legal(move(rules, moved, ("mot6",), north(there, 3)))
    assert mot_on.movement.moving == {"mot6": 0} and mot_on.movement.done == {"tank"}
    assert "8.1" in rules_of(move(rules, moved, ("mot6",), north(there, 4)))


def test_8_1_a_stack_in_motion_moves_on_at_the_rate_of_its_slowest_unit_on_its_points(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    moved = legal(move(rules, state, PANZERS, north(OPEN, 3)))
    on = StackMove(rules, moved, PANZERS)
    assert on.continuing and on.points == (Fraction(6), Fraction(7))  # motorized, tracked
    there = north(OPEN, 3)[-1]
    assert on.price(path_of(rules, north(there, 3))).legal
    assert not on.price(path_of(rules, north(there, 4))).legal


def test_8_3_8_1_administrative_movement_raises_each_units_own_allowance(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    stack = StackMove(rules, state, PANZERS, administrative=True)
    assert stack.points == (18, 15)  # motorized 12 * 3/2, tracked 10 * 3/2
    assert stack.price(path_of(rules, north(OPEN, 9))).legal  # motorized: 9 * 2 = 18
    assert not stack.price(path_of(rules, north(OPEN, 10))).legal
    moved = legal(move(rules, state, PANZERS, north(OPEN, 4), administrative=True))
    assert moved.movement.moving == {"tank": 11, "mot6": 10}


def test_10_2_8_1_every_unit_pays_the_enemy_zoc_on_top_of_its_own_terrain(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN, rifle="3441")  # 3442 in its ZOC
    price = StackMove(rules, state, PANZERS).price(path_of(rules, north(OPEN, 3)))
    assert price.legal
    assert price.leg(TRACKED).total == 1 + 1 + 1 + 2
    assert price.leg(MOTORIZED).total == 2 + 2 + 2 + 2
    moved = legal(move(rules, state, PANZERS, north(OPEN, 3)))
    assert moved.movement.moving == {"tank": 5, "mot6": 4}


def test_4_5_8_1_a_zone_costs_each_unit_its_penalty_from_its_own_allowance(rules, state):
    # Soviet: 823 Rifle Rgt on foot (5 MP) with the motorized antitank unit (8 MP).
    state = scene(rules, state, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET, rifle=OPEN, at=OPEN)
    state = put(rules, state, SetInterdiction(center=hx(rules, OPEN), penalty=2))
    stack = StackMove(rules, state, ("rifle", "at"))
    assert stack.points == (6, 3)  # motorized 8 - 2, non-motorized 5 - 2
    three = stack.price(path_of(rules, north(OPEN, 3)))  # inside the zone: terrain only
    assert three.legal and (three.leg(MovementClass.NON_MOTORIZED).total, three.total) == (3, 6)
    assert not stack.price(path_of(rules, north(OPEN, 4))).legal
    moved = legal(move(rules, state, ("rifle", "at"), north(OPEN, 2)))
    assert moved.movement.moving == {"rifle": 1, "at": 2}


def test_15_2_8_1_each_unit_pays_half_its_own_allowance_to_leave_entrenchments(rules, state):
    state = scene(rules, state, tank=OPEN, mot6=OPEN)
    state = put(rules, state, SetEntrenchment(hex=hx(rules, OPEN), status=Entrenchment.COMPLETE))
    stack = StackMove(rules, state, PANZERS)
    first = stack.price(path_of(rules, north(OPEN, 1)))
    assert (first.leg(TRACKED).total, first.leg(MOTORIZED).total) == (1 + 5, 2 + 6)
    assert stack.price(path_of(rules, north(OPEN, 3))).legal  # motorized: 8 + 4 of 12
    assert not stack.price(path_of(rules, north(OPEN, 4))).legal
    assert hx(rules, north(OPEN, 3)[-1]) in stack.reach().spent
    moved = legal(move(rules, state, PANZERS, north(OPEN, 1)))
    assert moved.movement.moving == {"tank": 4, "mot6": 4}


def test_8_4_8_1_each_unit_pays_its_own_class_for_the_defenders_terrain(rules, state):
    state = scene(rules, state, tank="3444", mot6="3444", rifle="3443")  # clear terrain
    attack = HastyAttack(target=hx(rules, "3443"), units=PANZERS, lead="tank")
    outcome = apply(rules, state, attack, Mode.STRICT)
    assert outcome.applied and outcome.verdict.legal, outcome.verdict
    # German 2 MP each; clear costs the panzers 1 and the motorized battalion 2.
    assert outcome.state.movement.moving == {"tank": 10 - 3, "mot6": 12 - 4}


def test_8_4_8_1_a_hasty_attack_needs_each_units_own_points_not_the_dearest_of_both(rules, state):
    state = scene(rules, state, tank="3444", mot6="3444", rifle="3443")
    attack = HastyAttack(target=hx(rules, "3443"), units=PANZERS, lead="tank")
    enough = FrozenMap({"tank": Fraction(3), "mot6": Fraction(4)})
    ready = apply(rules, _moving(state, enough), attack, Mode.STRICT)
    assert ready.applied and ready.verdict.legal, ready.verdict
    short = FrozenMap({"tank": Fraction(3), "mot6": Fraction(3)})
    refused = apply(rules, _moving(state, short), attack, Mode.STRICT)
    assert [v.rule for v in refused.verdict.violations] == ["8.4"]
    assert "II/4 PzGr" in refused.verdict.violations[0].message


def _moving(state, points):
    return replace(state, movement=MovementState(moving=points))


def test_8_1_a_stack_of_three_classes_goes_as_far_as_the_slowest_on_each_path(rules, state):
    # Tracked 10, motorized 12 (2 a clear hex) and on foot 6 (1 a clear hex): six hexes.
    state = scene(rules, state, tank=OPEN, mot6=OPEN, gfill1=OPEN)
    stack = StackMove(rules, state, ("tank", "mot6", "gfill1"))
    assert len(stack.class_order) == 3
    around = set(hexes_within(hx(rules, OPEN), 8))
    reach = stack.reach()
    assert set(reach.spent) & around == {h for h in around if distance(h, hx(rules, OPEN)) <= 6}
    for hex_, spent in reach.spent.items():
        price = stack.price(reach.path_to(hex_))
        assert price.legal and price.total == spent
    two = stack.price(path_of(rules, north(OPEN, 2)))
    left = {u: stack.points_left(two, u) for u in ("tank", "mot6", "gfill1")}
    assert left == {"tank": 8, "mot6": 8, "gfill1": 4}


@pytest.mark.parametrize("scenario", ["we-are-coming", "operation-winter-storm"])
def test_8_1_the_two_class_search_finds_what_the_search_for_any_classes_finds(
    scenario, monkeypatch
):
    from tests.rules.test_stack_move import _busy, _sample, _set_up

    ruleset, plain = _set_up(scenario)
    mixed = 0
    for state in (plain, _busy(ruleset, plain)):
        for stack, _ in _sample(state, 20):
            if len(StackMove(ruleset, state, stack).class_order) != 2:
                continue
            mixed += 1
            fast = StackMove(ruleset, state, stack).reach()
            with monkeypatch.context() as patch:
                patch.setattr(StackMove, "_expand_two", StackMove._expand)
                general = StackMove(ruleset, state, stack).reach()
            assert fast.spent == general.spent
            assert all(fast.path_to(h) == general.path_to(h) for h in fast.spent)
    assert mixed >= 2
