"""Help ▸ Map legend ▸ Gazetteer: every named place of the map with its hex, its former
names and its name today, sortable; a double click centres the table on the place."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.map.gamemap import GameMap

SPELLING = (
    "Places are named as they were in December 1942, spelled as English-language histories "
    "of the battle spell them (a simplified BGN/PCGN romanization); where the rulebook names "
    "a place (Verchne-Kumskij, Vasilevka) its spelling is kept. Positions marked ~ are "
    "known only to a kilometre or two. Double-click a place to find it on the map."
)
COLUMNS = ("Place", "Hex", "Former names", "Today")


class Gazetteer(QWidget):
    """The table of the map's places."""

    def __init__(
        self,
        game_map: GameMap,
        centre_on: Callable[[str], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("gazetteer")
        layout = QVBoxLayout(self)
        note = QLabel(SPELLING, self)
        note.setWordWrap(True)
        layout.addWidget(note)
        places = sorted(game_map.places, key=lambda place: place.name)
        self.table = QTableWidget(len(places), len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        rows = self.table.verticalHeader()
        rows.setVisible(False)
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        grid = game_map.grid
        for row, place in enumerate(places):
            name = place.name + (" ~" if place.approximate else "")
            cells = (name, grid.id_of(place.hex), ", ".join(place.former), place.now or "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{place.name}: hex {grid.id_of(place.hex)}")
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        layout.addWidget(self.table)
        if centre_on is not None:
            self.table.cellDoubleClicked.connect(lambda row, _column: centre_on(self._text(row, 1)))

    def rows(self) -> list[tuple[str, ...]]:
        """The table as shown, row by row."""
        return [
            tuple(self._text(row, column) for column in range(len(COLUMNS)))
            for row in range(self.table.rowCount())
        ]

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""
