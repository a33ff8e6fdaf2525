"""A counter not in regular supply says why in its tooltip (14.2-14.4)."""

from __future__ import annotations

from owsqt.rules.core.actions import PlaceUnits, SetSupply
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Supply
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.qt.tabletools import window_for
from tests.rules.test_supply import CENTRE, HQ, soviet_fighters


def test_14_4_a_cut_off_headquarters_says_why_in_its_tooltip(qtbot):
    rules = default_ruleset()
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=1)
    session.apply_default_setup()
    centre = rules.grid.hex_of(CENTRE)
    assert session.submit(PlaceUnits(units=(HQ,), to=centre)).applied
    corners = ring(centre, 2)[::2]
    for unit_id, corner in zip(soviet_fighters(rules, session.state, 6), corners, strict=True):
        assert session.submit(PlaceUnits(units=(unit_id,), to=corner)).applied
    assert session.submit(SetSupply(units=(HQ,), supply=Supply.OUT)).applied
    window = window_for(qtbot, rules, session)
    tip = window.counters.items[HQ].toolTip()
    assert tip.startswith(rules.unit_name(HQ))
    assert "out of supply (14.4)" in tip and "map edge (14.2)" in tip
    regular = window.counters.items["de-6pz-11pzr-1"].toolTip()
    assert "in regular supply (14.2)" in regular and "out of supply" not in regular
