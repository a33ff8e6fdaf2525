"""An air allocation sealed ahead, by e-mail (4.3, session/sealedbids.py): the player chooses,
for each of his air units, a mission box it may fly or none, for his next Air Allocation
Segment; at its step it is made with those of his units still ready then."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.kit.dialogs import ok_cancel
from owsqt.rules.air.charts import BOX_NAMES, MISSION_BOXES, box_problem
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.scenario.ruleset import Ruleset

NONE = "No mission (stays ready)"


class AirAheadDialog(QDialog):
    """One combo box per air unit of `side`: its mission box, or none."""

    def __init__(
        self, parent: QWidget | None, ruleset: Ruleset, state: GameState, side: Player, turn: int
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{side.title} player: air allocation for turn {turn} (4.3)")
        text = QLabel(
            f"Choose the missions of your air units for turn {turn}'s Air Allocation "
            "Segment. They are sealed in the file you send now: your opponent cannot read "
            "them, and they are made for you at the step, with those of your units still "
            "ready then."
        )
        text.setWordWrap(True)
        form = QFormLayout()
        self.choices: dict[str, QComboBox] = {}
        for air_id, unit in ruleset.catalogue.air.items():
            if unit.player is not side or air_id not in state.air_units:
                continue
            combo = QComboBox(self)
            combo.addItem(NONE, None)
            for box in MISSION_BOXES[side]:
                if box_problem(ruleset, air_id, box) is None:
                    combo.addItem(BOX_NAMES[box], box)
            combo.setToolTip(f"{unit.name}: now {BOX_NAMES[state.air_units[air_id].box]}")
            combo.setObjectName(air_id)
            self.choices[air_id] = combo
            form.addRow(unit.name, combo)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)

    def set_missions(self, missions: dict[str, AirBox]) -> None:
        for air_id, combo in self.choices.items():
            index = combo.findData(missions.get(air_id))
            combo.setCurrentIndex(max(index, 0))

    def missions(self) -> FrozenMap[str, AirBox]:
        return FrozenMap(
            {
                air_id: combo.currentData()
                for air_id, combo in self.choices.items()
                if combo.currentData() is not None
            }
        )
