"""The Replacements dock (17.3, 17.4): both sides' points, a click on a unit gives it a
point, a click on a hex brings a destroyed unit back, refusals as tooltips. "We are
coming" in ASSIST play, walked to turn 3, whose track brings 2 Soviet infantry points."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication

from owsqt.rules.core.actions import EndStep, SetStrength, SetSupply, SetUnitStatus
from owsqt.rules.core.state import Tally
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Supply, TallyNationality, UnitStatus
from owsqt.rules.recovery.reentry import reentry_hexes
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import walk_to, window_for

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the dock's picture is saved there
RAISED, DESTROYED, OUT = "su-302rd-825rr", "su-302rd-823rr", "su-302rd-827rr"


def replacement_game(shipped) -> GameSession:
    """Turn 3's Replacement Segment: one regiment at 3 of 5, one destroyed this turn, one
    out of supply at 2 (edits, applied with their violations in ASSIST play). They are made
    in the last step before the Recovery Phase: the Disruption Removal Segment passes by
    itself (3.1), and the Replacement Segment stops the game only with a unit to raise."""
    session = new_game(shipped, "we-are-coming", Mode.ASSIST, seed=3)
    session.apply_default_setup()
    while True:
        walk_to(session, Segment.MECHANIZED_COMBAT)
        if session.state.turn == 3 and session.state.phase is Phase.SECOND_PLAYER:
            break
        session.submit(EndStep())
    for edit in (
        SetStrength(unit=RAISED, strength=3),
        SetStrength(unit=OUT, strength=2),
        SetSupply(units=(OUT,), supply=Supply.OUT),
        SetUnitStatus(units=(DESTROYED,), status=UnitStatus.ELIMINATED),
    ):
        session.submit(edit)
    assert session.submit(EndStep()).applied
    assert (session.state.turn, session.state.segment) == (3, Segment.REPLACEMENT)
    return session


def lines(window) -> dict[str, object]:
    tree = window.replacements.panel.units
    found = {}
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop()
        found[item.text(0)] = item
        stack.extend(children(item))
    return found


def children(item) -> list:
    return [item.child(i) for i in range(item.childCount())]


def test_17_4_the_replacements_dock_raises_and_brings_back_units(qtbot, shipped):
    session = replacement_game(shipped)
    assert session.state.replacement_points[TallyNationality.SOVIET] == Tally(infantry=2)
    window = window_for(qtbot, shipped, session)
    panel = window.replacements.panel
    assert window.replacements.dock.isVisible()
    assert panel.points.item(2, 1).text() == "2"  # the Soviet row's infantry, for both
    found = lines(window)
    raised = next(item for text, item in found.items() if text.startswith("825 Rifle Rgt"))
    out = next(item for text, item in found.items() if text.startswith("827 Rifle Rgt"))
    assert out.toolTip(0) == "17.4: to receive replacements, a unit must be in regular supply"
    assert raised.toolTip(0).startswith("Click")
    if SHOTS:
        window.replacements.dock.setFloating(True)
        window.replacements.dock.resize(420, 560)
        QApplication.processEvents()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        window.replacements.dock.grab().save(str(Path(SHOTS) / "replacements.png"))
    panel.units.itemClicked.emit(raised, 0)
    assert session.state.units[RAISED].strength == 4
    destroyed = next(item for text, item in lines(window).items() if text.startswith("823"))
    panel.units.setCurrentItem(destroyed)
    allowed = reentry_hexes(shipped, session.state, DESTROYED, 1)  # the HQ is in a ZOC
    assert [c.text(0) for c in children(destroyed)] == [
        f"at {shipped.grid.id_of(h)}" for h in allowed
    ]
    shading = window.replacements.shading  # the hexes it may come back to, on the map
    assert shading.hexes == set(allowed) and shading.isVisible()
    shading.on_pick(allowed[0])  # a click on a shaded hex, empty or not
    back = session.state.units[DESTROYED]
    assert (back.status, back.hex, back.strength) == (UnitStatus.ON_MAP, allowed[0], 1)
    assert session.state.replacement_points[TallyNationality.SOVIET] == Tally()
    assert not shading.hexes  # nothing chosen any more
