"""Operation Thunderclap in the campaign (5.1), played STRICT from the default set-up: the
pocket steps wait for the German player, the candidates offer the attempt, the placements
and the Sixth Army's moves, and every one of them is legal."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.actors import who_acts
from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.core.actions import (
    AllocateAir,
    AttemptThunderclap,
    EndStep,
    MoveStack,
    PlaceSixthArmy,
)
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import STEPS_PASS, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply, judge
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.idlesteps import forced
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.map.zones import pocket_band
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.pocket.thunderclap import readiness
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game
from tests.rules.thunderkit import AT_10, PANZER_1, PANZER_2, SIXTH_ARMY, SIXTH_HQ_6PZ, on
from tools.fuzz.solo import Invariants

GERMAN = Player.GERMAN


@pytest.fixture(scope="module")
def pocket_start(shipped) -> GameState:
    """The campaign's first Operation Thunderclap Initiation Segment, after the default
    set-up and an air phase with no missions. The game is one whose steps do not pass by
    themselves (3.1), as an older file's: these tests make and unmake Thunderclap's
    condition in that step, which would pass at once in a new game while it fails."""
    session = new_game(shipped, "operation-winter-storm", Mode.STRICT, seed=4)
    session.apply_default_setup()
    state = replace(session.state, options=())
    while state.segment is not Segment.THUNDERCLAP_INITIATION:
        step = allocation_step(shipped, state)
        if step is not None and step[1] != STEP_THREE:
            state = strict(shipped, state, AllocateAir(player=step[0], missions=FrozenMap()))
        else:
            state = strict(shipped, state, EndStep(player=state.active))
    return state


def strict(rules: Ruleset, state: GameState, action) -> GameState:
    outcome = apply(rules, state, action, Mode.STRICT)
    assert outcome.applied, outcome.verdict
    return outcome.state


def near_the_pocket(rules: Ruleset, state: GameState) -> GameState:
    """12 stacking points of the 6th Panzer Division 10 hexes from the pocket."""
    for unit_id, hex_id in zip((PANZER_1, PANZER_2, SIXTH_HQ_6PZ), AT_10, strict=False):
        assert not state.stack(rules.grid.hex_of(hex_id))
        state = on(rules, state, unit_id, hex_id)
    return state


def ring_closed(rules: Ruleset, state: GameState) -> GameState:
    """The default set-up leaves gaps in the ring (19.31 d): Soviet units not yet arrived
    fill every free hex next to the pocket, outside Soviet ZOCs."""
    zoc = zoc_of(rules, state, Player.SOVIET)
    spare = (
        u
        for u, d in sorted(rules.catalogue.ground.items())
        if d.player is Player.SOVIET
        and d.unit_class is UnitClass.INFANTRY
        and state.units[u].status is UnitStatus.NOT_ARRIVED
    )
    for hex_ in sorted(pocket_band(rules.game_map, 1).hexes, key=rules.grid.id_of):
        if hex_ not in zoc and not state.stack(hex_):
            state = on(rules, state, next(spare), rules.grid.id_of(hex_))
    return state


def legal_candidates(rules: Ruleset, state: GameState, seed: int) -> list:
    """Every candidate but EndStep, each checked legal."""
    candidates = candidate_actions(rules, state, random.Random(seed))
    others = [c for c in candidates if not isinstance(c, EndStep)]
    for candidate in others:
        assert judge(rules, state, candidate).legal, (candidate, judge(rules, state, candidate))
    return others


def test_5_1_the_campaign_starts_with_the_sixth_army_in_the_force_pool(shipped, pocket_start):
    assert {pocket_start.units[u].status for u in SIXTH_ARMY} == {UnitStatus.FORCE_POOL}
    assert who_acts(shipped, pocket_start) == {GERMAN}
    assert not readiness(shipped, pocket_start).eligible  # the relief is far away at first
    assert not any(
        isinstance(c, AttemptThunderclap)
        for c in candidate_actions(shipped, pocket_start, random.Random(1))
    )


def test_5_1_a_scripted_thunderclap_in_the_campaign(shipped, pocket_start):
    state = ring_closed(shipped, near_the_pocket(shipped, pocket_start))
    state = replace(state, dice=DiceState(state.dice.seed, state.dice.rolls_made, script=(8,)))
    offered = legal_candidates(shipped, state, 1)
    assert AttemptThunderclap(player=GERMAN) in offered
    state = strict(shipped, state, AttemptThunderclap(player=GERMAN))
    assert (state.thunderclap.status, state.thunderclap.activated_turn) == (
        ThunderclapStatus.ACTIVE,
        state.turn,
    )
    state = strict(shipped, state, EndStep(player=GERMAN))
    assert state.segment is Segment.SIXTH_ARMY_ACTIVATION
    assert who_acts(shipped, state) == {GERMAN}
    seed = 0
    while any(state.units[u].status is UnitStatus.FORCE_POOL for u in SIXTH_ARMY):
        placements = [
            c for c in legal_candidates(shipped, state, seed) if isinstance(c, PlaceSixthArmy)
        ]
        assert placements
        state = strict(shipped, state, placements[0])
        seed += 1
    assert all(state.units[u].hex in shipped.game_map.pocket for u in SIXTH_ARMY)
    assert state.thunderclap.status is ThunderclapStatus.ACTIVE  # the ring holds
    # 3.1: in a new game the segment waits while a Sixth Army unit may move, and passes
    # once none may (not under the fog of war: which may move is the German's own)
    passing = replace(state, options=(STEPS_PASS,))
    assert forced(shipped, passing) is None
    still = replace(passing, movement=replace(passing.movement, done=frozenset(SIXTH_ARMY)))
    found = forced(shipped, still)
    assert found is not None and found[1].what == (
        "the sixth army activation segment passes: no Sixth Army unit is left to place or to move"
    )
    fogged = replace(still, options=(FOG_OF_WAR, STEPS_PASS))
    assert forced(shipped, fogged) is None
    # and the fuzzer's 3.1 invariant knows why it waits there: the German must end it
    assert Invariants(shipped).waiting_on_nobody(shipped, fogged) == []
    assert Invariants(shipped).waiting_on_nobody(shipped, still) != []
    moves = [c for c in legal_candidates(shipped, state, seed) if isinstance(c, MoveStack)]
    assert moves and all(set(m.units) <= set(SIXTH_ARMY) for m in moves)
    state = strict(shipped, state, moves[0])
    state = strict(shipped, state, EndStep(player=GERMAN))
    assert state.segment is Segment.SOVIET_RING_FORCES
