"""The Combat panel's pages on the kit's page base: a page loads itself from the state,
offers the hexes a map click may pick and the paths to draw, and sends its actions through
the panel (11.2-11.8, 12.4)."""

from __future__ import annotations

from typing import Protocol

from owsqt.qt.kit.page import Page, PageHost
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.fog.view import SideView


class CombatHost(PageHost, Protocol):
    """What a combat page needs of the panel that shows it (the CombatPanel)."""

    mode: Mode

    def update_marks(self) -> None: ...

    def request_attack(self) -> None: ...

    def seen(self, state: GameState) -> SideView:
        """[18.1] What the side at the table may know of `state`."""
        ...


class CombatPage(Page[CombatHost]):
    """One situation of the combat and its buttons; `load` fills it from the state."""

    def load(self, state: GameState, combat: CombatState | None) -> None:
        """Show `state`'s combat; called only when the state changed."""

    def picks(self) -> frozenset[Hex]:
        """The hexes a click on the map may pick now."""
        return frozenset()

    def pick(self, hex_: Hex) -> None:
        """A click on one of `picks()`."""

    numbered = False  # whether the paths drawn carry their numbers

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        """Paths to draw on the map, and the index of the chosen one."""
        return [], None
