"""The supply overlay (14.2), toggled from the View menu: for both sides, each headquarters'
link up its chain of command (division to army or corps headquarters, that to the nearest
friendly map edge), solid where the line is open and dashed red where it is cut, and a red
wash on the hexes of the units that trace no line now. The rules say what (supply.view);
this only draws it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.view import SupplyView, supply_view

SUPPLY_Z = -58.0  # over the zones' washes, under the move shading and the counters
# Inks the map does not use (its roads are brown, its rivers blue): the overlay must read
# at a glance over either.
SIDE_INK = {Player.GERMAN: QColor(20, 120, 90, 230), Player.SOVIET: QColor(170, 40, 140, 230)}
CUT_INK = QColor(220, 20, 10, 255)
CUT_WASH = QColor(230, 30, 20, 80)
LINE_PIXELS = 2.5
CUT_PIXELS = 3.5


class SupplyOverlay(QGraphicsItem):
    """Both sides' chains and their cut-off units, drawn while the View menu asks."""

    def __init__(self, scene: QGraphicsScene, ruleset: Ruleset) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.views: dict[Player, SupplyView] = {}
        self._state: GameState | None = None
        self._bounds = QRectF()
        self.setZValue(SUPPLY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)
        scene.addItem(self)

    def show_supply(self, shown: bool) -> None:
        self.setVisible(shown)
        if shown and self._state is not None:
            self.sync(self._state, force=True)

    def sync(self, state: GameState, force: bool = False) -> None:
        """Follow `state` (the lines are traced only while the overlay is shown)."""
        if state is self._state and not force:
            return
        self._state = state
        if not self.isVisible():
            return
        self.prepareGeometryChange()
        self.views = {p: supply_view(self.ruleset, state, p) for p in Player}
        points = [
            QPointF(*SCENE_LAYOUT.center(h))
            for view in self.views.values()
            for link in view.links
            for h in (link.start, link.end)
        ]
        self._bounds = QPolygonF(points).boundingRect().adjusted(-200, -200, 200, 200)
        for view in self.views.values():
            for hex_ in view.cut_off:
                self._bounds |= self._hex_path(hex_).boundingRect()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _hex_path(self, hex_) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in SCENE_LAYOUT.corners(hex_)]))
        path.closeSubpath()
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        zoom = painter.worldTransform().m11() or 1.0
        for view in self.views.values():
            for hex_ in view.cut_off:
                painter.fillPath(self._hex_path(hex_), CUT_WASH)
        for player, view in self.views.items():
            for link in view.links:
                width = (LINE_PIXELS if link.open else CUT_PIXELS) / zoom
                pen = QPen(SIDE_INK[player] if link.open else CUT_INK, width)
                if not link.open:
                    pen.setStyle(Qt.PenStyle.DashLine)
                painter.setPen(pen)
                start = QPointF(*SCENE_LAYOUT.center(link.start))
                end = QPointF(*SCENE_LAYOUT.center(link.end))
                painter.drawLine(start, end)
                painter.setBrush(pen.color())
                painter.drawEllipse(start, 4.0 / zoom, 4.0 / zoom)
