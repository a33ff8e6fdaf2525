"""The Computer's view drawn over the map (issue 38): each hex tinted by an influence from -1
(the human's) to 1 (the computer's), the stronger the deeper, and the computer's objectives
ringed. The analysis is the players' (players/heuristic/analysis.py); this only draws it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex

INFLUENCE_Z = -55.0  # over the map and the zones' washes, under the counters (10)
COMPUTER_TINT = QColor(214, 96, 18)  # orange: inks the map does not use
HUMAN_TINT = QColor(36, 99, 214)  # blue
OBJECTIVE_INK = QColor(150, 12, 40)
FAINT = 0.08  # an influence this weak is not drawn: the map stays readable
STEPS = 6  # depths of tint, each one path
MOST_ALPHA = 150  # the tint of a whole influence (of 255)
RING_PIXELS = 3.5


def depth(value: float) -> int:
    """The depth of tint of an influence, 0 (not drawn) to STEPS."""
    strength = min(abs(value), 1.0)
    if strength < FAINT:
        return 0
    return max(1, round(strength * STEPS))


class InfluenceOverlay(QGraphicsItem):
    """The computer's influence and objectives, drawn while the View menu asks."""

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__()
        self._tints: list[tuple[QColor, QPainterPath]] = []
        self._rings = QPainterPath()
        self._bounds = QRectF()
        self.influence: Mapping[Hex, float] = {}
        self.objectives: tuple[Hex, ...] = ()
        self.setZValue(INFLUENCE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)
        scene.addItem(self)

    def show_analysis(self, influence: Mapping[Hex, float], objectives: Iterable[Hex]) -> None:
        """Draw `influence` (hex: -1 the human's .. 1 the computer's) and ring `objectives`."""
        self.prepareGeometryChange()
        self.influence, self.objectives = dict(influence), tuple(objectives)
        paths: dict[tuple[bool, int], QPainterPath] = {}
        for hex_, value in self.influence.items():
            level = depth(value)
            if level:
                path = paths.setdefault((value > 0, level), QPainterPath())
                path.addPolygon(_polygon(hex_))
        self._tints = [
            (_tint(computers, level), path) for (computers, level), path in sorted(paths.items())
        ]
        rings = QPainterPath()
        for hex_ in self.objectives:
            rings.addPolygon(_polygon(hex_))
            rings.closeSubpath()
            x, y = SCENE_LAYOUT.center(hex_)
            radius = SCENE_LAYOUT.size * 0.35
            rings.addEllipse(QPointF(x, y), radius, radius)
        self._rings = rings
        bounds = QRectF(rings.boundingRect())
        for _, path in self._tints:
            bounds = bounds.united(path.boundingRect())
        self._bounds = bounds.adjusted(-8, -8, 8, 8)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, path in self._tints:
            painter.fillPath(path, QBrush(colour))
        halo = QPen(QColor(255, 252, 240, 220), RING_PIXELS + 2.5)
        halo.setCosmetic(True)
        ring = QPen(OBJECTIVE_INK, RING_PIXELS)
        ring.setCosmetic(True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen in (halo, ring):
            painter.setPen(pen)
            painter.drawPath(self._rings)


def _polygon(hex_: Hex) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in SCENE_LAYOUT.corners(hex_)])


def _tint(computers: bool, level: int) -> QColor:
    colour = QColor(COMPUTER_TINT if computers else HUMAN_TINT)
    colour.setAlpha(round(MOST_ALPHA * level / STEPS))
    return colour
