"""Ring Forces units that move (5.2): "The only Soviet Ring Forces units that can move
during the Soviet Ring Forces Segment are those units that have been forced to retreat as
a result of combat and any unit released ... This unit must follow all movement rules
including those for moving out of an enemy ZOC as all Soviet Ring Forces adjacent to the
Stalingrad Pocket are assumed to be in a German ZOC." Readings 100, 102-104."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.results import retreat_options
from owsqt.rules.core.actions import (
    AnswerOptional,
    BombardmentMission,
    HastyAttack,
    MoveStack,
    PlaceUnits,
    PreparedAttack,
    ReleaseRingUnit,
    Retreat,
    RollRingRelease,
)
from owsqt.rules.core.hexgrid import neighbour
from owsqt.rules.core.state import CombatState, PendingResult
from owsqt.rules.core.steps import CombatStep, Phase, ResultStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply, judge
from owsqt.rules.map.zones import pocket_band
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.moveplan import may_plan, why_unmovable
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.pocket.ring import end_ring_segment
from owsqt.rules.turn.formations import may_move_in_segment
from tests.rules.combatkit import with_german_gun
from tests.rules.movekit import OPEN, at_step, hx, kit_state, put
from tests.rules.ringkit import (
    ARMY,
    GERMAN,
    SOVIET,
    act,
    campaign_setup,
    piece_next_to_pocket,
    ring_kit,
    ring_segment,
)


@pytest.fixture(scope="module")
def setup(shipped):
    return campaign_setup(shipped)


@pytest.fixture(scope="module")
def kit(ruleset):
    return with_german_gun(ring_kit(ruleset))


def released(rules, setup):
    """The campaign in the Ring Forces Segment: the 64th Army attacked, rolled 8, and a
    piece next to the pocket released."""
    state = ring_segment(setup, attacked=frozenset({ARMY}), dice=(8,))
    state = act(rules, state, RollRingRelease(player=SOVIET, army=ARMY))
    piece = piece_next_to_pocket(rules, state)
    return act(rules, state, ReleaseRingUnit(player=SOVIET, unit=piece)), piece


def first_step_out(rules, state, piece):
    """The piece's bill for a step to a neighbouring hex outside the pocket, and the MP
    the reach (the map's shading) gives that hex."""
    move = stack_move(rules, state, (piece,))
    reach = move.reach()
    start = state.units[piece].hex
    target = next(h for _, h in rules.grid.neighbours(start) if h in reach.spent)
    return move.step(start, target), reach.spent[target], (start, target)


# --- moving in the Ring Forces Segment ----------------------------------------------------


def test_5_2_a_released_unit_moves_paying_1_mp_to_leave_the_assumed_german_zoc(shipped, setup):
    state, piece = released(shipped, setup)
    assert state.units[piece].hex in pocket_band(shipped.game_map, 1)
    items, spent, path = first_step_out(shipped, state, piece)
    assumed = [i for i in items if i.rule == "5.2"]
    assert [i.points for i in assumed] == [1]
    assert spent == sum(i.points for i in items)  # the shading shows the same cost
    moved = act(shipped, state, MoveStack(player=SOVIET, units=(piece,), path=path))
    assert moved.units[piece].hex == path[-1]


def test_5_2_a_ring_unit_not_released_cannot_move_in_the_segment(shipped, setup):
    state, piece = released(shipped, setup)
    other = next(u for u in state.stack(state.units[piece].hex) if u != piece)
    start = state.units[other].hex
    assert other not in movable_units(shipped, state, start)
    target = next(h for _, h in shipped.grid.neighbours(start) if h not in shipped.game_map.pocket)
    verdict = judge(shipped, state, MoveStack(player=SOVIET, units=(other,), path=(start, target)))
    assert "5.2" in [v.rule for v in verdict.violations]


def test_5_2_a_released_unit_later_moves_in_the_soviet_player_phase(shipped, setup):
    state, piece = released(shipped, setup)
    segment = next(
        s
        for s in (Segment.NON_MECHANIZED_MOVEMENT, Segment.MECHANIZED_MOVEMENT)
        if may_move_in_segment(shipped, piece, s)
    )
    later = at_step(replace(state, ring=end_ring_segment(state).ring), segment, SOVIET)
    assert piece in movable_units(shipped, later, later.units[piece].hex)
    items, _, path = first_step_out(shipped, later, piece)
    assert [i.points for i in items if i.rule == "5.2"] == [1]  # still next to the pocket
    act(shipped, later, MoveStack(player=SOVIET, units=(piece,), path=path))
    other = next(u for u in later.stack(path[0]) if u != piece)
    verdict = judge(shipped, later, MoveStack(player=SOVIET, units=(other,), path=path))
    assert "5.2" in [v.rule for v in verdict.violations]


def test_5_2_other_soviet_units_pay_nothing_for_the_pocket_side(shipped, setup):
    state, piece = released(shipped, setup)
    start = state.units[piece].hex
    stranger = replace(state.units["su-91rd-rr1"], hex=start)
    state = state.with_unit("su-91rd-rr1", stranger)
    target = next(h for _, h in shipped.grid.neighbours(start) if h not in shipped.game_map.pocket)
    ring_bill = stack_move(shipped, state, (piece,)).step(start, target)
    assert [i.rule for i in ring_bill if i.rule == "5.2"] == ["5.2"]  # the released piece pays
    bill = stack_move(shipped, state, ("su-91rd-rr1",)).step(start, target)
    assert bill  # the step has its terrain cost
    assert [i for i in bill if i.rule == "5.2"] == []


# --- the record of attacks ---------------------------------------------------------------


def kit_board(kit):
    """The kit's ring rifle regiment on the steppe, the German tank next to it and the gun
    two hexes off, in the German mechanized combat segment."""
    target = hx(kit, OPEN)
    tank_hex = neighbour(target, 1)
    state = put(kit, kit_state(kit), PlaceUnits(units=("rifle",), to=target))
    state = put(kit, state, PlaceUnits(units=("tank",), to=tank_hex))
    state = put(kit, state, PlaceUnits(units=("gart",), to=neighbour(tank_hex, 1)))
    return at_step(state, Segment.MECHANIZED_COMBAT, GERMAN), target, tank_hex


def test_5_2_a_prepared_attack_marks_the_ring_army_attacked(kit):
    state, target, _ = kit_board(kit)
    attack = PreparedAttack(player=GERMAN, target=target, units=("tank",), lead="tank")
    assert put(kit, state, attack).ring.attacked == {"s-army"}


def test_5_2_a_hasty_attack_marks_the_ring_army_attacked(kit):
    state, target, _ = kit_board(kit)
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN)
    attack = HastyAttack(player=GERMAN, target=target, units=("tank",), lead="tank")
    assert put(kit, state, attack).ring.attacked == {"s-army"}


