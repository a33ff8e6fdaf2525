"""MapPainter: the battle map drawn as a printed hex-and-counter wargame map, layer by layer."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from owsqt.qt.map.labels import MapLabels, hex_id_labels, town_labels
from owsqt.qt.map.paths import (
    area_paths,
    connection_paths,
    river_paths,
    roads_between,
    terrain_of,
    terrain_paths,
    town_paths,
    towns_of,
)
from owsqt.qt.map.style import (
    BRIDGE_DECK,
    BRIDGE_SIDE,
    BRIDGE_SIDE_WIDTH,
    CLEAR,
    DETAIL_FROM,
    ELEVATED,
    ELEVATED_EDGE,
    ELEVATED_EDGE_WIDTH,
    ENTRY_BAND,
    ENTRY_BAND_ALPHA,
    GRID,
    GRID_FROM,
    MAJOR_RIVER,
    MAJOR_RIVER_DEEP,
    MAJOR_RIVER_DEEP_WIDTH,
    MAJOR_RIVER_WIDTH,
    MAP_EDGE,
    MAP_EDGE_WIDTH,
    MARSH,
    MARSH_TUFT,
    MARSH_TUFT_WIDTH,
    MINOR_RIVER,
    MINOR_RIVER_WIDTH,
    PAPER,
    POCKET_EDGE,
    POCKET_EDGE_WIDTH,
    POCKET_HATCH,
    POCKET_HATCH_WIDTH,
    POCKET_TINT,
    PRIMARY_CASING,
    PRIMARY_ROAD,
    PRIMARY_ROAD_WIDTH,
    RAIL,
    RAIL_TIE_WIDTH,
    RAIL_WIDTH,
    ROAD_CASING,
    SECONDARY_CASING,
    SECONDARY_ROAD,
    SECONDARY_ROAD_WIDTH,
    START_LINE_DASHES,
    START_LINE_WIDTH,
    TOWN,
    TOWN_RING,
    TOWN_RING_WIDTH,
)
from owsqt.rules.map.gamemap import ConnectionKind, GameMap

__all__ = ["PAPER", "MapPainter"]


class MapPainter:
    """Paints a GameMap in MAP_LAYOUT units (hex size 1, y down); the caller sets the transform.

    Every shape is built once here, as the map never changes, so painting is drawing paths;
    text is drawn in device pixels, so it stays crisp at every zoom.
    """

    def __init__(self, game_map: GameMap) -> None:
        self.game_map = game_map
        terrain = terrain_of(game_map)
        roads = roads_between(game_map)
        towns = towns_of(game_map)
        self._terrain = terrain_paths(game_map, terrain)
        self._areas = area_paths(game_map)
        self._connections = connection_paths(game_map, roads)
        self._rivers = river_paths(game_map, roads)
        self._cities, self._villages = town_paths(towns)
        self._labels = MapLabels(
            hex_id_labels(game_map, terrain), town_labels(towns), self._areas.entry_areas
        )
        # Wide pens and names reach past the outermost hex corners.
        self.bounds: QRectF = self._terrain.map_edge.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3)

    def paint(self, painter: QPainter, exposed: QRectF, level_of_detail: float) -> None:
        """Draw the map layers that help at this zoom; `exposed` is in map units."""
        painter.save()
        # Names near the edge would otherwise spill past the bounds a view repaints.
        painter.setClipRect(self.bounds, Qt.ClipOperation.IntersectClip)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        detail = level_of_detail >= DETAIL_FROM
        transform = painter.worldTransform()
        pixel = 1.0 / max(math.hypot(transform.m11(), transform.m12()), 1e-9)  # in map units
        self._paint_terrain(painter, exposed, detail)
        self._paint_pocket(painter, detail)
        if level_of_detail >= GRID_FROM:
            # A cosmetic pen: 1 px at every zoom.
            self._terrain.grid.stroke(painter, exposed, QPen(GRID, 0))
        self._paint_entry_areas(painter)
        self._paint_start_lines(painter, pixel)
        self._paint_connections(painter, detail, pixel)
        self._paint_rivers(painter, pixel)
        _stroke(painter, self._terrain.map_edge, MAP_EDGE, MAP_EDGE_WIDTH)
        self._paint_towns(painter)
        self._labels.paint(painter, exposed, level_of_detail)
        painter.restore()

    def _paint_terrain(self, painter: QPainter, exposed: QRectF, detail: bool) -> None:
        terrain = self._terrain
        terrain.ground.fill(painter, exposed, CLEAR)
        terrain.elevated.fill(painter, exposed, ELEVATED)
        terrain.marsh.fill(painter, exposed, MARSH)
        _stroke(painter, terrain.elevated_edge, ELEVATED_EDGE, ELEVATED_EDGE_WIDTH)
        if detail:
            pen = QPen(MARSH_TUFT, MARSH_TUFT_WIDTH)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            terrain.marsh_tufts.stroke(painter, exposed, pen)

    def _paint_pocket(self, painter: QPainter, detail: bool) -> None:
        areas = self._areas
        if areas.pocket.isEmpty():
            return
        painter.fillPath(areas.pocket, POCKET_TINT)
        if detail:
            painter.save()
            painter.setClipPath(areas.pocket)
            _stroke(painter, areas.pocket_hatch, POCKET_HATCH, POCKET_HATCH_WIDTH)
            painter.restore()
        _stroke(painter, areas.pocket_edge, POCKET_EDGE, POCKET_EDGE_WIDTH)

    def _paint_entry_areas(self, painter: QPainter) -> None:
        for entry in self._areas.entry_areas:
            painter.save()
            # The band lies inside the area's hexes, along its whole outline.
            painter.setClipPath(entry.area)
            band = QColor(entry.colour)
            band.setAlpha(ENTRY_BAND_ALPHA)
            _stroke(painter, entry.outline, band, ENTRY_BAND)
            painter.restore()

    def _paint_start_lines(self, painter: QPainter, pixel: float) -> None:
        for path, colour in self._areas.start_lines:
            pen = QPen(colour, max(START_LINE_WIDTH, 1.6 * pixel))
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern(list(START_LINE_DASHES))
            painter.strokePath(path, pen)

    def _paint_connections(self, painter: QPainter, detail: bool, pixel: float) -> None:
        lines = self._connections
        # Zoomed out, lines keep a width of a pixel or two so the network can still be traced.
        _stroke(painter, lines.railroad, RAIL, max(RAIL_WIDTH, pixel))
        if detail:
            _stroke(painter, lines.rail_ties, RAIL, RAIL_TIE_WIDTH, Qt.PenCapStyle.FlatCap)
        # Casings first, so that a road crossing another never cuts it with a light edge.
        _stroke(painter, lines.secondary_roads, ROAD_CASING, SECONDARY_CASING)
        _stroke(painter, lines.primary_roads, ROAD_CASING, PRIMARY_CASING)
        secondary = max(SECONDARY_ROAD_WIDTH, 1.2 * pixel)
        _stroke(painter, lines.secondary_roads, SECONDARY_ROAD, secondary)
        _stroke(painter, lines.primary_roads, PRIMARY_ROAD, max(PRIMARY_ROAD_WIDTH, 2 * pixel))

    def _paint_rivers(self, painter: QPainter, pixel: float) -> None:
        rivers = self._rivers
        _stroke(painter, rivers.minor, MINOR_RIVER, max(MINOR_RIVER_WIDTH, 1.5 * pixel))
        _stroke(painter, rivers.major, MAJOR_RIVER, max(MAJOR_RIVER_WIDTH, 3.5 * pixel))
        deep = max(MAJOR_RIVER_DEEP_WIDTH, 1.5 * pixel)
        _stroke(painter, rivers.major, MAJOR_RIVER_DEEP, deep)
        if rivers.bridge_decks.isEmpty():
            return
        painter.fillPath(rivers.bridge_decks, BRIDGE_DECK)
        flat = Qt.PenCapStyle.FlatCap
        secondary = rivers.bridge_roads[ConnectionKind.SECONDARY_ROAD]
        _stroke(painter, secondary, SECONDARY_ROAD, SECONDARY_ROAD_WIDTH, flat)
        primary = rivers.bridge_roads[ConnectionKind.PRIMARY_ROAD]
        _stroke(painter, primary, PRIMARY_ROAD, PRIMARY_ROAD_WIDTH, flat)
        _stroke(painter, rivers.bridge_sides, BRIDGE_SIDE, BRIDGE_SIDE_WIDTH)

    def _paint_towns(self, painter: QPainter) -> None:
        for path in (self._cities, self._villages):
            if path.isEmpty():
                continue
            painter.setPen(QPen(TOWN_RING, TOWN_RING_WIDTH))
            painter.setBrush(QBrush(TOWN))
            painter.drawPath(path)


def _stroke(
    painter: QPainter,
    path: QPainterPath,
    colour: QColor,
    width: float,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
) -> None:
    if path.isEmpty():
        return
    pen = QPen(colour, width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(path, pen)
