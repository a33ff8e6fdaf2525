"""MapItem: the printed battle map as one QGraphicsItem, drawn by MapPainter at every zoom
(through MapTiles where the painter draws pixels)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from owsqt.qt.map.tiles import cacheable, shared_map
from owsqt.rules.core.hexgrid import Hex, Layout
from owsqt.rules.map.gamemap import MAP_LAYOUT, GameMap

MAP_SCALE = 32.0  # scene units per MAP_LAYOUT unit: a hex is 64 scene units across its corners
SCENE_LAYOUT = Layout(MAP_LAYOUT.size * MAP_SCALE)  # hexes in scene units, for other items


class MapItem(QGraphicsItem):
    """The map in scene units (MAP_LAYOUT scaled by MAP_SCALE); zoom 1 shows 64 px a hex."""

    def __init__(self, game_map: GameMap, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.game_map = game_map
        # The map's shapes and painted tiles, shared with every other scene of this map.
        self._map_painter, self._tiles = shared_map(game_map, MAP_SCALE)
        bounds = self._map_painter.bounds
        self._bounds = QRectF(
            bounds.left() * MAP_SCALE,
            bounds.top() * MAP_SCALE,
            bounds.width() * MAP_SCALE,
            bounds.height() * MAP_SCALE,
        )
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(-100)  # under counters, markers and highlights

    def boundingRect(self) -> QRectF:
        return self._bounds

    def hex_center(self, hex_: Hex) -> QPointF:
        """Where `hex_`'s centre is in this item's (scene) coordinates."""
        x, y = SCENE_LAYOUT.center(hex_)
        return QPointF(x, y)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # Taken before the scale below, so that 1.0 means the normal 64 px a hex.
        zoom = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect
        # Pixels at a plain scale: from the tiles painted at this zoom, once it is kept.
        if cacheable(painter) and self._tiles.paint(painter, exposed, zoom):
            return
        in_map_units = QRectF(
            exposed.left() / MAP_SCALE,
            exposed.top() / MAP_SCALE,
            exposed.width() / MAP_SCALE,
            exposed.height() / MAP_SCALE,
        )
        painter.save()
        painter.scale(MAP_SCALE, MAP_SCALE)
        self._map_painter.paint(painter, in_map_units, zoom)
        painter.restore()
