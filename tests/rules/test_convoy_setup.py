"""Convoys in the set-up: never two in a hex (16.3)."""

from __future__ import annotations

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import apply
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.setup.setupcheck import check_setup
from owsqt.session import new_game


def test_16_3_the_default_set_up_puts_each_convoy_on_its_own_hex_and_a_shared_hex_is_refused():
    ruleset = default_ruleset()
    session = new_game(ruleset, "we-are-coming", Mode.STRICT, seed=1)
    session.apply_default_setup()
    state = session.state
    convoys = [u for u in state.units if ruleset.catalogue.ground[u].unit_class is UnitClass.CONVOY]
    assert len(convoys) == 3
    assert len({state.units[u].hex for u in convoys}) == 3
    together = apply(
        ruleset, state, PlaceUnits(units=(convoys[1],), to=state.units[convoys[0]].hex), Mode.FREE
    ).state
    scenario = ruleset.scenarios["we-are-coming"]
    rules = [v.rule for v in check_setup(ruleset, scenario, together, Player.GERMAN)]
    assert "16.3" in rules
    assert "16.3" not in [v.rule for v in check_setup(ruleset, scenario, state, Player.GERMAN)]
