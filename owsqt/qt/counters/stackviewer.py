"""The stack viewer: rest the pointer on a hex with a stack and every unit of it shows large,
full counter with its factors and markers, and in words beside it (VASSAL's mouse-over
stack viewer, with the counters' words added).

It shows after HOVER_DELAY_MS on one hex, near the pointer and always inside the map view;
it goes when the pointer leaves the hex or the view, at any press, release or wheel turn
(a drag starts or ends, the view scrolls), and it comes back only once the pointer has
moved to another hex, so nothing stays over the map after a drop. While it shows, the
counters' tooltips (the same words) are held back.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.counters.markers import unit_chits
from owsqt.qt.counters.painter import paint_counter, paint_hidden
from owsqt.qt.counters.unittext import hidden_words, unit_lines
from owsqt.qt.fonts import table_font
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.map.view import MapView
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.scenario.ruleset import Ruleset

HOVER_DELAY_MS = 450
COUNTER_PX = 84  # each counter drawn this many pixels across: every factor reads
CHIT_PX = 22
TEXT_PX = 13  # the words' height in pixels
TEXT_WIDTH = 340
PAD = 8
POINTER_GAP = 22  # pixels at least between the pointer and the viewer
ROWS_PER_COLUMN = 4
_BACK = QColor(250, 247, 238, 245)
_EDGE = QColor(60, 50, 40)
_INK = QColor(30, 28, 24)
_SOFT_INK = QColor(70, 66, 60)
HIDDEN_LINE = "identity and strength show only in combat"
_STOP = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.Wheel,
    QEvent.Type.Leave,
    QEvent.Type.DragEnter,  # units carried in from a dock
)


class StackViewer(QWidget):
    """The units of the hex under the pointer, large, in a box on the map view."""

    def __init__(self, view: MapView, layer: CounterLayer, ruleset: Ruleset) -> None:
        super().__init__(view)
        self.view = view
        self.layer = layer
        self.ruleset = ruleset
        self.hex: Hex | None = None  # the hex under the pointer
        self.units: tuple[str, ...] = ()  # what the viewer shows
        self.hidden = 0  # 18.1: how many enemy counters of the hex it may not show
        self._pointer = QPoint()
        self._held = False  # shown again only on another hex (after a press, drop, wheel)
        self._pressed = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HOVER_DELAY_MS)
        self._timer.timeout.connect(self._show_now)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()
        view.pointer_moved.connect(self._pointer_moved)
        view.pointer_left.connect(self._pointer_gone)
        view.view_changed.connect(self._stop)
        layer.drag_started.connect(self._stop)
        view.viewport().installEventFilter(self)

    # --- when it shows ------------------------------------------------------------------

    def _pointer_moved(self, scene_point: QPointF, in_view: QPoint) -> None:
        self._pointer = in_view
        hex_ = SCENE_LAYOUT.hex_at_point(scene_point.x(), scene_point.y())
        if hex_ == self.hex:
            return
        self.hex = hex_
        self._held = False
        self.hide()
        self._timer.stop()
        if not self._pressed and self.layer.occupied(hex_):
            self._timer.start()

    def _pointer_gone(self) -> None:
        self._stop()
        self.hex = None

    def dismiss(self) -> None:
        """Gone until the pointer reaches another hex (another side looks at the table)."""
        self._stop()

    def _stop(self, *_: object) -> None:
        """Gone, and not back until the pointer reaches another hex."""
        self._timer.stop()
        self._held = True
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _STOP:
            if kind == QEvent.Type.MouseButtonPress:
                self._pressed = True
            elif kind == QEvent.Type.MouseButtonRelease:
                self._pressed = False
            self._stop()
        elif kind == QEvent.Type.ToolTip and (self.isVisible() or self._timer.isActive()):
            return True  # the viewer says it all, larger
        return False

    def _show_now(self) -> None:
        state = self.layer.state
        if self._held or self._pressed or self.hex is None or state is None:
            return
        self.show_hex(self.hex, self._pointer)

    def show_hex(self, hex_: Hex, pointer: QPoint) -> None:
        """Show the units on `hex_` next to `pointer` (the view's pixels)."""
        state = self.layer.state
        self.units = state.stack(hex_) if state is not None else ()
        self.hidden = self.layer.hidden.get(hex_, 0)
        if not self.units and not self.hidden:
            self.hide()
            return
        self.hex = hex_
        self.resize(self._size())
        self.move(self._place(pointer))
        self.show()
        self.raise_()
        self.update()

    # --- where and how large ------------------------------------------------------------

    def _count(self) -> int:
        """Rows: the units shown and one for the hidden ones (18.1)."""
        return len(self.units) + (1 if self.hidden else 0)

    def _columns(self) -> int:
        return (self._count() + ROWS_PER_COLUMN - 1) // ROWS_PER_COLUMN

    def _rows(self) -> int:
        """Units per column: the columns as even as they can be."""
        columns = self._columns()
        return (self._count() + columns - 1) // columns

    def _row_height(self) -> int:
        return max(COUNTER_PX, QFontMetrics(table_font(TEXT_PX)).lineSpacing() * 6) + PAD

    def _header_height(self) -> int:
        return QFontMetrics(table_font(TEXT_PX, bold=True)).lineSpacing() + PAD

    def _size(self) -> QSize:
        rows = self._rows()
        width = self._columns() * (COUNTER_PX + CHIT_PX + TEXT_WIDTH + PAD) + PAD
        height = self._header_height() + rows * self._row_height() + PAD
        return QSize(width, height)

    def _place(self, pointer: QPoint) -> QPoint:
        """Below right of the pointer, on the other side where the view ends first, and
        never out of the view."""
        area = self.view.viewport().geometry()  # the map, not its scroll bars
        width, height = self.width(), self.height()
        gap = round(max(POINTER_GAP, SCENE_LAYOUT.size * self.view.zoom + 6))  # clear the hex
        x = pointer.x() + gap
        if x + width > area.right() and pointer.x() - area.left() > area.right() - pointer.x():
            x = pointer.x() - gap - width
        y = pointer.y() + gap
        if y + height > area.bottom() and pointer.y() - area.top() > area.bottom() - pointer.y():
            y = pointer.y() - gap - height
        x = max(area.left(), min(x, area.right() - width))
        y = max(area.top(), min(y, area.bottom() - height))
        return QPoint(x, y)

    # --- drawing ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        state = self.layer.state
        if state is None or self.hex is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(_EDGE, 1.2))
        painter.setBrush(_BACK)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        painter.setFont(table_font(TEXT_PX, bold=True))
        painter.setPen(_INK)
        count = len(self.units) + self.hidden
        title = f"Hex {self.ruleset.hex_name(self.hex)} · {count} unit{'s' if count > 1 else ''}"
        painter.drawText(PAD, PAD + QFontMetrics(painter.font()).ascent(), title)
        for index, unit_id in enumerate(self.units):
            x, y = self._cell(index)
            unit = self.ruleset.catalogue.ground[unit_id]
            unit_state = state.units.get(unit_id)
            if unit_state is None:
                continue  # 18.1: gone from the viewer's sight since it was shown
            paint_counter(painter, QRectF(x, y, COUNTER_PX, COUNTER_PX), unit, unit_state)
            if unit_state is not None:
                self._paint_chits(painter, x + COUNTER_PX + 3, y, unit_state, unit)
            self._paint_words(painter, x + COUNTER_PX + CHIT_PX + PAD, y, unit, unit_state)
        side = self.layer.viewer
        if self.hidden and side is not None:
            x, y = self._cell(len(self.units))
            paint_hidden(painter, QRectF(x, y, COUNTER_PX, COUNTER_PX), side.opponent, self.hidden)
            lines = [hidden_words(self.hidden, side.opponent), HIDDEN_LINE]
            self._paint_lines(painter, x + COUNTER_PX + CHIT_PX + PAD, y, lines)
        painter.end()

    def _cell(self, index: int) -> tuple[int, int]:
        """The top left corner of the `index`-th row's counter."""
        column, row = divmod(index, self._rows())
        x = PAD + column * (COUNTER_PX + CHIT_PX + TEXT_WIDTH + PAD)
        return x, self._header_height() + row * self._row_height()

    def _paint_chits(self, painter: QPainter, x: float, y: float, unit_state, unit) -> None:
        painter.setFont(table_font(CHIT_PX * 0.45, bold=True))
        for index, look in enumerate(unit_chits(unit, unit_state)):
            rect = QRectF(x, y + index * (CHIT_PX + 2), CHIT_PX - 2, CHIT_PX - 2)
            painter.setPen(QPen(_EDGE, 0.8))
            painter.setBrush(QColor(look.fill))
            painter.drawRoundedRect(rect, 2, 2)
            painter.setPen(QColor(look.ink))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, look.text)

    def _paint_words(self, painter: QPainter, x: float, y: float, unit, unit_state) -> None:
        self._paint_lines(painter, x, y, unit_lines(unit, unit_state))

    def _paint_lines(self, painter: QPainter, x: float, y: float, lines: list[str]) -> None:
        metrics = QFontMetrics(table_font(TEXT_PX))
        line_y = y + metrics.ascent()
        for number, line in enumerate(lines):
            painter.setFont(table_font(TEXT_PX, bold=number == 0))
            painter.setPen(_INK if number == 0 else _SOFT_INK)
            text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, TEXT_WIDTH)
            painter.drawText(QPointF(x, line_y), text)
            line_y += metrics.lineSpacing()