def test_5_2_a_bombardment_mission_is_no_attack_on_the_ring(kit):
    """Reading 100: the release answers ground attacks, not bombardment."""
    state, target, _ = kit_board(kit)
    mission = BombardmentMission(player=GERMAN, target=target, units=("gart",))
    outcome = apply(kit, state, mission, Mode.FREE)
    assert outcome.state.ring.attacked == frozenset()


# --- forced retreats ---------------------------------------------------------------------


def test_5_2_a_ring_unit_forced_to_retreat_may_move_in_the_ring_segment(kit):
    """The ring rifle regiment attacked the tank and took the German fire's optional result
    as a retreat (11.5): in the next Ring Forces Segment it may move, its comrade not."""
    state, rifle_hex, tank_hex = kit_board(kit)
    state = put(kit, state, PlaceUnits(units=("at",), to=rifle_hex))
    pending = PendingResult(SOVIET, ("rifle",), "rifle", 0, 1, ResultStage.OPTIONAL, (tank_hex,))
    combat = CombatState(
        SOVIET, tank_hex, ("rifle",), "rifle", CombatStep.FIRST_FIRE, defending=("tank",)
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, SOVIET)
    state = replace(state, combat=replace(combat, pending=pending))
    state = act(kit, state, AnswerOptional(player=SOVIET, check=False))
    option = retreat_options(kit, state, state.combat.pending).paths[0]
    state = act(kit, state, Retreat(player=SOVIET, path=(option.start, *option.hexes)))
    assert state.ring.retreated == {"rifle"}
    segment = replace(
        state,
        combat=None,
        phase=Phase.STALINGRAD_POCKET,
        segment=Segment.SOVIET_RING_FORCES,
        active=SOVIET,
    )
    where = segment.units["rifle"].hex
    step = next(h for _, h in kit.grid.neighbours(where) if not segment.stack(h))
    act(kit, segment, MoveStack(player=SOVIET, units=("rifle",), path=(where, step)))
    stay = MoveStack(player=SOVIET, units=("at",), path=(rifle_hex, neighbour(rifle_hex, 4)))
    assert "5.2" in [v.rule for v in judge(kit, segment, stay).violations]


