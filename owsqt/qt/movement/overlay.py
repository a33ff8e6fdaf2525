"""The colours of movement over the map: the hexes a stack can reach, and those it may
enter by (arrivals), shaded with the kit's `HexShading` so the map shows through."""

from __future__ import annotations

from PySide6.QtGui import QColor

REACH_FILL = QColor(30, 110, 255, 40)
REACH_EDGE = QColor(30, 66, 160, 200)
ENTRY_FILL = QColor(224, 150, 20, 105)
ENTRY_EDGE = QColor(150, 88, 0, 230)
