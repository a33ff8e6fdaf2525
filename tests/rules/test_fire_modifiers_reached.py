"""Rules of combat that were written but no test reached (issue 16, item 13): the
multi-hex attack (11.4), assault engineers (11.4, 16.2), the river column shift (11.4,
TEC), terrain that blocks a retreat (11.7) and reserves released by an attack (19.11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.fire import Engagement, fire_drms, terrain_shifts
from owsqt.rules.core.actions import (
    AnswerOptional,
    PlaceUnits,
    PreparedAttack,
    SetEntrenchment,
    TakeLosses,
)
from owsqt.rules.core.events import ReservesReleased
from owsqt.rules.core.hexgrid import neighbour, ring
from owsqt.rules.core.state import CombatState, PendingResult
from owsqt.rules.core.steps import CombatStep, ResultStage, Segment
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.map.gamemap import RiverClass
from tests.rules.combatkit import act, combat_rules, example_board
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET
FILLERS = tuple(f"gfill{i}" for i in range(1, 7))


@pytest.fixture(scope="module")
def rules(ruleset):
    """The kit ruleset, with gfill1 an engineer (a 6-6 foot unit) for 16.2."""
    kit = kit_ruleset(ruleset)
    ground = dict(kit.catalogue.ground)
    ground["gfill1"] = replace(ground["gfill1"], type=UnitType.ENGINEER)
    catalogue = UnitCatalogue(ground, kit.catalogue.air, kit.catalogue.formations)
    return replace(kit, catalogue=catalogue)


def surrounded(rules, hexes: int):
    """A Soviet rifle regiment on the open steppe of 3445, a German filler on `hexes` of its
    neighbours; the engagement of a prepared attack by all of them."""
    target = hx(rules, OPEN)
    state = put(rules, kit_state(rules), PlaceUnits(units=("sfill1",), to=target))
    attackers = FILLERS[:hexes]
    for unit_id, next_to in zip(attackers, ring(target, 1), strict=False):
        state = put(rules, state, PlaceUnits(units=(unit_id,), to=next_to))
    engagement = Engagement(GERMAN, target, attackers, ("sfill1",), attackers[0], "sfill1")
    return state, engagement


def drm_of(rules, state, engagement, label):
    return [i.value for i in fire_drms(rules, state, engagement, GERMAN) if i.label == label]


@pytest.mark.parametrize(("hexes", "drm"), [(2, []), (3, []), (4, [1]), (5, [2]), (6, [3])])
def test_11_4_a_prepared_attack_from_four_five_or_six_hexes_earns_1_2_or_3(rules, hexes, drm):
    state, engagement = surrounded(rules, hexes)
    assert drm_of(rules, state, engagement, "multi-hex attack") == drm


def test_11_4_a_hasty_attack_from_six_hexes_earns_no_multi_hex_drm(rules):
    state, engagement = surrounded(rules, 6)
    hasty = replace(engagement, prepared=False)
    assert drm_of(rules, state, hasty, "multi-hex attack") == []


def entrench(rules, state, target, status):
    return put(rules, state, SetEntrenchment(hex=target, status=status, owner=SOVIET))


def test_16_2_an_engineer_leading_against_entrenched_units_earns_plus_1(rules):
    state, engagement = surrounded(rules, 2)  # gfill1, the engineer, leads
    dug_in = entrench(rules, state, engagement.target, Entrenchment.COMPLETE)
    assert drm_of(rules, dug_in, engagement, "assault engineers") == [1]
    assert drm_of(rules, state, engagement, "assault engineers") == []  # nobody dug in


def test_16_2_assault_engineers_need_a_finished_entrenchment_and_the_engineer_in_the_lead(
    rules,
):
    state, engagement = surrounded(rules, 2)
    building = entrench(rules, state, engagement.target, Entrenchment.UNDER_CONSTRUCTION)
    assert drm_of(rules, building, engagement, "assault engineers") == []
    dug_in = entrench(rules, state, engagement.target, Entrenchment.COMPLETE)
    other_lead = replace(engagement, attacker_lead="gfill2")  # 16.2: the engineer must lead
    assert drm_of(rules, dug_in, other_lead, "assault engineers") == []


def river_hex(rules):
    """A hex with no terrain or feature shift, a minor river on one side and an open
    neighbour on another: (target, across the river, dry neighbour)."""
    game_map, tec = rules.game_map, rules.tables.tec
    for hex_, info in sorted(game_map.hexes.items()):
        if info.features or info.pocket or tec.terrain(info.terrain.value).column_shift:
            continue
        across, dry = None, None
        for _, other in rules.grid.neighbours(hex_):
            if other not in game_map.hexes:
                continue
            river = game_map.river_between(hex_, other)
            if river is not None and river.river is RiverClass.MINOR:
                across = across or other
            elif river is None:
                dry = dry or other
        if across and dry:
            return hex_, across, dry
    raise AssertionError("no hex with a minor river on one side and dry ground on another")


def shift_labels(rules, state, engagement):
    return [item.label for item in terrain_shifts(rules, state, engagement)]


def test_11_4_fire_across_a_minor_river_shifts_only_when_every_attacking_hex_is_across(rules):
    target, across, dry = river_hex(rules)
    state = put(rules, kit_state(rules), PlaceUnits(units=("sfill1",), to=target))
    state = put(rules, state, PlaceUnits(units=("gfill2",), to=across))
    alone = Engagement(GERMAN, target, ("gfill2",), ("sfill1",), "gfill2", "sfill1")
    assert [label for label in shift_labels(rules, state, alone) if "across" in label]
    state = put(rules, state, PlaceUnits(units=("gfill3",), to=dry))
    both = replace(alone, attackers=("gfill2", "gfill3"))
    assert not [label for label in shift_labels(rules, state, both) if "across" in label]


def test_19_11_a_prepared_attack_releases_the_reserves_it_falls_on(ruleset):
    rules = combat_rules(ruleset)
    state, target, *_ = example_board(rules)
    state = state.with_unit("rifle", replace(state.units["rifle"], reserve=True))
    action = PreparedAttack(target=target, units=("tank", "mech", "mot6", "mot5"), lead="tank")
    state, events = act(rules, state, action, GERMAN)
    assert ReservesReleased(("rifle",), "attacked") in events
    assert not state.units["rifle"].reserve


def test_11_7_a_stack_whose_retreat_terrain_prevents_stands_loses_the_points_and_is_disrupted(
    rules,
):
    """Behind the German tank on 1119 runs the Don on three sides: the Soviet fire's optional
    result cannot be taken as a retreat, so it is taken as strength and disrupts."""
    start = hx(rules, "1119")
    firing = neighbour(start, 3)
    state = put(rules, kit_state(rules), PlaceUnits(units=("tank",), to=start))
    state = put(rules, state, PlaceUnits(units=("sfill1",), to=firing))
    pending = PendingResult(GERMAN, ("tank",), "tank", 0, 1, ResultStage.OPTIONAL, (firing,))
    combat = CombatState(SOVIET, start, ("sfill1",), "sfill1", CombatStep.FIRST_FIRE)
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, SOVIET)
    state = replace(state, combat=replace(combat, pending=pending))
    strength = state.units["tank"].strength
    state, events = act(rules, state, AnswerOptional(check=False), GERMAN)
    assert any("cannot retreat" in str(e) for e in events)
    state, _ = act(rules, state, TakeLosses(hits=("tank",)), GERMAN)
    tank = state.units["tank"]
    assert tank.strength == strength - 1 and tank.disrupted
