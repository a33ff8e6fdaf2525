"""The 11.8 example's counters on the map for combat tests: shared by test_combat and
test_hasty."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue, UnitType
from owsqt.rules.engine import apply
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.scenario import initial_state
from tests.conftest import TEST_SCENARIO
from tests.rules.movekit import at_step
from tests.rules.test_firecombat import open_elevated_hex

COMBAT = Segment.NON_MECHANIZED_COMBAT  # the example counters belong to no mechanized formation


def combat_rules(ruleset):
    """The example ruleset with the Soviet artillery regiment's 4(3) bombardment values."""
    ground = dict(ruleset.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=4, range=3)
    catalogue = UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations)
    return replace(ruleset, catalogue=catalogue)


def with_german_gun(rules, bombardment=6, reach=4):
    """The ruleset with "gart", a German artillery battalion built on the 5-12's values."""
    ground = dict(rules.catalogue.ground)
    ground["gart"] = replace(
        ground["mot5"],
        id="gart",
        name="II/128 Art",
        type=UnitType.ARTILLERY,
        bombardment=bombardment,
        range=reach,
    )
    catalogue = UnitCatalogue(ground, rules.catalogue.air, rules.catalogue.formations)
    return replace(rules, catalogue=catalogue)


def example_board(rules):
    """The 11.8 example on the map, the German first player in his combat segment:
    (state, target hex, the tank stack's hex, the motorized stack's hex)."""
    target, armored, motorized = open_elevated_hex(rules)
    state = initial_state(rules.catalogue, TEST_SCENARIO, seed=11)
    placements = (
        (("rifle", "at"), target),
        (("tank", "mech"), armored),
        (("mot6", "mot5"), motorized),
    )
    for units, hex_ in placements:
        state = apply(rules, state, PlaceUnits(units=units, to=hex_), Mode.FREE).state
    return at_step(state, COMBAT, Player.GERMAN), target, armored, motorized


def act(rules, state, action, player=None):
    """Submit `action` for `player` in STRICT mode; it must be accepted."""
    outcome = apply(rules, state, replace(action, player=player), Mode.STRICT)
    assert outcome.applied, outcome.verdict.violations
    return outcome.state, outcome.events


def refused(rules, state, action, player=None):
    """Submit `action` for `player` in STRICT mode; it must be refused: the (rule,
    message) of each violation."""
    outcome = apply(rules, state, replace(action, player=player), Mode.STRICT)
    assert not outcome.applied
    return [(v.rule, v.message) for v in outcome.verdict.violations]


def fogged_board(rules):
    """The 11.8 example with fog of war (18.1): as `example_board`."""
    state, target, armored, motorized = example_board(rules)
    return replace(state, options=(FOG_OF_WAR,)), target, armored, motorized
