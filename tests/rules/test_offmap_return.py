"""Units retreated off the map and their return (11.7; readings 35, 48, 174):
owsqt/rules/combat/results.py takes them off, movement/offmap.py says from which turn and
at which hexes they return, movement/returnsdue.py which returns a movement segment owes.

The scene: the 823rd Rifle Regiment (5-5) on 4844, an east edge hex (a Soviet supply
source, 14.2), attacked by the German 5-12 motorized battalion from 4744 in the German
first Player Phase. The German fire is 5 factors on the 3 column, +1: the die's 9 reads
-/2, and the regiment retreats off the map (no worked example of the book leaves the map).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.combat.retreat import retreat_paths
from owsqt.rules.core.actions import (
    Advance,
    AnswerOptional,
    ContinueCombat,
    Defend,
    EndStep,
    Fire,
    MoveStack,
    PlaceUnits,
    PreparedAttack,
    Retreat,
    SetMarker,
    SetUnitStatus,
)
from owsqt.rules.core.events import CombatMoved
from owsqt.rules.core.hexgrid import distance, ring
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.engine import apply, judge
from owsqt.rules.legalactions import candidate_actions, due_arrivals
from owsqt.rules.movement.arrivals import Arrival, arrival_of, waiting
from owsqt.rules.movement.offmap import return_hexes, return_turn, supply_edge_distance
from owsqt.rules.movement.returnsdue import owed_returns
from tests.rules.combatkit import act
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
EDGE, WEST = "4844", "4744"  # the regiment's hex on the east edge, the attacker's
MINUS_2 = 9  # the German fire's die: -/2 (5 factors, 3 column, +1)
OFF_MAP = UnitStatus.OFF_MAP_RETURN
NON_MECH_MOVE, MECH_MOVE = Segment.NON_MECHANIZED_MOVEMENT, Segment.MECHANIZED_MOVEMENT


@pytest.fixture(scope="module")
def rules(ruleset):
    return kit_ruleset(ruleset)


def retreated_off(rules, *, advance=False):
    """The German attack played in STRICT play until the regiment has retreated off the
    map and the combat is over (the battalion advancing into 4844 if `advance`)."""
    start, firing = hx(rules, EDGE), hx(rules, WEST)
    state = put(
        rules,
        kit_state(rules),
        PlaceUnits(units=("rifle",), to=start),
        PlaceUnits(units=("mot5",), to=firing),
    )
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, GERMAN)
    state = replace(state, dice=replace(state.dice, script=(MINUS_2,)))
    attack = PreparedAttack(target=start, units=("mot5",), lead="mot5")
    state, _ = act(rules, state, attack, GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle"), SOVIET)
    state, _ = act(rules, state, ContinueCombat(), SOVIET)  # the regiment holds its fire
    state, _ = act(rules, state, Fire(), GERMAN)
    assert (state.combat.pending.mandatory, state.combat.pending.optional) == (0, 2)
    state, _ = act(rules, state, AnswerOptional(check=False), SOVIET)
    state, events = act(rules, state, Retreat(path=(start,)), SOVIET)  # the step off the map
    if advance:
        state, _ = act(rules, state, Advance(units=("mot5",), path=(start,)), GERMAN)
    else:
        state, _ = act(rules, state, ContinueCombat(), GERMAN)
    assert state.combat is None
    return state, events


def end_step(rules, state):
    outcome = apply(rules, state, EndStep(), Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def until(rules, state, phase, segment):
    """EndStep in STRICT play until `segment` of `phase`, checking on the way that the
    regiment is owed and offered nowhere."""
    state = end_step(rules, state)
    while (state.phase, state.segment) != (phase, segment):
        assert owed_returns(rules, state) == []
        assert "rifle" not in {a.unit for a in due_arrivals(rules, state)}
        state = end_step(rules, state)
    return state


def offered(rules, state, unit):
    """The moves of `unit` among the candidate actions of a few seeds."""
    return {
        action
        for seed in range(5)
        for action in candidate_actions(rules, state, random.Random(seed))
        if isinstance(action, MoveStack) and action.units == (unit,)
    }


# --- off the map, not eliminated ------------------------------------------------------------


def test_11_7_a_stack_retreated_off_the_map_by_combat_is_not_eliminated(rules):
    state, events = retreated_off(rules)
    rifle = state.units["rifle"]
    assert rifle.status is UnitStatus.OFF_MAP_RETURN and rifle.hex is None
    assert rifle.strength == 5 and rifle.return_hex == hx(rules, EDGE)
    assert rifle.return_turn == 1  # the Soviet Player Phase of this turn is still to come
    (moved,) = [e for e in events if isinstance(e, CombatMoved)]
    assert moved.describe(rules).endswith("retreated off the map from 4844")


def test_11_7_one_edge_hex_gives_one_retreat_off_the_map_however_many_steps_leave_it(rules):
    """4844 has two neighbours off the map: both steps are the same retreat, offered once."""
    state = put(
        rules,
        at_step(kit_state(rules), Segment.NON_MECHANIZED_COMBAT, GERMAN),
        PlaceUnits(units=("rifle",), to=hx(rules, EDGE)),
    )
    options = retreat_paths(rules, state, ("rifle",), 2, firing=(hx(rules, WEST),))
    off = [p for p in options.paths if p.off_map and p.hexes == ()]
    assert len(off) == 1 and off[0].exit_hex == hx(rules, EDGE)
    assert len(set(options.paths)) == len(options.paths)


# --- when: the side's next Player Phase ------------------------------------------------------


def test_11_7_the_return_is_owed_in_the_next_soviet_player_phase_on_the_exit_hex(rules):
    state, _ = retreated_off(rules)
    # the rest of the German phase and the Soviet phase up to its non-mechanized movement
    state = until(rules, state, Phase.SECOND_PLAYER, NON_MECH_MOVE)
    back = MoveStack(player=SOVIET, units=("rifle",), path=(hx(rules, EDGE),))
    assert owed_returns(rules, state) == [back]
    assert back in offered(rules, state, "rifle")
    refused = apply(rules, state, EndStep(), Mode.STRICT)
    assert not refused.applied
    (violation,) = refused.verdict.violations
    assert violation.rule == "11.7" and "823 Rifle Rgt (5-5)" in violation.message
    assert "at 4844" in violation.message
    elsewhere = judge(rules, state, replace(back, path=(hx(rules, "4843"),)))
    assert [v.rule for v in elsewhere.violations] == ["11.7"]  # 4843 is not its exit hex
    state, _ = act(rules, state, back, SOVIET)
    assert state.units["rifle"].status is UnitStatus.ON_MAP
    assert state.units["rifle"].hex == hx(rules, EDGE) and state.units["rifle"].return_turn == 0
    assert owed_returns(rules, state) == []
    end_step(rules, state)  # the segment may end now


def test_11_7_7_1_a_non_mechanized_unit_is_not_owed_in_the_mechanized_segment(rules):
    state, _ = retreated_off(rules)
    state = until(rules, state, Phase.SECOND_PLAYER, NON_MECH_MOVE)
    mechanized = replace(state, segment=MECH_MOVE)
    assert owed_returns(rules, mechanized) == []
    assert "rifle" not in {a.unit for a in due_arrivals(rules, mechanized)}


def test_11_7_units_retreated_off_in_their_own_phase_return_in_the_next_turn(rules):
    """A German battalion retreated off the map in the German first phase returns in the
    German phase of the next turn, not in this phase's movement segments."""
    combat = at_step(kit_state(rules), Segment.NON_MECHANIZED_COMBAT, GERMAN)
    assert return_turn(combat, GERMAN) == 2  # its own phase: the next turn's
    assert return_turn(combat, SOVIET) == 1  # the enemy's first phase: its own comes next
    second = at_step(combat, Segment.NON_MECHANIZED_COMBAT, SOVIET, phase=Phase.SECOND_PLAYER)
    assert return_turn(second, GERMAN) == 2 and return_turn(second, SOVIET) == 2
    pocket = replace(combat, phase=Phase.STALINGRAD_POCKET, segment=Segment.SOVIET_RING_FORCES)
    assert return_turn(pocket, SOVIET) == 1  # both Player Phases are still to come
    off = put(
        rules,
        combat,
        SetUnitStatus(
            units=("mot5",), status=UnitStatus.OFF_MAP_RETURN, return_hex=hx(rules, OPEN)
        ),
    )
    off = replace(off, units=off.units.set("mot5", replace(off.units["mot5"], return_turn=2)))
    moving = replace(off, segment=NON_MECH_MOVE)
    assert owed_returns(rules, moving) == []
    entering = judge(rules, moving, MoveStack(units=("mot5",), path=(hx(rules, OPEN),)))
    assert [(v.rule, v.message) for v in entering.violations] == [
        ("11.7", "I/4 PzGr (5-12) (returns from off the map) may enter from turn 2, not on turn 1")
    ]
    next_turn = replace(moving, turn=2)
    assert owed_returns(rules, next_turn) == [
        MoveStack(player=GERMAN, units=("mot5",), path=(hx(rules, OPEN),))
    ]


