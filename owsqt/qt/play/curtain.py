"""The hot-seat curtain (18.1): with the fog of war, an opaque cover over the whole window
(the map, every dock, the menus, the tool and status bars) while the computer goes from one
player to the other. Nothing behind it can be seen, clicked or reached by a shortcut: the
table under it is held still (play/tablelock.py), every control of it disabled, docks
floating in windows of their own hidden. "I am the Soviet player" (or Enter) lifts it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.fonts import table_font
from owsqt.qt.play.tablelock import TableLock
from owsqt.rules.core.vocabulary import Player

_CLOTH = QColor("#2b2722")  # the cloth over the table
_CARD = "#f6f1e4"  # the card in its middle, the colour of the counters' paper
_INK = "#1e1a15"
_SOFT_INK = "#4d463c"
_SIDE_INK = {Player.GERMAN: "#4a5043", Player.SOVIET: "#7a4f27"}
_SIDE_BAND = {Player.GERMAN: "#9da196", Player.SOVIET: "#b08659"}  # the counters' fields
CARD_WIDTH = 640


class Curtain(QWidget):
    """Covers `window` whole until the player named says he has the computer."""

    taken = Signal(object)  # the Player who said he has the computer
    cancelled = Signal()
    covering = Signal(object)  # the Player it is handed to while down; None when lifted

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("hotSeatCurtain")
        self._window = window
        self.player: Player | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        card = QFrame(self)
        card.setObjectName("curtainCard")
        card.setFixedWidth(CARD_WIDTH)
        card.setStyleSheet(
            f"#curtainCard {{ background: {_CARD}; border: 1px solid #000; border-radius: 8px; }}"
            f"QLabel {{ color: {_INK}; background: transparent; }}"
        )
        self.title = QLabel(card)
        self.title.setFont(table_font(22, bold=True))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.why = QLabel(card)
        self.why.setFont(table_font(14))
        self.why.setWordWrap(True)
        self.why.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.why.setStyleSheet(f"color: {_SOFT_INK};")
        self.note = QLabel(
            "Fog of war (18.1): the table shows each player only what his side may see. "
            "It stays covered until the right player has the computer.",
            card,
        )
        self.note.setFont(table_font(12))
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setStyleSheet(f"color: {_SOFT_INK};")
        self.button = QPushButton(card)
        self.button.setFont(table_font(15, bold=True))
        self.button.setAutoDefault(True)  # Enter presses it
        self.button.setDefault(True)
        self.button.setMinimumHeight(40)
        self.button.clicked.connect(self._take)
        self.cancel = QPushButton("Cancel", card)
        self.cancel.setFont(table_font(13))
        self.cancel.setAutoDefault(False)
        self.cancel.setMinimumHeight(40)
        self.cancel.clicked.connect(self._cancel)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.button)
        buttons.addWidget(self.cancel)
        buttons.addStretch(1)
        self.band = QFrame(card)  # the side's colour across the card's top
        self.band.setFixedHeight(12)
        body = QVBoxLayout(card)
        body.setContentsMargins(1, 1, 1, 1)
        body.setSpacing(0)
        body.addWidget(self.band)
        inner = QVBoxLayout()
        body.addLayout(inner)
        inner.setContentsMargins(32, 22, 32, 26)
        inner.setSpacing(14)
        inner.addWidget(self.title)
        inner.addWidget(self.why)
        inner.addSpacing(6)
        inner.addLayout(buttons)
        inner.addSpacing(8)
        inner.addWidget(self.note)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(card, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(2)
        for widget in (self, self.button, self.cancel):
            widget.installEventFilter(self)
        window.installEventFilter(self)
        self.lock = TableLock(window, self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._keep_focus)
        self.hide()

    def _keep_focus(self, old: QWidget | None, new: QWidget | None) -> None:
        """Tab never takes the keyboard to the table behind the curtain."""
        if not self.covers() or new is None or self.isAncestorOf(new):
            return
        if new.window() is self.window():
            self.button.setFocus()

    def cover(self, player: Player, why: str, *, may_cancel: bool = False) -> None:
        """Cover the whole window for the computer to go to `player`."""
        self.player = player
        self.title.setText(f"Hand the computer to the {player.title} player")
        self.why.setText(why)
        self.why.setVisible(bool(why))
        self.button.setText(f"I am the {player.title} player")
        self.button.setToolTip(f"The {player.title} player has the computer now (Enter)")
        self.button.setStyleSheet(f"color: {_SIDE_INK[player]}; padding: 4px 18px;")
        self.band.setStyleSheet(
            f"background: {_SIDE_BAND[player]}; border-top-left-radius: 7px;"
            " border-top-right-radius: 7px;"
        )
        self.cancel.setVisible(may_cancel)
        QToolTip.hideText()
        self.setGeometry(self._window.rect())
        self.show()
        self.lock.hold()
        self.button.setFocus()
        self.covering.emit(player)

    def covers(self) -> bool:
        """Whether the curtain is down (shown, or to be shown with the window)."""
        return not self.isHidden()

    def lift(self) -> None:
        """Take the curtain away; the table comes back as it was."""
        self.hide()
        self.lock.release()
        self.covering.emit(None)

    def _take(self) -> None:
        player = self.player
        self.lift()
        self.taken.emit(player)

    def _cancel(self) -> None:
        self.lift()
        self.cancelled.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._window:
            if kind == QEvent.Type.Resize:
                self.setGeometry(self._window.rect())
            return False
        if kind == QEvent.Type.ShortcutOverride and self.covers():
            event.accept()  # no menu shortcut reaches the table behind the curtain
            return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._take()
        elif event.key() == Qt.Key.Key_Escape and self.cancel.isVisible():
            self._cancel()
        else:
            event.accept()  # nothing else passes to the window

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), _CLOTH)
        painter.end()
