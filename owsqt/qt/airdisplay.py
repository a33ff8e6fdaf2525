"""The air display beside the map: both Air Operations Charts, their boxes and air counters (4.3).

The display mirrors the state like the counter layer on the map: `show_state(state)` puts every
air counter in the box its AirUnitState names, and a drag between boxes only proposes a move.
`move_requested(air unit id, AirBox)` goes to the window, which submits a PlaceAirUnit action
and shows the new state; a refused move therefore leaves the counter where it was.

Each chart is laid out as printed: Ready, Flown and Disrupted Units on top, the mission display
below it, a mission box beside its escort box. A German counter can only be dropped on the
German chart and a Soviet one on the Soviet chart; which aircraft may fly which mission (4.2)
is for the rules to judge, not for the drop.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QByteArray, QEvent, QMimeData, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt import mapstyle
from owsqt.qt.counterpainter import CounterPixmapCache
from owsqt.qt.counterstyle import nation_style
from owsqt.rules.state import GameState
from owsqt.rules.units import AirType, AirUnitDef, Nationality, UnitCatalogue
from owsqt.rules.vocabulary import AirBox, Player

__all__ = [
    "BOX_TITLES",
    "CHART_BOXES",
    "CHART_TITLES",
    "COUNTER_PIXELS",
    "MIME_TYPE",
    "AirBoxWidget",
    "AirDisplay",
    "air_unit_from_mime",
    "air_unit_mime",
]

MIME_TYPE = "application/x-owsqt-air-unit"
COUNTER_PIXELS = 40  # a counter in a box, in logical pixels: as big as on the map at 0.7 zoom

CHART_TITLES = {
    Player.GERMAN: "German Air Operations Chart",
    Player.SOVIET: "Soviet Air Operations Chart",
}

# The boxes of each chart in the order of its grid: a full-width Ready box, then pairs.
CHART_BOXES: dict[Player, tuple[AirBox, ...]] = {
    Player.GERMAN: (
        AirBox.READY,
        AirBox.FLOWN,
        AirBox.DISRUPTED,
        AirBox.INTERDICTION,
        AirBox.INTERDICTION_ESCORT,
        AirBox.GROUND_ATTACK,
        AirBox.GROUND_ATTACK_ESCORT,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK,
        AirBox.WITHHELD,
    ),
    Player.SOVIET: (
        AirBox.READY,
        AirBox.FLOWN,
        AirBox.DISRUPTED,
        AirBox.GROUND_ATTACK,
        AirBox.GROUND_ATTACK_ESCORT,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK,
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION,
    ),
}

_SHARED_TITLES = {
    AirBox.READY: "Ready Units",
    AirBox.FLOWN: "Flown Units",
    AirBox.DISRUPTED: "Disrupted Units",
    AirBox.INTERDICTION: "Interdiction",
    AirBox.INTERDICTION_ESCORT: "Interdiction escort",
    AirBox.GROUND_ATTACK: "Ground attack",
    AirBox.GROUND_ATTACK_ESCORT: "Ground attack escort",
    AirBox.WITHHELD: "Withheld Stukas",
}
# The air superiority boxes say whose missions they intercept, and that differs per chart.
BOX_TITLES: dict[Player, dict[AirBox, str]] = {
    Player.GERMAN: {
        **_SHARED_TITLES,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: (
            "Air superiority (against Soviet ground attack missions)"
        ),
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Air superiority against interdiction",
    },
    Player.SOVIET: {
        **_SHARED_TITLES,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: "Air superiority against German ground attack",
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Air superiority against German interdiction",
    },
}

_BOX_HINTS = {
    AirBox.READY: "Ready for a mission this turn (4.3).",
    AirBox.FLOWN: "Flew a mission or aborted; rolls to be ready again (4.7).",
    AirBox.DISRUPTED: "Disrupted in air combat; rolls to be ready again (4.7).",
    AirBox.INTERDICTION: "German air units only; an interdiction zone around a hex (4.5).",
    AirBox.INTERDICTION_ESCORT: "Fighters only: they escort the interdiction mission (4.2).",
    AirBox.GROUND_ATTACK: "Bombardment of enemy ground units (4.6).",
    AirBox.GROUND_ATTACK_ESCORT: "Fighters only: they escort the ground attack mission (4.2).",
    AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: "Fighters only: they try to intercept (4.4).",
    AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Fighters only: they try to intercept (4.4).",
    AirBox.WITHHELD: "Ju-87s kept back to support a mechanized attack (4.6).",
}

_TYPE_NAMES = {
    AirType.FIGHTER: "fighter",
    AirType.HEAVY_FIGHTER: "heavy fighter",
    AirType.DIVE_BOMBER: "dive bomber",
    AirType.GROUND_ATTACK: "ground attack",
    AirType.BOMBER: "bomber",
}

# The chart of each side wears its air force's counter colour, so a glance tells them apart.
_CHART_NATIONALITY = {
    Player.GERMAN: Nationality.LUFTWAFFE,
    Player.SOVIET: Nationality.SOVIET_AIR_FORCE,
}

_PADDING = 5  # inside a box, around its title and counters
_GAP = 4  # between counters in a box
_TITLE_GAP = 4  # between a box's title and its first row of counters
_TITLE_PIXELS = 11
_BADGE_PIXELS = 10
_DIMMED = 0.3  # the counter being dragged stays in its box, faint, until the state moves it

_BOX_FILL = QColor("#f5efdc")  # a shade lighter than the map's clear terrain: paper boxes
_BOX_EDGE = mapstyle.MAP_EDGE
_BOX_INK = mapstyle.LABEL
_MUTED_INK = mapstyle.HEX_ID
_EMPTY_BADGE = QColor(74, 64, 52, 40)  # the box edge's ink, faint: an empty box does not shout


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


def _tooltip(unit: AirUnitDef, box_title: str | None = None) -> str:
    """The unit's name and its printed values; where it sits if its box is not on the chart."""
    lines = [
        f"<b>{html.escape(unit.name)}</b> ({_TYPE_NAMES[unit.type]}, {unit.recovery_class})",
        f"Air-to-air {unit.air_to_air} – defence {unit.defense} – bombardment {unit.bombardment}",
        f"Proficiency {unit.proficiency}",
    ]
    if box_title is not None:
        lines.append(f"In the box “{html.escape(box_title)}”, which this chart does not have")
    return "<br>".join(lines)


