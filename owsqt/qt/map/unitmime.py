"""Ground units carried by a drag between widgets (the Arrivals dock to the map)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData
from PySide6.QtWidgets import QTreeWidgetItem

MIME_TYPE = "application/x-owsqt-ground-units"


def ground_units_mime(unit_ids: tuple[str, ...]) -> QMimeData:
    """The data a drag of ground counters carries: their ids, one a line, in our MIME type."""
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray("\n".join(unit_ids).encode("utf-8")))
    return mime


def ground_units_from_mime(mime: QMimeData | None) -> tuple[str, ...]:
    """The unit ids a drag carries; empty when it carries none of ours."""
    if mime is None or not mime.hasFormat(MIME_TYPE):
        return ()
    try:
        text = bytes(mime.data(MIME_TYPE).data()).decode("utf-8")
    except UnicodeDecodeError:
        return ()
    return tuple(line for line in text.split("\n") if line)


def tree_children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """The children of `item` in order, for the unit trees that drag counters (the
    Arrivals dock, the Set-up tray); child() is None only for an index out of range."""
    return [child for i in range(item.childCount()) if (child := item.child(i)) is not None]
