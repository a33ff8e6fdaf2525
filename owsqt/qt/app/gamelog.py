"""The Game log dock: the journal's lines as the side the table is drawn for may read them
(18.1), a violation in red, the computer's reason for a move of its own set apart (issue
38: italic, its glyph), and the line of the entry a replay shows."""

from __future__ import annotations

from bisect import bisect_right

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QMainWindow

from owsqt.qt.bridge import SessionBridge
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import fog_on
from owsqt.session import GameSession, LogLine

_VIOLATION_COLOUR = QColor("#a33")
_COMPUTER_COLOUR = QColor("#4b3f7a")
COMPUTER_GLYPH = "⚙"  # before the computer's reason for its move
COMPUTER_TIP = "Why the computer made this move: its player, strength and reason (issue 38)"


def line_text(line: LogLine) -> str:
    """A log line as the dock shows it: its entry's number, the computer's glyph before
    its reason."""
    if line.kind == "computer":
        return f"#{line.entry}  {COMPUTER_GLYPH} {line.text}"
    return f"#{line.entry}  {line.text}"


def style_line(item: QListWidgetItem, line: LogLine) -> None:
    """A violation in red; the computer's reason in italic, in its own colour."""
    if line.kind == "violation":
        item.setForeground(_VIOLATION_COLOUR)
    elif line.kind == "computer":
        item.setForeground(_COMPUTER_COLOUR)
        font = QFont(item.font())
        font.setItalic(True)
        item.setFont(font)
        item.setToolTip(COMPUTER_TIP)


class GameLog:
    """The log list in its dock, kept equal to the session's journal."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        self._bridge = bridge
        self.list = QListWidget(window)
        self.list.setObjectName("gameLog")
        self.list.setWordWrap(True)
        self._logged_session: GameSession | None = None
        self._logged_entries = 0  # journal entries already shown in the log
        self._logged_viewer: Player | None = None  # the side the log is told for (18.1)
        self._logged_lines: list[LogLine] = []  # with fog of war, the lines shown (18.1)
        self.dock = QDockWidget("Game log", window)
        self.dock.setObjectName("logDock")
        self.dock.setWidget(self.list)

    def show(self, *, follow: bool) -> None:
        """The log's new lines, as the side the table is drawn for may read them (18.1):
        all of it again for another game or another side; the replay's text likewise.
        With fog of war a line names only the enemy units the viewer sees now
        (`log_lines`), so the lines already shown are told again where that changed.
        `follow`: scroll to the last line (not while a replay shows the line of its entry)."""
        session, viewer, log = self._bridge.session, self._bridge.viewer, self.list
        if self._logged_session is not session or self._logged_viewer is not viewer:
            log.clear()  # a new or opened game, or another side's eyes: start over
            self._logged_entries = 0
            self._logged_lines = []
            self._logged_session = session
            self._logged_viewer = viewer
        fogged = viewer is not None and fog_on(session.state)
        since = 0 if fogged else self._logged_entries
        lines = session.log_lines(since=since, side=viewer)
        shown = self._logged_lines if fogged else []
        for row, line in enumerate(lines):
            if row < len(shown):
                # 18.1: a line told again (a unit it named has gone dark, or back) is new
                if line is not shown[row]:
                    log.item(row).setText(line_text(line))
                continue
            item = QListWidgetItem(line_text(line))
            item.setData(Qt.ItemDataRole.UserRole, line.entry)
            style_line(item, line)
            log.addItem(item)
        self._logged_entries = len(session.entries)
        self._logged_lines = lines if fogged else []
        if follow:
            log.scrollToBottom()

    def show_entry(self, entry: int) -> None:
        """The last line of journal entry `entry` made current (none: the game as it began)."""
        log = self.list
        rows = range(log.count())
        row = bisect_right(rows, entry, key=lambda r: log.item(r).data(Qt.ItemDataRole.UserRole))
        log.setCurrentRow(row - 1)  # -1, no line: the game as it began
        if row:
            log.scrollToItem(log.currentItem())
        else:
            log.scrollToTop()