def _font(pixels: int, bold: bool) -> QFont:
    font = QFont()
    font.setFamilies(list(mapstyle.SANS))
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


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
        self._title_font = _font(_TITLE_PIXELS, bold=True)
        self._badge_font = _font(_BADGE_PIXELS, bold=True)
        self.setAcceptDrops(box is not None)
        self.setMouseTracking(True)  # an open hand over a counter says it can be picked up
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setObjectName(f"airBox_{player.value}_{box.value if box else 'elsewhere'}")
        self.setToolTip(_BOX_HINTS[box] if box is not None else "")

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

    def hasHeightForWidth(self) -> bool:
        return True

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
        # does not need, since it sums minimum heights at the narrowest widths.
        width = 2 * _PADDING + 2 * COUNTER_PIXELS + _GAP
        title = QFontMetrics(self._title_font).height()
        return QSize(width, 2 * _PADDING + title + _TITLE_GAP + COUNTER_PIXELS)

    def unit_at(self, position: QPoint) -> str | None:
        for index, unit in enumerate(self._units):
            if self.counter_rect(index).contains(position):
                return unit.id
        return None

    # --- painting -------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        accent = nation_style(_CHART_NATIONALITY[self.player]).field
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        fill = QColor(_BOX_FILL)
        if self._drop_hover:
            fill = QColor(accent).lighter(150)
        painter.setBrush(fill)
        edge = QPen(accent.darker(130), 2.0) if self._drop_hover else QPen(_BOX_EDGE, 1.0)
        if self.box is None:
            edge.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(edge)
        painter.drawRoundedRect(frame, 3.0, 3.0)

        painter.setPen(_BOX_INK)
        painter.setFont(self._title_font)
        painter.drawText(
            self._title_rect(self.width()),
            int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft),
            self.title,
        )
        self._paint_count(painter, accent)

        pixel_size = max(1, round(COUNTER_PIXELS * self.devicePixelRatioF()))
        for index, unit in enumerate(self._units):
            painter.setOpacity(_DIMMED if unit.id == self._dragging else 1.0)
            pixmap = self._pixmaps.pixmap(unit, False, pixel_size)
            painter.drawPixmap(QRectF(self.counter_rect(index)), pixmap, QRectF(pixmap.rect()))
        painter.end()

    def _paint_count(self, painter: QPainter, accent: QColor) -> None:
        """The number of counters in the box, in a small badge of the chart's colour."""
        count = len(self._units)
        height = QFontMetrics(self._badge_font).height() + 2
        badge = QRectF(
            self.width() - _PADDING - self._badge_width(), _PADDING, self._badge_width(), height
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent if count else _EMPTY_BADGE)
        painter.drawRoundedRect(badge, height / 2, height / 2)
        ink = nation_style(_CHART_NATIONALITY[self.player]).ink if count else _MUTED_INK
        painter.setPen(ink)
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
        unit_id = self.unit_at(position)
        if unit_id is None:
            return self.toolTip()
        unit = self._catalogue.air[unit_id]
        return _tooltip(unit, self._foreign_boxes.get(unit_id))

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
            over_counter = self.unit_at(event.position().toPoint()) is not None
            if over_counter:
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
        ratio = self.devicePixelRatioF()
        pixmap = self._pixmaps.pixmap(
            self._catalogue.air[unit_id], False, max(1, round(COUNTER_PIXELS * ratio))
        ).copy()  # a copy: the cached pixmap keeps its own pixel ratio
        pixmap.setDevicePixelRatio(ratio)
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
        return unit is not None and unit.player is self.player

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._judge_drag(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._judge_drag(event)

    def _judge_drag(self, event: QDragMoveEvent) -> None:
        if self.accepts(air_unit_from_mime(event.mimeData())):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
            self._set_drop_hover(True)
        else:
            event.ignore()  # the cursor shows the drop is refused

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


class _ChartWidget(QFrame):
    """One side's Air Operations Chart: its title band and its boxes on a paper ground."""

    def __init__(
        self,
        player: Player,
        catalogue: UnitCatalogue,
        pixmaps: CounterPixmapCache,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.player = player
        self.setObjectName(f"airChart_{player.value}")
        self.setFrameShape(QFrame.Shape.Box)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, mapstyle.PAPER)
        palette.setColor(QPalette.ColorRole.WindowText, _BOX_EDGE)
        self.setPalette(palette)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(1, 1, 1, 6)
        layout.setSpacing(6)
        layout.addWidget(self._title_band(player))

        titles = BOX_TITLES[player]
        self.boxes: dict[AirBox, AirBoxWidget] = {
            box: AirBoxWidget(player, box, titles[box], catalogue, pixmaps, self)
            for box in CHART_BOXES[player]
        }
        grid = QGridLayout()
        grid.setContentsMargins(6, 0, 6, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(6)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        ready, flown, disrupted, *missions = CHART_BOXES[player]
        grid.addWidget(self.boxes[ready], 0, 0, 1, 2)
        grid.addWidget(self.boxes[flown], 1, 0)
        grid.addWidget(self.boxes[disrupted], 1, 1)
        grid.addWidget(self._caption("Mission Display"), 2, 0, 1, 2)
        for index, box in enumerate(missions):
            row, column = divmod(index, 2)
            # No alignment: the boxes of a row share its height, as ruled on the printed chart.
            grid.addWidget(self.boxes[box], 3 + row, column)
        layout.addLayout(grid)

        # Counters in a box this chart lacks (a free-play edit can put them there) must not
        # vanish from the table: they show here, ready to be dragged to a box of the chart.
        self.elsewhere = AirBoxWidget(player, None, "Not on this chart", catalogue, pixmaps, self)
        self.elsewhere.setToolTip("These units are in a box the printed chart does not have.")
        self.elsewhere.hide()
        wrapper = QVBoxLayout()
        wrapper.setContentsMargins(6, 0, 6, 0)
        wrapper.addWidget(self.elsewhere)
        layout.addLayout(wrapper)

    def _title_band(self, player: Player) -> QLabel:
        nation = nation_style(_CHART_NATIONALITY[player])
        label = QLabel(CHART_TITLES[player].upper(), self)
        label.setObjectName(f"airChartTitle_{player.value}")
        font = QFont()
        font.setFamilies(list(mapstyle.SERIF))
        font.setPixelSize(13)
        font.setBold(True)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 104)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setContentsMargins(6, 4, 6, 4)
        label.setAutoFillBackground(True)
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.Window, nation.field)
        palette.setColor(QPalette.ColorRole.WindowText, nation.ink)
        label.setPalette(palette)
        return label

    def _caption(self, text: str) -> QLabel:
        label = QLabel(text.upper(), self)
        font = _font(_BADGE_PIXELS, bold=True)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 115)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, _MUTED_INK)
        label.setPalette(palette)
        return label

    def show_units(self, placed: Iterable[tuple[AirUnitDef, AirBox]]) -> None:
        by_box: dict[AirBox, list[AirUnitDef]] = {box: [] for box in self.boxes}
        elsewhere: list[AirUnitDef] = []
        foreign: dict[str, str] = {}
        for unit, box in placed:
            if box in by_box:
                by_box[box].append(unit)
            else:
                elsewhere.append(unit)
                foreign[unit.id] = BOX_TITLES[self.player][box]
        for box, widget in self.boxes.items():
            widget.set_units(by_box[box], {})
        self.elsewhere.set_units(elsewhere, foreign)
        self.elsewhere.setVisible(bool(elsewhere))


