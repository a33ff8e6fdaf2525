"""The Pocket dock (5.1): the Thunderclap condition and its numbers, the attempt with its
odds, the status, and the Sixth Army placed by clicks on shaded pocket hexes. The
campaign in ASSIST play, the 6th Panzer Division moved near the pocket by hand."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QApplication

from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.steps import STEPS_PASS, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import centre, walk_to, window_for
from tests.rules.thunderkit import AT_5, AT_10, GRENADIERS, PANZER_1, PANZER_2, SIXTH_HQ_6PZ

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the dock's pictures are saved there
SEED = 2  # its first roll in the Initiation Segment activates Thunderclap (with the +1)


def pocket_game(shipped) -> GameSession:
    """The campaign's first Initiation Segment, 12 stacking points 10 hexes from the pocket
    and a grenadier battalion 5 hexes from it (16 points within 10). They are moved before
    the air operations end: an Initiation Segment in which Thunderclap may not be attempted
    passes by itself (3.1), so the game stops in this one only as they stand there."""
    session = new_game(shipped, "operation-winter-storm", Mode.ASSIST, seed=SEED)
    session.apply_default_setup()
    assert session.state.segment is Segment.AIR_ALLOCATION
    moved = zip((PANZER_1, PANZER_2, SIXTH_HQ_6PZ, GRENADIERS), (*AT_10[:3], AT_5), strict=True)
    for unit_id, hex_id in moved:
        assert session.submit(PlaceUnits(units=(unit_id,), to=shipped.grid.hex_of(hex_id))).applied
    walk_to(session, Segment.THUNDERCLAP_INITIATION)
    return session


def save(window, name: str) -> None:
    if SHOTS:
        dock = window.thunderclap.dock
        dock.setFloating(True)
        dock.resize(380, 460)
        QApplication.processEvents()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        dock.grab().save(str(Path(SHOTS) / f"{name}.png"))


def test_5_1_the_pocket_dock_attempts_thunderclap_and_places_the_sixth_army(qtbot, shipped):
    session = pocket_game(shipped)
    window = window_for(qtbot, shipped, session)
    panel = window.thunderclap.panel
    assert window.thunderclap.dock.isVisible()
    text = panel.condition.text()
    assert "<b style='color:#2e6b2e'>16</b> of 12" in text and "+1" in text and "60%" in text
    assert panel.attempt.isEnabled()
    assert "Pocket dock" in window.hint.text()
    save(window, "pocket-attempt")
    panel.attempt.click()
    assert session.state.thunderclap.status is ThunderclapStatus.ACTIVE
    assert not panel.attempt.isEnabled() and panel.attempt.isHidden()  # once a game
    # 3.1: its one attempt made, the Initiation Segment has nothing left and passes
    assert session.state.segment is Segment.SIXTH_ARMY_ACTIVATION
    assert "5.1: " in panel.attempt.toolTip()
    older = replace(  # a game of a file before 3.1's passing steps stays in the segment
        session.state,
        segment=Segment.THUNDERCLAP_INITIATION,
        options=tuple(o for o in session.state.options if o != STEPS_PASS),
    )
    panel.show_state(older)
    assert not panel.attempt.isEnabled() and "once per game" in panel.attempt.toolTip()
    panel.show_state(session.state)
    assert panel.units.count() == 7
    shaded = window.thunderclap.shading.hexes
    assert shaded and set(shaded) <= shipped.game_map.pocket
    save(window, "pocket-placing")
    if SHOTS:  # the whole table: the pocket hexes shaded for the chosen unit
        window.view.centre_on(centre(window, "3104"))
        QApplication.processEvents()
        window.grab().save(str(Path(SHOTS) / "pocket-table.png"))
    first = panel.chosen_unit()
    target = sorted(shaded, key=shipped.grid.id_of)[0]
    window.thunderclap.pick(target)
    assert session.state.units[first].status is UnitStatus.ON_MAP
    assert session.state.units[first].hex == target
    assert panel.units.count() == 6
    assert session.state.active is Player.GERMAN
    assert "Active since turn" in panel.status.text()
