"""Soviet Ring Forces under attack (5.2): they "defend in-place and never retreat
voluntarily. If attacked, Soviet Ring Forces must make a proficiency check to defend in
place." """

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from owsqt.rules.combat.legal import combat_actions
from owsqt.rules.core.actions import AnswerOptional, PlaceUnits
from owsqt.rules.core.hexgrid import neighbour
from owsqt.rules.core.state import CombatState, PendingResult
from owsqt.rules.core.steps import CombatStep, ResultStage, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.engine import apply
from tests.rules.movekit import OPEN, at_step, hx, kit_ruleset, kit_state, put

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


def ring_rules(ruleset):
    """The kit ruleset with its Soviet army made a Ring Forces army."""
    kit = kit_ruleset(ruleset)
    formations = dict(kit.catalogue.formations)
    formations["s-army"] = replace(formations["s-army"], stays_put=True)
    catalogue = UnitCatalogue(kit.catalogue.ground, kit.catalogue.air, formations)
    return replace(kit, catalogue=catalogue)


def hit(rules):
    """A German fire's optional result of 1 waiting for the Soviet rifle regiment on the open
    steppe of 3445, in the German combat segment."""
    target = hx(rules, OPEN)
    firing = neighbour(target, 1)
    state = put(rules, kit_state(rules), PlaceUnits(units=("rifle",), to=target))
    state = put(rules, state, PlaceUnits(units=("tank",), to=firing))
    pending = PendingResult(SOVIET, ("rifle",), "rifle", 0, 1, ResultStage.OPTIONAL, (firing,))
    combat = CombatState(GERMAN, target, ("tank",), "tank", CombatStep.FIRST_FIRE)
    state = at_step(state, Segment.MECHANIZED_COMBAT, GERMAN)
    return replace(state, combat=replace(combat, pending=pending))


@pytest.fixture(scope="module")
def rules(ruleset):
    return ring_rules(ruleset)


def test_5_2_attacked_ring_forces_may_not_retreat_and_must_make_the_check(rules):
    state = hit(rules)
    retreat = apply(rules, state, AnswerOptional(check=False, player=SOVIET), Mode.STRICT)
    assert not retreat.applied
    assert [v.rule for v in retreat.verdict.violations] == ["5.2"]
    check = apply(rules, state, AnswerOptional(check=True, player=SOVIET), Mode.STRICT)
    assert check.applied


def test_5_2_attacked_ring_forces_are_offered_only_the_check(rules, ruleset):
    state = hit(rules)
    offered = [
        a for a in combat_actions(rules, state, random.Random(1)) if isinstance(a, AnswerOptional)
    ]
    assert offered == [AnswerOptional(check=True, player=SOVIET)]
    other = kit_ruleset(ruleset)
    offered = {a.check for a in combat_actions(other, hit(other), random.Random(1))}
    assert offered == {True, False}


def test_5_2_other_soviet_units_may_take_the_optional_result_as_a_retreat(ruleset):
    rules = kit_ruleset(ruleset)
    outcome = apply(rules, hit(rules), AnswerOptional(check=False, player=SOVIET), Mode.STRICT)
    assert outcome.applied