class AirDisplay(QWidget):
    """Both Air Operations Charts, stacked and scrollable, for a dock beside the map.

    `move_requested(unit id, AirBox)` is emitted when the player drops an air counter on another
    box of its own chart; the display changes nothing itself until `show_state` is called.
    """

    move_requested = Signal(str, object)

    def __init__(self, catalogue: UnitCatalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("airDisplay")
        self.catalogue = catalogue
        self._pixmaps = CounterPixmapCache(max_pixmaps=256)  # a few dozen counters, one size
        self._boxes: dict[str, AirBox] = {}

        content = QWidget()
        content.setObjectName("airDisplayContent")
        column = QVBoxLayout(content)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(8)
        self.charts: dict[Player, _ChartWidget] = {}
        for player in (Player.GERMAN, Player.SOVIET):
            chart = _ChartWidget(player, catalogue, self._pixmaps, content)
            for box, widget in chart.boxes.items():
                widget.unit_dropped.connect(
                    lambda unit_id, box=box: self._on_unit_dropped(unit_id, box)
                )
            self.charts[player] = chart
            column.addWidget(chart)
        column.addStretch(1)

        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scroll_area.setWidget(content)
        palette = self.scroll_area.palette()
        palette.setColor(QPalette.ColorRole.Window, mapstyle.PAPER.darker(108))
        self.scroll_area.setPalette(palette)
        content.setAutoFillBackground(True)
        content.setPalette(palette)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

    def sizeHint(self) -> QSize:
        return QSize(360, 640)

    def box_widget(self, player: Player, box: AirBox) -> AirBoxWidget:
        """The widget of `box` on `player`'s chart (KeyError if that chart has no such box)."""
        return self.charts[player].boxes[box]

    def box_of(self, unit_id: str) -> AirBox | None:
        """The box the last state put `unit_id` in."""
        return self._boxes.get(unit_id)

    def show_state(self, state: GameState) -> None:
        """Show every air unit of `state` in its box; units the catalogue lacks cannot be drawn."""
        self._boxes = {unit_id: air.box for unit_id, air in state.air_units.items()}
        placed: dict[Player, list[tuple[AirUnitDef, AirBox]]] = {p: [] for p in self.charts}
        for unit_id, definition in self.catalogue.air.items():  # catalogue order: steady rows
            box = self._boxes.get(unit_id)
            if box is not None:
                placed[definition.player].append((definition, box))
        for player, chart in self.charts.items():
            chart.show_units(placed[player])

    def _on_unit_dropped(self, unit_id: str, box: AirBox) -> None:
        if self._boxes.get(unit_id) is box:
            return  # dropped back where it was: nothing to ask for
        self.move_requested.emit(unit_id, box)
