"""The Victory dock (19.0): where the scenario stands now, shown or hidden from the View
menu, and the result announced once when the game ends. The rules judge
(victory.result); this only shows it."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox

from owsqt.qt.bridge import SessionBridge
from owsqt.rules.core.steps import Phase
from owsqt.rules.victory.result import live_standing


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
        self.label.setMargin(8)
        self.dock = QDockWidget("Victory", window)
        self.dock.setObjectName("victoryDock")
        self.dock.setWidget(self.label)
        self._announced: object = None  # the result last announced
        self.box: QMessageBox | None = None

    def refresh(self) -> None:
        """After every change: the standing; the result once, when the game ends."""
        session = self._bridge.session
        state = session.state
        scenario = self._bridge.ruleset.scenarios[state.scenario]
        victory = scenario.victory
        standing = live_standing(self._bridge.ruleset, state)
        lines = [f"<b>{escape(scenario.title)}</b> ({escape(str(victory.get('rule', '19.0')))})"]
        if standing is None:
            lines.append("Victory points are counted when the pocket rules land (19.33).")
        else:
            between = "–".join(victory.get("between", ()))
            lines.append(
                f"German stacking points across the {escape(victory['river'])} "
                f"({between}): <b>{standing.across}</b>"
            )
            if standing.holder is not None:
                lines.append(f"{victory['hold']} held by the {standing.holder.title} player")
            over = state.phase is Phase.GAME_OVER
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
                self.box = announce(self.window, state.result.text())
        else:
            self._announced = None


def announce(parent: QMainWindow, text: str) -> QMessageBox:
    """The result, in a box the players close (19.0); it does not stop the table, so a
    replay or an undo may follow at once."""
    box = QMessageBox(parent)
    box.setWindowTitle("The game is over")
    box.setIcon(QMessageBox.Icon.Information)
    box.setText(text)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
