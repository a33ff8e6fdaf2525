"""Displacement from an overstacked hex through a counter's menu (9.3)."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from owsqt.qt.movement import displacemenu
from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.displacement import takers
from tests.qt.tabletools import game, hex_of, walk_to, window_for

CROWD = {"mech": "2437", "mot6": "2437", "mot5": "2437", "hq57": "2437", "tank": "2438"}


def overstacked_table(qtbot, ruleset):
    """The tank joins 13 stacking points on 2437: 19 of 18 at the end of the segment."""
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2430"}, german=CROWD)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    grid = ruleset.grid
    path = (grid.hex_of("2438"), grid.hex_of("2437"))
    assert session.submit(MoveStack(units=("tank",), path=path)).applied
    return window_for(qtbot, ruleset, session)


def menu_of(window, unit_id) -> QMenu:
    return window.unit_menu_for(unit_id)


def test_9_3_an_overstacked_units_menu_offers_the_hexes_that_can_take_it(qtbot, ruleset):
    window = overstacked_table(qtbot, ruleset)
    assert "displace from 2437 first (9.3" in window.hint.text()
    menu = menu_of(window, "hq57")
    first = menu.actions()[0]
    assert first.text() == "Displace to (9.3)" and first.menu() is not None
    state = window.session.state
    expected = sorted(ruleset.grid.id_of(h) for h in takers(ruleset, state, ("hq57",)))
    offered = [a.text().split()[0] for a in first.menu().actions()]
    assert offered == expected and expected
    first.menu().actions()[0].trigger()
    assert hex_of(window, "hq57") == expected[0]
    assert window.session.state.units["hq57"].disrupted  # displaced units are disrupted
    assert window.session.entries[-1].action["kind"] == "displace"


def test_9_3_with_no_hex_to_take_it_the_menu_offers_elimination(qtbot, ruleset, monkeypatch):
    window = overstacked_table(qtbot, ruleset)
    monkeypatch.setattr(displacemenu, "takers", lambda *args: [])
    menu = menu_of(window, "hq57")
    eliminate = menu.actions()[0]
    assert eliminate.text() == "Eliminate (no hex can take it, 9.3)"
    eliminate.trigger()  # the engine knows better: an adjacent hex can take it (STRICT)
    assert hex_of(window, "hq57") == "2437"
    assert "9.3" in window.statusBar().currentMessage()


def test_9_3_no_displacement_on_a_hex_within_the_limit(qtbot, ruleset):
    session = game(ruleset, Mode.STRICT, soviet={"rifle": "2430"}, german=CROWD)
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.GERMAN)
    window = window_for(qtbot, ruleset, session)
    menu = menu_of(window, "hq57")
    assert not any("9.3" in a.text() for a in menu.actions())
