"""The table's view: the wheel scrolls (Shift: sideways), Ctrl+wheel zooms under the pointer;
pan by dragging or keys, fit, frame an area at a readable zoom, centre on a hex. It reports
where the pointer is, clicks on the bare map, and ground units dropped on it from a dock;
and the overview mini-map that shows and moves the visible area."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from owsqt.qt.map.unitmime import ground_units_from_mime

MIN_ZOOM = 0.08  # the whole map and more
MAX_ZOOM = 4.0  # one counter fills a good part of a laptop screen
ZOOM_STEP = 1.2
# A counter at least 56 px across (COUNTER_SIZE 40 scene units), its factors readable.
READABLE_ZOOM = 1.45
MAP_MARGIN = 24.0  # scene units of paper around the map, so edge counters are not cut
PAN_STEP = 0.12  # of the visible width or height per arrow key
_VISIBLE_AREA = QColor(160, 30, 30)
_CLICK_SLOP = 4  # pixels a press may move and still be a click
_WHEEL_PIXELS = 120  # pixels one notch of the wheel scrolls


class MapView(QGraphicsView):
    """The main view of the map and its counters."""

    view_changed = Signal()
    map_context_requested = Signal(QPointF, QPoint)  # scene point, screen position
    pointer_moved = Signal(QPointF, QPoint)  # scene point, position in the view's pixels
    pointer_left = Signal()
    background_clicked = Signal()  # a click on the map where no counter is
    units_drag_entered = Signal(tuple)  # ground unit ids dragged in from a dock
    units_drag_left = Signal()
    units_dropped = Signal(tuple, QPointF)  # ground unit ids, scene point

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._map_rect: QRectF | None = None  # the map's own bounds, set by the window
        self.horizontalScrollBar().valueChanged.connect(self.view_changed)
        self.verticalScrollBar().valueChanged.connect(self.view_changed)
        self.viewport().setMouseTracking(True)  # the pointer over a hex shows a move's path
        self.setAcceptDrops(True)
        self._press: QPointF | None = None  # where a press on the bare map began

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, zoom: float) -> None:
        """Zoom to `zoom` (1.0: about 64 px a hex), kept between MIN_ZOOM and MAX_ZOOM."""
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        factor = zoom / self.zoom
        self.scale(factor, factor)
        self.view_changed.emit()

    def zoom_at(self, zoom: float, at: QPoint) -> None:
        """Zoom to `zoom` keeping the map point under `at` (the viewport's pixels) there."""
        under = self.mapToScene(at)
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.set_zoom(zoom)
        self.setTransformationAnchor(anchor)
        shift = self.mapFromScene(under) - at
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    @property
    def map_rect(self) -> QRectF | None:
        return self._map_rect

    @map_rect.setter
    def map_rect(self, rect: QRectF | None) -> None:
        """The map's bounds also bound the scrolling: the scene's own rect grows with every
        item ever added, and hidden overlays parked at (0, 0) left a blank strip about a
        third of a screen wide west of the map."""
        self._map_rect = rect
        if rect is not None:
            margin = MAP_MARGIN
            self.setSceneRect(rect.adjusted(-margin, -margin, margin, margin))

    def map_bounds(self) -> QRectF:
        return self._map_rect or self.scene().itemsBoundingRect()

    def frame(self, area: QRectF, min_zoom: float = READABLE_ZOOM) -> None:
        """Show `area` (scene units) as large as it fits, never below `min_zoom`: an area too
        big for the window at a readable zoom is centred, not shrunk."""
        viewport = self.viewport().rect()
        if area.isEmpty() or viewport.isEmpty():
            zoom = min_zoom
        else:
            zoom = min(viewport.width() / area.width(), viewport.height() / area.height())
        self.set_zoom(min(MAX_ZOOM / 2, max(min_zoom, zoom)))
        self.centre_on(area.center())

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
        """The wheel scrolls the map (Shift: sideways); Ctrl+wheel zooms around the pointer."""
        modifiers = event.modifiers()
        delta = event.angleDelta()
        if modifiers & Qt.KeyboardModifier.ControlModifier:
            steps = (delta.y() or delta.x()) / 120
            if steps:
                self.zoom_at(self.zoom * ZOOM_STEP**steps, event.position().toPoint())
            event.accept()
            return
        pixels = event.pixelDelta()
        if modifiers & Qt.KeyboardModifier.ShiftModifier:
            # Shift turns a vertical wheel sideways (some systems already swap x and y).
            amount = pixels.y() or pixels.x() or (delta.y() or delta.x()) * _WHEEL_PIXELS / 120
            bar = self.horizontalScrollBar()
        else:
            amount = pixels.y() or delta.y() * _WHEEL_PIXELS / 120
            if not amount:  # a sideways wheel or trackpad swipe
                amount = pixels.x() or delta.x() * _WHEEL_PIXELS / 120
                bar = self.horizontalScrollBar()
            else:
                bar = self.verticalScrollBar()
        bar.setValue(bar.value() - round(amount))
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click on a counter opens its menu; anywhere else, the hex's menu."""
        super().contextMenuEvent(event)
        if not event.isAccepted():
            self.map_context_requested.emit(self.mapToScene(event.pos()), event.globalPos())
            event.accept()

    # --- the pointer ------------------------------------------------------------------------

    def _report_pointer(self, position: QPointF) -> None:
        in_view = position.toPoint() + self.viewport().pos()
        self.pointer_moved.emit(self.mapToScene(position.toPoint()), in_view)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        bare = self.scene() is not None and self.scene().mouseGrabberItem() is None
        left = event.button() == Qt.MouseButton.LeftButton
        self._press = event.position() if bare and left else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._report_pointer(event.position())
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        super().mouseReleaseEvent(event)
        if press is not None and (event.position() - press).manhattanLength() < _CLICK_SLOP:
            self.background_clicked.emit()

    def leaveEvent(self, event) -> None:
        self.pointer_left.emit()
        super().leaveEvent(event)

    # --- ground units dropped from a dock -----------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        units = ground_units_from_mime(event.mimeData())
        if not units:
            super().dragEnterEvent(event)
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.units_drag_entered.emit(units)
        self._report_pointer(event.position())

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if not ground_units_from_mime(event.mimeData()):
            super().dragMoveEvent(event)
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self._report_pointer(event.position())

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.units_drag_left.emit()
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        units = ground_units_from_mime(event.mimeData())
        if not units:
            super().dropEvent(event)
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.units_dropped.emit(units, self.mapToScene(event.position().toPoint()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves: dict[int, tuple[int, int]] = {  # key() gives an int; Qt.Key is an IntEnum
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

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
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
