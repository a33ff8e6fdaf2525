"""The Victory dock (19.0): where the scenario stands now, shown or hidden from the View
menu, a button for the result screen, and the result screen opened once when the game
ends. The rules judge (victory.result); this only shows it. A feature of the table
(qt/app/feature.py)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QPushButton, QVBoxLayout, QWidget

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.replay import ReplayDock
from owsqt.qt.play.resultdialog import ResultDialog
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Phase
from owsqt.rules.fog.view import SideView
from owsqt.rules.victory.crossing import Standing, across_seen
from owsqt.rules.victory.points import Count
from owsqt.rules.victory.result import live_standing

RESULT_TIP = (
    "The result screen: the level of victory, the points of each side and where each was "
    "earned (19.0)"
)
HIDDEN_TIP = "The result turns on German stacking points the fog of war hides from you (18.1)"


class VictoryControl(QObject):
    """The live standing, and the result when the game is over."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.window, self._bridge = window, bridge
        self.label = QLabel()
        self.label.setObjectName("victoryStanding")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.result_button = QPushButton("Result…")
        self.result_button.setObjectName("victoryResultButton")
        self.result_button.setToolTip(RESULT_TIP)
        self.result_button.clicked.connect(self.show_result)
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.label)
        layout.addWidget(self.result_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        self.dock = QDockWidget("Victory", window)
        self.dock.setObjectName("victoryDock")
        self.dock.setWidget(panel)
        self._announced: object = None  # the result last announced
        self.box: ResultDialog | None = None

    def refresh(self) -> None:
        """After every change: the standing; the result once, when the game ends."""
        session = self._bridge.session
        state = session.state
        scenario = self._bridge.ruleset.scenarios[state.scenario]
        over = state.phase is Phase.GAME_OVER
        seen = self._seen()
        standing = live_standing(self._bridge.ruleset, state, seen)
        hidden = isinstance(standing, Standing) and seen is not None and not across_seen(seen)
        rule = escape(str(scenario.victory.get("rule", "19.0")))
        lines = [f"<b>{escape(scenario.title)}</b> ({rule})"]
        self.result_button.setEnabled(standing is not None and not hidden)
        self.result_button.setToolTip(RESULT_TIP if not hidden else HIDDEN_TIP)
        if standing is None:
            lines.append("This game has no victory conditions.")
        elif isinstance(standing, Count):
            lines.extend(points_lines(standing))
        else:
            lines.extend(crossing_lines(scenario.victory, standing, hidden))
        if standing is not None and not hidden:
            lines.append(
                f"<b>{'Result' if over else 'If the game ended now'}</b>: "
                f"{escape(standing.result.text())}"
            )
        if state.result is not None:
            lines[-1] = f"<b>Result</b>: {escape(state.result.text())}"
        self.label.setText("<br>".join(lines))
        if state.phase is Phase.GAME_OVER and state.result is not None:
            if self._announced != (session, state.result):
                self._announced = (session, state.result)
                self.dock.show()
                self.dock.raise_()
                self.box = self.show_result()
        else:
            self._announced = None

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Victory: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Victory")
        toggle.setToolTip("Where the scenario's victory conditions stand now (19.0)")
        return toggle

    def hint(self) -> None:
        """None: the standing is the dock's, not the status line's."""

    def headline(self) -> None:
        """None: the standing never holds the status line."""

    def pick(self, hex_: Hex) -> None:
        """Nothing: a click on the map does not change the standing."""

    def _seen(self) -> SideView | None:
        """[18.1] What the viewer may know of the standing; the game over, everything."""
        state = self._bridge.session.state
        return None if state.phase is Phase.GAME_OVER else self._bridge.seen(state)

    def show_result(self) -> ResultDialog:
        """The result screen, over the table; it does not stop it."""
        box = ResultDialog(self.window, self._bridge.session, self.jump, self._seen())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def jump(self, entry: int) -> None:
        """Show the game after journal entry `entry` in the Replay dock."""
        self._bridge.watch(1, len(self._bridge.session.entries))
        replay = self.window.findChild(ReplayDock)
        if replay is not None:
            replay.show_entry(entry)


def crossing_lines(
    victory: Mapping[str, Any], standing: Standing, hidden: bool = False
) -> list[str]:
    """[19.13, 19.23] The stacking points across the river and the objective's holder;
    `hidden`: the points are not the viewer's to know (18.1)."""
    between = "–".join(victory.get("between", ()))
    points = "not seen under the fog of war (18.1)" if hidden else f"<b>{standing.across}</b>"
    lines = [f"German stacking points across the {escape(victory['river'])} ({between}): {points}"]
    if standing.holder is not None:
        lines.append(f"{victory['hold']} held by the {standing.holder.title} player")
    return lines


def points_lines(count: Count) -> list[str]:
    """[19.33, 19.42] Each side's points so far with what the end would add now."""
    lines = []
    for player_name, total in (("German", count.german), ("Soviet", count.soviet)):
        lines.append(f"{player_name} victory points: <b>{total}</b>")
        for line in count.lines:
            if line.player.title == player_name and (line.points or line.source == "losses"):
                points = line.points if line.counted else f"({line.points})"
                when = f", turn {line.award.turn}" if line.award else ""
                lines.append(f"&nbsp;&nbsp;{points} · {escape(line.text)}{when}")
    lines.append(f"Net: <b>{count.net}</b>, {escape(count.level.result)}")
    return lines
