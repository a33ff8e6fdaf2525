"""The autosave of a new game, written at its first action and not before (issue 20); and of
a game whose file could not be written, at its next action.

A new game journals in memory until a player acts beyond the default set-up the program
made; then it is saved whole in the autosave folder and goes on appending there. A game
nobody touched leaves no file behind, so that "Continue last game" never offers one."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from owsqt.journal.textformat import JournalError
from owsqt.qt.bridge import SessionBridge
from owsqt.userfiles import new_autosave_path

log = logging.getLogger(__name__)


class LazyAutosave(QObject):
    """Binds an unsaved game to a new autosave file once it holds more entries than when it
    came to the table. Construct it before the views connect to the bridge: the window's
    title then names the file from the first action on."""

    saved = Signal(Path)  # the new autosave, once written

    def __init__(
        self,
        bridge: SessionBridge,
        parent: QObject | None = None,
        path_for: Callable[[], Path] = new_autosave_path,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._path_for = path_for
        self._untouched = len(bridge.session.entries)
        bridge.replaced.connect(self._on_replaced)
        bridge.write_failed.connect(self._on_replaced)
        bridge.changed.connect(self._on_changed)

    def _on_replaced(self) -> None:
        """Another game on the table, or a game whose file could not be written and was let
        go: it is saved here at its next action, unless the player saves it first."""
        self._untouched = len(self.bridge.session.entries)

    def _on_changed(self) -> None:
        session = self.bridge.session
        if session.path is not None or len(session.entries) <= self._untouched:
            return
        path = self._path_for()
        try:
            session.save_as(path, replace=False)  # a fresh name: never over a file
        except (OSError, JournalError) as error:  # the game goes on in memory; Save As can
            log.warning("cannot autosave to %s: %s", path, error)  # still keep it
            reason = getattr(error, "strerror", None) or error
            self.bridge.say(f"Cannot autosave the game to {path}: {reason}")
            return
        self.saved.emit(path)
