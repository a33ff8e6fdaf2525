"""The table's view: zoom under the mouse, pan by dragging or keys, fit, centre on a hex;
and the overview mini-map that shows and moves the visible area."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

MIN_ZOOM = 0.08  # the whole map and more
MAX_ZOOM = 4.0  # one counter fills a good part of a laptop screen
ZOOM_STEP = 1.2
PAN_STEP = 0.12  # of the visible width or height per arrow key
_VISIBLE_AREA = QColor(160, 30, 30)


class MapView(QGraphicsView):
    """The main view of the map and its counters."""

    view_changed = Signal()
    map_context_requested = Signal(QPointF, QPoint)  # scene point, screen position

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.map_rect: QRectF | None = None  # the map's own bounds, set by the window
        self.horizontalScrollBar().valueChanged.connect(self.view_changed)
        self.verticalScrollBar().valueChanged.connect(self.view_changed)

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, zoom: float) -> None:
        """Zoom to `zoom` (1.0: about 64 px a hex), kept between MIN_ZOOM and MAX_ZOOM."""
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        factor = zoom / self.zoom
        self.scale(factor, factor)
        self.view_changed.emit()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def map_bounds(self) -> QRectF:
        return self.map_rect or self.scene().itemsBoundingRect()

    def fit(self) -> None:
        """Show the whole map in the window."""
        self.fitInView(self.map_bounds(), Qt.AspectRatioMode.KeepAspectRatio)
        self.view_changed.emit()

    def centre_on(self, point: QPointF) -> None:
        self.centerOn(point)
        self.view_changed.emit()

    def visible_area(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.set_zoom(self.zoom * ZOOM_STEP**steps)
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click on a counter opens its menu; anywhere else, the hex's menu."""
        super().contextMenuEvent(event)
        if not event.isAccepted():
            self.map_context_requested.emit(self.mapToScene(event.pos()), event.globalPos())
            event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        if key in moves:
            dx, dy = moves[key]
            area = self.visible_area()
            self.centre_on(
                area.center() + QPointF(dx * area.width(), dy * area.height()) * PAN_STEP
            )
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        else:
            super().keyPressEvent(event)


class Overview(QGraphicsView):
    """The whole map in small, with the main view's visible area; click or drag to move it."""

    def __init__(self, main: MapView, parent: QWidget | None = None) -> None:
        super().__init__(main.scene(), parent)
        self.main = main
        self.setInteractive(False)  # counters are not dragged here
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(160, 200)
        self.setToolTip("Overview: click or drag to move the view of the map")
        main.view_changed.connect(self.viewport().update)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.main.map_bounds(), Qt.AspectRatioMode.KeepAspectRatio)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        pen = QPen(_VISIBLE_AREA, 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QBrush(QColor(160, 30, 30, 30)))
        painter.drawRect(self.main.visible_area())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.main.centre_on(self.mapToScene(event.position().toPoint()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.main.centre_on(self.mapToScene(event.position().toPoint()))
