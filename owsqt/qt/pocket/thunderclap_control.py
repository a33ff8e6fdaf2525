"""The table side of Operation Thunderclap (5.1): the Pocket dock, which comes forward
when the German player may attempt it or must place the Sixth Army, the map clicks that
place a unit, and the status line's hint: a feature of the table (qt/app/feature.py)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.shading import PickShading
from owsqt.qt.pocket.thunderclap_panel import ThunderclapPanel
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.pocket.placement import placing_now
from owsqt.rules.pocket.thunderclap import may_attempt


class ThunderclapControl(QObject):
    """Operation Thunderclap at the table."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, scene: QGraphicsScene) -> None:
        super().__init__(window)
        self._bridge = bridge
        self.panel = ThunderclapPanel(bridge.ruleset, self._send)
        # [5.1] The pocket hexes where the chosen Sixth Army unit may go; a click places it.
        self.shading = PickShading(self._picked)
        scene.addItem(self.shading)
        self.panel.chosen_changed.connect(self._shade)
        self.dock = QDockWidget("Pocket", window)
        self.dock.setObjectName("pocketDock")
        self.dock.setWidget(self.panel)
        self._shown: tuple[int, Segment] | None = None  # the step that brought it forward

    def refresh(self) -> None:
        """After every change: the panel and the shading; the dock comes forward once a
        step when the German player has something to do in it under the rules."""
        state = self._bridge.session.state
        self.panel.show_state(state, self._bridge.seen(state))
        self._shade()
        rules = self._bridge.session.mode is not Mode.FREE
        due = may_attempt(self._bridge.ruleset, state) or placing_now(state)
        if due and rules and self._shown != (state.turn, state.segment):
            self._shown = (state.turn, state.segment)
            self.dock.show()
            self.dock.raise_()

    def pick(self, hex_: Hex) -> None:
        """A hex clicked on the map while the Sixth Army is placed."""
        if placing_now(self._bridge.session.state):
            self._picked(hex_)

    def _shade(self) -> None:
        placing = placing_now(self._bridge.session.state)
        self.shading.set_hexes(self.panel.chosen_hexes() if placing else [])

    def _picked(self, hex_: Hex) -> None:
        self.panel.place_at(hex_)

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Pocket: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Pocket")
        toggle.setToolTip(
            "Operation Thunderclap: its condition, the attempt, the Sixth Army's placement (5.1)"
        )
        return toggle

    def hint(self) -> str | None:
        state = self._bridge.session.state
        if may_attempt(self._bridge.ruleset, state):
            return "Pocket dock: attempt Operation Thunderclap, or end the step (5.1)"
        if placing_now(state) and self.panel.chosen_unit() is not None:
            return "Pocket dock: place the Sixth Army on shaded pocket hexes (5.1)"
        return None

    def headline(self) -> None:
        """None: the pocket never holds the status line alone."""

    def _send(self, action: Action) -> None:
        self._bridge.submit(action)
