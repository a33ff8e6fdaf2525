"""The Replacements panel (17.3, 17.4): each nationality's replacement points by class,
shown to both players; the units below their original strength that points of their class
could raise (a click gives one point); the destroyed units and lost headquarters that may
come back, each with the hexes the rules allow (a click on a hex, here or on the map,
places it). Every line's tooltip is the rules' verdict on its action, refusals with their
rule numbers; the panel decides nothing itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.core.actions import Action, AssignReplacements, Reenter
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import LossClass, TallyNationality, UnitStatus
from owsqt.rules.engine import judge
from owsqt.rules.fog.known import strength_known
from owsqt.rules.fog.view import SideView, whole
from owsqt.rules.recovery.reentry import is_headquarters, reentry_hexes, return_hexes
from owsqt.rules.scenario.ruleset import Ruleset

ACTION_ROLE = Qt.ItemDataRole.UserRole  # the action a click on the line sends
UNIT_ROLE = Qt.ItemDataRole.UserRole + 1  # a destroyed unit's line: its id
LEGAL_ROLE = Qt.ItemDataRole.UserRole + 2  # whether the rules take the line's action
_REFUSED = QColor("#8a8272")
WAITING = "Replacements are received and assigned in the Replacement Segment (17.3, 17.4)."
HINT = (
    "Click a unit to give it one point of its nationality and class; click a hex under a "
    "destroyed unit (or the hex on the map) to bring it back there (17.4)."
)


class ReplacementsPanel(QWidget):
    """Points for both players, units to raise, units to bring back."""

    chosen_changed = Signal()  # another destroyed unit (or none) is chosen

    def __init__(self, ruleset: Ruleset, send: Callable[[Action], None]) -> None:
        super().__init__()
        self.setObjectName("replacementsPanel")
        self.ruleset, self._send = ruleset, send
        self.state: GameState | None = None
        self.seen: SideView  # set by show_state (18.1)
        # a hex to ask the rules about a unit that may enter nowhere: why not
        self._anywhere = min(ruleset.game_map.hexes, key=ruleset.grid.id_of)
        self.note = QLabel(WAITING)
        self.note.setWordWrap(True)
        self.points = QTableWidget(len(TallyNationality), len(LossClass))
        self.points.setObjectName("replacementPoints")
        self.points.setToolTip("Replacement points of each nationality, seen by both (17.3)")
        self.points.setHorizontalHeaderLabels([c.value.capitalize() for c in LossClass])
        self.points.setVerticalHeaderLabels([n.value.capitalize() for n in TallyNationality])
        self.points.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.points.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.points.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.points.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        rows = len(TallyNationality) * self.points.verticalHeader().defaultSectionSize()
        self.points.setFixedHeight(rows + self.points.horizontalHeader().sizeHint().height() + 4)
        self.units = QTreeWidget()
        self.units.setObjectName("replacementUnits")
        self.units.setHeaderHidden(True)
        self.units.setToolTip(HINT)
        self.units.itemClicked.connect(self._on_clicked)
        self.units.currentItemChanged.connect(lambda *_: self.chosen_changed.emit())
        layout = QVBoxLayout(self)
        for widget in (self.note, self.points, self.units):
            layout.addWidget(widget)

    # --- showing the state ------------------------------------------------------------------

    def show_state(self, state: GameState, seen: SideView | None = None) -> None:
        """Show `state`; `seen` is what the table's viewer may know of it (18.1)."""
        self.state = state
        self.seen = seen or whole(state)
        for row, nationality in enumerate(TallyNationality):
            tally = state.replacement_points[nationality]
            for column, loss_class in enumerate(LossClass):
                cell = QTableWidgetItem(str(tally.of(loss_class)))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.points.setItem(row, column, cell)
        open_ = state.segment is Segment.REPLACEMENT
        self.note.setText(HINT if open_ else WAITING)
        self.units.clear()
        if open_:
            self._list_raised(state)
            self._list_destroyed(state)
            self.units.expandAll()

    def _list_raised(self, state: GameState) -> None:
        heading = self._heading("Raise by one point (17.4)")
        catalogue = self.ruleset.catalogue
        for unit_id in sorted(state.units, key=catalogue.name_of):
            unit, definition = state.units[unit_id], catalogue.ground[unit_id]
            loss_class = definition.unit_class.loss_class
            if unit.status is not UnitStatus.ON_MAP or loss_class is None:
                continue
            if not strength_known(self.ruleset, self.seen, unit_id):
                continue  # 18.1: an enemy unit's strength is not seen outside combat
            tally = state.replacement_points[definition.nationality.tally]
            if unit.strength >= definition.combat or not tally.of(loss_class):
                continue
            where = self.ruleset.grid.id_of(unit.hex) if unit.hex else ""
            text = f"{definition.name} on {where}: {unit.strength} of {definition.combat}"
            action = AssignReplacements(player=definition.player, unit=unit_id)
            heading.addChild(self._line(text, action, state))
        self._say_if_empty(heading, "No unit on the map has points of its class to take")

    def _list_destroyed(self, state: GameState) -> None:
        heading = self._heading("Bring back (17.4)")
        catalogue = self.ruleset.catalogue
        for unit_id in sorted(state.units, key=catalogue.name_of):
            if state.units[unit_id].status is not UnitStatus.ELIMINATED:
                continue
            definition = catalogue.ground[unit_id]
            headquarters = is_headquarters(catalogue, unit_id)
            if headquarters:
                hexes = return_hexes(self.ruleset, state, unit_id)
            else:
                hexes = reentry_hexes(self.ruleset, state, unit_id, 1)
            cost = "free" if headquarters else "1 point"
            line = QTreeWidgetItem([f"{definition.name} ({definition.player.title}, {cost})"])
            line.setData(0, UNIT_ROLE, unit_id)
            heading.addChild(line)
            points = 0 if headquarters else 1
            probe = Reenter(
                player=definition.player, unit=unit_id, hex=hexes[0] if hexes else self._anywhere
            )
            probe = replace(probe, points=points)
            line.setToolTip(0, self._verdict_text(probe, state))
            for hex_ in hexes:
                action = Reenter(player=definition.player, unit=unit_id, hex=hex_, points=points)
                line.addChild(self._line(f"at {self.ruleset.grid.id_of(hex_)}", action, state))
        self._say_if_empty(heading, "No destroyed unit waits to come back")

    def _heading(self, text: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        self.units.addTopLevelItem(item)
        return item

    def _line(self, text: str, action: Action, state: GameState) -> QTreeWidgetItem:
        item = QTreeWidgetItem([text])
        item.setData(0, ACTION_ROLE, action)
        item.setData(0, LEGAL_ROLE, judge(self.ruleset, state, action).legal)
        tip = self._verdict_text(action, state)
        item.setToolTip(0, tip)
        if not tip.startswith("Click"):
            item.setForeground(0, QBrush(_REFUSED))
        return item

    def _verdict_text(self, action: Action, state: GameState) -> str:
        """The rules' verdict: what a click does, or why the rules refuse it."""
        violations = judge(self.ruleset, state, action).violations
        if violations:
            return "\n".join(f"{v.rule}: {v.message}" for v in violations)
        if isinstance(action, AssignReplacements):
            return "Click to give it one replacement point (17.4)"
        return "Click to place it here (17.4)"

    @staticmethod
    def _say_if_empty(heading: QTreeWidgetItem, text: str) -> None:
        if heading.childCount() == 0:
            empty = QTreeWidgetItem([text])
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            heading.addChild(empty)

    # --- choosing -----------------------------------------------------------------------------

    def chosen_unit(self) -> str | None:
        """The destroyed unit whose line (or one of whose hexes) is selected."""
        item = self.units.currentItem()
        while item is not None and item.data(0, UNIT_ROLE) is None:
            item = item.parent()
        return None if item is None else item.data(0, UNIT_ROLE)

    def chosen_hexes(self) -> list[Hex]:
        """[17.4] Where the chosen destroyed unit may come back, for the map to shade."""
        unit_id = self.chosen_unit()
        if unit_id is None:
            return []
        return [
            action.hex
            for item in _lines(self.units.invisibleRootItem())
            if isinstance(action := item.data(0, ACTION_ROLE), Reenter)
            and action.unit == unit_id
            and item.data(0, LEGAL_ROLE)
        ]

    def reenter_at(self, hex_: Hex) -> bool:
        """A hex clicked on the map: the chosen destroyed unit's line for it, clicked."""
        unit_id = self.chosen_unit()
        if unit_id is None:
            return False
        for item in _lines(self.units.invisibleRootItem()):
            action = item.data(0, ACTION_ROLE)
            if isinstance(action, Reenter) and action.unit == unit_id and action.hex == hex_:
                self._on_clicked(item)
                return True
        return False

    def _on_clicked(self, item: QTreeWidgetItem) -> None:
        action = item.data(0, ACTION_ROLE)
        if isinstance(action, Action):
            self._send(action)


def _lines(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """Every line under `item`, depth first."""
    found = []
    for index in range(item.childCount()):
        child = item.child(index)
        if child is not None:
            found.extend([child, *_lines(child)])
    return found
