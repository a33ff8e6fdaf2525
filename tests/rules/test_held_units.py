"""Units that may not move now neither hasty-attack nor advance after combat (5.1, 5.2,
7.1, 19.11; reading 162): "These units can only move and fight when their parent formation
is activated" (7.1); "Hasty attacks are conducted during movement" (8.4). A held Ring
Forces piece, a reserve and the Sixth Army before the link-up may still make a prepared
attack where the rules let them fight, but an advance after it is a move."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.combat.prepared import advancers, has_work
from owsqt.rules.core.actions import Advance, HastyAttack, PlaceSixthArmy, PlaceUnits
from owsqt.rules.core.hexgrid import neighbour
from owsqt.rules.core.state import CombatState, ThunderclapState
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.engine import apply, judge
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put
from tests.rules.ringkit import ring_kit
from tests.rules.thunderkit import (
    LANGENTHAL,
    POCKET,
    SIXTH_ARMY,
    act,
    activated,
    on,
    pocket_phase,
)

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


def rules_of(ruleset, state, action) -> list[str]:
    return [v.rule for v in judge(ruleset, state, action).violations]


# --- 5.2: held Ring Forces -------------------------------------------------------------------


@pytest.fixture(scope="module")
def ring(ruleset):
    """The kit with its Soviet army a Ring army: the rifle regiment is held (5.2)."""
    return ring_kit(ruleset)


def facing(rules, segment, player):
    """The kit's rifle regiment on the open steppe, the German tank next to it; `segment`
    of `player`'s phase."""
    rifle_hex = hx(rules, OPEN)
    tank_hex = neighbour(rifle_hex, 1)
    state = put(rules, kit_state(rules), PlaceUnits(units=("rifle",), to=rifle_hex))
    state = put(rules, state, PlaceUnits(units=("tank",), to=tank_hex))
    return at_step(state, segment, player), rifle_hex, tank_hex


def test_5_2_a_held_ring_unit_makes_no_hasty_attack(ring):
    """The 151st Guards Rifle Regiment's case: a held piece attacked from 3310 into 3311
    during the Soviet movement segment, and the judge found nothing wrong."""
    state, _, tank_hex = facing(ring, Segment.NON_MECHANIZED_MOVEMENT, SOVIET)
    attack = HastyAttack(player=SOVIET, target=tank_hex, units=("rifle",), lead="rifle")
    verdict = judge(ring, state, attack)
    assert [v.rule for v in verdict.violations] == ["5.2"]
    assert "Ring Forces unit: it may not move" in verdict.violations[0].message
    released = replace(state, ring=replace(state.ring, released=frozenset({"rifle"})))
    assert "5.2" not in rules_of(ring, released, attack)


def advance_step(state, attacker, attackers, target, defender):
    """The combat's advance step: `defender` eliminated, its hex `target` vacated."""
    gone = replace(state.units[defender], status=UnitStatus.ELIMINATED, hex=None)
    state = state.with_unit(defender, gone)
    combat = CombatState(
        attacker,
        target,
        attackers,
        attackers[0],
        CombatStep.ADVANCE,
        defending=(defender,),
        advance_length=1,
    )
    return replace(state, combat=combat)


def test_5_2_a_held_ring_unit_that_attacked_does_not_advance(ring):
    """It may fight (reading 103 lets it take a result as a retreat), not advance."""
    state, rifle_hex, tank_hex = facing(ring, Segment.NON_MECHANIZED_COMBAT, SOVIET)
    state = advance_step(state, SOVIET, ("rifle",), tank_hex, "tank")
    assert advancers(ring, state, state.combat) == ()
    assert not has_work(ring, state, state.combat, CombatStep.ADVANCE)
    advance = Advance(player=SOVIET, units=("rifle",), path=(tank_hex,))
    verdict = judge(ring, state, advance)
    assert [v.rule for v in verdict.violations] == ["5.2"]
    assert "an advance after combat is a move" in verdict.violations[0].message
    outcome = apply(ring, state, advance, Mode.STRICT)
    assert not outcome.applied and outcome.state.units["rifle"].hex == rifle_hex
    released = replace(state, ring=replace(state.ring, released=frozenset({"rifle"})))
    assert advancers(ring, released, released.combat) == ("rifle",)
    assert judge(ring, released, advance).legal


