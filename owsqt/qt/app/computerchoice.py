"""The New Game dialog's rows under "Against the computer" (issue 38): the human's side, the
computer's player (players/names.py) and its strength level, each level said openly as its
budget and its randomness (players/interface.py: LEVELS), never a bonus."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.players.interface import LEVELS
from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES
from owsqt.rules.core.vocabulary import Player
from owsqt.session.seat import Seat

DEFAULT_SEAT = Seat(Player.SOVIET)  # its player and level are the defaults offered

# What each player does, in a line (a player of another name is offered without one).
PLAYER_TIPS = {
    "random": "Plays any action the rules allow, at random: a first game to learn the table",
    "greedy": "Tries each action the rules allow and plays the one that leaves the best "
    "position a step ahead: material, victory, nearness to the objectives",
    "heuristic": "Weighs each step of the sequence of play: attacks by the odds of the "
    "Combat Results Table, moves toward the scenario's objectives, its line and its flanks",
}


def level_tip(name: str) -> str:
    """What the strength level `name` is, as players/interface.py declares it."""
    level = LEVELS.get(name)
    if level is None:
        return name
    budget = level.budget
    text = (
        f"Looks at {budget.actions} of the actions the rules allow at most, and thinks "
        f"{budget.seconds:g} s at most a move"
    )
    if level.randomness:
        text += f"; {level.randomness:.0%} of its moves are drawn at random instead of its best"
    return text + ". It sees only what its side may see, as you do."


class ComputerChoice(QWidget):
    """Your side, the computer's player and its strength, in two rows."""

    def __init__(self, parent: QWidget, indent: int) -> None:
        super().__init__(parent)
        self.setObjectName("computerChoice")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(indent, 0, 0, 4)
        sides = QHBoxLayout()
        self.side_label = QLabel("Your side:", self)
        sides.addWidget(self.side_label)
        self.side_buttons = QButtonGroup(self)
        self._side_radios: dict[Player, QRadioButton] = {}
        for side, text in ((Player.GERMAN, "German"), (Player.SOVIET, "Soviet")):
            radio = QRadioButton(text, self)
            radio.setObjectName(f"computer_side_{side.value}")
            radio.setToolTip(
                f"You play the {side.title} side; the computer plays the {side.opponent.title} side"
            )
            self.side_buttons.addButton(radio)
            self._side_radios[side] = radio
            sides.addWidget(radio)
        sides.addStretch(1)
        self._side_radios[Player.GERMAN].setChecked(True)
        layout.addLayout(sides)
        opponent = QHBoxLayout()
        self.player_box = self._combo("computerPlayer", PLAYER_NAMES, PLAYER_TIPS.get)
        self.player_box.setToolTip("The computer player that plays the other side")
        self.level_box = self._combo("computerLevel", LEVEL_NAMES, level_tip)
        self.level_box.setToolTip("How long the computer thinks, and how often it errs")
        for text, box in (("Computer pla&yer:", self.player_box), ("St&rength:", self.level_box)):
            label = QLabel(text, self)
            label.setBuddy(box)
            opponent.addWidget(label)
            opponent.addWidget(box)
        opponent.addStretch(1)
        layout.addLayout(opponent)
        self.set_player(DEFAULT_SEAT.player)
        self.set_level(DEFAULT_SEAT.level)

    def _combo(
        self, name: str, items: tuple[str, ...], tip: Callable[[str], str | None]
    ) -> QComboBox:
        """A drop-down list of `items`, each with its tooltip."""
        box = QComboBox(self)
        box.setObjectName(name)
        for row, item in enumerate(items):
            box.addItem(item)
            box.setItemData(row, tip(item) or item, Qt.ItemDataRole.ToolTipRole)
        return box

    def side(self) -> Player:
        """The human's side."""
        return next(side for side, radio in self._side_radios.items() if radio.isChecked())

    def set_side(self, side: Player) -> None:
        self._side_radios[side].setChecked(True)

    def player(self) -> str:
        return self.player_box.currentText()

    def set_player(self, name: str) -> None:
        """Choose the player `name` (an unknown name leaves the choice as it is)."""
        if name in PLAYER_NAMES:
            self.player_box.setCurrentText(name)

    def level(self) -> str:
        return self.level_box.currentText()

    def set_level(self, name: str) -> None:
        """Choose the level `name` (an unknown name leaves the choice as it is)."""
        if name in LEVEL_NAMES:
            self.level_box.setCurrentText(name)
