"""The air display beside the map: both Air Operations Charts and their air counters (4.3)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from owsqt.qt.air.box import (
    MIME_TYPE,
    AirBoxWidget,
    DropJudge,
    air_unit_from_mime,
    air_unit_mime,
)
from owsqt.qt.air.chart import AirChartWidget
from owsqt.qt.air.style import BOX_TITLES, CHART_BOXES, CHART_TITLES, COUNTER_PIXELS
from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.map import style as mapstyle
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import AirUnitDef, UnitCatalogue

READY_BOXES = (AirBox.READY, AirBox.FLOWN, AirBox.DISRUPTED)  # never secret (4.3, 4.7)

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


class AirDisplay(QWidget):
    """Both Air Operations Charts, stacked and scrollable, for a dock beside the map.

    The display mirrors the state like the counter layer on the map: `show_state(state)` puts
    every air counter in the box its AirUnitState names, and a drag between boxes only proposes
    a move. `move_requested(unit id, AirBox)` is emitted when the player drops an air counter on
    another box of its own chart; the window submits a PlaceAirUnit action and shows the new
    state, so a refused move leaves the counter where it was. The display changes nothing
    itself until `show_state` is called.
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
        self.charts: dict[Player, AirChartWidget] = {}
        for player in (Player.GERMAN, Player.SOVIET):
            chart = AirChartWidget(player, catalogue, self._pixmaps, content)
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

    def set_judge(self, judge: DropJudge | None) -> None:
        """Under the rules, every box asks `judge` whether a unit may be dropped in it."""
        for chart in self.charts.values():
            for widget in chart.boxes.values():
                widget.judge = judge

    def show_state(
        self,
        state: GameState,
        draft: Mapping[str, AirBox] | None = None,
        covered: Player | None = None,
    ) -> None:
        """Show every air unit of `state` in its box; units the catalogue lacks cannot be drawn.

        `draft`: boxes a player has dragged units to without allocating yet (4.3), shown in
        place of their state's boxes. `covered`: the side whose mission boxes are secret."""
        self._boxes = {unit_id: air.box for unit_id, air in state.air_units.items()}
        self._boxes.update(draft or {})
        for player, chart in self.charts.items():
            for shown, widget in chart.boxes.items():
                hidden = player is covered and shown not in READY_BOXES
                if widget.covered != hidden:
                    widget.covered = hidden
                    widget.update()
        placed: dict[Player, list[tuple[AirUnitDef, AirBox]]] = {p: [] for p in self.charts}
        for unit_id, definition in self.catalogue.air.items():  # catalogue order: steady rows
            box = self._boxes.get(unit_id)
            if box is not None and definition.player is covered and box not in READY_BOXES:
                box = AirBox.READY  # 4.3: secret; shown where it stood at the start of the turn
            if box is not None:
                placed[definition.player].append((definition, box))
        for player, chart in self.charts.items():
            chart.show_units(placed[player])

    def _on_unit_dropped(self, unit_id: str, box: AirBox) -> None:
        if self._boxes.get(unit_id) is box:
            return  # dropped back where it was: nothing to ask for
        self.move_requested.emit(unit_id, box)
