"""The Arrivals dock: the acting player's off-map units that may come on, grouped by why
(reinforcements of the Turn Record Track by turn, force pools with the stacking points left,
units back from off the map, conditional entries) with their entry hexes (19.0, 19.12, 11.7).

Units, several selected, or a whole group are dragged from here onto the map; the map view
receives them (ground-unit MIME type) and the window turns the drop into an action.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.map.unitmime import MIME_TYPE, ground_units_mime, tree_children
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.arrivals import Arrival, pool_points_left, waiting
from owsqt.rules.scenario.ruleset import Ruleset

ICON_PIXELS = 28
UNIT_ROLE = Qt.ItemDataRole.UserRole
_NOT_YET = QColor("#8a8272")
HINT = (
    "Units that may come onto the map. Drag one, several (Ctrl or Shift to select) or a whole "
    "group onto the map: dropped on an entry hex they enter there; dropped farther, they "
    "enter by the nearest entry hex and move on (19.0, 19.12, 11.7)."
)


def where_text(ruleset: Ruleset, hexes: tuple[Hex, ...]) -> str:
    """ "entry area A" when the hexes are one, else "at 2641" or "at 2641, 2642"."""
    for name, area in ruleset.game_map.entry_areas.items():
        if set(area) == set(hexes):
            return f"entry area {name}"
    ids = [ruleset.grid.id_of(h) for h in hexes]
    if not ids:
        return "no hex free to enter"
    return "at " + (", ".join(ids) if len(ids) <= 3 else f"{ids[0]} … {ids[-1]} ({len(ids)})")


def group_title(ruleset: Ruleset, state: GameState, arrival: Arrival) -> str:
    """The heading of the group an arrival belongs to: what it is, then (on a second line)
    what it may bring in and where."""
    where = where_text(ruleset, arrival.hexes)
    if arrival.force_pool is not None:
        name = ruleset.catalogue.formations[arrival.force_pool].name
        left = pool_points_left(ruleset, state, arrival.force_pool)
        return f"Force pool: {name} (19.12)\n{left} stacking points left · {where}"
    if arrival.reason == "reinforcement":
        return f"Turn {arrival.turn} reinforcements (19.0)\n{where}"
    if arrival.rule == "11.7":
        return f"Back from off the map (11.7)\n{where}"
    if arrival.pending:
        return f"{arrival.reason} ({arrival.rule})\n{arrival.pending}"
    return f"{arrival.reason} ({arrival.rule})\nfrom turn {arrival.turn} · {where}"


class ArrivalsList(QTreeWidget):
    """Every unit waiting to enter, under its group's heading; a drag carries unit ids."""

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("arrivalsList")
        self.ruleset = ruleset
        self._pixmaps = CounterPixmapCache(max_pixmaps=512)
        self._shown: tuple | None = None
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setToolTip(HINT)

    def show_state(self, state: GameState) -> None:
        """List the units of the acting player (both players' when both act) that may enter."""
        players = (state.active,) if state.active is not None else tuple(Player)
        arrivals = [a for p in players for a in waiting(self.ruleset, state, p)]
        key = (players, state.turn, tuple(arrivals), state.arrivals)
        if key == self._shown:
            return
        self._shown = key
        self.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for arrival in arrivals:
            unit = self.ruleset.catalogue.ground[arrival.unit]
            title = group_title(self.ruleset, state, arrival)
            if len(players) > 1:
                title = f"{unit.player.title} · {title}"
            group = groups.get(title)
            if group is None:
                group = self._group_item(title, arrival)
                groups[title] = group
            group.addChild(self._unit_item(state, arrival))
        if not groups:
            who = " or ".join(p.title for p in players)
            empty = QTreeWidgetItem([f"No {who} units are waiting to enter the map"])
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.addTopLevelItem(empty)
        self.expandAll()

    def _group_item(self, title: str, arrival: Arrival) -> QTreeWidgetItem:
        item = QTreeWidgetItem([title])
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        hexes = ", ".join(self.ruleset.grid.id_of(h) for h in arrival.hexes)
        item.setToolTip(0, f"{title}\nEntry hexes: {hexes or 'none'}\nDrag to bring all in")
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsSelectable)
        self.addTopLevelItem(item)
        return item

    def _unit_item(self, state: GameState, arrival: Arrival) -> QTreeWidgetItem:
        unit = self.ruleset.catalogue.ground[arrival.unit]
        item = QTreeWidgetItem([unit.name])
        item.setData(0, UNIT_ROLE, arrival.unit)
        reduced = state.units[arrival.unit].reduced
        item.setIcon(0, QIcon(self._pixmaps.pixmap(unit, reduced, ICON_PIXELS * 2)))
        due = arrival.turn <= state.turn
        when = "may enter now" if due else f"may enter from turn {arrival.turn}"
        if arrival.pending:
            when = f"may enter the turn {arrival.pending}"
        item.setToolTip(
            0,
            f"{unit.name}: {unit.combat}-{unit.movement}, stacking "
            f"{unit.stacking_value(reduced)}; {arrival.reason}, {when} "
            f"({arrival.rule}), {where_text(self.ruleset, arrival.hexes)}",
        )
        if not due:
            item.setForeground(0, QBrush(_NOT_YET))
            later = "not yet" if arrival.pending else f"turn {arrival.turn}"
            item.setText(0, f"{unit.name} ({later})")
        item.setFlags(
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        )
        return item

    # --- dragging -----------------------------------------------------------------------

    def units_of(self, items: Sequence[QTreeWidgetItem]) -> tuple[str, ...]:
        """The unit ids of `items`: a group heading stands for all its units; each once."""
        found: list[str] = []
        for item in items:
            children = tree_children(item) or [item]
            for child in children:
                unit_id = child.data(0, UNIT_ROLE)
                if unit_id and unit_id not in found:
                    found.append(unit_id)
        return tuple(found)

    def unit_item(self, unit_id: str) -> QTreeWidgetItem | None:
        for top in tree_children(self.invisibleRootItem()):
            for child in tree_children(top):
                if child.data(0, UNIT_ROLE) == unit_id:
                    return child
        return None

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        return ground_units_mime(self.units_of(items))
