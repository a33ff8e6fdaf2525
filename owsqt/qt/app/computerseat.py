"""A game against the computer at the table (issue 38): the computer's turns played as they
come (qt/play/computerturns.py), View ▸ Computer's view (qt/play/computerview.py), and the
human's commands and the acting side's docks greyed while the computer is to move. The pace
between two moves of the computer is a setting (`computer/paceMs` in the program's
settings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QMainWindow

from owsqt.qt.app.waitgate import WaitGate
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.computerturns import PACE_MS, ComputerTurns
from owsqt.qt.play.computerview import ComputerView

PACE_KEY = "computer/paceMs"
MOST_PACE_MS = 5000


def pace_setting(store: QSettings) -> int:
    """The pace between two moves of the computer, in ms (PACE_MS unless set; 0 to
    MOST_PACE_MS, a value that is no number read as unset)."""
    try:
        pace = int(str(store.value(PACE_KEY, PACE_MS)))
    except ValueError:
        return PACE_MS
    return min(max(pace, 0), MOST_PACE_MS)


class ComputerSeat:
    """The computer at the table: its turns, its view, and what the human waits for."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        scene: QGraphicsScene,
        blocked: Callable[[], bool],
        settings: QSettings,
    ) -> None:
        self.turns = ComputerTurns(window, bridge, blocked, pace_setting(settings))
        self.view = ComputerView(window, bridge, scene)
        self.view_action = self.view.action
        self._gate = WaitGate()  # the docks' contents greyed while the computer moves

    def gate(self, actions: Iterable[QAction], docks: Iterable[QDockWidget | None]) -> None:
        """While the computer is to move, grey `actions` (End step, Roll the die) with the
        reason, and the contents of `docks` where the acting side's pages are (air, combat,
        the pocket...): what they offer is the computer's to do (waitgate.py)."""
        self._gate.hold(self.turns.why_wait(), actions, docks)

    def follow(self) -> None:
        """Look whether the computer is to move (after a replay the human left)."""
        self.turns.follow()

    def stop(self) -> None:
        """The window closes: nothing more is played."""
        self.turns.stop()
