"""Artillery's rules of one Player Phase (8.4, 12.1, 12.3): what a gun did this phase,
apart from the fired and moved markers that last until the Recovery Phase (17.1)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    Bombard,
    BombardmentMission,
    ContinueCombat,
    Defend,
    HastyAttack,
    MoveStack,
    PlaceUnits,
    PreparedAttack,
    SetUnitStatus,
)
from owsqt.rules.core.codec import decode, encode
from owsqt.rules.core.events import FireResolved
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import CombatStep, Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from tests.rules.combatkit import COMBAT, act, combat_rules, example_board
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, north, path_of, put


@pytest.fixture(scope="module")
def kit(ruleset):
    """The movement kit with guns that bombard: the German battalion in the panzer
    division (a mechanized formation, 7.1), the rocket regiment with points to spare."""
    rules = kit_ruleset(ruleset)
    ground = dict(rules.catalogue.ground)
    ground["gart"] = replace(ground["gart"], bombardment=6, range=4, formation="g-pz")
    ground["rocket"] = replace(ground["rocket"], bombardment=4, range=3, movement=12)
    ground["sfill1"] = replace(ground["sfill1"], movement=12)  # 10.2: the rocket's escort
    catalogue = UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    return replace(rules, catalogue=catalogue)


def refusals(rules, state, action):
    return [v.rule for v in apply(rules, state, action, Mode.STRICT).verdict.violations]


def test_8_4_artillery_moving_with_the_stack_supports_its_hasty_attack_at_full_strength(kit):
    enemy = north(OPEN, 2)[-1]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("tank", "mech", "gart"), to=hx(kit, OPEN)),
        PlaceUnits(units=("rifle",), to=hx(kit, enemy)),
    )
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, Player.GERMAN)
    move = MoveStack(units=("tank", "mech", "gart"), path=path_of(kit, north(OPEN, 1)))
    state, _ = act(kit, state, move, Player.GERMAN)
    gun = state.units["gart"]
    assert gun.moved or gun.fired  # 12.3: its move marked it
    attack = HastyAttack(
        target=hx(kit, enemy), units=("tank", "mech", "gart"), lead="tank", artillery=("gart",)
    )
    state, _ = act(kit, state, attack, Player.GERMAN)
    state, _ = act(kit, state, Defend(lead="rifle"), Player.SOVIET)
    assert state.combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
    state, events = act(kit, state, Bombard(units=("gart",), target_unit="rifle"), Player.GERMAN)
    bombardment = next(e for e in events if isinstance(e, FireResolved))
    assert bombardment.factors == 6  # its full strength: the only exception to 12.3
    assert state.units["gart"].fired  # 12.2: its one mission of the turn is fired
    assert "gart" in state.movement.moving  # it moves on with the stack (8.4)


def test_8_4_the_exception_does_not_give_a_second_mission(kit):
    enemy = north(OPEN, 2)[-1]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("tank", "mech", "gart"), to=hx(kit, OPEN)),
        PlaceUnits(units=("rifle",), to=hx(kit, enemy)),
    )
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, Player.GERMAN)
    state = state.with_unit("gart", replace(state.units["gart"], fired=True))  # 12.4: fired
    move = MoveStack(units=("tank", "mech", "gart"), path=path_of(kit, north(OPEN, 1)))
    state, _ = act(kit, state, move, Player.GERMAN)
    attack = HastyAttack(
        target=hx(kit, enemy), units=("tank", "mech", "gart"), lead="tank", artillery=("gart",)
    )
    assert refusals(kit, state, attack) == ["12.4"]


def test_8_4_supporting_artillery_is_one_of_the_stack_attacking(kit):
    enemy = north(OPEN, 1)[-1]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("tank", "mech", "gart"), to=hx(kit, OPEN)),
        PlaceUnits(units=("rifle",), to=hx(kit, enemy)),
    )
    state = at_step(state, Segment.MECHANIZED_MOVEMENT, Player.GERMAN)
    attack = HastyAttack(target=hx(kit, enemy), units=("tank", "mech"), lead="tank")
    assert refusals(kit, state, replace(attack, artillery=("gart",))) == ["8.4"]
    with_gun = replace(attack, units=("tank", "mech", "gart"), artillery=("gart",))
    assert refusals(kit, state, with_gun) == []


def test_12_3_rocket_artillery_moved_adjacent_to_the_enemy_does_not_join_direct_fire(kit):
    enemy = north(OPEN, 2)[-1]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("sfill1", "rocket"), to=hx(kit, OPEN)),
        PlaceUnits(units=("gfill1",), to=hx(kit, enemy)),
    )
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    attack = HastyAttack(target=hx(kit, enemy), units=("sfill1", "rocket"), lead="sfill1")
    move = MoveStack(units=("sfill1", "rocket"), path=path_of(kit, north(OPEN, 1)))
    state, _ = act(kit, state, move, Player.SOVIET)
    assert not state.units["rocket"].fired and not state.units["rocket"].moved  # 12.3
    assert refusals(kit, state, attack) == ["12.3"]


def test_12_3_artillery_that_did_not_move_adjacent_joins_direct_fire(kit):
    enemy = north(OPEN, 1)[-1]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("sfill1", "rocket"), to=hx(kit, OPEN)),
        PlaceUnits(units=("gfill1",), to=hx(kit, enemy)),
    )
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    attack = HastyAttack(target=hx(kit, enemy), units=("sfill1", "rocket"), lead="sfill1")
    assert refusals(kit, state, attack) == []  # it starts next to the enemy


@pytest.fixture
def rules(ruleset):
    return combat_rules(ruleset)


def _bombarded_in_defence(rules):
    """The Soviet regiment "art" fires defensive bombardment in the German player phase
    against an attack on its hex; then the Soviet player phase begins."""
    state, target, armored, _ = example_board(rules)
    state = put(rules, state, PlaceUnits(units=("art",), to=target))
    attack = PreparedAttack(target=target, units=("tank", "mech"), lead="tank")
    state, _ = act(rules, state, attack, Player.GERMAN)
    state, _ = act(rules, state, Defend(lead="rifle", artillery=("art",)), Player.SOVIET)
    assert state.combat.step is CombatStep.DEFENSIVE_BOMBARDMENT
    state, _ = act(rules, state, Bombard(units=("art",), target_unit="tank"), Player.SOVIET)
    assert state.units["art"].fired  # 12.2: the marker stays until the Recovery Phase
    return state, target, armored


def test_12_1_defensive_bombardment_in_the_enemy_phase_does_not_bar_fire_combat_in_ones_own(
    rules,
):
    state, _, armored = _bombarded_in_defence(rules)
    state = at_step(replace(state, combat=None), COMBAT, Player.SOVIET, phase=Phase.SECOND_PLAYER)
    attack = PreparedAttack(target=armored, units=("rifle", "art"), lead="rifle")
    assert refusals(rules, state, attack) == []
    # 12.4: the marker still means its one mission of the turn is fired
    mission = BombardmentMission(target=armored, units=("art",))
    assert refusals(rules, state, mission) == ["12.4"]


def test_12_1_no_bombardment_and_fire_combat_in_the_same_player_phase(rules):
    state, target, armored, _ = example_board(rules)
    state = put(rules, state, PlaceUnits(units=("art",), to=target))
    state = at_step(state, COMBAT, Player.SOVIET, phase=Phase.SECOND_PLAYER)
    attack = PreparedAttack(target=armored, units=("rifle", "art"), lead="rifle")
    state_after_fire, _ = act(rules, state, attack, Player.SOVIET)
    after_fire = replace(state_after_fire, combat=None)
    mission = BombardmentMission(target=armored, units=("art",))
    assert refusals(rules, after_fire, mission) == ["12.1"]  # it fought this phase
    state, _ = act(rules, state, mission, Player.SOVIET)
    state, _ = act(rules, state, Bombard(units=("art",), target_unit="tank"), Player.SOVIET)
    assert state.combat is None
    refused = refusals(rules, state, attack)
    assert refused == ["12.1"]


def test_12_1_the_phase_record_lasts_its_player_phase_and_is_saved(rules):
    state, *_ = example_board(rules)
    state = state.with_artillery(bombarded=frozenset({"art"}), moved_adjacent=frozenset({"art"}))
    assert "art" in state.artillery.bombarded
    data = encode(state, rules.grid)
    assert decode(GameState, json.loads(json.dumps(data)), rules.grid) == state
    del data["artillery_phase"]  # a game saved before the record: read as empty
    assert not decode(GameState, data, rules.grid).artillery.bombarded
    later = at_step(state, COMBAT, Player.SOVIET, phase=Phase.SECOND_PLAYER)
    assert not later.artillery.bombarded and not later.artillery.moved_adjacent  # 12.1


def test_12_3_artillery_advancing_after_a_hasty_attack_next_to_the_enemy_has_moved_adjacent(kit):
    target, beyond = north(OPEN, 2)[1:]
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("sfill1", "rocket"), to=hx(kit, OPEN)),
        PlaceUnits(units=("gfill1",), to=hx(kit, target)),
        PlaceUnits(units=("gfill2",), to=hx(kit, beyond)),
    )
    state = at_step(state, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    attack = HastyAttack(target=hx(kit, target), units=("sfill1", "rocket"), lead="sfill1")
    state, _ = act(kit, state, attack, Player.SOVIET)  # it started next to the enemy
    state, _ = act(kit, state, Defend(lead="gfill1"), Player.GERMAN)
    state = put(kit, state, SetUnitStatus(units=("gfill1",), status=UnitStatus.ELIMINATED))
    while state.combat is not None:
        actor = Player.GERMAN if state.combat.step is CombatStep.FIRST_FIRE else Player.SOVIET
        state, _ = act(kit, state, ContinueCombat(), actor)
    assert state.units["rocket"].hex == hx(kit, target)  # 8.4: it advanced with the stack
    assert "rocket" in state.artillery.moved_adjacent  # next to gfill2 now
