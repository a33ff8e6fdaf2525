"""The File menu's list of recently opened games, drawn from userfiles.RecentFiles."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from owsqt.userfiles import RecentFiles


def entry_text(number: int, path: Path) -> str:
    """'&1 game.owsg — ~/games': the number is the key to press, the folder tells apart games
    of the same name. An ampersand in a name is doubled, or Qt would take it for a key."""
    folder = str(path.parent)
    home = Path.home()
    if path.parent.is_relative_to(home):
        inside = path.parent.relative_to(home)
        folder = "~" if inside == Path() else str(Path("~") / inside)
    key = f"&{number}" if number < 10 else str(number)
    return f"{key} {path.name.replace('&', '&&')} — {folder.replace('&', '&&')}"


class RecentFilesMenu(QMenu):
    """Lists the recent games, newest first; choosing one emits `open_requested`.

    The list is read again each time the menu opens, so games deleted or saved by another
    window meanwhile are shown as they are now."""

    open_requested = Signal(Path)

    def __init__(
        self,
        recent: RecentFiles | None = None,
        parent: QWidget | None = None,
        title: str = "Open &Recent",
    ) -> None:
        super().__init__(title, parent)
        self.setObjectName("recentFilesMenu")
        self.setToolTipsVisible(True)  # the full path of each game
        self.recent = recent if recent is not None else RecentFiles()
        self.aboutToShow.connect(self.refresh)
        self.refresh()

    def add(self, path: Path) -> None:
        """Remember a game just opened or saved, and show it first."""
        self.recent.add(path)
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the entries from the list on disk."""
        self.clear()
        paths = self.recent.paths()
        for number, path in enumerate(paths, start=1):
            action = QAction(entry_text(number, path), self)
            action.setToolTip(str(path))
            action.setStatusTip(f"Open {path}")
            # Bind the path now: the loop variable would be the last one by the time of a click.
            action.triggered.connect(lambda _checked=False, p=path: self.open_requested.emit(p))
            self.addAction(action)
        if not paths:
            empty = self.addAction("No recent games")
            empty.setEnabled(False)
        self.addSeparator()
        self.clear_action = self.addAction("&Clear recent files")
        self.clear_action.setObjectName("clearRecentFiles")
        self.clear_action.setToolTip("Forget the list; the games themselves are kept")
        self.clear_action.setEnabled(bool(paths))
        self.clear_action.triggered.connect(self.clear_recent)

    def clear_recent(self) -> None:
        self.recent.clear()
        self.refresh()

    def game_actions(self) -> list[QAction]:
        """The entries that open a game, in menu order (for tests and the lead's wiring)."""
        return [
            action
            for action in self.actions()
            if action.isEnabled() and not action.isSeparator() and action is not self.clear_action
        ]
