"""The features of the table, made and installed from one list (the order of its lines is
the order of the tabs at the lower right, of the View menu's entries, of the status line's
notes and of the clicks on the map): a new dock is a new feature package and one line here.

Each feature answers to `qt/app/feature.py: Feature`; the window gives them what they need
(`Table`) and calls them through `TableFeatures`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsScene, QListWidget, QMainWindow, QMenu

from owsqt.qt.air.control import AirControl
from owsqt.qt.app.feature import Feature, status_line
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.combat.control import CombatControl
from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.docks.feature import ArrivalsDock, StackDock
from owsqt.qt.help.control import HelpControl
from owsqt.qt.play.stephint import ARRIVALS_KEYS
from owsqt.qt.play.victory import VictoryControl
from owsqt.qt.pocket.ringcontrol import RingControl
from owsqt.qt.pocket.thunderclap_control import ThunderclapControl
from owsqt.qt.recovery.control import ReplacementsControl
from owsqt.qt.setup.control import SetupControl
from owsqt.rules.core.hexgrid import Hex

F = TypeVar("F", bound=Feature)


@dataclass(frozen=True)
class Table:
    """What the window lends its features: itself, the session, the map's scene and
    counters, the game log and the hex selected."""

    window: QMainWindow
    bridge: SessionBridge
    scene: QGraphicsScene
    counters: CounterLayer
    log: QListWidget
    selected_hex: Callable[[], Hex | None]


class TableFeatures:
    """Every feature of the table, by name for the window's own wiring, and in order."""

    def __init__(self, table: Table) -> None:
        window, bridge, scene = table.window, table.bridge, table.scene
        self._window = window
        self.in_order: list[Feature] = []
        # THE LIST: one line a feature, in the order of the tabs, the View menu, the status
        # line's notes and the map's clicks.
        self.stack = self._add(StackDock(window, bridge))
        self.air = self._add(AirControl(window, bridge))  # 4.0
        self.arrivals = self._add(ArrivalsDock(window, bridge, ARRIVALS_KEYS))  # 19.0, 11.7
        self.combat = self._add(CombatControl(window, bridge, table.counters, table.selected_hex))
        self.thunderclap = self._add(ThunderclapControl(window, bridge, scene))  # 5.1
        self.replacements = self._add(ReplacementsControl(window, bridge, scene))  # 17.3, 17.4
        self.ring = self._add(RingControl(window, bridge, scene))  # 5.2
        self.victory = self._add(VictoryControl(window, bridge))  # 19.0
        self.setup = self._add(SetupControl(window, bridge, scene))  # 19.0: set-up by hand
        # Last: its links watch every dock made before it.
        self.help = self._add(HelpControl(window, bridge, table.log, table.counters))
        self.stack.dock.raise_()  # the first tab in front

    def _add(self, feature: F) -> F:
        """Take `feature` into the list; its dock joins the tabs at the lower right."""
        dock = feature.tabbed_dock
        tabs = [d for f in self.in_order if (d := f.tabbed_dock) is not None]
        if dock is not None and tabs:
            self._window.tabifyDockWidget(tabs[0], dock)
        elif dock is not None:
            self._window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.in_order.append(feature)
        return feature

    def add_view_entries(self, menu: QMenu) -> None:
        """Each feature's View menu entry, in the list's order."""
        menu.addActions([a for f in self.in_order if (a := f.view_action()) is not None])

    def refresh(self) -> None:
        for feature in self.in_order:
            feature.refresh()

    def status_line(self, step: str) -> str:
        return status_line(step, self.in_order)

    def pick(self, hex_: Hex | None) -> None:
        """A stack clicked on the map (None: the map's background), offered to each."""
        if hex_ is None:
            return
        for feature in self.in_order:
            feature.pick(hex_)
