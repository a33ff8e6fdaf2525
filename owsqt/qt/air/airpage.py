"""The base of the air panel's pages (4.3-4.6): a page loads itself from the session, says
whose turn it is, may take a hex clicked on the map, and sends its actions through the
panel, which shows a refusal under the buttons with its rule numbers."""

from __future__ import annotations

from html import escape
from typing import Protocol

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from owsqt.qt.combat.text import SIDE_COLOURS
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession


class AirHost(Protocol):
    """What a page needs of the panel that shows it."""

    ruleset: Ruleset

    @property
    def session(self) -> GameSession: ...

    def send(self, action: Action) -> Outcome | None: ...

    def redraw_charts(self) -> None: ...

    def seen(self) -> SideView:
        """[18.1] What the side at the table may know of the game now."""
        ...


def side(player: Player, text: str) -> str:
    """`text` in the side's colour, bold: who the page speaks to (hot seat: one screen)."""
    return f"<span style='color:{SIDE_COLOURS[player]}; font-weight:bold'>{escape(text)}</span>"


class AirPage(QWidget):
    """One situation of the Air Operations Phase and its buttons."""

    def __init__(self, host: AirHost) -> None:
        super().__init__()
        self.host = host
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.bar = QWidget()

    @property
    def ruleset(self) -> Ruleset:
        return self.host.ruleset

    @property
    def session(self) -> GameSession:
        return self.host.session

    @property
    def strict(self) -> bool:
        return self.session.mode is Mode.STRICT

    def load(self) -> None:
        """Show the session's state; called when it changed."""

    def actor(self) -> tuple[Player | None, str]:
        """Whose turn it is on this page, and what he does."""
        return None, ""

    def pick(self, hex_: Hex) -> bool:
        """A hex clicked on the map; True when the page took it."""
        return False

    def buttons(self, *widgets: QWidget) -> None:
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget)
        row.addStretch(1)
