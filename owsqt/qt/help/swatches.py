"""The swatches of the map legend, drawn with the map's own inks, widths and shapes
(owsqt/qt/map/style.py, shapes.py, paths.py, supplyoverlay.py): each draws one
thing of the map on a single hex centred on the origin, in map units."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from owsqt.qt.map import style as ink
from owsqt.qt.map.paths import Town, town_paths
from owsqt.qt.map.shapes import add_bridge, hatch_path, hexes_path, marsh_tufts_path
from owsqt.qt.map.supplyoverlay import CUT_INK, CUT_WASH, SIDE_INK
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.gamemap import MAP_LAYOUT, HexFeature, RiverClass

Draw = Callable[[QPainter], None]
HEX = Hex.from_axial(0, 0)
_CX, _CY = MAP_LAYOUT.center(HEX)


def hex_path() -> QPainterPath:
    return hexes_path([HEX]).translated(-_CX, -_CY)


def _stroke(painter: QPainter, path: QPainterPath, colour: QColor, width: float) -> None:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(path, pen)


def _line(half: float = 0.95) -> QPainterPath:
    path = QPainterPath(QPointF(-half, 0.25))
    path.cubicTo(QPointF(-0.3, -0.35), QPointF(0.3, 0.45), QPointF(half, -0.2))
    return path


def ground(colour: QColor) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), colour)

    return draw


def elevated(painter: QPainter) -> None:
    painter.fillPath(hex_path(), ink.ELEVATED)
    _stroke(painter, hex_path(), ink.ELEVATED_EDGE, ink.ELEVATED_EDGE_WIDTH)


def marsh(painter: QPainter) -> None:
    painter.fillPath(hex_path(), ink.MARSH)
    pen = QPen(ink.MARSH_TUFT, ink.MARSH_TUFT_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.strokePath(marsh_tufts_path([HEX]).translated(-_CX, -_CY), pen)


def town(kind: HexFeature) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), ink.CLEAR)
        cities, villages = town_paths([Town(HEX, kind, "")])
        painter.setPen(QPen(ink.TOWN_RING, ink.TOWN_RING_WIDTH))
        painter.setBrush(QBrush(ink.TOWN))
        painter.drawPath((cities if kind is HexFeature.CITY else villages).translated(-_CX, -_CY))

    return draw


def road(colour: QColor, width: float, casing: float) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), ink.CLEAR)
        _stroke(painter, _line(), ink.ROAD_CASING, casing)
        _stroke(painter, _line(), colour, width)

    return draw


def railroad(painter: QPainter) -> None:
    painter.fillPath(hex_path(), ink.CLEAR)
    _stroke(painter, _line(), ink.RAIL, ink.RAIL_WIDTH)
    ties = QPainterPath()
    length = _line().length()
    steps = int(length / ink.RAIL_TIE_SPACING)
    for i in range(1, steps):
        t = _line().percentAtLength(i * ink.RAIL_TIE_SPACING)
        at, angle = _line().pointAtPercent(t), math.radians(_line().angleAtPercent(t))
        nx, ny = (
            math.sin(angle) * ink.RAIL_TIE_LENGTH / 2,
            math.cos(angle) * ink.RAIL_TIE_LENGTH / 2,
        )
        ties.moveTo(at.x() - nx, at.y() - ny)
        ties.lineTo(at.x() + nx, at.y() + ny)
    pen = QPen(ink.RAIL, ink.RAIL_TIE_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.strokePath(ties, pen)


def _river_side() -> QPainterPath:
    """A hexside river: the hex's lower edge."""
    corners = MAP_LAYOUT.corners(HEX)
    lowest = sorted(corners, key=lambda p: p[1])[-2:]
    path = QPainterPath(QPointF(lowest[0][0] - _CX, lowest[0][1] - _CY))
    path.lineTo(lowest[1][0] - _CX, lowest[1][1] - _CY)
    return path


def river(major: bool) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), ink.CLEAR)
        if major:
            _stroke(painter, _river_side(), ink.MAJOR_RIVER, ink.MAJOR_RIVER_WIDTH)
            _stroke(painter, _river_side(), ink.MAJOR_RIVER_DEEP, ink.MAJOR_RIVER_DEEP_WIDTH)
        else:
            _stroke(painter, _river_side(), ink.MINOR_RIVER, ink.MINOR_RIVER_WIDTH)

    return draw


