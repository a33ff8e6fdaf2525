"""One side's Air Operations Chart: its title band and its boxes laid out as printed."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from owsqt.qt.air.box import AirBoxWidget
from owsqt.qt.air.style import (
    BADGE_PIXELS,
    BOX_EDGE,
    BOX_TITLES,
    CHART_BOXES,
    CHART_NATIONALITY,
    CHART_TITLES,
    MUTED_INK,
    bold_font,
)
from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.counters.style import nation_style
from owsqt.qt.map import style as mapstyle
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import AirUnitDef, UnitCatalogue


class AirChartWidget(QFrame):
    """One side's Air Operations Chart: its title band and its boxes on a paper ground.

    The chart is laid out as printed: Ready, Flown and Disrupted Units on top, the mission
    display below it, a mission box beside its escort box. A German counter can only be dropped
    on the German chart and a Soviet one on the Soviet chart; which aircraft may fly which
    mission (4.2) is for the rules to judge, not for the drop.
    """

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
        palette.setColor(QPalette.ColorRole.WindowText, BOX_EDGE)
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
        nation = nation_style(CHART_NATIONALITY[player])
        label = QLabel(CHART_TITLES[player].upper(), self)
        label.setObjectName(f"airChartTitle_{player.value}")
        label.setFont(bold_font(13, mapstyle.SERIF, spacing=104))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)  # a narrow dock takes the title on two lines, not a scroll bar
        label.setContentsMargins(6, 4, 6, 4)
        label.setAutoFillBackground(True)
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.Window, nation.field)
        palette.setColor(QPalette.ColorRole.WindowText, nation.ink)
        label.setPalette(palette)
        return label

    def _caption(self, text: str) -> QLabel:
        label = QLabel(text.upper(), self)
        label.setFont(bold_font(BADGE_PIXELS, spacing=115))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, MUTED_INK)
        label.setPalette(palette)
        return label

    def show_units(self, placed: Iterable[tuple[AirUnitDef, AirBox]]) -> None:
        """Put each unit in its box, or in the box of those this chart lacks a box for."""
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
