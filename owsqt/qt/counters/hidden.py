"""[18.1] The enemy counters a side may not see, as one placeholder per hex: the back of an
enemy counter (the side's colours, a question mark, how many) lying under the stack's shown
top unit, or alone where the stack is entrenched. It names no unit and has no factors; a
press on it selects its hex and never picks a counter up."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from owsqt.qt.counters.painter import HIDDEN_NATION, paint_hidden
from owsqt.qt.counters.style import COUNTER_SIZE, nation_style
from owsqt.qt.counters.unittext import hidden_words
from owsqt.qt.fonts import table_font
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.vocabulary import Player

BADGE_SIZE = 14.0  # scene units: the count shown below a stack whose top unit shows


class HiddenItem(QGraphicsObject):
    """The hidden counters of one hex: the back of `side`'s counter, showing how many. A
    click calls `clicked(hex)`, a double click `fanned(hex)` (the counter layer's)."""

    def __init__(
        self,
        hex_: Hex,
        side: Player,
        count: int,
        clicked: Callable[[Hex], None],
        fanned: Callable[[Hex], None],
    ) -> None:
        super().__init__()
        self._clicked, self._fanned = clicked, fanned
        self.hex = hex_
        self.side = side
        self.count = count
        self.badge = HiddenBadge(self)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.set_count(count)

    def set_count(self, count: int) -> None:
        self.count = count
        self.setToolTip(hidden_words(count, self.side))
        self.badge.setToolTip(self.toolTip())
        self.update()
        self.badge.update()

    def boundingRect(self) -> QRectF:
        half = COUNTER_SIZE / 2
        return QRectF(-half, -half, COUNTER_SIZE, COUNTER_SIZE)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_hidden(painter, self.boundingRect(), self.side, self.count)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()  # nothing to pick up: a click selects the hex at the release

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._clicked(self.hex)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._fanned(self.hex)
        event.accept()


class HiddenBadge(QGraphicsItem):
    """The count of a hex's hidden counters on the edge of its cascade, above the shown top
    unit (the placeholder itself lies under it); shown only while a unit is on top."""

    def __init__(self, owner: HiddenItem) -> None:
        super().__init__()
        self.owner = owner
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-BADGE_SIZE / 2, -BADGE_SIZE / 2, BADGE_SIZE, BADGE_SIZE)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        nation = nation_style(HIDDEN_NATION[self.owner.side])
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#202020"), 0.7))
        painter.setBrush(nation.band)
        painter.drawEllipse(self.boundingRect().adjusted(0.4, 0.4, -0.4, -0.4))
        painter.setPen(QColor("#ffffff"))
        painter.setFont(table_font(BADGE_SIZE * 0.6, bold=True))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, f"+{self.owner.count}")
