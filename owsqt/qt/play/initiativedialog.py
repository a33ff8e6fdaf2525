"""Secret bids of planned attacks at one screen (6.1): in hot-seat play the screen is handed
to each player in turn (handover.py), he types his number in a spin box, and it is not shown
again; the log says only that he has declared until both have, when the die decides the
initiative."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.play import handover
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import MAX_PLANNED_ATTACKS


def hand_over(parent: QWidget, player: Player) -> bool:
    """Ask for the screen to go to `player` while the other looks away; False: cancelled.

    Only two players sharing the computer (hot-seat) hand it over; one alone at his computer
    has nobody to hide his bid from."""
    seat = handover.HotSeat.of(parent)
    if seat is not None and not seat.shared():
        return True
    why = (
        f"{player.opponent.title} player: please look away. The bid stays secret until both "
        "players have declared (6.1)."
    )
    return handover.hand_over(parent, player, why, may_cancel=True)


class BidDialog(QDialog):
    """One player's number of planned attacks, in a spin box."""

    def __init__(self, player: Player, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{player.title} player: planned attacks (6.1)")
        text = QLabel(
            f"<b>{player.title} player</b>: how many attacks (hasty or prepared, not "
            "bombardments) do you plan this turn?<br><br>Each player adds his bid to a die "
            "roll; the higher total takes the initiative and moves first. The holder must make "
            "at least that many attacks or forfeit the game (6.2)."
        )
        text.setWordWrap(True)
        self.spin = QSpinBox(self)
        self.spin.setRange(0, MAX_PLANNED_ATTACKS)
        self.spin.setToolTip("Planned attacks: 0 to 99; nobody else sees this number")
        self.spin.setObjectName("plannedAttacks")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.spin)
        layout.addWidget(buttons)
        self.setMinimumWidth(380)
        self.spin.setFocus()
        self.spin.selectAll()


def ask_planned_attacks(parent: QWidget, player: Player) -> int | None:
    """The number `player` plans, or None when he cancels."""
    dialog = BidDialog(player, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.spin.value()
