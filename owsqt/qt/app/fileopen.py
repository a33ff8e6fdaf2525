"""Game files the desktop is asked to open while it runs. On macOS a document
double-clicked in the Finder (the bundle's CFBundleDocumentTypes, packaging/macos) comes
as a QFileOpenEvent to the application, not on the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent


class FileOpenFilter(QObject):
    """Hands each file the system asks the application to open to `open_game`."""

    def __init__(self, open_game: Callable[[Path], object], parent: QObject | None = None):
        super().__init__(parent)
        self._open_game = open_game

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self._open_game(Path(event.file()))
            return True
        return super().eventFilter(watched, event)
