"""One box of an Air Operations Chart: its counters, painted in rows, dragged out and dropped in."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QEvent, QMimeData, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QToolTip, QWidget

from owsqt.qt.air.style import (
    BADGE_PIXELS,
    BOX_EDGE,
    BOX_FILL,
    BOX_HINTS,
    BOX_INK,
    CHART_NATIONALITY,
    COUNTER_PIXELS,
    EMPTY_BADGE,
    MUTED_INK,
    TITLE_PIXELS,
    bold_font,
    counter_tooltip,
)
from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.counters.style import NationStyle, nation_style
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import AirUnitDef, UnitCatalogue

MIME_TYPE = "application/x-owsqt-air-unit"
SECRET = "Secret until both sides have allocated (4.3)"

# Why a unit may not be dropped in a box (the rules' refusal, with its number), or None.
DropJudge = Callable[[str, AirBox], str | None]

_PADDING = 5  # inside a box, around its title and counters
_GAP = 4  # between counters in a box
_TITLE_GAP = 4  # between a box's title and its first row of counters
_DIMMED = 0.3  # the counter being dragged stays in its box, faint, until the state moves it


def air_unit_mime(unit_id: str) -> QMimeData:
    """The data a dragged air counter carries: its id under our own MIME type."""
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(unit_id.encode("utf-8")))
    return mime


def air_unit_from_mime(mime: QMimeData | None) -> str | None:
    """The air unit id a drag carries, or None when it is not one of our air counters."""
    if mime is None or not mime.hasFormat(MIME_TYPE):
        return None
    try:
        return bytes(mime.data(MIME_TYPE).data()).decode("utf-8")
    except UnicodeDecodeError:
        return None


class AirBoxWidget(QWidget):
    """One box of a chart: its title and count, and its counters in rows that wrap.

    It paints the counters itself rather than holding a widget per counter: a box is redrawn
    whole on every state, and a drag needs only the counter under the mouse.
    """

    unit_dropped = Signal(str)  # an air unit of this chart's side dropped here

    def __init__(
        self,
        player: Player,
        box: AirBox | None,
        title: str,
        catalogue: UnitCatalogue,
        pixmaps: CounterPixmapCache,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.player = player
        self.box = box  # None: the box of counters whose box this chart lacks
        self.title = title
        self._catalogue = catalogue
        self._pixmaps = pixmaps
        self._units: tuple[AirUnitDef, ...] = ()
        self._foreign_boxes: dict[str, str] = {}  # unit id -> title of the box it really is in
        self._press: tuple[str, QPoint] | None = None
        self._dragging: str | None = None
        self._drop_hover = False
        self.judge: DropJudge | None = None  # under the rules: the allocation's refusals
        self.covered = False  # the other side's mission box before the reveal (4.3)
        self.refusal: str | None = None  # why the last drag over this box was refused
        self._title_font = bold_font(TITLE_PIXELS)
        self._badge_font = bold_font(BADGE_PIXELS)
        self.setAcceptDrops(box is not None)
        self.setMouseTracking(True)  # an open hand over a counter says it can be picked up
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)  # so hasHeightForWidth() is True: rows wrap to the width
        self.setSizePolicy(policy)
        self.setObjectName(f"airBox_{player.value}_{box.value if box else 'elsewhere'}")
        self.setToolTip(BOX_HINTS[box] if box is not None else "")

    # --- contents -------------------------------------------------------------------------

    @property
    def unit_ids(self) -> tuple[str, ...]:
        """The air units shown in this box, in catalogue order."""
        return tuple(unit.id for unit in self._units)

    def set_units(self, units: Sequence[AirUnitDef], foreign_boxes: dict[str, str]) -> None:
        units = tuple(units)
        if units == self._units and foreign_boxes == self._foreign_boxes:
            return
        recounted = len(units) != len(self._units)
        self._units = units
        self._foreign_boxes = dict(foreign_boxes)
        if recounted:
            self.updateGeometry()  # the rows may wrap differently: ask the layout again
        self.update()

    # --- geometry -------------------------------------------------------------------------

    def _badge_width(self) -> int:
        return QFontMetrics(self._badge_font).horizontalAdvance("00") + 8

    def _title_rect(self, width: int) -> QRect:
        """Where the wrapped title goes: the box's width less the count badge."""
        room = max(width - 2 * _PADDING - self._badge_width() - _GAP, 20)
        metrics = QFontMetrics(self._title_font)
        flags = int(Qt.TextFlag.TextWordWrap)
        bounds = metrics.boundingRect(QRect(0, 0, room, 1000), flags, self.title)
        return QRect(_PADDING, _PADDING, room, max(bounds.height(), metrics.height()))

    def _columns(self, width: int) -> int:
        return max(1, (width - 2 * _PADDING + _GAP) // (COUNTER_PIXELS + _GAP))

    def _counters_top(self, width: int) -> int:
        return self._title_rect(width).bottom() + 1 + _TITLE_GAP

    def _pixel_size(self) -> int:
        """A counter's size in device pixels, for the pixmap cache."""
        return max(1, round(COUNTER_PIXELS * self.devicePixelRatioF()))

    def counter_rect(self, index: int) -> QRect:
        """Where the `index`th counter of the box is drawn, in widget coordinates."""
        width = self.width()
        columns = self._columns(width)
        row, column = divmod(index, columns)
        step = COUNTER_PIXELS + _GAP
        return QRect(
            _PADDING + column * step,
            self._counters_top(width) + row * step,
            COUNTER_PIXELS,
            COUNTER_PIXELS,
        )

    def heightForWidth(self, width: int) -> int:
        # An empty box keeps one row: a target to drop on and a steady layout.
        rows = max(1, math.ceil(len(self._units) / self._columns(width)))
        counters = rows * COUNTER_PIXELS + (rows - 1) * _GAP
        return self._counters_top(width) + counters + _PADDING

    def sizeHint(self) -> QSize:
        width = 2 * _PADDING + 3 * COUNTER_PIXELS + 2 * _GAP
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        # The least a box can ever be: one line of title, one row. Its real height comes from
        # heightForWidth; a taller minimum would make the scroll area add a scroll bar it
        # does not need, since it sums minimum heights at the narrowest widths. It is as wide
        # as two counters and as the title's longest word beside the count: a title wraps
        # between words, and a wider word would be cut off.
        metrics = QFontMetrics(self._title_font)
        word = max((metrics.horizontalAdvance(w) for w in self.title.split()), default=0)
        width = 2 * _PADDING + max(2 * COUNTER_PIXELS + _GAP, word + _GAP + self._badge_width())
        return QSize(width, 2 * _PADDING + metrics.height() + _TITLE_GAP + COUNTER_PIXELS)

    def unit_at(self, position: QPoint) -> str | None:
        for index, unit in enumerate(self._units):
            if self.counter_rect(index).contains(position):
                return unit.id
        return None

    # --- painting -------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        nation = nation_style(CHART_NATIONALITY[self.player])
        accent = nation.field
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        fill = QColor(BOX_FILL)
        if self._drop_hover:
            fill = QColor(accent).lighter(150)
        painter.setBrush(fill)
        edge = QPen(accent.darker(130), 2.0) if self._drop_hover else QPen(BOX_EDGE, 1.0)
        if self.box is None:
            edge.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(edge)
        painter.drawRoundedRect(frame, 3.0, 3.0)

        painter.setPen(BOX_INK)
        painter.setFont(self._title_font)
        painter.drawText(
            self._title_rect(self.width()),
            int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft),
            self.title,
        )
        self._paint_count(painter, nation)

        if self.covered:  # 4.3: the other side's missions stay secret until the reveal
            painter.setBrush(QColor(74, 64, 52, 60))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(frame, 3.0, 3.0)
            painter.setPen(MUTED_INK)
            top = self._counters_top(self.width())
            room = QRect(_PADDING, top, self.width() - 2 * _PADDING, self.height() - top)
            flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter
            painter.drawText(room, int(flags), "secret (4.3)")
            painter.end()
            return
        pixel_size = self._pixel_size()
        for index, unit in enumerate(self._units):
            painter.setOpacity(_DIMMED if unit.id == self._dragging else 1.0)
            pixmap = self._pixmaps.pixmap(unit, False, pixel_size)
            painter.drawPixmap(QRectF(self.counter_rect(index)), pixmap, QRectF(pixmap.rect()))
        painter.end()

    def _paint_count(self, painter: QPainter, nation: NationStyle) -> None:
        """The number of counters in the box, in a small badge of the chart's colour."""
        count = len(self._units)
        if self.covered:
            return
        height = QFontMetrics(self._badge_font).height() + 2
        badge = QRectF(
            self.width() - _PADDING - self._badge_width(), _PADDING, self._badge_width(), height
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(nation.field if count else EMPTY_BADGE)
        painter.drawRoundedRect(badge, height / 2, height / 2)
        painter.setPen(nation.ink if count else MUTED_INK)
        painter.setFont(self._badge_font)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(count))

    # --- tooltips -------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_at(self, position: QPoint) -> str:
        """A counter's name and values under `position`, else what the box is for."""
        if self.covered:
            return SECRET
        unit_id = self.unit_at(position)
        if unit_id is None:
            return self.toolTip()
        unit = self._catalogue.air[unit_id]
        return counter_tooltip(unit, self._foreign_boxes.get(unit_id))

    # --- dragging a counter out -----------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        unit_id = self.unit_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and unit_id is not None:
            self._press = (unit_id, event.position().toPoint())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            if self.unit_at(event.position().toPoint()) is not None:
                self.setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.unsetCursor()
            super().mouseMoveEvent(event)
            return
        unit_id, start = self._press
        moved = event.position().toPoint() - start
        if moved.manhattanLength() >= QApplication.startDragDistance():
            self._press = None
            self._drag(unit_id, start)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def _drag(self, unit_id: str, start: QPoint) -> None:
        if unit_id not in self.unit_ids:
            return  # a new state took the counter away between the press and the move
        index = self.unit_ids.index(unit_id)
        pixmap = self._pixmaps.pixmap(
            self._catalogue.air[unit_id], False, self._pixel_size()
        ).copy()  # a copy: the cached pixmap keeps its own pixel ratio
        pixmap.setDevicePixelRatio(self.devicePixelRatioF())
        drag = QDrag(self)
        drag.setMimeData(air_unit_mime(unit_id))
        drag.setPixmap(pixmap)
        drag.setHotSpot(start - self.counter_rect(index).topLeft())
        self._dragging = unit_id
        self.update()
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            # The drop only asked for a move; the counter stays here until the state says not.
            self._dragging = None
            self.update()

    # --- dropping a counter in ------------------------------------------------------------

    def accepts(self, unit_id: str | None) -> bool:
        """Whether an air unit may be dropped here: one of this chart's side, on a real box."""
        if self.box is None or unit_id is None:
            return False
        unit = self._catalogue.air.get(unit_id)
        return unit is not None and unit.player is self.player and self.refused(unit_id) is None

    def refused(self, unit_id: str) -> str | None:
        """The rules' reason `unit_id` may not go in this box now, if the box has a judge."""
        if self.judge is None or self.box is None:
            return None
        return self.judge(unit_id, self.box)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._judge_drag(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._judge_drag(event)

    def _judge_drag(self, event: QDragMoveEvent) -> None:
        unit_id = air_unit_from_mime(event.mimeData())
        if self.accepts(unit_id):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
            self._set_drop_hover(True)
            return
        event.ignore()  # the cursor shows the drop is refused, and the rules say why
        self.refusal = self.refused(unit_id) if unit_id is not None else None
        if self.refusal:
            where = self.mapToGlobal(event.position().toPoint())
            QToolTip.showText(where, f"Not allowed: {self.refusal}", self)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._set_drop_hover(False)
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        self._set_drop_hover(False)
        unit_id = air_unit_from_mime(event.mimeData())
        if not self.accepts(unit_id):
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        assert unit_id is not None  # accepts() said so
        self.unit_dropped.emit(unit_id)

    def _set_drop_hover(self, hover: bool) -> None:
        if hover != self._drop_hover:
            self._drop_hover = hover
            self.update()
