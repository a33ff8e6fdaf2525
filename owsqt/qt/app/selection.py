"""The stack selected on the map: a click on it fills the Stack dock, outlines its zones,
shades its reach and says in the status bar what it may do; a click on the map's background
or Esc forgets it."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.docks.stackinspector import StackInspector
from owsqt.qt.map.zones import ZoneOverlays
from owsqt.qt.movement.control import MoveController
from owsqt.rules.core.hexgrid import Hex


class Selection:
    """The hex whose stack is selected, shown in every place that shows it."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        counters: CounterLayer,
        inspector: StackInspector,
        zones: ZoneOverlays,
        moves: MoveController,
    ) -> None:
        self._window, self._bridge, self._counters = window, bridge, counters
        self._inspector, self._zones, self._moves = inspector, zones, moves

    @property
    def hex(self) -> Hex | None:
        return self._inspector.hex

    def show(self, hex_: Hex | None) -> None:
        """A stack clicked on the map (None: nothing selected)."""
        self._inspector.show_hex(hex_, self._bridge.seen())
        self._zones.select(hex_)
        reach = self._moves.select(hex_)
        if hex_ is not None:
            text = self._inspector.statusTip()
            self._window.statusBar().showMessage(f"{text}. {reach}" if reach else text, 12000)

    def select(self, hex_: Hex) -> None:
        """Select the stack on `hex_` as a click on it would (without spreading it)."""
        self._counters.expanded = None
        self._counters.restore()
        self.show(hex_)

    def clear(self) -> None:
        """No stack selected: the inspector empties and the shaded reach goes."""
        if self._inspector.hex is None and self._moves.selected is None:
            return
        self._counters.expanded = None
        self._counters.restore()
        self._inspector.show_hex(None, self._bridge.seen())
        self._zones.select(None)
        self._moves.clear_selection()

    def forget(self) -> None:
        """Another game on the table: nothing of the last one stays selected or spread."""
        self._counters.expanded = None
        self._inspector.show_hex(None, self._bridge.seen())
        self._zones.select(None)
        self._moves.clear_selection()
