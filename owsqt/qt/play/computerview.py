"""View ▸ Computer's view, in a game against the computer (issue 38): the heuristic player's
analysis of the game (players/heuristic/analysis.py) drawn over the map: each hex tinted by
the computer's influence against the human's, and the scenario's objectives ringed
(map/influence.py). The analysis runs off the window's thread (kit/background.py): its first
one builds the distance fields of the scenario, a second or so.

[18.1] What it is drawn from: without the fog of war (or in free play with the fog turned
off at the table) the computer's own situation, the whole game; under the fog of war the
game as the human's side may know it (its own world: the computer's hidden counters as
phantoms), weighed for the computer's side, so that it shows nothing the human may not
see (docs/rulebook-readings.md R176)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QGraphicsScene, QMainWindow

from owsqt.players.heuristic.analysis import Analysis, analyse
from owsqt.players.interface import Situation, situation_of
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.background import Background
from owsqt.qt.map.influence import InfluenceOverlay
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset

VIEW_KEYS = "Ctrl+Shift+V"
VIEW_TIP = (
    "Draw over the map how the computer reads the game: hexes tinted orange where its forces "
    "weigh more, blue where yours do, the deeper the stronger; the scenario's objectives "
    "outlined in red, the hex to hold ringed (19.x). "
    f"Under the fog of war, weighed from what your side sees (18.1). ({VIEW_KEYS})"
)
NOT_AGAINST = "only in a game against the computer (File ▸ New game ▸ Against the computer)"


def shown_situation(
    ruleset: Ruleset, state: GameState, computer: Player, viewer: Player | None
) -> Situation:
    """[18.1] The situation the Computer's view draws: the computer's own (`viewer` None:
    the table may show everything), else the viewer's world weighed for the computer."""
    if viewer is None:
        return situation_of(ruleset, state, computer)
    return replace(situation_of(ruleset, state, viewer), side=computer)


class ComputerView:
    """The View menu's Computer's view and what it draws."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, scene: QGraphicsScene) -> None:
        self._bridge = bridge
        self.overlay = InfluenceOverlay(scene)
        self.background = Background(window, self._failed)
        self.shown: Analysis | None = None  # what the overlay draws, once it came back
        self._drawn_for: tuple[GameState, Player | None] | None = None
        self.action = QAction("Computer's &view", window)
        self.action.setObjectName("computerViewAction")
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(VIEW_KEYS))
        self.action.setToolTip(VIEW_TIP)
        self.action.setStatusTip(VIEW_TIP)
        self.action.toggled.connect(self._toggled)
        bridge.changed.connect(self.refresh)
        bridge.view_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Offered in a game against the computer only; while on, drawn for the game as it
        stands (the analysis of a state that has gone is dropped)."""
        seat = self._bridge.session.seat
        self.action.setEnabled(seat is not None)
        self.action.setToolTip(VIEW_TIP if seat is not None else f"Not now: {NOT_AGAINST}")
        if seat is None and self.action.isChecked():
            self.action.setChecked(False)  # hides it
            return
        if seat is None or not self.action.isChecked():
            return
        session, viewer = self._bridge.session, self._bridge.viewer
        state = session.state
        if self._drawn_for == (state, viewer):
            return
        self._drawn_for = (state, viewer)
        situation = shown_situation(session.ruleset, state, seat.side, viewer)
        self.background.start(lambda: analyse(situation).complete(), self._show)

    def _toggled(self, on: bool) -> None:
        self.overlay.setVisible(on and self.shown is not None)
        if on:
            self.refresh()
        else:
            self.background.cancel()
            self._drawn_for = None

    def _show(self, analysis: Analysis) -> None:
        self.shown = analysis
        session = self._bridge.session
        hold = session.ruleset.scenarios[session.state.scenario].victory.get("hold")
        at = session.ruleset.grid.hex_of(hold) if hold else None
        self.overlay.show_analysis(analysis.influence, analysis.objectives, at)
        self.overlay.setVisible(self.action.isChecked())

    def _failed(self, error: BaseException) -> None:
        self._drawn_for = None
        self.action.setChecked(False)
        self._bridge.say(f"The computer's view cannot be drawn: {error}", 10000)
