"""The game library on the desktop: File ▸ Games… lists the saved games and the played
autosaves with their facts, newest first; "Continue last game" resumes the game played
last, offered at start on a bar above the map that never blocks the new game (issue 20)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QPushButton,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.gamelibrary import GameFacts, last_played, library
from owsqt.qt.bridge import SessionBridge
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.userfiles import RecentFiles, autosave_dir, games_dir

GAMES_KEYS = "Ctrl+Shift+O"
COLUMNS = ("Scenario", "Turn", "Sides", "Mode", "Play", "Last played", "File")
JOURNAL_FILTER = "owsqt games (*.owsg);;All files (*)"


def when(facts: GameFacts) -> str:
    """'2026-11-21 14:05': sorts as it reads, in local time."""
    return f"{facts.modified:%Y-%m-%d %H:%M}"


def open_dialog(parent: QWidget | None = None) -> QFileDialog:
    """The Open dialog, starting in the games folder, with the autosaves a click away."""
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    dialog = QFileDialog(parent, "Open game", str(folder), JOURNAL_FILTER)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    places = [QUrl.fromLocalFile(str(folder))]
    if autosave_dir().is_dir():
        places.append(QUrl.fromLocalFile(str(autosave_dir())))
    dialog.setSidebarUrls([*dialog.sidebarUrls(), *places])
    return dialog


class GamesDialog(QDialog):
    """The library: one row per game; a double click or Enter opens it."""

    open_requested = Signal(Path)

    def __init__(
        self,
        ruleset: Ruleset,
        parent: QWidget | None = None,
        recent: RecentFiles | None = None,
        me: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Games")
        self.setObjectName("gamesDialog")
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("gamesList")
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setToolTip("Double-click a game, or press Enter, to open it")
        self.games = library(ruleset, recent, me=me)
        for facts in self.games:
            item = QTreeWidgetItem(
                [
                    facts.scenario,
                    facts.where,
                    facts.sides,
                    facts.mode,
                    facts.play,
                    when(facts),
                    "autosave" if facts.autosave else facts.path.name,
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, str(facts.path))
            for column in range(len(COLUMNS)):
                item.setToolTip(column, str(facts.path))
            self.tree.addTopLevelItem(item)
        for column in range(len(COLUMNS)):
            self.tree.resizeColumnToContents(column)
        first = self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)
        self.tree.itemActivated.connect(self._open_item)
        self.empty = QLabel("No saved or played games yet: start one with File ▸ New game.")
        self.empty.setVisible(not self.games)
        where = QLabel(
            f"Saved games are kept where you save them (Save As proposes {games_dir()}); "
            f"autosaves in {autosave_dir()}."
        )
        where.setWordWrap(True)
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.open_button = QPushButton("&Open", self)
        self.open_button.setDefault(True)
        self.open_button.setEnabled(bool(self.games))
        self.open_button.clicked.connect(lambda: self._open_item(self.tree.currentItem()))
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(self.empty)
        layout.addWidget(where)
        layout.addWidget(buttons)
        width = sum(self.tree.columnWidth(c) for c in range(len(COLUMNS)))
        self.resize(min(max(width + 40, 640), 1200), 420)

    def _open_item(self, item: QTreeWidgetItem | None, _column: int = 0) -> None:
        if item is None:
            return
        self.open_requested.emit(Path(item.data(0, Qt.ItemDataRole.UserRole)))
        self.accept()


class ContinueBar(QToolBar):
    """'Continue the game of … ?' above the map at start: the new game is ready meanwhile."""

    def __init__(self, facts: GameFacts, resume: Callable[[], object], parent: QWidget) -> None:
        super().__init__("Continue last game", parent)
        self.setObjectName("continueBar")
        self.setMovable(False)
        self.facts = facts
        self.label = QLabel(
            f"  Last played: {facts.scenario}, {facts.where} ({facts.mode}, {facts.play}), "
            f"{when(facts)}  ",
            self,
        )
        self.label.setToolTip(str(facts.path))
        self.addWidget(self.label)
        self.continue_button = QPushButton("&Continue last game", self)
        self.continue_button.setToolTip(f"Open {facts.path} and play on")
        self.continue_button.clicked.connect(resume)
        self.addWidget(self.continue_button)
        dismiss = QPushButton("Play the new game", self)
        dismiss.setToolTip("Hide this bar; File ▸ Continue last game still resumes it")
        dismiss.clicked.connect(self.hide)
        self.addWidget(dismiss)


class GameLibrary(QObject):
    """The File menu's Games… and Continue last game, and the bar that offers it at start."""

    def __init__(
        self,
        window: QMainWindow,
        ruleset: Ruleset,
        bridge: SessionBridge,
        load: Callable[[Path], bool],
        recent: Callable[[], RecentFiles],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.ruleset = ruleset
        self.bridge = bridge
        self._load = load
        self._recent = recent
        self.bar: ContinueBar | None = None
        self.action = QAction("&Games…", window)
        self.action.setShortcut(QKeySequence(GAMES_KEYS))
        self.action.setToolTip("Your saved games and autosaves, with scenario, turn and date")
        self.action.triggered.connect(self.show_games)
        self.continue_action = QAction("&Continue last game", window)
        self.continue_action.setToolTip("Open the game you played last, save or autosave")
        self.continue_action.triggered.connect(self.continue_last)
        bridge.replaced.connect(self._hide_bar)

    def _me(self) -> str | None:
        try:
            return self.bridge.session.identity.public
        except (OSError, ValueError):
            return None

    def show_games(self) -> GamesDialog:
        dialog = GamesDialog(self.ruleset, self.window, self._recent(), self._me())
        dialog.open_requested.connect(self._load)
        dialog.open()  # window-modal, and the event loop goes on
        return dialog

    def last(self) -> GameFacts | None:
        return last_played(self.ruleset, self._recent(), me=self._me())

    def continue_last(self) -> bool:
        facts = self.bar.facts if self.bar is not None and self.bar.isVisible() else self.last()
        if facts is None:
            self.bridge.say("No played game to continue: saves and autosaves hold none", 6000)
            return False
        return self._load(facts.path)

    def offer_continue(self) -> ContinueBar | None:
        """At start: a bar above the map to continue the game played last, if there is one."""
        facts = self.last()
        if facts is None:
            return None
        self.bar = ContinueBar(facts, self.continue_last, self.window)
        self.window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.bar)
        return self.bar

    def _hide_bar(self) -> None:
        if self.bar is not None:
            self.bar.hide()
