"""MapPainter: the battle map drawn as a printed hex-and-counter wargame map, layer by layer."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)

from owsqt.rules.gamemap import (
    MAP_LAYOUT,
    ConnectionKind,
    GameMap,
    HexFeature,
    RiverClass,
    Terrain,
)
from owsqt.rules.hexgrid import Hex, Point, neighbour

__all__ = ["PAPER", "MapPainter"]

# --- palette: muted inks on cream paper, as on a printed map of the 1970s and 80s -------------

PAPER = QColor("#e4dcc4")  # the margin around the hexes
_CLEAR = QColor("#f0e8cf")
_ELEVATED = QColor("#dcc497")
_ELEVATED_EDGE = QColor("#a88a5a")
_MARSH = QColor("#c4ccae")
_MARSH_TUFT = QColor("#5a6f55")
_POCKET_TINT = QColor(140, 68, 62, 50)
_POCKET_HATCH = QColor(128, 40, 34, 80)
_POCKET_EDGE = QColor("#8e2b20")
_GRID = QColor(96, 82, 52, 110)
_MAP_EDGE = QColor("#4a4034")
_HEX_ID = QColor("#76694e")
_ENTRY_COLOURS = (QColor("#6b4a8f"), QColor("#b5741c"), QColor("#2f7a6a"), QColor("#7a5a2a"))
_START_LINE_COLOURS = {"soviet": QColor("#8b1a1a"), "axis": QColor("#3b3b3b")}
_START_LINE_OTHER = QColor("#5a4a6a")
_RAIL = QColor("#1c1c1c")
_ROAD_CASING = QColor("#fbf5e4")
_PRIMARY_ROAD = QColor("#9a3a1e")
_SECONDARY_ROAD = QColor("#a8703e")
_MINOR_RIVER = QColor("#3d7fc0")
_MAJOR_RIVER = QColor("#1d4f8c")
_MAJOR_RIVER_DEEP = QColor("#2d65a6")
_BRIDGE_DECK = QColor("#f6efda")
_BRIDGE_SIDE = QColor("#262320")
_TOWN = QColor("#352c28")
_TOWN_RING = QColor("#fbf5e4")
_LABEL = QColor("#1d1814")
_LABEL_HALO = QColor(251, 246, 232, 225)
_TERRAIN_COLOURS = {Terrain.CLEAR: _CLEAR, Terrain.ELEVATED: _ELEVATED, Terrain.MARSH: _MARSH}

# --- widths and sizes, in map units: a hex is 2 across its corners, sqrt(3) across its flats ---

_MARSH_TUFT_WIDTH = 0.028
_ELEVATED_EDGE_WIDTH = 0.03
_POCKET_EDGE_WIDTH = 0.075
_POCKET_HATCH_WIDTH = 0.03
_POCKET_HATCH_SPACING = 0.2
_MAP_EDGE_WIDTH = 0.05
_ENTRY_BAND = 0.32  # pen width; clipped to the area, so half of it shows inside the hexes
_START_LINE_WIDTH = 0.085
_RAIL_WIDTH = 0.05
_RAIL_TIE_WIDTH = 0.035
_RAIL_TIE_LENGTH = 0.2
_RAIL_TIE_SPACING = 0.17
_RAIL_BESIDE_ROAD = 0.2  # how far the railroad moves aside where a road runs with it
_PRIMARY_ROAD_WIDTH = 0.115
_PRIMARY_CASING = 0.2
_SECONDARY_ROAD_WIDTH = 0.065
_SECONDARY_CASING = 0.13
_MINOR_RIVER_WIDTH = 0.1
_MAJOR_RIVER_WIDTH = 0.26
_MAJOR_RIVER_DEEP_WIDTH = 0.15
_BRIDGE_HALF_WIDTH = 0.13  # half the deck, along the hexside
_BRIDGE_SIDE_WIDTH = 0.04
_BRIDGE_FLARE = 0.065
_CITY_HALF = 0.21
_VILLAGE_RADIUS = 0.115
_TOWN_RING_WIDTH = 0.04

# --- text: sizes in map units, never smaller than a legible number of pixels -------------------

_HEX_ID_SIZE = 0.23
_HEX_ID_OFFSET = -0.57  # from the centre: near the top flat, clear of a river on the hexside
_CITY_LABEL_SIZE = 0.34
_VILLAGE_LABEL_SIZE = 0.28
_LABEL_GAP = 0.2  # from the hex centre down to the top of a town name's halo
_ENTRY_LABEL_SIZE = 0.42

# --- what to draw at which zoom: 1.0 is the normal zoom of about 64 px per hex -----------------

_HEX_IDS_FROM = 0.75
_VILLAGE_NAMES_FROM = 0.5
_CITY_NAMES_FROM = 0.12
_GRID_FROM = 0.18
_DETAIL_FROM = 0.35  # marsh tufts, railroad ties, pocket hatching


@dataclass(frozen=True, slots=True, eq=False)
class _TextStyle:
    families: tuple[str, ...]
    size: float  # map units
    min_pixels: int  # keeps a name readable when zoomed out
    colour: QColor
    bold: bool = False
    halo_pixels: float = 0.0  # 0: no halo
    capitals: bool = False


_SERIF = ("Palatino Linotype", "Palatino", "P052", "Georgia", "DejaVu Serif")
_SANS = ("Segoe UI", "Helvetica Neue", "Arial", "Nimbus Sans", "DejaVu Sans")
_HEX_ID_STYLE = _TextStyle(_SANS, _HEX_ID_SIZE, 6, _HEX_ID)
_HEX_ID_HALOED = _TextStyle(_SANS, _HEX_ID_SIZE, 6, _HEX_ID, halo_pixels=1.5)
_CITY_STYLE = _TextStyle(
    _SERIF, _CITY_LABEL_SIZE, 10, _LABEL, bold=True, halo_pixels=3.0, capitals=True
)
_VILLAGE_STYLE = _TextStyle(_SERIF, _VILLAGE_LABEL_SIZE, 8, _LABEL, halo_pixels=2.6)
_BADGE_STYLE = _TextStyle(_SANS, _ENTRY_LABEL_SIZE, 11, QColor("#ffffff"), bold=True)


@dataclass(frozen=True, slots=True)
class _Label:
    anchor: QPointF  # map units; the text is centred on it, or hangs from it
    text: str
    style: _TextStyle
    halo: QColor | None = None  # None: the usual pale paper halo
    hanging: bool = False  # the top of the text at the anchor, so that it never covers above


@dataclass(frozen=True, slots=True)
class _EntryBadge:
    anchor: QPointF
    text: str
    colour: QColor


class MapPainter:
    """Paints a GameMap in MAP_LAYOUT units (hex size 1, y down); the caller sets the transform.

    Every shape is built once here, as the map never changes, so painting is drawing paths;
    text is drawn in device pixels, so it stays crisp at every zoom.
    """

    def __init__(self, game_map: GameMap) -> None:
        self.game_map = game_map
        on_map = game_map.grid.hexes()
        self._on_map = frozenset(on_map)
        self._terrain = {
            hex_: (info.terrain if (info := game_map.hexes.get(hex_)) else Terrain.CLEAR)
            for hex_ in on_map
        }
        self._build_terrain(on_map)
        self._build_areas()
        road_pairs = self._build_connections()
        self._build_rivers(road_pairs)
        self._cities = QPainterPath()
        self._villages = QPainterPath()
        self._labels: list[_Label] = []
        self._build_towns(self._on_map)
        self._hex_ids = self._build_hex_ids(on_map)
        # Wide pens and names reach past the outermost hex corners.
        self.bounds: QRectF = _hexes_path(on_map).boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3)
        # Styles are module constants, so their ids are stable keys (QColor does not hash).
        self._fonts: dict[tuple[int, int], tuple[QFont, QFontMetricsF]] = {}
        self._halos: dict[tuple[str, int, int], QPainterPath] = {}

    def _build_terrain(self, on_map: list[Hex]) -> None:
        game_map = self.game_map
        elevated = [h for h in on_map if self._terrain[h] is Terrain.ELEVATED]
        marsh = [h for h in on_map if self._terrain[h] is Terrain.MARSH]
        self._ground = _tiled_fill(game_map, on_map)
        self._elevated = _tiled_fill(game_map, elevated)
        self._marsh = _tiled_fill(game_map, marsh)
        self._elevated_edge = _outline_path(frozenset(elevated), self._on_map)
        self._marsh_tufts = _Tiles(
            {
                key: _marsh_tufts_path(hexes)
                for key, hexes in _by_tile(game_map, marsh, overlap=False).items()
            },
            _MARSH_TUFT_WIDTH,
        )
        self._grid = _Tiles(
            {
                key: _grid_path(hexes, self._on_map)
                for key, hexes in _by_tile(game_map, on_map, overlap=False).items()
            },
            0.05,
        )
        self._map_edge = _outline_path(self._on_map, None)

    def _build_areas(self) -> None:
        """The pocket, the entry areas and the start lines."""
        game_map = self.game_map
        pocket = frozenset(game_map.pocket)
        self._pocket = _hexes_path(pocket)
        self._pocket_edge = _outline_path(pocket, None)
        self._pocket_hatch = _hatch_path(self._pocket.boundingRect(), _POCKET_HATCH_SPACING)
        self._entry_areas: list[tuple[QPainterPath, QPainterPath, QColor]] = []
        self._entry_badges: list[_EntryBadge] = []
        for index, (name, hexes) in enumerate(sorted(game_map.entry_areas.items())):
            area = [h for h in hexes if h in self._on_map]
            if not area:
                continue
            colour = _ENTRY_COLOURS[index % len(_ENTRY_COLOURS)]
            self._entry_areas.append(
                (_hexes_path(area), _outline_path(frozenset(area), None), colour)
            )
            self._entry_badges.append(_EntryBadge(_point(_middle_hex(area)), name, colour))
        self._start_lines: list[tuple[QPainterPath, QColor]] = []
        for side, segments in sorted(game_map.start_lines.items()):
            path = QPainterPath()
            for segment in segments:
                if segment:
                    _add_polyline(path, [MAP_LAYOUT.center(h) for h in segment])
            colour = _START_LINE_COLOURS.get(side.lower(), _START_LINE_OTHER)
            self._start_lines.append((path, colour))

    def _build_connections(self) -> dict[frozenset[Hex], ConnectionKind]:
        """Roads and the railroad; returns the road joining each pair of hexes that has one."""
        by_kind: dict[ConnectionKind, list[tuple[Point, Point]]] = {k: [] for k in ConnectionKind}
        road_pairs: dict[frozenset[Hex], ConnectionKind] = {}
        for connection in self.game_map.connections:
            ends = (MAP_LAYOUT.center(connection.a), MAP_LAYOUT.center(connection.b))
            by_kind[connection.kind].append(ends)
            if connection.kind is not ConnectionKind.RAILROAD:
                pair = frozenset((connection.a, connection.b))
                # A primary road wins where both kinds join the same hexes.
                if road_pairs.get(pair) is not ConnectionKind.PRIMARY_ROAD:
                    road_pairs[pair] = connection.kind
        road_segments = {
            frozenset((_key(MAP_LAYOUT.center(a)), _key(MAP_LAYOUT.center(b))))
            for a, b in road_pairs
        }
        self._railroad = QPainterPath()
        rail_segments: list[tuple[Point, Point]] = []
        for points, closed in _railroad_lines(by_kind[ConnectionKind.RAILROAD], road_segments):
            _add_polyline(self._railroad, points, closed)
            rail_segments.extend(pairwise([*points, points[0]] if closed else points))
        self._rail_ties = _rail_ties_path(rail_segments)
        self._primary_roads = _chained_path(by_kind[ConnectionKind.PRIMARY_ROAD])
        self._secondary_roads = _chained_path(by_kind[ConnectionKind.SECONDARY_ROAD])
        return road_pairs

    def _build_rivers(self, road_pairs: Mapping[frozenset[Hex], ConnectionKind]) -> None:
        rivers: dict[RiverClass, list[tuple[Point, Point]]] = {k: [] for k in RiverClass}
        self._bridge_decks = QPainterPath()
        self._bridge_sides = QPainterPath()
        self._bridge_roads: dict[ConnectionKind, QPainterPath] = {
            ConnectionKind.PRIMARY_ROAD: QPainterPath(),
            ConnectionKind.SECONDARY_ROAD: QPainterPath(),
        }
        for side in self.game_map.rivers.values():
            a, b = side.hexside
            segment = MAP_LAYOUT.hexside_segment(a, b)
            rivers[side.river].append(segment)
            if side.bridge:
                towards = MAP_LAYOUT.center(b)
                span = _add_bridge(
                    self._bridge_decks, self._bridge_sides, segment, towards, side.river
                )
                kind = road_pairs.get(frozenset((a, b)))
                if kind is not None:
                    _add_polyline(self._bridge_roads[kind], span)
        self._minor_rivers = _chained_path(rivers[RiverClass.MINOR])
        self._major_rivers = _chained_path(rivers[RiverClass.MAJOR])

    def _build_hex_ids(self, on_map: list[Hex]) -> list[_Label]:
        game_map = self.game_map
        # Only a line to the hex due north runs through the id at the top of a hex.
        crossed = {
            south
            for a, b in (
                *((c.a, c.b) for c in game_map.connections),
                *(
                    pair
                    for segments in game_map.start_lines.values()
                    for s in segments
                    for pair in pairwise(s)
                ),
            )
            for south, north in ((a, b), (b, a))
            if neighbour(south, 1) == north
        }
        pocket = game_map.pocket
        ids = []
        for hex_ in on_map:
            x, y = MAP_LAYOUT.center(hex_)
            anchor = QPointF(x, y + _HEX_ID_OFFSET)
            text = game_map.grid.id_of(hex_)
            if hex_ in crossed:
                # Haloed in the hex's own colour: the id stays clear of the line through it,
                # without a pale patch showing on darker terrain.
                ground = _TERRAIN_COLOURS[self._terrain[hex_]]
                if hex_ in pocket:
                    ground = _over(ground, _POCKET_TINT)
                ids.append(_Label(anchor, text, _HEX_ID_HALOED, ground))
            else:
                ids.append(_Label(anchor, text, _HEX_ID_STYLE))
        return ids

    def _build_towns(self, on_map: frozenset[Hex]) -> None:
        kinds: dict[Hex, HexFeature] = {}
        names: dict[Hex, list[str]] = {}
        for hex_, info in self.game_map.hexes.items():
            if HexFeature.CITY in info.features:
                kinds[hex_] = HexFeature.CITY
            elif HexFeature.VILLAGE in info.features:
                kinds[hex_] = HexFeature.VILLAGE
            if info.name:
                names.setdefault(hex_, []).append(info.name)
        for place in self.game_map.places:
            if kinds.get(place.hex) is not HexFeature.CITY:
                kinds[place.hex] = place.kind
            listed = names.setdefault(place.hex, [])
            if place.name not in listed:
                listed.append(place.name)
        for hex_, kind in sorted(kinds.items()):
            if hex_ not in on_map:
                continue
            x, y = MAP_LAYOUT.center(hex_)
            if kind is HexFeature.CITY:
                self._cities.addRect(
                    QRectF(x - _CITY_HALF, y - _CITY_HALF * 0.85, 2 * _CITY_HALF, 1.7 * _CITY_HALF)
                )
            else:
                self._villages.addEllipse(QPointF(x, y), _VILLAGE_RADIUS, _VILLAGE_RADIUS)
            text = " / ".join(names.get(hex_, ()))
            if text:
                style = _CITY_STYLE if kind is HexFeature.CITY else _VILLAGE_STYLE
                if style.capitals:
                    text = text.upper()
                self._labels.append(_Label(QPointF(x, y + _LABEL_GAP), text, style, hanging=True))

    # --- painting ---------------------------------------------------------------------------

    def paint(self, painter: QPainter, exposed: QRectF, level_of_detail: float) -> None:
        """Draw the map layers that help at this zoom; `exposed` is in map units."""
        painter.save()
        # Names near the edge would otherwise spill past the bounds a view repaints.
        painter.setClipRect(self.bounds, Qt.ClipOperation.IntersectClip)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        detail = level_of_detail >= _DETAIL_FROM
        transform = painter.worldTransform()
        pixel = 1.0 / max(math.hypot(transform.m11(), transform.m12()), 1e-9)  # in map units
        self._paint_terrain(painter, exposed, detail)
        self._paint_pocket(painter, detail)
        if level_of_detail >= _GRID_FROM:
            self._grid.stroke(painter, exposed, QPen(_GRID, 0))  # cosmetic: 1 px at every zoom
        self._paint_entry_areas(painter)
        self._paint_start_lines(painter, pixel)
        self._paint_connections(painter, detail, pixel)
        self._paint_rivers(painter, pixel)
        _stroke(painter, self._map_edge, _MAP_EDGE, _MAP_EDGE_WIDTH)
        self._paint_towns(painter)
        labels: list[_Label] = []
        if level_of_detail >= _HEX_IDS_FROM:
            labels.extend(self._hex_ids)
        labels.extend(
            label
            for label in self._labels
            if level_of_detail
            >= (_CITY_NAMES_FROM if label.style is _CITY_STYLE else _VILLAGE_NAMES_FROM)
        )
        self._paint_text(painter, exposed, labels)
        painter.restore()

    def _paint_terrain(self, painter: QPainter, exposed: QRectF, detail: bool) -> None:
        self._ground.fill(painter, exposed, _CLEAR)
        self._elevated.fill(painter, exposed, _ELEVATED)
        self._marsh.fill(painter, exposed, _MARSH)
        _stroke(painter, self._elevated_edge, _ELEVATED_EDGE, _ELEVATED_EDGE_WIDTH)
        if detail:
            pen = QPen(_MARSH_TUFT, _MARSH_TUFT_WIDTH)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self._marsh_tufts.stroke(painter, exposed, pen)

    def _paint_pocket(self, painter: QPainter, detail: bool) -> None:
        if self._pocket.isEmpty():
            return
        painter.fillPath(self._pocket, _POCKET_TINT)
        if detail:
            painter.save()
            painter.setClipPath(self._pocket)
            _stroke(painter, self._pocket_hatch, _POCKET_HATCH, _POCKET_HATCH_WIDTH)
            painter.restore()
        _stroke(painter, self._pocket_edge, _POCKET_EDGE, _POCKET_EDGE_WIDTH)

    def _paint_entry_areas(self, painter: QPainter) -> None:
        for area, outline, colour in self._entry_areas:
            painter.save()
            # The band lies inside the area's hexes, along its whole outline.
            painter.setClipPath(area)
            band = QColor(colour)
            band.setAlpha(150)
            _stroke(painter, outline, band, _ENTRY_BAND)
            painter.restore()

    def _paint_start_lines(self, painter: QPainter, pixel: float) -> None:
        for path, colour in self._start_lines:
            pen = QPen(colour, max(_START_LINE_WIDTH, 1.6 * pixel))
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern([3.0, 1.6, 0.8, 1.6])  # dash-dot: a front line, not a road
            painter.strokePath(path, pen)

    def _paint_connections(self, painter: QPainter, detail: bool, pixel: float) -> None:
        # Zoomed out, lines keep a width of a pixel or two so the network can still be traced.
        _stroke(painter, self._railroad, _RAIL, max(_RAIL_WIDTH, pixel))
        if detail:
            _stroke(painter, self._rail_ties, _RAIL, _RAIL_TIE_WIDTH, Qt.PenCapStyle.FlatCap)
        # Casings first, so that a road crossing another never cuts it with a light edge.
        _stroke(painter, self._secondary_roads, _ROAD_CASING, _SECONDARY_CASING)
        _stroke(painter, self._primary_roads, _ROAD_CASING, _PRIMARY_CASING)
        secondary = max(_SECONDARY_ROAD_WIDTH, 1.2 * pixel)
        _stroke(painter, self._secondary_roads, _SECONDARY_ROAD, secondary)
        _stroke(painter, self._primary_roads, _PRIMARY_ROAD, max(_PRIMARY_ROAD_WIDTH, 2 * pixel))

    def _paint_rivers(self, painter: QPainter, pixel: float) -> None:
        _stroke(painter, self._minor_rivers, _MINOR_RIVER, max(_MINOR_RIVER_WIDTH, 1.5 * pixel))
        _stroke(painter, self._major_rivers, _MAJOR_RIVER, max(_MAJOR_RIVER_WIDTH, 3.5 * pixel))
        deep = max(_MAJOR_RIVER_DEEP_WIDTH, 1.5 * pixel)
        _stroke(painter, self._major_rivers, _MAJOR_RIVER_DEEP, deep)
        if self._bridge_decks.isEmpty():
            return
        painter.fillPath(self._bridge_decks, _BRIDGE_DECK)
        _stroke(
            painter,
            self._bridge_roads[ConnectionKind.SECONDARY_ROAD],
            _SECONDARY_ROAD,
            _SECONDARY_ROAD_WIDTH,
            Qt.PenCapStyle.FlatCap,
        )
        _stroke(
            painter,
            self._bridge_roads[ConnectionKind.PRIMARY_ROAD],
            _PRIMARY_ROAD,
            _PRIMARY_ROAD_WIDTH,
            Qt.PenCapStyle.FlatCap,
        )
        _stroke(painter, self._bridge_sides, _BRIDGE_SIDE, _BRIDGE_SIDE_WIDTH)

    def _paint_towns(self, painter: QPainter) -> None:
        for path in (self._cities, self._villages):
            if path.isEmpty():
                continue
            painter.setPen(QPen(_TOWN_RING, _TOWN_RING_WIDTH))
            painter.setBrush(QBrush(_TOWN))
            painter.drawPath(path)

    def _paint_text(self, painter: QPainter, exposed: QRectF, labels: Sequence[_Label]) -> None:
        transform = painter.worldTransform()
        scale = max(math.hypot(transform.m11(), transform.m12()), 1e-9)
        # Names run wider than a hex, and far wider when kept legible zoomed out: keep those
        # whose anchor lies outside the exposed area but whose text may reach into it.
        wide, high = max(2.5, 160 / scale), max(1.0, 30 / scale)
        reach = exposed.adjusted(-wide, -high, wide, high)
        badges = [b for b in self._entry_badges if reach.contains(b.anchor)]
        visible = [label for label in labels if reach.contains(label.anchor)]
        if not visible and not badges:
            return
        painter.save()
        painter.resetTransform()
        for badge in badges:
            self._draw_badge(painter, transform.map(badge.anchor), badge, scale)
        for label in visible:
            style = label.style
            pixels = max(style.min_pixels, round(style.size * scale))
            font, metrics = self._font(style, pixels)
            centre = transform.map(label.anchor)
            x = centre.x() - metrics.horizontalAdvance(label.text) / 2
            if label.hanging:
                # The halo must not creep up over the town symbol either.
                y = centre.y() + style.halo_pixels + metrics.capHeight()
            else:
                y = centre.y() + (metrics.ascent() - metrics.descent()) / 2
            painter.setTransform(QTransform.fromTranslate(x, y))
            if style.halo_pixels:
                halo = _LABEL_HALO if label.halo is None else label.halo
                painter.fillPath(self._halo(label.text, style, pixels, font), halo)
            painter.setFont(font)
            painter.setPen(style.colour)
            painter.drawText(QPointF(0, 0), label.text)
        painter.restore()

    def _draw_badge(
        self, painter: QPainter, centre: QPointF, badge: _EntryBadge, scale: float
    ) -> None:
        style = _BADGE_STYLE
        pixels = max(style.min_pixels, round(style.size * scale))
        font, metrics = self._font(style, pixels)
        width = max(metrics.horizontalAdvance(badge.text) + pixels * 0.6, pixels * 1.35)
        height = pixels * 1.35
        box = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
        painter.setPen(QPen(_LABEL_HALO, max(1.5, pixels * 0.12)))
        painter.setBrush(badge.colour)
        painter.drawRoundedRect(box, height * 0.25, height * 0.25)
        painter.setFont(font)
        painter.setPen(style.colour)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, badge.text)

    def _font(self, style: _TextStyle, pixels: int) -> tuple[QFont, QFontMetricsF]:
        key = (id(style), pixels)
        found = self._fonts.get(key)
        if found is None:
            font = QFont()
            font.setFamilies(list(style.families))
            font.setStyleHint(
                QFont.StyleHint.Serif if style.families is _SERIF else QFont.StyleHint.SansSerif
            )
            font.setPixelSize(pixels)
            font.setBold(style.bold)
            found = (font, QFontMetricsF(font))
            self._fonts[key] = found
        return found

    def _halo(self, text: str, style: _TextStyle, pixels: int, font: QFont) -> QPainterPath:
        key = (text, id(style), pixels)
        halo = self._halos.get(key)
        if halo is None:
            glyphs = QPainterPath()
            glyphs.addText(0, 0, font, text)
            stroker = QPainterPathStroker()
            stroker.setWidth(2 * style.halo_pixels)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            halo = stroker.createStroke(glyphs)  # the glyphs drawn on top fill the rest
            if len(self._halos) > 20000:  # a long session of zooming: forget the old sizes
                self._halos.clear()
            self._halos[key] = halo
        return halo


# --- building the paths -----------------------------------------------------------------------

_TILE = 6  # hex columns and rows in one tile of a tiled layer


class _Tiles:
    """A layer cut into tiles of a few hexes each: a zoomed-in view draws only those it shows."""

    def __init__(self, paths: Mapping[tuple[int, int], QPainterPath], margin: float) -> None:
        self._tiles = [
            (path.controlPointRect().adjusted(-margin, -margin, margin, margin), path)
            for _, path in sorted(paths.items())
            if not path.isEmpty()
        ]

    def fill(self, painter: QPainter, exposed: QRectF, colour: QColor) -> None:
        for bounds, path in self._tiles:
            if bounds.intersects(exposed):
                painter.fillPath(path, colour)

    def stroke(self, painter: QPainter, exposed: QRectF, pen: QPen) -> None:
        for bounds, path in self._tiles:
            if bounds.intersects(exposed):
                painter.strokePath(path, pen)


def _by_tile(
    game_map: GameMap, hexes: Sequence[Hex], overlap: bool
) -> dict[tuple[int, int], list[Hex]]:
    """`hexes` sorted into tiles; with `overlap`, each also into its neighbours' tiles."""
    grid = game_map.grid
    chosen = frozenset(hexes)

    def tile(hex_: Hex) -> tuple[int, int]:
        column, row = grid.offset_of(hex_)
        return (column // _TILE, row // _TILE)

    tiles: dict[tuple[int, int], list[Hex]] = {}
    for hex_ in hexes:
        keys = {tile(hex_)}
        if overlap:
            keys.update(tile(other) for _, other in grid.neighbours(hex_) if other in chosen)
        for key in keys:
            tiles.setdefault(key, []).append(hex_)
    return tiles


def _tiled_fill(game_map: GameMap, hexes: Sequence[Hex]) -> _Tiles:
    # Each tile also covers the edge hexes of the tiles around it: antialiased tiles that only
    # touched would leave a faint seam along their common hexsides.
    return _Tiles(
        {
            key: _hexes_path(tile_hexes)
            for key, tile_hexes in _by_tile(game_map, hexes, overlap=True).items()
        },
        0.0,
    )


def _over(ground: QColor, tint: QColor) -> QColor:
    """The colour `tint` makes when painted over opaque `ground`."""
    alpha = tint.alphaF()
    return QColor.fromRgbF(
        *(
            g * (1 - alpha) + t * alpha
            for g, t in zip(ground.getRgbF()[:3], tint.getRgbF()[:3], strict=True)
        )
    )


def _point(hex_: Hex) -> QPointF:
    x, y = MAP_LAYOUT.center(hex_)
    return QPointF(x, y)


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


def _add_polyline(path: QPainterPath, points: Sequence[Point], closed: bool = False) -> None:
    (x0, y0), *rest = points
    path.moveTo(x0, y0)
    for x, y in rest:
        path.lineTo(x, y)
    if closed:
        path.closeSubpath()


def _hexes_path(hexes: Iterable[Hex]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for hex_ in hexes:
        _add_polyline(path, MAP_LAYOUT.corners(hex_), closed=True)
    return path


def _outline_path(hexes: frozenset[Hex] | set[Hex], within: frozenset[Hex] | None) -> QPainterPath:
    """The edge of an area of hexes; with `within`, only where it borders hexes inside it."""
    segments = []
    for hex_ in hexes:
        corners = MAP_LAYOUT.corners(hex_)
        for side in range(1, 7):
            other = neighbour(hex_, side)
            if other not in hexes and (within is None or other in within):
                segments.append((corners[side - 1], corners[side % 6]))
    return _chained_path(segments)


def _grid_path(hexes: Sequence[Hex], on_map: frozenset[Hex]) -> QPainterPath:
    """Every hexside once: drawing shared sides twice would darken them under antialiasing."""
    path = QPainterPath()
    for hex_ in hexes:
        corners = MAP_LAYOUT.corners(hex_)
        for side in range(1, 7):
            other = neighbour(hex_, side)
            if other not in on_map or hex_ < other:
                (x0, y0), (x1, y1) = corners[side - 1], corners[side % 6]
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
    return path


def _key(point: Point) -> tuple[float, float]:
    return (round(point[0], 6), round(point[1], 6))


def _polylines(segments: Sequence[tuple[Point, Point]]) -> list[tuple[list[Point], bool]]:
    """Segments joined end to end into polylines, each with whether it closes on itself."""
    ends: dict[tuple[float, float], list[int]] = {}
    for index, (a, b) in enumerate(segments):
        ends.setdefault(_key(a), []).append(index)
        ends.setdefault(_key(b), []).append(index)
    used = [False] * len(segments)

    def walk(start: Point) -> tuple[list[Point], bool]:
        points = [start]
        here = _key(start)
        while True:
            following = next((i for i in ends[here] if not used[i]), None)
            if following is None:
                return points, False
            used[following] = True
            a, b = segments[following]
            step = b if _key(a) == here else a
            here = _key(step)
            if here == _key(start):
                return points, True
            points.append(step)

    # Open chains start at their loose ends; what is left over are closed loops.
    starts = [p for a, b in segments for p in (a, b) if len(ends[_key(p)]) % 2 == 1]
    starts += [a for a, _ in segments]
    found = []
    for start in starts:
        if not all(used[i] for i in ends[_key(start)]):
            found.append(walk(start))
    return found


def _chained_path(segments: Sequence[tuple[Point, Point]]) -> QPainterPath:
    """Segments joined into polylines, so that wide pens meet in smooth joins."""
    path = QPainterPath()
    for points, closed in _polylines(segments):
        _add_polyline(path, points, closed)
    return path


def _railroad_lines(
    segments: Sequence[tuple[Point, Point]], roads: set[frozenset[tuple[float, float]]]
) -> list[tuple[list[Point], bool]]:
    """The railroad's polylines, moved to one side where a road joins the same hexes.

    Drawn on the same centre line, the wider road would hide the railroad entirely.
    """
    lines = []
    for points, closed in _polylines(segments):
        count = len(points)
        moved = []
        for i, (x, y) in enumerate(points):
            normals = []
            beside = False
            for j, k in ((i - 1, i), (i, i + 1)):
                if closed:
                    j, k = j % count, k % count
                elif j < 0 or k >= count:
                    continue
                (ax, ay), (bx, by) = points[j], points[k]
                length = math.hypot(bx - ax, by - ay) or 1.0
                normals.append(((ay - by) / length, (bx - ax) / length))
                beside = beside or frozenset((_key(points[j]), _key(points[k]))) in roads
            if not beside:
                moved.append((x, y))
                continue
            # A mitred offset keeps both neighbouring stretches at the same distance.
            mx, my = sum(n[0] for n in normals), sum(n[1] for n in normals)
            size = math.hypot(mx, my) or 1.0
            mx, my = mx / size, my / size
            stretch = min(2.0, 1.0 / max(0.5, mx * normals[0][0] + my * normals[0][1]))
            moved.append(
                (x + mx * _RAIL_BESIDE_ROAD * stretch, y + my * _RAIL_BESIDE_ROAD * stretch)
            )
        lines.append((moved, closed))
    return lines


def _marsh_tufts_path(hexes: Iterable[Hex]) -> QPainterPath:
    """Three tufts of reeds per hex, each a short base line with blades fanning up."""
    path = QPainterPath()
    spots = ((-0.42, -0.12), (0.38, -0.22), (0.0, 0.42))
    for hex_ in hexes:
        cx, cy = MAP_LAYOUT.center(hex_)
        for dx, dy in spots:
            x, y = cx + dx, cy + dy
            path.moveTo(x - 0.15, y)
            path.lineTo(x + 0.15, y)
            for lean, height in ((-0.07, 0.1), (0.0, 0.14), (0.07, 0.1)):
                path.moveTo(x + lean * 0.4, y)
                path.lineTo(x + lean, y - height)
    return path


def _hatch_path(bounds: QRectF, spacing: float) -> QPainterPath:
    """Diagonal lines (rising to the right) across `bounds`, to be clipped to an area."""
    path = QPainterPath()
    if bounds.isEmpty():
        return path
    left, top, right, bottom = bounds.left(), bounds.top(), bounds.right(), bounds.bottom()
    height = bottom - top
    x = left - height
    while x < right:
        path.moveTo(x, bottom)
        path.lineTo(x + height, top)
        x += spacing
    return path


def _rail_ties_path(segments: Sequence[tuple[Point, Point]]) -> QPainterPath:
    path = QPainterPath()
    for (x0, y0), (x1, y1) in segments:
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy * _RAIL_TIE_LENGTH / 2, ux * _RAIL_TIE_LENGTH / 2
        count = max(1, round(length / _RAIL_TIE_SPACING))
        for i in range(count):
            t = (i + 0.5) * length / count
            x, y = x0 + ux * t, y0 + uy * t
            path.moveTo(x - nx, y - ny)
            path.lineTo(x + nx, y + ny)
    return path


def _add_bridge(
    decks: QPainterPath,
    sides: QPainterPath,
    hexside: tuple[Point, Point],
    towards: Point,
    river: RiverClass,
) -> tuple[Point, Point]:
    """A deck across the river at the hexside's middle, its sides flared at both banks.

    Returns the deck's span, where a road crossing the bridge is drawn again on top.
    """
    (x0, y0), (x1, y1) = hexside
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the river
    vx, vy = -uy, ux  # across it
    if (towards[0] - mx) * vx + (towards[1] - my) * vy < 0:
        vx, vy = -vx, -vy
    river_width = _MAJOR_RIVER_WIDTH if river is RiverClass.MAJOR else _MINOR_RIVER_WIDTH
    half_span = river_width / 2 + 0.11
    w = _BRIDGE_HALF_WIDTH

    def at(along: float, across: float) -> Point:
        return (mx + ux * along + vx * across, my + uy * along + vy * across)

    _add_polyline(
        decks,
        [at(-w, -half_span), at(w, -half_span), at(w, half_span), at(-w, half_span)],
        closed=True,
    )
    for edge in (-w, w):
        flare = math.copysign(_BRIDGE_FLARE, edge)
        _add_polyline(
            sides,
            [
                at(edge + flare, -half_span - _BRIDGE_FLARE),
                at(edge, -half_span),
                at(edge, half_span),
                at(edge + flare, half_span + _BRIDGE_FLARE),
            ],
        )
    return at(0, -half_span), at(0, half_span)


def _middle_hex(hexes: Sequence[Hex]) -> Hex:
    """The hex nearest the middle of an area, where its badge goes."""
    points = [MAP_LAYOUT.center(h) for h in hexes]
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return min(hexes, key=lambda h: math.dist(MAP_LAYOUT.center(h), (mx, my)))
