"""The Computer's view drawn over the map (issue 38): each hex tinted by an influence from -1
(the human's) to 1 (the computer's), the stronger the deeper; the scenario's objectives
outlined as an area (a river band, the pocket), the hex to hold ringed. The analysis is the
players' (players/heuristic/analysis.py); this only draws it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex, neighbour

INFLUENCE_Z = -55.0  # over the map and the zones' washes, under the counters (10)
COMPUTER_TINT = QColor(214, 96, 18)  # orange: inks the map does not use
HUMAN_TINT = QColor(36, 99, 214)  # blue
OBJECTIVE_INK = QColor(150, 12, 40)
OBJECTIVE_WASH = QColor(150, 12, 40, 28)
HALO = QColor(255, 252, 240, 220)
FAINT = 0.08  # an influence this weak is not drawn: the map stays readable
STEPS = 6  # depths of tint, each one path
MOST_ALPHA = 150  # the tint of a whole influence (of 255)
RING_PIXELS = 3.5
EDGE_PIXELS = 2.5


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
        self._area = QPainterPath()  # the objectives' hexes
        self._edge = QPainterPath()  # where their area ends
        self._rings = QPainterPath()  # the hex to hold
        self._bounds = QRectF()
        self.influence: Mapping[Hex, float] = {}
        self.objectives: tuple[Hex, ...] = ()
        self.setZValue(INFLUENCE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)
        scene.addItem(self)

    def show_analysis(
        self, influence: Mapping[Hex, float], objectives: Iterable[Hex], hold: Hex | None = None
    ) -> None:
        """Draw `influence` (hex: -1 the human's .. 1 the computer's), outline the area of
        `objectives` and ring `hold`, the hex to hold."""
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
        area, edge = QPainterPath(), QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        marked = set(self.objectives)
        for hex_ in marked:
            area.addPolygon(_polygon(hex_))
            for side in range(1, 7):
                other = neighbour(hex_, side)
                if other not in marked:
                    (x1, y1), (x2, y2) = SCENE_LAYOUT.hexside_segment(hex_, other)
                    edge.moveTo(x1, y1)
                    edge.lineTo(x2, y2)
        rings = QPainterPath()
        if hold is not None:
            rings.addPolygon(_polygon(hold))
            rings.closeSubpath()
            x, y = SCENE_LAYOUT.center(hold)
            for share in (0.45, 0.2):
                radius = SCENE_LAYOUT.size * share
                rings.addEllipse(QPointF(x, y), radius, radius)
        self._area, self._edge, self._rings = area, edge, rings
        bounds = QRectF(rings.boundingRect()).united(area.boundingRect())
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
        painter.fillPath(self._area, QBrush(OBJECTIVE_WASH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path, pixels, style in (
            (self._edge, EDGE_PIXELS, Qt.PenStyle.DashLine),
            (self._rings, RING_PIXELS, Qt.PenStyle.SolidLine),
        ):
            for colour, width in ((HALO, pixels + 2.5), (OBJECTIVE_INK, pixels)):
                pen = QPen(
                    colour, width, style if colour is OBJECTIVE_INK else Qt.PenStyle.SolidLine
                )
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawPath(path)


def _polygon(hex_: Hex) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in SCENE_LAYOUT.corners(hex_)])


def _tint(computers: bool, level: int) -> QColor:
    colour = QColor(COMPUTER_TINT if computers else HUMAN_TINT)
    colour.setAlpha(round(MOST_ALPHA * level / STEPS))
    return colour
