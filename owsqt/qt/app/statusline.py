"""The status line: what the game waits for, or the message of the moment, never cut off
mid-word; and the reason a greyed command gives when its shortcut is pressed.

`StatusLine` is a permanent widget that fills the status bar: it shows the bar's temporary
message while there is one and the step's hint otherwise, elided to its width with the
whole text as its tooltip. (QStatusBar itself would paint a long message clipped.)"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

HINT_TIP = "What the game waits for now (3.1)"


class ElidedLabel(QLabel):
    """A one-line label that elides what does not fit ("…") and shows it whole as tooltip.
    `text()` is always the whole text."""

    def __init__(self, parent: QWidget | None = None, tip_title: str = "") -> None:
        super().__init__(parent)
        self._tip_title = tip_title
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:
        super().setText(text)
        # Rich text, so that a long line wraps in the tooltip instead of running off screen.
        whole = escape(text, quote=False)
        self.setToolTip(f"<p><b>{self._tip_title}</b><br>{whole}</p>" if self._tip_title else whole)
        self.update()

    def elided(self) -> str:
        """The text as it is drawn at the label's width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

    def is_elided(self) -> bool:
        return self.elided() != self.text()

    def minimumSizeHint(self) -> QSize:
        return QSize(40, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        return QSize(40, super().sizeHint().height())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.contentsRect(), int(align), self.elided())
        painter.end()


class StatusLine(ElidedLabel):
    """The whole status bar's text: its temporary message, else the hint."""

    def __init__(self, bar: QStatusBar, now: Callable[[], object]) -> None:
        super().__init__(bar, HINT_TIP)
        self.setObjectName("stepHint")
        self._bar = bar
        self._hint = ""
        self._now = now  # the game as it stands (an immutable state: a new one per change)
        self._message_at: object = None
        # Permanent, stretched over the bar: the bar's own message area is left no room,
        # so every message is drawn here, elided.
        bar.addPermanentWidget(self, 1)
        bar.messageChanged.connect(self._said)

    def setText(self, text: str) -> None:
        self._hint = text
        self._show(self._bar.currentMessage())

    def text(self) -> str:  # the hint, as the plain label of before had it
        return self._hint

    def shown(self) -> str:
        """What the line shows now (message or hint), whole."""
        return super().text()

    def follow(self) -> None:
        """The game changed: a message said about the game before goes (the hint shows
        again); a message said since, about the game as it is, stays its time."""
        if self._bar.currentMessage() and self._now() is not self._message_at:
            self._bar.clearMessage()

    def _said(self, message: str) -> None:
        self._message_at = self._now()  # the game the message speaks of
        self._show(message)

    def _show(self, message: str) -> None:
        if message:
            self._tip_title = "The latest message; the hint comes back when it has gone"
            ElidedLabel.setText(self, message)
        else:
            self._tip_title = HINT_TIP
            ElidedLabel.setText(self, self._hint)

    def elided(self) -> str:
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.shown(), Qt.TextElideMode.ElideRight, width)

    def is_elided(self) -> bool:
        return self.elided() != self.shown()


def say_why_when_disabled(action: QAction, say) -> QShortcut | None:
    """While `action` is greyed, its shortcut says why instead (its tooltip), through
    `say(text)`; while it is enabled the shortcut is the action's own."""
    keys = action.shortcut()
    parent = action.parent()
    if keys.isEmpty() or not isinstance(parent, QWidget):
        return None
    shortcut = QShortcut(QKeySequence(keys), parent)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)

    def follow() -> None:
        shortcut.setEnabled(not action.isEnabled())

    def tell() -> None:
        name = action.text().replace("&", "").rstrip("…")
        say(f"{name} is not available: {action.toolTip()}")

    action.changed.connect(follow)
    shortcut.activated.connect(tell)
    follow()
    return shortcut
