"""The table side of the Soviet Ring Forces Segment (5.2): the Ring Forces dock, which
comes forward when the segment begins with a roll to make, the map's shading of the hexes
whose pieces a release may free (a click there shows them in the list), and the status
line's hint: a feature of the table (qt/app/feature.py)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.shading import PickShading
from owsqt.qt.pocket.ringpanel import ODDS, RingPanel
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.movement.ringhold import ring_segment_movers
from owsqt.rules.pocket.ring import releases_due, rolls_due


class RingControl(QObject):
    """The Ring Forces at the table."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, scene: QGraphicsScene) -> None:
        super().__init__(window)
        self._bridge = bridge
        self.panel = RingPanel(bridge.ruleset, self._send)
        # [5.2] Where the pieces a release may free stand, shaded; a click shows them.
        self.shading = PickShading(self._picked)
        scene.addItem(self.shading)
        self.dock = QDockWidget("Ring Forces", window)
        self.dock.setObjectName("ringDock")
        self.dock.setWidget(self.panel)
        self._turn_shown: int | None = None  # the turn whose segment brought the dock forward

    def refresh(self) -> None:
        """After every change: the armies and pieces; the dock comes forward once a turn
        when the Ring Forces Segment begins under the rules with a roll to make."""
        state = self._bridge.session.state
        self.panel.show_state(state, self._bridge.seen(state))
        self.shading.set_hexes(self.panel.piece_hexes())
        ring = state.segment is Segment.SOVIET_RING_FORCES
        due = ring and bool(rolls_due(state))
        if due and self._rules_apply() and self._turn_shown != state.turn:
            self._turn_shown = state.turn
            self.dock.show()
            self.dock.raise_()

    def pick(self, hex_: Hex) -> None:
        """A stack clicked on the map in the segment: its releasable pieces in the list."""
        if self._bridge.session.state.segment is Segment.SOVIET_RING_FORCES:
            self.panel.choose_hex(hex_)

    def _picked(self, hex_: Hex) -> None:
        self.panel.choose_hex(hex_)

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Ring Forces: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("Rin&g Forces")
        toggle.setToolTip("The Soviet Ring armies attacked, their release rolls (5.2)")
        return toggle

    def hint(self) -> str | None:
        """[5.2] What the Ring Forces Segment waits for, after the step's own hint."""
        state = self._bridge.session.state
        if state.segment is not Segment.SOVIET_RING_FORCES or not self._rules_apply():
            return None
        if rolls_due(state):
            return f"Ring Forces dock: roll for each attacked army ({ODDS}, 5.2)"
        if releases_due(state):
            return "Ring Forces dock: click the piece to release (5.2)"
        if ring_segment_movers(state):
            return "drag the released or retreated Ring units to move them (5.2)"
        return None

    def headline(self) -> None:
        """None: the Ring Forces never hold the status line alone."""

    def _rules_apply(self) -> bool:
        return self._bridge.session.mode is not Mode.FREE

    def _send(self, action: Action) -> None:
        self._bridge.submit(action)
