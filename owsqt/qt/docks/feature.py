"""The Stack and Arrivals docks as features of the table (qt/app/feature.py): the first of
the tabs at the lower right, the units of the selected hex (a drag in its list reorders
them, ReorderStack), and the units that may come onto the map, to drag onto it."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.docks.arrivals import ArrivalsList
from owsqt.qt.docks.stackinspector import StackInspector
from owsqt.rules.core.actions import ReorderStack
from owsqt.rules.core.hexgrid import Hex


def _dock(title: str, name: str, window: QMainWindow) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    return dock


class _Quiet:
    """What the two docks do not do: neither speaks in the status line nor takes a click
    on the map (the selection fills the Stack dock, app/selection.py)."""

    def hint(self) -> None:
        """None: nothing to add to the step's hint."""

    def headline(self) -> None:
        """None: never holds the status line."""

    def pick(self, hex_: Hex) -> None:
        """Nothing: the window's selection shows the stack."""


class StackDock(_Quiet):
    """The Stack dock: the selected hex's units, top first."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        self._bridge = bridge
        self.inspector = StackInspector(bridge.ruleset, window)
        self.inspector.reorder_requested.connect(self._reorder)
        self.dock = _dock("Stack", "stackDock", window)
        self.dock.setWidget(self.inspector)

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> None:
        """None: app/dockmenu.py lists the dock ("Stack")."""

    def refresh(self) -> None:
        self.inspector.show_hex(self.inspector.hex, self._bridge.seen())

    def _reorder(self, hex_: Hex, order: tuple[str, ...]) -> None:
        self._bridge.submit(ReorderStack(hex=hex_, order=order))


class ArrivalsDock(_Quiet):
    """The Arrivals dock: the units that may come onto the map, to drag onto it."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, keys: str) -> None:
        self._bridge = bridge
        self.arrivals = ArrivalsList(bridge.ruleset, window)
        self.dock = _dock("Arrivals", "arrivalsDock", window)
        self.dock.setWidget(self.arrivals)
        self._keys = keys  # the View menu's shortcut, which the step's hint names

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Arrivals: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Arrivals")
        toggle.setShortcut(QKeySequence(self._keys))
        toggle.setToolTip("Units that may come onto the map, to drag onto it")
        return toggle

    def refresh(self) -> None:
        self.arrivals.show_state(self._bridge.session.state)
