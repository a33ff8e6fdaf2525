"""View ▸ Show all units: free play may turn the fog of war off at the table (18.1, issue 22:
"FREE may turn it off"); the game keeps the option, and STRICT and ASSIST never show more
than the side may know."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from owsqt.qt.bridge import SessionBridge
from owsqt.rules.core.verdict import Mode
from owsqt.rules.fog.option import fog_on

SHOW_ALL = "Show all units (fog of war off)"
ON_TIP = (
    "Free play may turn the fog of war off (18.1): every unit, strength and entrenched stack "
    "shows to whoever looks at the table"
)
OFF_TIP = "Only in free play of a game with the fog of war (18.1): the rules hide the rest"


class FogToggle:
    """The checkable View menu entry that sets `bridge.show_all`, enabled only in FREE mode
    of a game played with the fog of war, and off again in every game put on the table."""

    def __init__(self, parent: QWidget, bridge: SessionBridge) -> None:
        self._bridge = bridge
        self.action = QAction(SHOW_ALL, parent)
        self.action.setCheckable(True)
        self.action.toggled.connect(self._toggled)
        bridge.replaced.connect(self._another_game)
        self.refresh()

    def _another_game(self) -> None:
        """Each game put on the table starts with the fog of war on, if it has it."""
        self._bridge.show_all = False

    def _toggled(self, on: bool) -> None:
        if self.action.isEnabled():
            self._bridge.show_all = on

    def refresh(self) -> None:
        """Follow the game on the table: its mode and whether it has the fog of war."""
        session = self._bridge.session
        free = session.mode is Mode.FREE and fog_on(session.state)
        self.action.setEnabled(free)
        self.action.setToolTip(ON_TIP if free else OFF_TIP)
        self.action.setStatusTip(self.action.toolTip())
        self.action.blockSignals(True)
        self.action.setChecked(free and self._bridge.show_all)
        self.action.blockSignals(False)
