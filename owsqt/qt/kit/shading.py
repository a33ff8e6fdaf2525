"""Hexes shaded over the map, so the map shows through: a set of hexes filled with a
translucent colour and outlined where the set ends (a stack's reach, a combat's hexes), and
the shaded hexes that take a click (where a page or a dock lets a player pick a hex)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex, neighbour

SHADING_Z = -50.0  # above the map (-100), under counters (10) and markers (20)
PICK_FILL = QColor(30, 110, 255, 60)
PICK_EDGE = QColor(20, 60, 170, 230)


class HexShading(QGraphicsItem):
    """A set of hexes filled with a translucent colour and outlined where the set ends."""

    def __init__(self, fill: QColor, edge: QColor, edge_pixels: float = 2.0) -> None:
        super().__init__()
        self.fill, self.edge, self.edge_pixels = fill, edge, edge_pixels
        self.hexes: frozenset[Hex] = frozenset()
        self._area = QPainterPath()
        self._outline = QPainterPath()
        self.setZValue(SHADING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_hexes(self, hexes: Iterable[Hex]) -> None:
        """Shade exactly `hexes` (nothing hides the item)."""
        hexes = frozenset(hexes)
        if hexes == self.hexes:
            return
        self.prepareGeometryChange()
        self.hexes = hexes
        area = QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        outline = QPainterPath()
        for hex_ in hexes:
            area.addPolygon(QPolygonF([QPointF(x, y) for x, y in SCENE_LAYOUT.corners(hex_)]))
            for side in range(1, 7):
                other = neighbour(hex_, side)
                if other not in hexes:
                    (x1, y1), (x2, y2) = SCENE_LAYOUT.hexside_segment(hex_, other)
                    outline.moveTo(x1, y1)
                    outline.lineTo(x2, y2)
        self._area, self._outline = area, outline
        self.setVisible(bool(hexes))

    def clear(self) -> None:
        self.set_hexes(())

    def boundingRect(self) -> QRectF:
        return self._area.boundingRect().adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillPath(self._area, QBrush(self.fill))
        pen = QPen(self.edge, self.edge_pixels)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPath(self._outline)


class PickShading(HexShading):
    """Shaded hexes that take a click: `on_pick(hex)` for a release over one of them. Only
    its own hexes catch the mouse; the rest of the map pans as ever."""

    def __init__(self, on_pick: Callable[[Hex], None]) -> None:
        super().__init__(PICK_FILL, PICK_EDGE, 2.5)
        self.on_pick = on_pick
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def shape(self) -> QPainterPath:
        return self._area

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        point = event.scenePos()
        hex_ = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        if hex_ in self.hexes:
            self.on_pick(hex_)
