"""The base of the Combat panel's pages: a page loads itself from the state, offers the
hexes a map click may pick and the paths to draw, and sends its actions through the panel."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset


class PageHost(Protocol):
    """What a page needs of the panel that shows it (the CombatPanel): the pages know no
    more of it, so the panel may import them without a cycle."""

    ruleset: Ruleset
    mode: Mode

    def send(self, action: Action) -> Outcome | None: ...

    def update_marks(self) -> None: ...

    def request_attack(self) -> None: ...

    def seen(self, state: GameState) -> SideView:
        """[18.1] What the side at the table may know of `state`."""
        ...


def button(text: str, tooltip: str, name: str) -> QPushButton:
    widget = QPushButton(text)
    widget.setToolTip(tooltip)
    widget.setProperty("tip", tooltip)  # what `Page.forget` puts back
    widget.setObjectName(name)
    return widget


def rich_label(name: str = "") -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    if name:
        label.setObjectName(name)
    return label


class Page(QWidget):
    """One situation of the combat and its buttons; `load` fills it from the state."""

    def __init__(self, panel: PageHost) -> None:
        super().__init__()
        self.panel = panel
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.bar = QWidget()

    @property
    def ruleset(self) -> Ruleset:
        return self.panel.ruleset

    def load(self, state: GameState, combat: CombatState | None) -> None:
        """Show `state`'s combat; called only when the state changed."""

    def forget(self) -> None:
        """Drop what the page showed of the combat it was loaded for, when another page
        takes its place: [18.1] the units a combat revealed go dark again when it ends,
        and no hidden widget keeps their names or strengths. `load` fills it again."""
        for widget in (self, self.bar):
            for label in widget.findChildren(QLabel):
                if label.objectName():  # the page's own texts; a form's labels stay
                    label.clear()
            for combo in widget.findChildren(QComboBox):
                blocked = combo.blockSignals(True)
                combo.clear()
                combo.blockSignals(blocked)
            for items in widget.findChildren(QListWidget):
                blocked = items.blockSignals(True)
                items.clear()
                items.blockSignals(blocked)
            for push in widget.findChildren(QPushButton):
                tip = push.property("tip")
                if isinstance(tip, str):
                    push.setToolTip(tip)

    def picks(self) -> frozenset[Hex]:
        """The hexes a click on the map may pick now."""
        return frozenset()

    def pick(self, hex_: Hex) -> None:
        """A click on one of `picks()`."""

    numbered = False  # whether the paths drawn carry their numbers

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        """Paths to draw on the map, and the index of the chosen one."""
        return [], None

    def buttons(self, *widgets: QWidget) -> None:
        """The page's buttons, in a bar the panel keeps in view under its scrolling part."""
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget)
        row.addStretch(1)
