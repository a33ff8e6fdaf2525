"""What a feature of the table declares to the main window, which installs each one from the
list in `qt/app/features.py`: its dock among the tabs at the lower right, its View menu
entry, how it follows the session, its part of the status line and what a click on a stack
of the map means to it.

The features do not import this module (a feature package never imports `qt/app`): they
answer to it by shape, as `typing.Protocol` allows, and mypy checks them where the list is
made."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from owsqt.rules.core.hexgrid import Hex


class Feature(Protocol):
    """One feature of the table (air operations, combat, the pocket, the set-up tray...)."""

    @property
    def tabbed_dock(self) -> QDockWidget | None:
        """Its dock, tabbed with the others at the lower right in the list's order; None
        for a feature that places its dock itself or has none."""
        ...

    def view_action(self) -> QAction | None:
        """Its entry in the View menu, in the list's order (None: the View menu lists its
        dock among the others at the end, app/dockmenu.py)."""
        ...

    def refresh(self) -> None:
        """After every change of the session: show it."""
        ...

    def hint(self) -> str | None:
        """What the player does with it now, said after the step's own hint in the status
        line; None when it has nothing to say."""
        ...

    def headline(self) -> str | None:
        """What the status line says instead of the step's hint while this feature holds
        the game (a combat under way); None when it does not."""
        ...

    def pick(self, hex_: Hex) -> None:
        """A stack clicked on the map: what the click means to it, if anything."""
        ...


def status_line(step: str, features: Iterable[Feature]) -> str:
    """The status line: the step's hint and what each feature adds to it, in the list's
    order; or, while a feature holds the game, that feature's headline alone (the last
    one's, when more than one has a headline)."""
    features = tuple(features)
    headlines = [line for feature in features if (line := feature.headline())]
    if headlines:
        return headlines[-1]
    return "; ".join([step, *(note for feature in features if (note := feature.hint()))])
