"""The table side of the Replacement Segment (17.3, 17.4): the Replacements dock, which
comes forward when the segment begins under the rules, the map clicks that place a
destroyed unit, and the status line's hint: a feature of the table (qt/app/feature.py)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.shading import PickShading
from owsqt.qt.recovery.panel import ReplacementsPanel
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode


class ReplacementsControl(QObject):
    """Replacements at the table."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, scene: QGraphicsScene) -> None:
        super().__init__(window)
        self._bridge = bridge
        self.panel = ReplacementsPanel(bridge.ruleset, self._send)
        # [17.4] Where the chosen destroyed unit may come back, shaded; a click there places it.
        self.shading = PickShading(self._picked)
        scene.addItem(self.shading)
        self.panel.chosen_changed.connect(self._shade)
        self.dock = QDockWidget("Replacements", window)
        self.dock.setObjectName("replacementsDock")
        self.dock.setWidget(self.panel)
        self._turn_shown: int | None = None  # the turn whose segment brought the dock forward

    def refresh(self) -> None:
        """After every change: the points and lists; the dock comes forward once when the
        Replacement Segment begins under the rules."""
        state = self._bridge.session.state
        self.panel.show_state(state, self._bridge.seen(state))
        self._shade()
        replacing = state.segment is Segment.REPLACEMENT
        if replacing and self._rules_apply() and self._turn_shown != state.turn:
            self._turn_shown = state.turn
            self.dock.show()
            self.dock.raise_()

    def pick(self, hex_: Hex) -> None:
        """A stack clicked on the map in the segment: the chosen destroyed unit goes there
        when the rules allow it (17.4)."""
        if self._bridge.session.state.segment is Segment.REPLACEMENT:
            self.panel.reenter_at(hex_)

    def _shade(self) -> None:
        self.shading.set_hexes(self.panel.chosen_hexes())

    def _picked(self, hex_: Hex) -> None:
        self.panel.reenter_at(hex_)

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Replacements: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Replacements")
        toggle.setToolTip("Replacement points, units to raise and to bring back (17.4)")
        return toggle

    def hint(self) -> str | None:
        if self._bridge.session.state.segment is not Segment.REPLACEMENT:
            return None
        return "Replacements dock: click units to raise, hexes to bring back (17.4)"

    def headline(self) -> None:
        """None: the replacements never hold the status line alone."""

    def _rules_apply(self) -> bool:
        return self._bridge.session.mode is not Mode.FREE

    def _send(self, action: Action) -> None:
        self._bridge.submit(action)