def test_5_2_the_table_plans_the_released_units_move_and_says_why_others_stay(shipped, setup):
    state, piece = released(shipped, setup)
    assert may_plan(shipped, state, Mode.STRICT, (piece,), entering=False)
    elsewhere = next(
        u.id
        for u in shipped.catalogue.units_of("su-21a")
        if state.units[u.id].hex is not None and state.units[u.id].hex != state.units[piece].hex
    )
    why = why_unmovable(shipped, state, state.units[elsewhere].hex)
    assert why is not None and why.endswith("(5.2)")


def test_5_2_a_released_unit_may_take_an_optional_result_as_a_retreat(kit):
    """Reading 102: released, it is free of the ring's "never retreat voluntarily"."""
    state, rifle_hex, tank_hex = kit_board(kit)
    pending = PendingResult(SOVIET, ("rifle",), "rifle", 0, 1, ResultStage.OPTIONAL, (tank_hex,))
    combat = CombatState(GERMAN, rifle_hex, ("tank",), "tank", CombatStep.FIRST_FIRE)
    state = replace(state, combat=replace(combat, pending=pending))
    retreat = AnswerOptional(player=SOVIET, check=False)
    assert "5.2" in [v.rule for v in judge(kit, state, retreat).violations]
    freed = replace(state, ring=replace(state.ring, released=frozenset({"rifle"})))
    assert judge(kit, freed, retreat).legal


def test_5_2_a_ring_unit_retreated_off_the_map_is_not_offered_its_way_back(shipped, setup):
    """The fuzzer's seed 20 of Maximum Effort: a 64th Army rifle regiment on the east edge
    (4812) retreated off the map; the table offered it back onto the map in the Soviet
    movement segment, which 5.2 refuses a Ring Forces unit."""
    from owsqt.rules.core.actions import SetUnitStatus
    from owsqt.rules.core.vocabulary import Player, UnitStatus
    from owsqt.rules.legalactions import due_arrivals

    unit = "su-169rd-434rr"
    edge = setup.units[unit].hex
    state = apply(
        shipped,
        setup,
        SetUnitStatus(units=(unit,), status=UnitStatus.OFF_MAP_RETURN, return_hex=edge),
        Mode.FREE,
    ).state
    state = replace(
        state,
        turn=2,
        phase=Phase.FIRST_PLAYER,
        segment=Segment.NON_MECHANIZED_MOVEMENT,
        active=Player.SOVIET,
    )
    assert unit not in {arrival.unit for arrival in due_arrivals(shipped, state)}
    verdict = judge(shipped, state, MoveStack(player=Player.SOVIET, units=(unit,), path=(edge,)))
    assert "5.2" in [violation.rule for violation in verdict.violations]
