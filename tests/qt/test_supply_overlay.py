"""The supply overlay (14.2): both sides' chains of command, cut links dashed red, the units
that trace no line washed red; toggled from the View menu."""

from __future__ import annotations

import os

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.hexgrid import ring
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.qt.tabletools import window_for
from tests.rules.test_supply import CENTRE, HQ, soviet_fighters


def test_14_2_the_overlay_draws_the_chains_and_washes_the_cut_off_units(qtbot):
    rules = default_ruleset()
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=1)
    session.apply_default_setup()
    window = window_for(qtbot, rules, session)
    overlay = window.supply_overlay
    assert not overlay.isVisible() and not overlay.views  # traced only when asked
    window.supply_action.setChecked(True)
    german = overlay.views[Player.GERMAN]
    assert german.links and all(link.open for link in german.links) and not german.cut_off
    centre = rules.grid.hex_of(CENTRE)
    assert session.submit(PlaceUnits(units=(HQ,), to=centre)).applied
    for unit_id, corner in zip(
        soviet_fighters(rules, session.state, 6), ring(centre, 2)[::2], strict=True
    ):
        assert session.submit(PlaceUnits(units=(unit_id,), to=corner)).applied
    window.refresh()
    german = overlay.views[Player.GERMAN]
    hq_link = next(link for link in german.links if link.start == centre)
    assert not hq_link.open and centre in german.cut_off
    assert len(german.cut_off) > 1  # the division's units with it
    if os.environ.get("OWSQT_SHOTS"):
        window.resize(1600, 1000)
        from PySide6.QtCore import QPointF

        from owsqt.qt.map.mapitem import SCENE_LAYOUT

        window.view.centerOn(QPointF(*SCENE_LAYOUT.center(centre)))
        window.grab().save(os.path.join(os.environ["OWSQT_SHOTS"], "supply-overlay.png"))
    window.supply_action.setChecked(False)
    assert not overlay.isVisible()
