"""Secret bids of planned attacks at one screen (6.1): in hot-seat play the screen is handed
to each player in turn (handover.py), he types his number in a spin box, and it is not shown
again; the log says only that he has declared until both have, when the die decides the
initiative."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.kit.dialogs import ok_cancel
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

    def __init__(
        self, player: Player, parent: QWidget | None = None, turn: int | None = None
    ) -> None:
        """`turn`: a bid sealed ahead for that turn's Initiative Phase (e-mail play)."""
        super().__init__(parent)
        when = "this turn" if turn is None else f"on turn {turn}"
        self.setWindowTitle(f"{player.title} player: planned attacks (6.1)")
        ahead = ""
        if turn is not None:
            ahead = (
                "<br><br>Your bid is sealed in the file you send now: your opponent cannot "
                f"read it, and it is made for you when turn {turn}'s Initiative Phase comes."
            )
        text = QLabel(
            f"<b>{player.title} player</b>: how many attacks (hasty or prepared, not "
            f"bombardments) do you plan {when}?<br><br>Each player adds his bid to a die "
            "roll; the higher total takes the initiative and moves first. The holder must make "
            f"at least that many attacks or forfeit the game (6.2).{ahead}"
        )
        text.setWordWrap(True)
        self.spin = QSpinBox(self)
        self.spin.setRange(0, MAX_PLANNED_ATTACKS)
        self.spin.setToolTip("Planned attacks: 0 to 99; nobody else sees this number")
        self.spin.setObjectName("plannedAttacks")
        buttons = ok_cancel(self)
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
