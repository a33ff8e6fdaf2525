"""The Ring Forces dock (5.2): the three Ring armies, a Roll button for each attacked one
with its odds, the roll got, then the pieces a release may free, by hex and shaded on the
map; a click on a piece releases it. The panel is shown a campaign state with the 64th
Army attacked; the window, a campaign game walked to the Soviet Ring Forces Segment: the
game of a file from before the steps that need nobody passed by themselves (3.1), where
that segment, no army attacked, waits for the Soviet player to end it."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QApplication

from owsqt.qt.pocket.ringpanel import ACTION_ROLE, RingPanel
from owsqt.rules.core.actions import ReleaseRingUnit, RollRingRelease
from owsqt.rules.core.steps import STEPS_PASS, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import walk_to, window_for
from tests.rules.ringkit import ARMY, SOVIET, campaign_setup, ring_segment

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the dock's picture is saved there


def test_5_2_the_ring_panel_rolls_for_attacked_armies_and_releases_a_piece(qtbot, shipped):
    sent = []
    panel = RingPanel(shipped, sent.append)
    qtbot.addWidget(panel)
    state = ring_segment(campaign_setup(shipped), attacked=frozenset({ARMY}), dice=(9,))
    panel.show_state(state)
    assert panel.rolls[ARMY].isEnabled() and "3 in 10" in panel.rolls[ARMY].toolTip()
    assert not panel.rolls["su-21a"].isEnabled()
    assert panel.rolls["su-21a"].toolTip().startswith("5.2: ")
    assert panel.states["su-21a"].text() == "not attacked"
    panel.rolls[ARMY].click()
    assert sent == [RollRingRelease(player=SOVIET, army=ARMY)]
    state = apply(shipped, state, sent[0], Mode.STRICT).state
    panel.show_state(state)
    assert panel.states[ARMY].text() == "rolled 9: release one piece below"
    assert not panel.rolls[ARMY].isEnabled()
    hexes = panel.piece_hexes()
    assert hexes and panel.choose_hex(hexes[0])
    place = panel.pieces.currentItem()
    piece = place.child(0)
    if SHOTS:
        panel.resize(440, 420)
        QApplication.processEvents()
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        panel.grab().save(str(Path(SHOTS) / "ring-forces.png"))
    panel.pieces.itemClicked.emit(piece, 0)
    released = sent[-1]
    assert isinstance(released, ReleaseRingUnit) and released == piece.data(0, ACTION_ROLE)
    state = apply(shipped, state, released, Mode.STRICT).state
    panel.show_state(state)
    assert panel.states[ARMY].text().startswith("rolled 9: released ")
    assert panel.piece_hexes() == []


def older_game(ruleset, scenario: str, mode: Mode, seed: int) -> GameSession:
    """A new game as a file made before 3.1's passing steps records it: without STEPS_PASS,
    each step is ended by a player (such files replay as they were played)."""
    header = new_game(ruleset, scenario, mode, seed=seed).header
    options = tuple(option for option in header.options if option != STEPS_PASS)
    return GameSession(ruleset, replace(header, options=options))


def test_5_2_the_window_has_a_ring_forces_dock_in_the_view_menu(qtbot, shipped):
    session = older_game(shipped, "operation-winter-storm", Mode.STRICT, seed=3)
    session.apply_default_setup()
    assert STEPS_PASS not in session.state.options
    walk_to(session, Segment.SOVIET_RING_FORCES)
    window = window_for(qtbot, shipped, session)
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert "Rin&g Forces" in [a.text() for a in view.actions()]
    panel = window.ring.panel
    assert not any(button.isEnabled() for button in panel.rolls.values())  # none attacked
    assert window.ring.shading.hexes == set()