def bridge(painter: QPainter) -> None:
    river(False)(painter)
    side = _river_side()
    a, b = side.pointAtPercent(0), side.pointAtPercent(1)
    decks, sides = QPainterPath(), QPainterPath()
    start, end = add_bridge(
        decks, sides, ((a.x(), a.y()), (b.x(), b.y())), (0, 0), RiverClass.MINOR
    )
    mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
    up = QPainterPath(QPointF(0, -0.2))
    up.lineTo(mid)
    _stroke(painter, up, ink.ROAD_CASING, ink.SECONDARY_CASING)
    _stroke(painter, up, ink.SECONDARY_ROAD, ink.SECONDARY_ROAD_WIDTH)
    painter.fillPath(decks, ink.BRIDGE_DECK)
    deck = QPainterPath(QPointF(*start))
    deck.lineTo(QPointF(*end))
    pen = QPen(ink.SECONDARY_ROAD, ink.SECONDARY_ROAD_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.strokePath(deck, pen)
    _stroke(painter, sides, ink.BRIDGE_SIDE, ink.BRIDGE_SIDE_WIDTH)


def pocket(painter: QPainter) -> None:
    area = hex_path()
    painter.fillPath(area, ink.CLEAR)
    painter.fillPath(area, ink.POCKET_TINT)
    painter.save()
    painter.setClipPath(area)
    _stroke(
        painter,
        hatch_path(area.boundingRect(), ink.POCKET_HATCH_SPACING),
        ink.POCKET_HATCH,
        ink.POCKET_HATCH_WIDTH,
    )
    painter.restore()
    _stroke(painter, area, ink.POCKET_EDGE, ink.POCKET_EDGE_WIDTH)


def start_line(side: str) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), ink.CLEAR)
        colour = ink.START_LINE_COLOURS.get(side, ink.START_LINE_OTHER)
        pen = QPen(colour, ink.START_LINE_WIDTH)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setDashPattern(list(ink.START_LINE_DASHES))
        painter.strokePath(_line(), pen)

    return draw


def entry_area(painter: QPainter) -> None:
    area = hex_path()
    painter.fillPath(area, ink.CLEAR)
    painter.save()
    painter.setClipPath(area)
    band = QColor(ink.ENTRY_COLOURS[0])
    band.setAlpha(ink.ENTRY_BAND_ALPHA)
    _stroke(painter, area, band, ink.ENTRY_BAND)
    painter.restore()


def supply_line(colour: QColor, cut: bool) -> Draw:
    def draw(painter: QPainter) -> None:
        painter.fillPath(hex_path(), ink.CLEAR)
        pen = QPen(colour, 3.5 if cut else 2.5)
        pen.setCosmetic(True)
        if cut:
            pen.setDashPattern([3.0, 2.0])
        painter.strokePath(_line(), pen)

    return draw


def cut_wash(painter: QPainter) -> None:
    painter.fillPath(hex_path(), ink.CLEAR)
    painter.fillPath(hex_path(), CUT_WASH)


SUPPLY_OVERLAYS: tuple[tuple[str, Draw], ...] = (
    ("German supply chain (14.2)", supply_line(SIDE_INK[Player.GERMAN], False)),
    ("Soviet supply chain (14.2)", supply_line(SIDE_INK[Player.SOVIET], False)),
    ("Supply chain cut (14.2)", supply_line(CUT_INK, True)),
    ("Unit tracing no supply line (14.2)", cut_wash),
)
MAP_FEATURES: tuple[tuple[str, Draw], ...] = (
    ("Clear", ground(ink.CLEAR)),
    ("Elevated", elevated),
    ("Marsh", marsh),
    ("City", town(HexFeature.CITY)),
    ("Village", town(HexFeature.VILLAGE)),
    ("Primary road", road(ink.PRIMARY_ROAD, ink.PRIMARY_ROAD_WIDTH, ink.PRIMARY_CASING)),
    ("Secondary road", road(ink.SECONDARY_ROAD, ink.SECONDARY_ROAD_WIDTH, ink.SECONDARY_CASING)),
    ("Railroad", railroad),
    ("Minor river", river(False)),
    ("Major river", river(True)),
    ("Bridge", bridge),
    ("Stalingrad pocket (5.0)", pocket),
    ("Soviet start line (19.11)", start_line("soviet")),
    ("Axis start line (19.12)", start_line("axis")),
    ("Entry area", entry_area),
)
__all__ = ["MAP_FEATURES", "SUPPLY_OVERLAYS", "QRectF"]
