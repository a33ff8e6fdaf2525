"""The list of the Set-up tray: groups, formations and units; a drag carries the ground
unit ids of what it holds (the map view receives them, owsqt/qt/map/unitmime.py)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from owsqt.qt.map.unitmime import MIME_TYPE, ground_units_mime, tree_children

ICON_PIXELS = 40
UNIT_ROLE = Qt.ItemDataRole.UserRole  # a unit's line: its id
GROUP_ROLE = Qt.ItemDataRole.UserRole + 1  # a group's line: its name
HINT = (
    "Drag a unit, several (Ctrl or Shift to select) or a whole group onto the map; its "
    "set-up zone is shaded while it is chosen or carried (a click on a shaded hex places "
    "the chosen units there). A counter's menu on the map: Return to tray."
)


class SetupTrayList(QTreeWidget):
    """Groups, formations and units; a drag carries the unit ids of what it holds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupTrayList")
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setToolTip(HINT)

    def units_of(self, items: Sequence[QTreeWidgetItem]) -> tuple[str, ...]:
        """The unit ids under `items` (a heading stands for all its units), each once."""
        found: list[str] = []
        for item in items:
            for unit_id in _units_under(item):
                if unit_id not in found:
                    found.append(unit_id)
        return tuple(found)

    def group_item(self, name: str) -> QTreeWidgetItem | None:
        for top in tree_children(self.invisibleRootItem()):
            if top.data(0, GROUP_ROLE) == name:
                return top
        return None

    def unit_item(self, unit_id: str) -> QTreeWidgetItem | None:
        stack = tree_children(self.invisibleRootItem())
        while stack:
            item = stack.pop()
            if item.data(0, UNIT_ROLE) == unit_id:
                return item
            stack.extend(tree_children(item))
        return None

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        return ground_units_mime(self.units_of(items))


def _units_under(item: QTreeWidgetItem) -> list[str]:
    unit_id = item.data(0, UNIT_ROLE)
    if unit_id:
        return [unit_id]
    return [u for child in tree_children(item) for u in _units_under(child)]
