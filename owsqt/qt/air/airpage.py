"""The air panel's pages on the kit's page base (4.3-4.6): a page loads itself from the
session, says whose turn it is, may take a hex clicked on the map, and sends its actions
through the panel, which shows a refusal under the buttons with its rule numbers."""

from __future__ import annotations

from html import escape
from typing import Protocol

from owsqt.qt.kit.page import Page, PageHost
from owsqt.qt.kit.text import SIDE_COLOURS
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.view import SideView
from owsqt.session import GameSession


class AirHost(PageHost, Protocol):
    """What an air page needs of the panel that shows it."""

    @property
    def session(self) -> GameSession: ...

    def redraw_charts(self) -> None: ...

    def seen(self) -> SideView:
        """[18.1] What the side at the table may know of the game now."""
        ...


def side(player: Player, text: str) -> str:
    """`text` in the side's colour, bold: who the page speaks to (hot seat: one screen)."""
    return f"<span style='color:{SIDE_COLOURS[player]}; font-weight:bold'>{escape(text)}</span>"


class AirPage(Page[AirHost]):
    """One situation of the Air Operations Phase and its buttons."""

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
