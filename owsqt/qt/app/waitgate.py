"""What the player at this computer may not use while the game waits for someone else: the
computer moving (computerseat.py), or, by e-mail, the opponent's file (issue 39: the table
of the side that waits offers no button of a step that is not his)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from owsqt.qt.app.menurules import explain


class WaitGate:
    """Greys commands and dock pages while a reason to wait holds, and gives the docks'
    pages back when it is gone."""

    def __init__(self) -> None:
        self._held: list[QWidget] = []  # the docks' contents greyed by this gate

    def hold(
        self, reason: str | None, actions: Iterable[QAction], docks: Iterable[QDockWidget | None]
    ) -> None:
        """With a `reason`, grey `actions` with it as their tooltip, and the contents of
        `docks` (the acting side's pages: air, combat, the pocket...). Without one, the
        actions are left as the window's refresh set them and the docks given back."""
        if reason is None:
            for widget in self._held:
                widget.setEnabled(True)
            self._held.clear()
            return
        for action in actions:
            action.setEnabled(False)
            explain(action, reason)
        for dock in docks:
            if dock is None:
                continue
            widget = dock.widget()
            if widget is not None and widget.isEnabled():
                widget.setEnabled(False)
                self._held.append(widget)
