"""Every dock in the View menu, so that a closed one can always be opened again, and the
right dock area's tabs readable: down its outer edge, titles whole, not "S…", "A…".

`add_dock_entries` lists each QDockWidget of the window that the menu does not list yet
(a dock's entry is its toggleViewAction, or an action that carries the dock as `data()`);
docks made later are picked up when the menu opens."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QTabBar, QTabWidget

# objectName: (menu text, shortcut or "", tooltip) for the docks that had no entry before.
DOCK_ENTRIES = {
    "logDock": ("Game &log", "Ctrl+Shift+G", "Every action of the game, in order"),
    "stackDock": ("S&tack", "Ctrl+Shift+T", "The units of the selected hex, top first"),
    "overviewDock": ("&Overview", "Ctrl+Shift+M", "The whole map small; click to go there"),
    "airDock": ("Air o&perations", "", "The air segment's page and both charts (4.3-4.6)"),
}


def dock_entries(menu: QMenu) -> dict[QDockWidget, QAction]:
    """The docks `menu` (and its submenus) lists, and the entry of each."""
    found: dict[QDockWidget, QAction] = {}
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.update(dock_entries(sub))
            continue
        dock = action.data()
        if not isinstance(dock, QDockWidget):
            owner = action.parent()
            if isinstance(owner, QDockWidget) and owner.toggleViewAction() is action:
                dock = owner
        if isinstance(dock, QDockWidget):
            found[dock] = action
    return found


def add_dock_entries(window: QMainWindow, menu: QMenu) -> None:
    """Add an entry for each dock of `window` that `menu` does not list, now and whenever
    the menu opens; and put the tabs of the right dock area where their titles fit."""
    window.setTabPosition(Qt.DockWidgetArea.RightDockWidgetArea, QTabWidget.TabPosition.East)
    window.installEventFilter(_WholeTabTitles(window))
    _add_missing(window, menu)
    menu.aboutToShow.connect(lambda: _add_missing(window, menu))


def _add_missing(window: QMainWindow, menu: QMenu) -> None:
    listed = dock_entries(menu)
    missing = [d for d in window.findChildren(QDockWidget) if d not in listed]
    if not missing:
        return
    menu.addSeparator()
    for dock in missing:
        entry = dock.toggleViewAction()
        text, keys, tip = DOCK_ENTRIES.get(
            dock.objectName(), (dock.windowTitle(), "", f"Show or hide the {dock.windowTitle()}")
        )
        entry.setText(text)
        entry.setToolTip(tip)
        entry.setStatusTip(tip)
        if keys and not _taken(window, keys):
            entry.setShortcut(QKeySequence(keys))
        window.addAction(entry)  # the shortcut works with the menu closed
        menu.addAction(entry)
    menu.setToolTipsVisible(True)


class _WholeTabTitles(QObject):
    """The dock areas' tab bars (made by Qt as docks are tabbed) show whole titles, with
    scroll arrows when they do not all fit, and each tab the dock's tooltip."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ChildAdded, QEvent.Type.LayoutRequest, QEvent.Type.Show):
            QTimer.singleShot(0, self.fix)
        return False

    def fix(self) -> None:
        docks = {d.windowTitle(): d for d in self._window.findChildren(QDockWidget)}
        for bar in self._window.findChildren(QTabBar):
            if bar.parent() is not self._window:
                continue  # a tab widget's own bar, inside some dock
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)
            for index in range(bar.count()):
                dock = docks.get(bar.tabText(index).replace("&", ""))
                if dock is not None:
                    tip = dock.toggleViewAction().toolTip() or dock.windowTitle()
                    bar.setTabToolTip(index, tip)


def _taken(window: QMainWindow, keys: str) -> bool:
    """Whether another action of the window already answers `keys`."""
    wanted = QKeySequence(keys)
    return any(a.shortcut() == wanted for a in window.findChildren(QAction))
