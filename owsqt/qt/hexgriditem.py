"""The hex grid drawn from the same layout the rules use, with ids when zoomed in enough."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from owsqt.rules.hexgrid import HexGrid, Layout

HEX_SIZE = 40.0  # scene units from a hex's centre to a corner
_GRID_PEN = QColor("#b9ad8e")
_ID_COLOUR = QColor("#8c8168")
_IDS_FROM_ZOOM = 0.45  # below this, hex ids would be unreadable specks


class HexGridItem(QGraphicsItem):
    """Every hex outline of the map in one path; ids only where the view can read them."""

    def __init__(self, grid: HexGrid, layout: Layout) -> None:
        super().__init__()
        self._grid = grid
        self._layout = layout
        self._path = QPainterPath()
        self._labels: list[tuple[QPointF, str]] = []
        for hex_ in grid.hexes():
            (x0, y0), *others = layout.corners(hex_)
            self._path.moveTo(x0, y0)
            for x, y in others:
                self._path.lineTo(x, y)
            self._path.closeSubpath()
            x, y = layout.center(hex_)
            self._labels.append((QPointF(x, y - layout.size * 0.55), grid.id_of(hex_)))
        self._bounds = self._path.boundingRect().adjusted(-2, -2, 2, 2)
        self._font = QFont()
        self._font.setPixelSize(int(layout.size * 0.28))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(_GRID_PEN, 0)  # cosmetic: one pixel wide at every zoom
        painter.setPen(pen)
        painter.drawPath(self._path)
        zoom = option.levelOfDetailFromTransform(painter.worldTransform())
        if zoom < _IDS_FROM_ZOOM:
            return
        painter.setFont(self._font)
        painter.setPen(_ID_COLOUR)
        exposed = option.exposedRect
        box = QRectF(0, 0, self._layout.size, self._layout.size * 0.35)
        for point, text in self._labels:
            if exposed.contains(point):
                box.moveCenter(point)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
