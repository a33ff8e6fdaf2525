"""The result screen (19.0): the level of victory and the numbers that made it. For the
campaigns (19.33, 19.42) each side's sources with their points, and for each point earned
during play the turn and the journal entry, a button that shows the game as it stood then
in the Replay dock; for the short scenarios (19.13, 19.23) the stacking points across the
river and the objective hex's holder. The session's victory summary holds the numbers;
this only lays them out."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.fog.view import SideView
from owsqt.session import GameSession
from owsqt.session.victory import victory_summary

SIDES = (("german", "German"), ("soviet", "Soviet"))


class ResultDialog(QDialog):
    """The result and its sums; `jump(entry)` shows a journal entry in the Replay dock."""

    def __init__(
        self,
        parent: QWidget | None,
        session: GameSession,
        jump: Callable[[int], None],
        seen: SideView | None = None,
    ) -> None:
        """`seen`: what the viewer may know while the game goes on (18.1); None: all."""
        super().__init__(parent)
        self.setObjectName("resultDialog")
        self._jump = jump
        summary = victory_summary(session, seen=seen)
        summary = summary or {"final": False, "result": "No conditions"}
        self.summary = summary
        final = bool(summary["final"])
        self.setWindowTitle("The game is over" if final else "If the game ended now")
        layout = QVBoxLayout(self)
        head = QLabel(self._headline(summary))
        head.setObjectName("resultHeadline")
        head.setTextFormat(Qt.TextFormat.RichText)
        head.setWordWrap(True)
        layout.addWidget(head)
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(4)
        self.jumps: dict[int, QPushButton] = {}
        if "sources" in summary:
            self._fill_points(summary)
        else:
            self._fill_crossing(summary)
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # As tall as the sums need, the scroll bar only for a long list.
        content = body.sizeHint()
        chrome = head.sizeHint().height() + buttons.sizeHint().height() + 60
        self.resize(max(560, content.width() + 40), min(720, content.height() + chrome))

    def text(self) -> str:
        """The result in one line, as the log has it."""
        return str(self.summary["result"])

    @staticmethod
    def _headline(summary: dict[str, Any]) -> str:
        level = summary.get("level") or summary["result"].split(":")[0]
        when = "Result" if summary["final"] else "If the game ended now"
        return (
            f"<div style='font-size:15pt; font-weight:600'>{escape(str(level))}</div>"
            f"<div>{when}: {escape(summary['result'])}</div>"
        )

    def _cell(self, row: int, column: int, text: str, bold: bool = False) -> QLabel:
        label = QLabel(f"<b>{escape(text)}</b>" if bold else escape(text))
        label.setTextFormat(Qt.TextFormat.RichText)
        right = Qt.AlignmentFlag.AlignRight if column in (2, 3) else Qt.AlignmentFlag.AlignLeft
        label.setAlignment(right | Qt.AlignmentFlag.AlignVCenter)
        self.grid.addWidget(label, row, column)
        return label

    def _fill_points(self, summary: dict[str, Any]) -> None:
        """[19.33, 19.42] Per side: each source, its points, its turn and entry; the sums."""
        row = 0
        for column, title in enumerate(("Side", "Source", "VP", "Turn", "Earned at")):
            self._cell(row, column, title, bold=True)
        for side, name in SIDES:
            mine = [s for s in summary["sources"] if s["player"] == side]
            for index, source in enumerate(mine):
                row += 1
                self._cell(row, 0, name if index == 0 else "", bold=True)
                label = self._cell(row, 1, source["text"])
                points = str(source["points"]) if source["counted"] else f"({source['points']})"
                self._cell(row, 2, points)
                if not source["counted"]:
                    label.setToolTip("Not counted: a corridor exists at the end (19.33)")
                if "turn" in source:
                    self._cell(row, 3, str(source["turn"]))
                entry = source.get("entry")
                if entry:
                    self._jump_button(row, entry, source["text"])
            if not mine:
                row += 1
                self._cell(row, 0, name, bold=True)
                self._cell(row, 1, "no victory points")
            row += 1
            self._cell(row, 1, f"{name} total", bold=True)
            self._cell(row, 2, str(summary[side]), bold=True)
            row += 1
            self.grid.setRowMinimumHeight(row, 10)  # a gap between the sides
        row += 1
        self._cell(row, 1, f"Net German minus Soviet: {summary['level']}", bold=True)
        self._cell(row, 2, str(summary["net"]), bold=True)
        self.grid.setRowStretch(row + 1, 1)
        self.grid.setColumnStretch(1, 1)

    def _jump_button(self, row: int, entry: int, what: str) -> None:
        button = QPushButton(f"#{entry}")
        button.setObjectName(f"resultEntry{entry}")
        button.setToolTip(f"Show the game after entry {entry} in the Replay dock: {what}")
        button.clicked.connect(lambda: self._jump(entry))
        self.jumps[entry] = button
        self.grid.addWidget(button, row, 4)

    def _fill_crossing(self, summary: dict[str, Any]) -> None:
        """[19.13, 19.23] The stacking points across the river and the objective's holder."""
        if "across" not in summary:
            return
        self._cell(0, 0, "German stacking points across the river", bold=True)
        self._cell(0, 1, str(summary["across"]))
        if summary.get("holder"):
            self._cell(1, 0, "Objective hex held by", bold=True)
            self._cell(1, 1, f"the {summary['holder'].title()} player")
        self.grid.setRowStretch(2, 1)
