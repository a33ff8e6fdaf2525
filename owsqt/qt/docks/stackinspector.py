"""The stack inspector dock: every unit of the selected hex with all its values and markers."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHeaderView, QMenu, QTableWidget, QTableWidgetItem, QWidget

from owsqt.qt.counters.unittext import hidden_words
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Supply
from owsqt.rules.data.units import UnitDef
from owsqt.rules.fog.view import SideView, whole
from owsqt.rules.scenario.ruleset import Ruleset

COLUMNS = ("Unit", "Type", "Strength", "Move", "Prof.", "Stack", "Markers")


def strength_text(unit: UnitDef, state: UnitState) -> str:
    """ "9 of 12": the points left against the printed full strength (2.2)."""
    side = " (reduced side)" if state.reduced else ""
    return f"{state.strength} of {unit.combat}{side}"


def marker_text(state: UnitState) -> str:
    """The markers of 2.2 a unit carries, as a player names them."""
    markers = []
    if state.disrupted:
        markers.append("DIS")
    if state.fired:
        markers.append("fired")
    if state.moved:
        markers.append("moved")
    if state.supply is Supply.ORGANIC:
        markers.append("organic supply")
    elif state.supply is Supply.OUT:
        markers.append("out of supply")
    if state.reserve:
        markers.append("reserve")
    return ", ".join(markers)


class StackInspector(QTableWidget):
    """Lists the units of one hex, top of the stack first; a row's menu reorders the stack."""

    reorder_requested = Signal(object, tuple)  # the Hex, its units in the new order, top first

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.ruleset = ruleset
        self.hex: Hex | None = None
        self.setHorizontalHeaderLabels(COLUMNS)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.setToolTip(
            "Click a counter on the map to list its stack here; right-click a unit to reorder"
        )
        self._order: tuple[str, ...] = ()
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._row_menu)

    def show_hex(self, hex_: Hex | None, state: GameState | SideView) -> None:
        """List the stack on `hex_` (nothing when None) as `state` has it; given a side's
        view, as that side may see it (18.1): its shown units, then one row that says how
        many of the enemy's counters it may not see, naming none."""
        seen = state if isinstance(state, SideView) else whole(state)
        shows = seen.state
        self.hex = hex_
        stack = shows.stack(hex_) if hex_ is not None else ()
        hidden = seen.hidden.get(hex_, 0) if hex_ is not None else 0
        self._order = stack if not hidden else ()  # 18.1: no reordering a stack half seen
        self.setRowCount(len(stack) + (1 if hidden else 0))
        catalogue = self.ruleset.catalogue
        for row, unit_id in enumerate(stack):
            unit = catalogue.ground[unit_id]
            unit_state = shows.units[unit_id]
            stacking = unit.stacking_value(unit_state.reduced)
            cells = (
                unit.name,
                f"{unit.type.value.replace('_', ' ')} {unit.size.value}",
                strength_text(unit, unit_state),
                f"{unit.movement} {unit.movement_class.value.replace('_', '-')}",
                str(unit.proficiency),
                str(stacking),
                marker_text(unit_state),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(unit_id if column == 0 else text)
                self.setItem(row, column, item)
        if hidden and seen.side is not None:
            words = hidden_words(hidden, seen.side.opponent)
            for column in range(len(COLUMNS)):
                item = QTableWidgetItem(words if column == 0 else "?")
                item.setToolTip(words)
                self.setItem(len(stack), column, item)
        where = self.ruleset.grid.id_of(hex_) if hex_ is not None else "no hex"
        if hidden:
            self.setStatusTip(f"{where}: {len(stack)} shown, {hidden} hidden (18.1)")
            return
        total = sum(catalogue.ground[u].stacking_value(shows.units[u].reduced) for u in stack)
        self.setStatusTip(f"{where}: {len(stack)} units, {total} stacking points")

    def reordered(self, row: int, where: str) -> tuple[str, ...]:
        """The stack with the unit of `row` moved to the "top" or the "bottom"."""
        unit_id = self._order[row]
        rest = tuple(u for u in self._order if u != unit_id)
        return (unit_id, *rest) if where == "top" else (*rest, unit_id)

    def _row_menu(self, position) -> None:
        row = self.rowAt(position.y())
        if row < 0 or row >= len(self._order) or self.hex is None or len(self._order) < 2:
            return
        menu = QMenu(self)
        for label, where in (("Put on top of the stack", "top"), ("Put at the bottom", "bottom")):
            action = menu.addAction(label)
            action.triggered.connect(
                lambda _=False, w=where: self.reorder_requested.emit(
                    self.hex, self.reordered(row, w)
                )
            )
        menu.exec(self.viewport().mapToGlobal(position))
