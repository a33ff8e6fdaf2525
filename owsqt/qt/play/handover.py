"""Two players at one computer (hot-seat play): when the player who acts changes, the computer
is handed to the other, who says he has it before he acts. The secret bids of planned attacks
(6.1) hand it over through the same dialog, and the table remembers who was handed it, so that
one change of player never asks twice.

Solitaire and e-mail games have one player at each computer: they never hand over."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.stephint import words
from owsqt.rules.actors import who_acts
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import determined_this_turn


def hand_over(
    parent: QWidget | None, player: Player, why: str, *, may_cancel: bool = False
) -> bool:
    """Ask for the computer to go to `player`; True once he says he has it, False when he
    cancels (only with `may_cancel`). The hot seat of `parent`, if any, learns who sits."""
    box = QMessageBox(
        QMessageBox.Icon.Information,
        f"Hand over to the {player.title} player",
        f"Hand the computer to the {player.title} player.\n\n{why}",
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    taken = box.addButton(f"I am the {player.title} player", QMessageBox.ButtonRole.AcceptRole)
    taken.setToolTip(f"The {player.title} player has the computer now")
    if may_cancel:
        box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(taken)
    box.exec()
    if box.clickedButton() is not taken:
        return False
    seat = HotSeat.of(parent)
    if seat is not None:
        seat.seated = player
    return True


class HotSeat(QObject):
    """Who has the computer in a hot-seat game; `follow()` after every change of the game
    hands it over when the player who acts is not the one who has it."""

    def __init__(self, window: QWidget, bridge: SessionBridge) -> None:
        super().__init__(window)
        self._window, self._bridge = window, bridge
        self.seated: Player | None = None
        self.restart()

    @staticmethod
    def of(widget: QWidget | None) -> HotSeat | None:
        """The hot seat of a window (None for a widget without one)."""
        return widget.findChild(HotSeat) if widget is not None else None

    def shared(self) -> bool:
        """Whether two players share this computer (hot-seat play)."""
        return self._bridge.session.players.share_the_computer

    def restart(self) -> None:
        """A game was put on the table: whoever acts in it now has the computer."""
        self.seated = self._bridge.session.state.active

    def follow(self) -> None:
        """After an action, an undo or a redo: hand over if another player alone acts now
        (the defender in his combat steps too, 11.2)."""
        state = self._bridge.session.state
        if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
            return  # the bid dialog hands over for each secret bid itself (6.1)
        acting = who_acts(self._bridge.ruleset, state)
        player = next(iter(acting)) if len(acting) == 1 else None
        if not self.shared() or player is None or player is self.seated:
            return
        step = words(state.segment)
        hand_over(self._window, player, f"The {player.title} player acts next: {step}.")
        self.seated = player