# --- a phase that passes without the return --------------------------------------------------


def test_11_7_19_11_a_unit_that_cannot_return_stays_off_and_is_owed_in_its_next_phase(rules):
    """In reserve (19.11) the regiment may not move: its Player Phase passes without the
    return, it is offered in no later segment of that turn, and it is owed again in the
    Soviet phase of the next turn once released."""
    state, _ = retreated_off(rules)
    state = put(rules, state, SetMarker(units=("rifle",), marker=UnitMarker.RESERVE, on=True))
    state = until(rules, state, Phase.SECOND_PLAYER, NON_MECH_MOVE)
    assert "rifle" not in {a.unit for a in due_arrivals(rules, state)}
    assert not offered(rules, state, "rifle")
    state = end_step(rules, state)  # not possible: the segment ends without it
    state = until(rules, state, Phase.RECOVERY, Segment.AIR_RECOVERY)
    assert state.units["rifle"].status is UnitStatus.OFF_MAP_RETURN  # still not eliminated
    state = put(rules, state, SetMarker(units=("rifle",), marker=UnitMarker.RESERVE, on=False))
    turn_2 = at_step(replace(state, turn=2), NON_MECH_MOVE, GERMAN)
    assert owed_returns(rules, turn_2) == []  # the German phase: not the regiment's
    soviet = at_step(turn_2, NON_MECH_MOVE, SOVIET, phase=Phase.SECOND_PLAYER)
    assert owed_returns(rules, soviet) == [
        MoveStack(player=SOVIET, units=("rifle",), path=(hx(rules, EDGE),))
    ]


