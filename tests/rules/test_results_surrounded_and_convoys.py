"""Results that leave a stack no choice (11.7, 16.3): a surrounded stack makes its
proficiency check, and convoys left alone on the hex attacked are destroyed. Played
through the engine in STRICT mode on the movement kit's open steppe, the die scripted."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import (
    AnswerOptional,
    ContinueCombat,
    Defend,
    Fire,
    PlaceUnits,
    PreparedAttack,
    SetStrength,
    TakeLosses,
)
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.events import ConvoyDestroyed, FireResolved, ProficiencyChecked
from owsqt.rules.core.hexgrid import neighbour
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player, UnitStatus
from tests.rules.combatkit import act, refused
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def kit(ruleset):
    return kit_ruleset(ruleset)


def fired_at(rules, state, attack, defender_lead, dice):
    """Play `attack` up to the attacker's fire, the defender holding his own: the state
    with the attacker's result waiting, and the fire's event."""
    attacker = rules.catalogue.ground[attack.lead].player
    state = replace(state, dice=DiceState(seed=1, script=dice))
    state, _ = act(rules, state, attack, attacker)
    state, _ = act(rules, state, Defend(lead=defender_lead), attacker.opponent)
    state, _ = act(rules, state, ContinueCombat(), attacker.opponent)
    state, events = act(rules, state, Fire(), attacker)
    return state, next(e for e in events if isinstance(e, FireResolved))


def test_11_7_a_surrounded_stack_hit_by_an_optional_result_must_make_a_proficiency_check(kit):
    """The tank fires from the north at the rifle regiment; German battalions hold the
    three hexes to the south, so no retreat takes it away from the tank (reading 45):
    "If a unit is surrounded and suffers an optional result, it must make a proficiency
    check" (11.7). The 12 factors with +4 (proficiency 8 against 5, armor superiority)
    and a 1 give -/1; a 5 passes the regiment's check, and it stays with a point lost."""
    start = hx(kit, OPEN)
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("rifle",), to=start),
        PlaceUnits(units=("tank",), to=hx(kit, "3444")),
        *(
            PlaceUnits(units=(unit,), to=neighbour(start, side))
            for unit, side in (("mech", 4), ("mot6", 3), ("mot5", 5))
        ),
    )
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    attack = PreparedAttack(target=start, units=("tank",), lead="tank")
    state, fire = fired_at(kit, state, attack, "rifle", dice=(1, 5))
    assert (fire.factors, fire.drm, fire.roll, fire.result) == (12, 4, 1, "-/1")
    assert refused(kit, state, AnswerOptional(check=False), SOVIET) == [
        ("11.7", "a surrounded stack makes a proficiency check")
    ]
    state, events = act(kit, state, AnswerOptional(check=True), SOVIET)
    assert ProficiencyChecked("rifle", 5, 5, "optional result") in events
    state, _ = act(kit, state, TakeLosses(hits=("rifle",)), SOVIET)
    rifle = state.units["rifle"]
    assert (rifle.hex, rifle.strength, rifle.disrupted) == (start, 4, False)


def test_16_3_convoys_left_alone_on_a_hex_attacked_are_destroyed(kit):
    """Reading 57: a relief convoy shares a hex with a German battalion down to its last
    point; three Soviet rifle regiments fire 15 factors and a 10 gives 2/3. The battalion
    is eliminated and the convoy, with no combat value or capability to absorb losses,
    is destroyed and cannot be replaced (16.3)."""
    start = hx(kit, OPEN)
    attackers = ("sfill1", "sfill2", "sfill3")
    state = put(
        kit,
        kit_state(kit),
        PlaceUnits(units=("gfill1", "convoy1"), to=start),
        PlaceUnits(units=attackers, to=hx(kit, "3444")),
        SetStrength(unit="gfill1", strength=1),
    )
    state = at_step(state, Segment.NON_MECHANIZED_COMBAT, SOVIET)
    attack = PreparedAttack(target=start, units=attackers, lead="sfill1")
    state, fire = fired_at(kit, state, attack, "gfill1", dice=(10,))
    assert (fire.factors, fire.roll, fire.result) == (15, 10, "2/3")
    assert state.units["convoy1"].hex == start  # it took no part in the fire
    state, events = act(kit, state, TakeLosses(hits=("gfill1",)), GERMAN)
    assert state.units["gfill1"].status is UnitStatus.ELIMINATED
    assert ConvoyDestroyed("convoy1", start) in events
    convoy = state.units["convoy1"]
    assert (convoy.status, convoy.hex) == (UnitStatus.PERMANENTLY_LOST, None)
