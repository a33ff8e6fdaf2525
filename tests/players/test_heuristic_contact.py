"""Issue 38, item 2: the heuristic player's contact term (players/heuristic/contact.py):
while the initiative's holder owes planned attacks (6.2), each he could no longer make
costs SHORT; a game of Hoth's Last Gasp was once forfeited so, its last units in contact
drawn away in the mechanized movement segment before the combat segment that owed them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse
from owsqt.players.heuristic.contact import (
    SHORT,
    attack_chances,
    contact,
    owed_attacks,
    spends_a_chance,
)
from owsqt.players.interface import situation_of
from owsqt.rules.combat.prepared import closed_to_attack
from owsqt.rules.core.actions import BombardmentMission
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.state import InitiativeState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.formations import is_mechanized
from tests.players.openings import moved_all, set_up

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    """Hoth's Last Gasp set up, then one mechanized and one non-mechanized German unit each
    moved next to a Soviet stack of its own."""
    state = set_up(shipped, "hoths-last-gasp")
    ground = shipped.catalogue.ground
    german = [
        u
        for u, unit in state.units.items()
        if ground[u].player is GERMAN and unit.hex and unit.strength
    ]
    soviet_hexes = sorted(
        h for h, stack in state.stacks.items() if ground[stack[0]].player is SOVIET
    )
    for mechanized, target in zip((True, False), soviet_hexes[:2], strict=True):
        unit_id = next(u for u in german if is_mechanized(shipped, u) is mechanized)
        near = next(
            n
            for _, n in shipped.grid.neighbours(target)
            if not state.stack(n)
            and closed_to_attack(shipped, n, target) is None
            and all(distance(n, t) > 1 for t in soviet_hexes[:2] if t != target)
        )
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=near))
    return state


def _owing(state, planned, made, segment):
    """`state` in the German first player phase's `segment`, the German owing `planned`
    attacks of which `made` are made."""
    initiative = InitiativeState(
        holder=GERMAN,
        streak=1,
        planned_attacks=FrozenMap({GERMAN: planned, SOVIET: 0}),
        attacks_made=FrozenMap({GERMAN: made}),
        determined_turn=state.turn,
    )
    return replace(
        state, phase=Phase.FIRST_PLAYER, segment=segment, active=GERMAN, initiative=initiative
    )


def _far_from_the_enemy(shipped, state):
    """`state` with every German unit moved onto the German hex farthest from the Soviet."""
    ground = shipped.catalogue.ground
    soviet = [h for h, stack in state.stacks.items() if ground[stack[0]].player is SOVIET]
    german = [h for h, stack in state.stacks.items() if ground[stack[0]].player is GERMAN]
    far = max(german, key=lambda h: min(distance(h, s) for s in soviet))
    assert min(distance(far, s) for s in soviet) > 1
    return moved_all(shipped, state, GERMAN, far)


def test_i38_2_6_2_owed_attacks_count_only_the_holder_in_his_first_player_phase(shipped, opening):
    state = _owing(opening, 3, 1, Segment.MECHANIZED_MOVEMENT)
    assert owed_attacks(state, analyse(situation_of(shipped, state, GERMAN))) == 2
    assert owed_attacks(state, analyse(situation_of(shipped, state, SOVIET))) == 0
    second = replace(state, phase=Phase.SECOND_PLAYER)
    assert owed_attacks(second, analyse(situation_of(shipped, second, GERMAN))) == 0


def test_i38_2_6_2_7_1_a_unit_counts_only_while_its_combat_or_movement_segment_is_to_come(
    shipped, opening
):
    moving = _owing(opening, 1, 0, Segment.NON_MECHANIZED_COMBAT)
    analysis = analyse(situation_of(shipped, moving, GERMAN))
    chances = attack_chances(shipped, moving, analysis)
    assert chances, "the German stands next to the Soviet at the start of Hoth's Last Gasp"
    fighting = _owing(opening, 1, 0, Segment.MECHANIZED_COMBAT)
    late = attack_chances(shipped, fighting, analysis)
    assert late < chances  # 7.1: the non-mechanized units' segments have passed
    ground = shipped.catalogue.ground
    for hex_ in late:  # each is next to a mechanized unit that may still fight
        assert any(
            is_mechanized(shipped, u) and not fighting.units[u].disrupted
            for _, near in shipped.grid.neighbours(hex_)
            for u in fighting.stack(near)
            if ground[u].player is GERMAN
        )


def test_i38_2_6_2_each_owed_attack_beyond_the_chances_left_costs_short(shipped, opening):
    state = _owing(opening, 1, 0, Segment.MECHANIZED_COMBAT)
    analysis = analyse(situation_of(shipped, state, GERMAN))
    chances = len(attack_chances(shipped, state, analysis))
    assert chances >= 1 and contact(shipped, state, analysis) == 0.0
    owing_more = _owing(opening, chances + 2, 0, Segment.MECHANIZED_COMBAT)
    assert contact(shipped, owing_more, analysis) == -2 * SHORT
    paid = _owing(opening, chances + 2, 2, Segment.MECHANIZED_COMBAT)
    assert contact(shipped, paid, analysis) == 0.0


def test_i38_2_6_2_drawing_every_unit_out_of_contact_costs_the_attacks_owed(shipped, opening):
    state = _owing(opening, 1, 0, Segment.MECHANIZED_MOVEMENT)
    analysis = analyse(situation_of(shipped, state, GERMAN))
    assert len(attack_chances(shipped, state, analysis)) == 1  # the mechanized unit's
    assert contact(shipped, state, analysis) == 0.0
    away = _far_from_the_enemy(shipped, state)
    assert attack_chances(shipped, away, analysis) == set()
    assert contact(shipped, away, analysis) == -SHORT


def test_i38_2_6_2_8_4_a_unit_that_has_moved_makes_no_hasty_attack_in_its_segment(shipped, opening):
    """In its own movement segment a unit that has moved (movement.done) may no longer
    attack hastily: with its combat segment played first (7.2), its enemy hex is no
    chance left, and the attack owed is short."""
    state = replace(_owing(opening, 1, 0, Segment.MECHANIZED_MOVEMENT), combat_first=True)
    analysis = analyse(situation_of(shipped, state, GERMAN))
    (chance,) = attack_chances(shipped, state, analysis)
    ground = shipped.catalogue.ground
    beside = {
        u
        for _, near in shipped.grid.neighbours(chance)
        for u in state.stack(near)
        if ground[u].player is GERMAN
    }
    done = replace(state, movement=replace(state.movement, done=frozenset(beside)))
    assert attack_chances(shipped, done, analysis) == set()
    assert contact(shipped, done, analysis) == -SHORT


def test_i38_2_6_2_12_2_no_bombardment_mission_on_the_last_hex_owed_an_attack(shipped, opening):
    """A bombardment is no attack (11.1): the guns may clear the only hex left to attack."""
    state = _owing(opening, 1, 0, Segment.MECHANIZED_COMBAT)
    analysis = analyse(situation_of(shipped, state, GERMAN))
    (chance,) = attack_chances(shipped, state, analysis)
    mission = BombardmentMission(player=GERMAN, target=chance, units=("de-gun",))
    assert spends_a_chance(shipped, state, analysis, mission)
    elsewhere = replace(mission, target=next(iter(shipped.game_map.pocket)))
    assert not spends_a_chance(shipped, state, analysis, elsewhere)
    free = _owing(opening, 0, 0, Segment.MECHANIZED_COMBAT)
    assert not spends_a_chance(shipped, free, analysis, mission)