# --- where: the exit hex, or the nearest hexes out of enemy ZOCs nearest the supply source ---


def test_11_7_an_exit_hex_held_by_the_enemy_sends_the_return_to_the_nearest_free_hexes(rules):
    state, _ = retreated_off(rules, advance=True)  # the battalion advanced into 4844
    assert state.units["mot5"].hex == hx(rules, EDGE)
    state = until(rules, state, Phase.SECOND_PLAYER, NON_MECH_MOVE)
    hexes = return_hexes(rules, state, "rifle")
    # ring 1 is the battalion's ZOC; of ring 2 on the map, the east edge hexes, nearest
    # the Soviet supply source (14.2: the north and east edges)
    assert [rules.grid.id_of(h) for h in hexes] == ["4842", "4846"]
    assert all(distance(hx(rules, EDGE), h) == 2 for h in hexes)
    (owed,) = owed_returns(rules, state)
    assert owed.path == (hx(rules, "4842"),)
    refused = judge(rules, state, MoveStack(units=("rifle",), path=(hx(rules, "4843"),)))
    assert [v.rule for v in refused.violations] == ["11.7"]  # in the battalion's ZOC
    assert judge(rules, state, MoveStack(units=("rifle",), path=(hx(rules, "4846"),))).legal


def test_11_7_14_2_of_the_nearest_free_hexes_those_nearest_the_supply_source(rules):
    state = put(
        rules,
        kit_state(rules),
        SetUnitStatus(
            units=("mot5",), status=UnitStatus.OFF_MAP_RETURN, return_hex=hx(rules, OPEN)
        ),
        PlaceUnits(units=("rifle",), to=hx(rules, OPEN)),
    )
    hexes = return_hexes(rules, state, "mot5")
    second_ring = set(ring(hx(rules, OPEN), 2))  # ring 1 is the rifle's ZOC
    assert set(hexes) < second_ring and list(hexes) == sorted(hexes)
    near = {h: supply_edge_distance(rules, GERMAN, h) for h in second_ring}
    assert {near[h] for h in hexes} == {min(near.values())}
    assert all(near[h] > min(near.values()) for h in second_ring - set(hexes))


def test_11_7_a_unit_set_off_the_map_by_hand_returns_at_its_exit_hex_at_once(rules):
    state = put(
        rules,
        kit_state(rules),
        SetUnitStatus(units=("mot5",), status=OFF_MAP, return_hex=hx(rules, OPEN)),
    )
    assert state.units["mot5"].return_turn == 0
    assert return_hexes(rules, state, "mot5") == (hx(rules, OPEN),)
    arrival = arrival_of(rules, replace(state, turn=3), "mot5")
    assert arrival == Arrival("mot5", "returns from off the map", "11.7", 3, (hx(rules, OPEN),))
    assert replace(arrival, turn=1) in waiting(rules, state, GERMAN)  # this very turn


def test_11_7_an_exit_hex_in_an_enemy_zoc_but_not_held_is_still_the_return_hex(rules):
    state = put(
        rules,
        kit_state(rules),
        SetUnitStatus(
            units=("mot5",), status=UnitStatus.OFF_MAP_RETURN, return_hex=hx(rules, OPEN)
        ),
        PlaceUnits(units=("rifle",), to=hx(rules, "3444")),
    )
    assert return_hexes(rules, state, "mot5") == (hx(rules, OPEN),)


def test_11_7_a_unit_with_no_exit_hex_has_no_return_hex(rules):
    assert return_hexes(rules, kit_state(rules), "tank") == ()
