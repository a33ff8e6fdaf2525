"""The turn and phase bar: turn and date, weather and roads, the step of the sequence of
play, who acts, and the mode; with the buttons that move the game on."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QToolBar, QWidget

from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.turntrack import TurnRecord


def turn_text(state: GameState, mode: Mode, track: tuple[TurnRecord, ...]) -> str:
    """ "Turn 3 of 23 · AM 13 December 1942 · overcast, roads passable · ..."."""
    parts = [f"Turn {state.turn} of {state.last_turn}"]
    if 1 <= state.turn <= len(track):
        record = track[state.turn - 1]
        parts.append(record.date)
        parts.append(f"{record.weather}, roads {record.roads}")
    step = f"{state.phase.title}: {state.segment.title}"
    parts.append(step[0].upper() + step[1:])
    if state.active is not None:
        parts.append(f"{state.active.title} player")
    parts.append(mode.value.upper())
    return " · ".join(parts)


class TurnBar(QToolBar):
    """A toolbar showing where the game stands, with End step and Roll the die."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__("Turn", parent)
        self.setObjectName("turnBar")
        self.setMovable(False)
        self.label = QLabel(self)
        self.label.setObjectName("turnLabel")
        self.label.setContentsMargins(8, 0, 12, 0)
        self.addWidget(self.label)
        self.addSeparator()
        for action in actions:
            self.addAction(action)

    def show_state(self, state: GameState, mode: Mode, track: tuple[TurnRecord, ...]) -> None:
        self.label.setText(turn_text(state, mode, track))
        self.label.setToolTip("The sequence of play (3.1) and the Turn Record Track")
