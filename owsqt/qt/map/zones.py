"""The areas the rules measure, drawn over the map from the same shapely outlines the rules'
areas carry (owsqt/rules/map/zones.py): each live interdiction zone with its penalty
(4.5), the range of a selected artillery stack and where within it bombardment may strike,
within two hexes of a friendly unit (12.4), and, on request, the reach of Soviet ground
attack missions (4.6)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.fonts import table_font
from owsqt.qt.map.mapitem import MAP_SCALE
from owsqt.qt.map.shapes import geometry_path
from owsqt.rules.combat.targets import artillery_range, ground_attack_reach, spotting_area
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.zones import Area
from owsqt.rules.movement.interdiction import cover_of
from owsqt.rules.scenario.ruleset import Ruleset

# Above the map (-100), under the move shading (-50) and the counters; the whole-map reach
# lowest, the selected gun's areas highest, so that no outline crosses their labels.
REACH_Z, ZONE_Z, ARTILLERY_Z = -62.0, -61.0, -60.0

INTERDICTION_EDGE = QColor(176, 128, 0, 230)
INTERDICTION_FILL = QColor(240, 213, 74, 28)
RANGE_EDGE = QColor(150, 30, 20, 230)
STRIKE_EDGE = QColor(150, 30, 20, 150)
STRIKE_FILL = QColor(200, 50, 30, 38)
REACH_EDGE = QColor(90, 50, 160, 210)
REACH_FILL = QColor(110, 70, 190, 20)
CASING = QColor(255, 252, 240, 170)
LABEL_FILL = QColor(255, 252, 240, 235)
LABEL_PIXELS = 11.0  # the label, in screen pixels at any zoom
LABEL_MARGIN = 600.0  # room for a label drawn in pixels, in scene units far out
LABELS_FROM = 0.3  # below this zoom (the overview, a whole-map view) no labels


class AreaItem(QGraphicsItem):
    """One area's outline (solid or dashed) and translucent fill, with a label in screen
    pixels at the top of the outline."""

    def __init__(
        self,
        edge: QColor,
        fill: QColor,
        *,
        dashed: bool = False,
        edge_pixels: float = 2.0,
        z: float = ZONE_Z,
    ) -> None:
        super().__init__()
        self.edge, self.fill, self.dashed, self.edge_pixels = edge, fill, dashed, edge_pixels
        self.area: Area | None = None
        self.label = ""
        self._path = QPainterPath()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_area(self, area: Area | None, label: str = "") -> None:
        """Draw `area` (None or an empty area hides the item)."""
        if area == self.area and label == self.label:
            return
        self.prepareGeometryChange()
        self.area, self.label = area, label
        self._path = geometry_path(area.shape, MAP_SCALE) if area else QPainterPath()
        self.setVisible(bool(area))
        self.update()

    def path(self) -> QPainterPath:
        return self._path

    def boundingRect(self) -> QRectF:
        margin = LABEL_MARGIN if self.label else 4.0
        return self._path.boundingRect().adjusted(-margin, -margin, margin, margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillPath(self._path, QBrush(self.fill))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for ink, width in ((CASING, self.edge_pixels + 2.0), (self.edge, self.edge_pixels)):
            pen = QPen(ink, width)
            pen.setCosmetic(True)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if self.dashed and ink is self.edge:
                pen.setDashPattern([4.0, 3.0])
            painter.setPen(pen)
            painter.drawPath(self._path)
        zoom = option.levelOfDetailFromTransform(painter.worldTransform())
        if self.label and zoom >= LABELS_FROM:
            self._paint_label(painter, zoom)

    def _paint_label(self, painter: QPainter, zoom: float) -> None:
        bounds = self._path.boundingRect()
        font = table_font(LABEL_PIXELS, bold=True)
        metrics = QFontMetricsF(font)
        width = metrics.horizontalAdvance(self.label) + 8
        height = metrics.height() + 2
        painter.save()
        painter.translate(QPointF(bounds.center().x(), bounds.top()))
        painter.scale(1 / zoom, 1 / zoom)
        box = QRectF(-width / 2, -height / 2, width, height)  # astride the top edge
        painter.setPen(QPen(self.edge, 1.0))
        painter.setBrush(QBrush(LABEL_FILL))
        painter.drawRoundedRect(box, 3, 3)
        painter.setFont(font)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.label)
        painter.restore()


class ZoneOverlays(QObject):
    """The measured areas of the state shown: `sync` after every change of state, `select`
    when a stack is selected or let go, `show_soviet_reach` from the View menu."""

    def __init__(self, scene: QGraphicsScene, ruleset: Ruleset) -> None:
        super().__init__(scene)
        self.scene, self.ruleset = scene, ruleset
        self.state: GameState | None = None
        self.selected: Hex | None = None
        self.interdiction: list[AreaItem] = []
        self.range = AreaItem(RANGE_EDGE, QColor(0, 0, 0, 0), dashed=True, z=ARTILLERY_Z)
        self.strike = AreaItem(STRIKE_EDGE, STRIKE_FILL, edge_pixels=1.5, z=ARTILLERY_Z)
        self.soviet_reach = AreaItem(
            REACH_EDGE, REACH_FILL, dashed=True, edge_pixels=1.5, z=REACH_Z
        )
        self.reach_shown = False
        for item in (self.range, self.strike, self.soviet_reach):
            scene.addItem(item)

    def sync(self, state: GameState) -> None:
        """Draw the areas of `state` (the game now, or the past a replay shows)."""
        self.state = state
        cover = cover_of(self.ruleset.game_map, state)
        while len(self.interdiction) < len(cover.areas):
            item = AreaItem(INTERDICTION_EDGE, INTERDICTION_FILL)
            self.scene.addItem(item)
            self.interdiction.append(item)
        for index, item in enumerate(self.interdiction):
            if index < len(cover.areas):
                item.set_area(cover.areas[index], f"INT: −{cover.zones[index].penalty} MP (4.5)")
            else:
                item.set_area(None)
        self._draw_artillery()
        self._draw_soviet_reach()

    def select(self, hex_: Hex | None) -> None:
        """The stack on `hex_` is selected (None: none is): its guns' range is drawn."""
        self.selected = hex_
        self._draw_artillery()

    def show_soviet_reach(self, shown: bool) -> None:
        self.reach_shown = shown
        self._draw_soviet_reach()

    def _draw_artillery(self) -> None:
        """[12.4] The range of the selected stack's longest-ranged gun (the guns share a
        hex, so it holds the others' ranges), and within it the hexes within two of a
        friendly unit, where bombardment may strike."""
        state, hex_ = self.state, self.selected
        ground = self.ruleset.catalogue.ground
        stack = state.stack(hex_) if state is not None and hex_ is not None else ()
        guns = [u for u in stack if ground[u].range is not None]
        if state is None or not guns:
            self.range.set_area(None)
            self.strike.set_area(None)
            return
        gun = max(guns, key=lambda u: ground[u].range or 0)
        area = artillery_range(self.ruleset, state, gun)
        self.range.set_area(area, f"range {ground[gun].range}: strikes where shaded (12.4)")
        self.strike.set_area(area & spotting_area(self.ruleset, state, ground[gun].player))

    def _draw_soviet_reach(self) -> None:
        """[4.6] Where Soviet ground attack missions may strike."""
        state = self.state
        shown = self.reach_shown and state is not None
        area = ground_attack_reach(self.ruleset, state, Player.SOVIET) if state and shown else None
        self.soviet_reach.set_area(area)
