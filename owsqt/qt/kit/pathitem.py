"""A path drawn through hex centres over the map: solid as far as the stack gets, red and
dashed beyond, a ring or a cross at its end, the running cost at its steps (a move's path,
a retreat's or an advance's)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.fonts import table_font
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex

PATH_Z = 30.0  # above counters and markers, under a dragged stack (1000 and more)
PATH_INK = QColor("#173a8a")
BLOCKED_INK = QColor("#b3261e")
CASING = QColor(255, 252, 240, 220)
LABEL_FILL = QColor(255, 252, 240, 235)
LABEL_PIXELS = 11.0  # the running cost at each step, in screen pixels at any zoom
LABELS_FROM = 0.4  # below this zoom only the end of the path carries its cost


class PathItem(QGraphicsItem):
    """A path through hex centres: solid as far as the stack gets, red and dashed beyond,
    ending in a ring (it can go there) or a cross (it cannot); running costs at the steps."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[QPointF] = []
        self.labels: list[str] = []
        self.legal = 0
        self.setZValue(PATH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_path(self, hexes: Sequence[Hex], labels: Sequence[str], legal: int) -> None:
        """Show the path through `hexes`; `labels[i]` is written at hex i ("" for none) and
        the first `legal` hexes are reached within the rules."""
        self.prepareGeometryChange()
        self.points = [QPointF(*SCENE_LAYOUT.center(h)) for h in hexes]
        self.labels = list(labels)
        self.legal = legal
        self.setVisible(bool(self.points))
        self.update()

    def clear(self) -> None:
        self.set_path((), (), 0)

    def boundingRect(self) -> QRectF:
        if not self.points:
            return QRectF()
        xs = [p.x() for p in self.points]
        ys = [p.y() for p in self.points]
        margin = 700.0  # the end's cost label is drawn in pixels: wide in scene units far out
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            -margin, -margin, margin, margin
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.points:
            return
        zoom = max(0.05, option.levelOfDetailFromTransform(painter.worldTransform()))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        good = self.points[: max(self.legal, 1)]
        bad = self.points[max(self.legal, 1) - 1 :] if self.legal < len(self.points) else []
        for points, ink, dashed in ((good, PATH_INK, False), (bad, BLOCKED_INK, True)):
            if len(points) > 1:
                self._line(painter, points, ink, dashed)
        painter.setPen(Qt.PenStyle.NoPen)
        for index, point in enumerate(self.points):
            ink = PATH_INK if index < self.legal else BLOCKED_INK
            painter.setBrush(QBrush(ink))
            painter.drawEllipse(point, 3.0 / zoom, 3.0 / zoom)
        self._end_mark(painter, zoom)
        self._labels(painter, zoom)

    def _line(self, painter: QPainter, points: list[QPointF], ink: QColor, dashed: bool) -> None:
        casing = QPen(CASING, 7.0)
        casing.setCosmetic(True)
        casing.setCapStyle(Qt.PenCapStyle.RoundCap)
        casing.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(casing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(points))
        pen = QPen(ink, 3.5)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if dashed:
            pen.setDashPattern([2.0, 1.6])
        painter.setPen(pen)
        painter.drawPolyline(QPolygonF(points))

    def _end_mark(self, painter: QPainter, zoom: float) -> None:
        end = self.points[-1]
        size = 9.0 / zoom
        reached = self.legal >= len(self.points)
        pen = QPen(PATH_INK if reached else BLOCKED_INK, 3.5)
        pen.setCosmetic(True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for width, ink in ((7.0, CASING), (3.5, pen.color())):
            pen = QPen(ink, width)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            if reached:
                painter.drawEllipse(end, size, size)
            else:
                painter.drawLine(end + QPointF(-size, -size), end + QPointF(size, size))
                painter.drawLine(end + QPointF(-size, size), end + QPointF(size, -size))

    def _labels(self, painter: QPainter, zoom: float) -> None:
        font = table_font(LABEL_PIXELS, bold=True)
        metrics = QFontMetricsF(font)
        painter.save()
        for index, (point, text) in enumerate(zip(self.points, self.labels, strict=False)):
            last = index == len(self.points) - 1
            if not text or (zoom < LABELS_FROM and not last):
                continue
            # Drawn in screen pixels beside the step, up and right of the counter's centre.
            painter.save()
            painter.translate(point)
            painter.scale(1 / zoom, 1 / zoom)
            width = metrics.horizontalAdvance(text) + 6
            height = metrics.height() + 2
            box = QRectF(8, -8 - height, width, height)
            ink = PATH_INK if index < self.legal else BLOCKED_INK
            painter.setPen(QPen(ink, 1.0))
            painter.setBrush(QBrush(LABEL_FILL))
            painter.drawRoundedRect(box, 3, 3)
            painter.setFont(font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            painter.restore()
        painter.restore()
