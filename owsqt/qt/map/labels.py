"""Town names, hex ids and entry-area badges: where they go, and drawn haloed in device pixels."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)

from owsqt.qt.fonts import table_font
from owsqt.qt.map.paths import EntryArea, Town
from owsqt.qt.map.style import (
    BADGE_STYLE,
    CITY_NAMES_FROM,
    CITY_STYLE,
    HEX_ID_HALOED,
    HEX_ID_OFFSET,
    HEX_ID_STYLE,
    HEX_IDS_FROM,
    LABEL_GAP,
    LABEL_HALO,
    POCKET_TINT,
    TERRAIN_COLOURS,
    VILLAGE_NAMES_FROM,
    VILLAGE_STYLE,
    TextStyle,
)
from owsqt.rules.core.hexgrid import Hex, neighbour
from owsqt.rules.map.gamemap import MAP_LAYOUT, GameMap, HexFeature, Terrain

_MAX_HALOS = 20000  # halo outlines kept; a long session of zooming forgets the old sizes


@dataclass(frozen=True, slots=True)
class Label:
    anchor: QPointF  # map units; the text is centred on it, or hangs from it
    text: str
    style: TextStyle
    halo: QColor | None = None  # None: the usual pale paper halo
    hanging: bool = False  # the top of the text at the anchor, so that it never covers above


def hex_id_labels(game_map: GameMap, terrain: Mapping[Hex, Terrain]) -> list[Label]:
    """Each hex's id near its top flat, haloed in the hex's colour where a line crosses it."""
    # Only a line to the hex due north runs through the id at the top of a hex.
    crossed = {
        south
        for a, b in (
            *((c.a, c.b) for c in game_map.connections),
            *(pair for front in game_map.fronts.values() for pair in pairwise(front)),
        )
        for south, north in ((a, b), (b, a))
        if neighbour(south, 1) == north
    }
    pocket = game_map.pocket
    ids = []
    for hex_ in game_map.grid.hexes():
        x, y = MAP_LAYOUT.center(hex_)
        anchor = QPointF(x, y + HEX_ID_OFFSET)
        text = game_map.grid.id_of(hex_)
        if hex_ in crossed:
            # Haloed in the hex's own colour: the id stays clear of the line through it,
            # without a pale patch showing on darker terrain.
            ground = TERRAIN_COLOURS[terrain[hex_]]
            if hex_ in pocket:
                ground = _over(ground, POCKET_TINT)
            ids.append(Label(anchor, text, HEX_ID_HALOED, ground))
        else:
            ids.append(Label(anchor, text, HEX_ID_STYLE))
    return ids


def town_labels(towns: Iterable[Town]) -> list[Label]:
    """The name of each named town, hanging below its symbol."""
    labels = []
    for town in towns:
        if not town.name:
            continue
        x, y = MAP_LAYOUT.center(town.hex)
        style = CITY_STYLE if town.kind is HexFeature.CITY else VILLAGE_STYLE
        text = town.name.upper() if style.capitals else town.name
        labels.append(Label(QPointF(x, y + LABEL_GAP), text, style, hanging=True))
    return labels


def _over(ground: QColor, tint: QColor) -> QColor:
    """The colour `tint` makes when painted over opaque `ground`."""
    alpha = tint.alphaF()
    return QColor.fromRgbF(
        *(g * (1 - alpha) + t * alpha for g, t in zip(_rgb(ground), _rgb(tint), strict=True))
    )


def _rgb(colour: QColor) -> tuple[float, float, float]:
    # The first three of getRgbF(), which PySide6's stubs type as a bare object.
    return colour.redF(), colour.greenF(), colour.blueF()


class MapLabels:
    """Draws the labels in device pixels, so that text stays crisp at every zoom."""

    def __init__(
        self, hex_ids: Sequence[Label], names: Sequence[Label], entry_areas: Sequence[EntryArea]
    ) -> None:
        self._hex_ids = hex_ids
        self._names = names
        self._entry_areas = entry_areas
        # Styles are module constants, so their ids are stable keys (QColor does not hash).
        self._fonts: dict[tuple[int, int], tuple[QFont, QFontMetricsF]] = {}
        self._halos: dict[tuple[str, int, int], QPainterPath] = {}

    def paint(self, painter: QPainter, exposed: QRectF, level_of_detail: float) -> None:
        """Draw the labels that help at this zoom; `exposed` is in map units."""
        labels: list[Label] = []
        if level_of_detail >= HEX_IDS_FROM:
            labels.extend(self._hex_ids)
        labels.extend(
            label
            for label in self._names
            if level_of_detail
            >= (CITY_NAMES_FROM if label.style is CITY_STYLE else VILLAGE_NAMES_FROM)
        )
        transform = painter.worldTransform()
        scale = max(math.hypot(transform.m11(), transform.m12()), 1e-9)
        # Names run wider than a hex, and far wider when kept legible zoomed out: keep those
        # whose anchor lies outside the exposed area but whose text may reach into it.
        wide, high = max(2.5, 160 / scale), max(1.0, 30 / scale)
        reach = exposed.adjusted(-wide, -high, wide, high)
        badges = [area for area in self._entry_areas if reach.contains(area.middle)]
        visible = [label for label in labels if reach.contains(label.anchor)]
        if not visible and not badges:
            return
        painter.save()
        painter.resetTransform()
        for area in badges:
            self._draw_badge(painter, transform.map(area.middle), area, scale)
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
                halo = LABEL_HALO if label.halo is None else label.halo
                painter.fillPath(self._halo(label.text, style, pixels, font), halo)
            painter.setFont(font)
            painter.setPen(style.colour)
            painter.drawText(QPointF(0, 0), label.text)
        painter.restore()

    def _draw_badge(
        self, painter: QPainter, centre: QPointF, area: EntryArea, scale: float
    ) -> None:
        """The area's name, white on a rounded box of the area's colour."""
        style = BADGE_STYLE
        pixels = max(style.min_pixels, round(style.size * scale))
        font, metrics = self._font(style, pixels)
        width = max(metrics.horizontalAdvance(area.name) + pixels * 0.6, pixels * 1.35)
        height = pixels * 1.35
        box = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
        painter.setPen(QPen(LABEL_HALO, max(1.5, pixels * 0.12)))
        painter.setBrush(area.colour)
        painter.drawRoundedRect(box, height * 0.25, height * 0.25)
        painter.setFont(font)
        painter.setPen(style.colour)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, area.name)

    def _font(self, style: TextStyle, pixels: int) -> tuple[QFont, QFontMetricsF]:
        key = (id(style), pixels)
        found = self._fonts.get(key)
        if found is None:
            font = table_font(pixels, style.bold, style.families)
            found = (font, QFontMetricsF(font))
            self._fonts[key] = found
        return found

    def _halo(self, text: str, style: TextStyle, pixels: int, font: QFont) -> QPainterPath:
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
            if len(self._halos) > _MAX_HALOS:
                self._halos.clear()
            self._halos[key] = halo
        return halo
