"""Ground units carried by a drag between widgets (the Arrivals dock to the map)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData

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
