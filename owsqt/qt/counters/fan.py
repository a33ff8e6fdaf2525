"""Where the counters of a stack sit: cascaded, or fanned out to be picked one by one.

A fanned stack stays inside its own hex's room: its counters shrink into a grid whose
square never reaches a neighbouring hex's counters (VASSAL spreads a stack over its
neighbours, so the next drag picks the wrong stack). The square is as large as the
neighbours leave room for, at most FAN_MAX_HALF each way from the hex's centre.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF

from owsqt.qt.counters.style import COUNTER_SIZE

STACK_STEP = 3.5  # scene units each unit lower in a stack shows down and to the right
FAN_MAX_HALF = 30.0  # scene units: about the hex's inner radius (27.7) and a little more
FAN_MIN_HALF = 12.0  # never smaller than this, however crowded the neighbours
FAN_GAP = 1.5  # scene units between fanned counters
_CLEARANCE = 1.0  # scene units kept free between the fan and a neighbour's counter


def cascade(centre: QPointF, index: int, count: int) -> QPointF:
    """Where the `index`-th unit (0: top) of a stack of `count` sits, cascaded down and to
    the right so that each shows an edge."""
    offset = -(count - 1) * STACK_STEP / 2 + index * STACK_STEP
    return QPointF(centre.x() + offset, centre.y() + offset)


def fan_half(centre: QPointF, neighbours: Iterable[QRectF]) -> float:
    """Half the side of the largest square around `centre` that meets none of the
    `neighbours` (scene rects of the counters of other hexes), within the limits above."""
    half = FAN_MAX_HALF
    for rect in neighbours:
        # The square meets the rect only when it reaches it along both axes.
        dx = max(rect.left() - centre.x(), centre.x() - rect.right(), 0.0)
        dy = max(rect.top() - centre.y(), centre.y() - rect.bottom(), 0.0)
        half = min(half, max(dx, dy) - _CLEARANCE)
    return max(FAN_MIN_HALF, half)


def fan_layout(centre: QPointF, count: int, half: float) -> tuple[list[QPointF], float]:
    """The centres of `count` counters in a grid filling the square of side 2 * `half`
    around `centre`, top unit first, and the scale each counter is drawn at."""
    columns = math.ceil(math.sqrt(count))
    rows = math.ceil(count / columns)
    cell = 2 * half / max(columns, rows)
    scale = (cell - FAN_GAP) / COUNTER_SIZE
    points = []
    for index in range(count):
        column, row = index % columns, index // columns
        points.append(
            QPointF(
                centre.x() + (column - (columns - 1) / 2) * cell,
                centre.y() + (row - (rows - 1) / 2) * cell,
            )
        )
    return points, scale
