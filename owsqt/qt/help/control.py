"""The Help of the main window: the Rulebook dock (View ▸ Rulebook, F1), rule citations
made links wherever the window shows them, the keyboard shortcut list and the map legend.

A feature of the table (qt/app/feature.py), made after every other dock: its dock is a
column of its own at the right, which it places itself; the window puts `actions()` in its
Help menu; everything else is wired here."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow
from shiboken6 import isValid

from owsqt.qt.help.helpdock import HelpDock
from owsqt.qt.help.legend import LegendDialog
from owsqt.qt.help.linker import LabelLinks, LogLinks, StatusLinks
from owsqt.qt.help.rulebook import Rulebook, load_rulebook, parse, rulebook_path
from owsqt.qt.help.shortcuts import ShortcutsDialog
from owsqt.rules.core.hexgrid import Hex

RULEBOOK_KEYS = "F1"
SHORTCUT_KEYS = "Ctrl+/"
LEGEND_KEYS = "Shift+F1"
DOCK_WIDTH = 620


def _book() -> Rulebook:
    try:
        return load_rulebook()
    except OSError as error:  # a broken install: say where the file should be
        return parse(f"The rulebook could not be read: {rulebook_path()}\n\n{error}")


class HelpControl(QObject):
    def __init__(self, window: QMainWindow, bridge, log=None, counters=None) -> None:
        super().__init__(window)
        self.window = window
        self.dock = HelpDock(_book(), window)
        self.dock.missing.connect(
            lambda number: window.statusBar().showMessage(
                f"The rulebook has no clause {number}", 6000
            )
        )
        # A column of its own at the right: wide enough for the charts, the full height.
        window.addDockWidget(
            Qt.DockWidgetArea.RightDockWidgetArea, self.dock, Qt.Orientation.Horizontal
        )
        self.dock.hide()
        self.dock.visibilityChanged.connect(self._widen)
        self.rulebook_action = self.dock.toggleViewAction()
        self.rulebook_action.setText("&Rulebook")
        self.rulebook_action.setShortcut(QKeySequence(RULEBOOK_KEYS))
        self.rulebook_action.setToolTip(
            "The rulebook, searchable (Ctrl+F in it); every rule number is a link to it"
        )
        self.shortcuts_action = QAction("&Keyboard shortcuts", window)
        self.shortcuts_action.setShortcut(QKeySequence(SHORTCUT_KEYS))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.legend_action = QAction("Map &legend", window)
        self.legend_action.setShortcut(QKeySequence(LEGEND_KEYS))
        self.legend_action.setToolTip("Terrain, roads, rivers, zones and markers of the map")
        self.legend_action.triggered.connect(self.show_legend)
        hint = getattr(window, "hint", None)
        self.status_links = StatusLinks(window.statusBar(), self.open_rule, hint)
        self.label_links = LabelLinks(
            window, self.open_rule, self.heading, skip=(self.dock, self.status_links)
        )
        self.log_links = LogLinks(log, self.open_rule, self.heading) if log is not None else None
        # Every change that may show a new citation asks for the links once the event loop
        # turns: a burst (a dozen docks shown at the start, a game opened) walks the labels once.
        self._relink = QTimer(self, singleShot=True, interval=0)
        self._relink.timeout.connect(self.link_texts)
        bridge.changed.connect(self._link_soon)
        if counters is not None:
            counters.hex_selected.connect(self._link_soon)
        window.statusBar().messageChanged.connect(self._link_soon)
        for dock in window.findChildren(QDockWidget):
            dock.visibilityChanged.connect(self._link_soon)
        self._link_soon()  # after the window's first refresh

    def _link_soon(self, *_signalled: object) -> None:
        self._relink.start()

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> None:
        """None: the Rulebook is a column of its own, placed when it is made."""

    def view_action(self) -> QAction:
        return self.rulebook_action

    def refresh(self) -> None:
        """Nothing: the links follow every change by themselves (`_link_soon`)."""

    def hint(self) -> None:
        """None: the status line's citations are links, nothing more."""

    def headline(self) -> None:
        """None: help never holds the status line."""

    def pick(self, hex_: Hex) -> None:
        """Nothing: a click may show a new citation, which `_link_soon` follows."""

    def actions(self) -> list[QAction]:
        """The Help menu's entries."""
        return [self.rulebook_action, self.shortcuts_action, self.legend_action]

    def open_rule(self, number: str) -> bool:
        """Open the Rulebook dock at clause `number` (or the clause that holds it)."""
        return self.dock.show_clause(number)

    def _widen(self, shown: bool) -> None:
        """Opened narrow (the first time, or squeezed by other docks): wide enough to read."""
        if shown and not self.dock.isFloating() and self.dock.width() < DOCK_WIDTH // 2:
            self.window.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)

    def heading(self, number: str) -> str:
        """A citation's clause as the rulebook heads it: "8.2 Movement Restrictions"."""
        key = self.dock.book.resolve(number)
        section = self.dock.book.section(key) if key else None
        return section.label if section else number

    def link_texts(self) -> int:
        """The status bar's links follow its message or hint, and every label of the window
        that cites a rule opens it on a click; how many labels cite one."""
        if not isValid(self.window):  # the window is being destroyed: its docks hide
            return 0
        self.status_links.show_message(self.window.statusBar().currentMessage())
        return self.label_links.watch()

    def show_shortcuts(self) -> ShortcutsDialog:
        dialog = ShortcutsDialog(self.window)
        dialog.show()
        return dialog

    def show_legend(self) -> LegendDialog:
        dialog = LegendDialog(self.window)
        dialog.show()
        return dialog