# --- 19.11: reserves -------------------------------------------------------------------------


def test_19_11_a_reserve_that_attacked_does_not_advance(ruleset):
    kit = kit_ruleset(ruleset)
    state, _, tank_hex = facing(kit, Segment.NON_MECHANIZED_COMBAT, SOVIET)
    state = state.with_unit("rifle", replace(state.units["rifle"], reserve=True))
    state = advance_step(state, SOVIET, ("rifle",), tank_hex, "tank")
    assert advancers(kit, state, state.combat) == ()
    advance = Advance(player=SOVIET, units=("rifle",), path=(tank_hex,))
    assert rules_of(kit, state, advance) == ["19.11"]
    free = state.with_unit("rifle", replace(state.units["rifle"], reserve=False))
    assert judge(kit, free, advance).legal


# --- 5.1: the Sixth Army before the link-up ----------------------------------------------------


def sixth_army_facing(rules, status):
    """The Sixth Army placed in the pocket, Thunderclap `status`, a Soviet rifle regiment
    next to Pz Verband Langenthal outside the pocket; the German mechanized movement
    segment."""
    state = activated(rules, pocket_phase(rules))
    for unit_id, hex_id in zip(SIXTH_ARMY, POCKET * 2, strict=False):
        state = act(rules, state, PlaceSixthArmy(unit=unit_id, hex=rules.grid.hex_of(hex_id)))
    where = state.units[LANGENTHAL].hex
    outside = next(h for _, h in rules.grid.neighbours(where) if h not in rules.game_map.pocket)
    soviet = next(
        u.id
        for u in rules.catalogue.ground.values()
        if u.player is SOVIET and u.combat > 0 and u.movement > 0
    )
    state = on(rules, state, soviet, rules.grid.id_of(outside))
    state = replace(state, thunderclap=ThunderclapState(status, state.thunderclap.activated_turn))
    return at_step(state, Segment.MECHANIZED_MOVEMENT, GERMAN), outside, soviet


def test_5_1_the_sixth_army_makes_no_hasty_attack_before_the_link_up(shipped):
    """Pz Verband Langenthal's case: its move was refused in the German mechanized
    movement segment, its hasty attack accepted, and it advanced out of the pocket."""
    state, outside, _ = sixth_army_facing(shipped, ThunderclapStatus.ACTIVE)
    attack = HastyAttack(player=GERMAN, target=outside, units=(LANGENTHAL,), lead=LANGENTHAL)
    verdict = judge(shipped, state, attack)
    assert [v.rule for v in verdict.violations] == ["5.1"]
    assert "until they link up" in verdict.violations[0].message
    linked, _, _ = sixth_army_facing(shipped, ThunderclapStatus.LINKED)
    assert "5.1" not in rules_of(shipped, linked, attack)


def test_5_1_the_sixth_army_does_not_advance_after_combat_before_the_link_up(shipped):
    """Reading 94: it attacks in the German mechanized combat segment; reading 162: it
    advances only once it moves in the German Player Phase, after the link-up."""
    state, outside, soviet = sixth_army_facing(shipped, ThunderclapStatus.ACTIVE)
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    state = advance_step(state, GERMAN, (LANGENTHAL,), outside, soviet)
    assert advancers(shipped, state, state.combat) == ()
    advance = Advance(player=GERMAN, units=(LANGENTHAL,), path=(outside,))
    assert rules_of(shipped, state, advance) == ["5.1"]
    linked = replace(state, thunderclap=replace(state.thunderclap, status=ThunderclapStatus.LINKED))
    assert advancers(shipped, linked, linked.combat) == (LANGENTHAL,)
    assert judge(shipped, linked, advance).legal
