"""Help ▸ Keyboard shortcuts: every shortcut of the main window's actions, gathered from
its menus (not written out by hand, so it never goes stale), grouped by menu."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

ELSEWHERE = "Elsewhere"


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…. ")


def _keys(action: QAction) -> str:
    return ", ".join(
        key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
    )


def _walk(menu: QMenu, path: str, into: dict[str, list[tuple[str, str]]], seen: set) -> None:
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            _walk(sub, f"{path} ▸ {_plain(sub.title())}", into, seen)
        elif action.shortcuts() and not action.isSeparator():
            seen.add(action)
            into.setdefault(path, []).append((_plain(action.text()), _keys(action)))


def gather_shortcuts(window: QMainWindow) -> dict[str, list[tuple[str, str]]]:
    """Menu title -> (action, keys) for every action of `window` with a shortcut; actions
    outside the menus (toolbars, docks) are listed under "Elsewhere"."""
    groups: dict[str, list[tuple[str, str]]] = {}
    seen: set[QAction] = set()
    for entry in window.menuBar().actions():
        menu = entry.menu()
        if isinstance(menu, QMenu):
            _walk(menu, _plain(menu.title()), groups, seen)
    for action in window.findChildren(QAction):
        if action not in seen and action.shortcuts() and action.text():
            seen.add(action)
            groups.setdefault(ELSEWHERE, []).append((_plain(action.text()), _keys(action)))
    return groups


class ShortcutsDialog(QDialog):
    def __init__(self, window: QMainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard shortcuts")
        self.setObjectName("shortcutsDialog")
        layout = QVBoxLayout(self)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels(["Command", "Keys"])
        self.tree.setRootIsDecorated(False)
        for group, rows in gather_shortcuts(window).items():
            head = QTreeWidgetItem([group, ""])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            head.setFirstColumnSpanned(True)
            self.tree.addTopLevelItem(head)
            head.addChildren([QTreeWidgetItem([text, keys]) for text, keys in rows])
            head.setExpanded(True)
        self.tree.resizeColumnToContents(0)
        self.tree.setColumnWidth(0, self.tree.columnWidth(0) + 24)
        layout.addWidget(self.tree)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 560)

    def rows(self) -> list[tuple[str, str, str]]:
        """(menu, command, keys) as listed."""
        found: list[tuple[str, str, str]] = []
        for i in range(self.tree.topLevelItemCount()):
            head = self.tree.topLevelItem(i)
            children = [head.child(j) for j in range(head.childCount())] if head else []
            found.extend((head.text(0), c.text(0), c.text(1)) for c in children if head and c)
        return found
