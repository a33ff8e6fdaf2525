"""The map painted once per zoom into square tiles of device pixels, then drawn as images.

The printed map never changes, so redrawing its few thousand antialiased paths at every
repaint (a scroll, a counter moved, a highlight) is wasted work. MapTiles paints the map at
the view's exact scale into tiles of TILE device pixels, keeps them (least recently used
first out, within a memory budget) and draws them pixel for pixel. A zoom to a new scale
paints the tiles it shows once, from its second frame on (a zoom gesture passes through
scales shown once: those are drawn as paths). Painters that are not raster (SVG, PDF,
printers) or that rotate or shear get the vector map, so an exported picture stays sharp.

One set of tiles serves every scene of the same map (`shared_map`): a New Game or a second
window on the same map reuses both the map's shapes and its painted tiles.
"""

from __future__ import annotations

import math
import weakref
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QTransform

from owsqt.qt.map.painter import MapPainter
from owsqt.rules.map.gamemap import GameMap

TILE = 256  # device pixels on a side
BUDGET_BYTES = 64 * 1024 * 1024  # about a dozen screens of map at once
_RASTER = (QPaintEngine.Type.Raster, QPaintEngine.Type.OpenGL2)


def cacheable(painter: QPainter) -> bool:
    """Whether `painter` draws pixels under a plain scale and shift (no rotation or shear),
    so that an image painted at its scale lands on its pixels exactly."""
    engine = painter.paintEngine()
    if engine is None or engine.type() not in _RASTER:
        return False
    transform = painter.worldTransform()
    if transform.type().value > QTransform.TransformationType.TxScale.value:
        return False
    return transform.m11() > 0 and math.isclose(transform.m11(), transform.m22(), rel_tol=1e-6)


class MapTiles:
    """Tiles of one map, keyed by (device pixels per scene unit, column, row)."""

    def __init__(
        self, map_painter: MapPainter, map_scale: float, budget_bytes: int = BUDGET_BYTES
    ) -> None:
        self.map_painter = map_painter
        self.map_scale = map_scale  # scene units per map unit
        self.budget_bytes = budget_bytes
        self._tiles: OrderedDict[tuple[int, int, int, int], QImage] = OrderedDict()
        self._bytes = 0
        self._scales_seen: set[tuple[int, int]] = set()

    def paint(self, painter: QPainter, exposed: QRectF, level_of_detail: float) -> bool:
        """Draw the part of the map in `exposed` (scene units) from tiles; the painter must
        be `cacheable`. The first frame at a scale draws nothing and answers False: the
        caller paints paths, as cheap as painting tiles once, and far cheaper when the
        scale is passed through in a zoom gesture; tiles are painted from the second."""
        transform = painter.worldTransform()
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        pixels = transform.m11() * ratio  # device pixels per scene unit
        key = (round(pixels * 10000), round(ratio * 100))  # the scale, to a ten-thousandth
        # Where the scene's origin falls, in whole device pixels.
        origin_x = round(transform.dx() * ratio)
        origin_y = round(transform.dy() * ratio)
        if key not in self._scales_seen:
            self._scales_seen.add(key)
            return False
        bounds = self.map_painter.bounds
        s = self.map_scale
        area = exposed.intersected(
            QRectF(bounds.left() * s, bounds.top() * s, bounds.width() * s, bounds.height() * s)
        )
        if area.isEmpty():
            return True
        first_column = math.floor(area.left() * pixels / TILE)
        last_column = math.floor(area.right() * pixels / TILE)
        first_row = math.floor(area.top() * pixels / TILE)
        last_row = math.floor(area.bottom() * pixels / TILE)
        columns = range(first_column, last_column + 1)
        rows = range(first_row, last_row + 1)
        self._paint_missing(key, pixels, columns, rows, level_of_detail, ratio)
        painter.save()
        painter.resetTransform()
        for row in rows:
            for column in columns:
                image = self._tiles[(*key, column, row)]
                self._tiles.move_to_end((*key, column, row))
                at = QPointF((origin_x + column * TILE) / ratio, (origin_y + row * TILE) / ratio)
                painter.drawImage(at, image)
        painter.restore()
        self._trim(len(columns) * len(rows))
        return True

    def _paint_missing(
        self,
        key: tuple[int, int],
        pixels: float,
        columns: range,
        rows: range,
        level_of_detail: float,
        ratio: float,
    ) -> None:
        """Paint the tiles not kept yet in one pass over the map (its long roads and rivers
        cost the same for a tile as for a screen), then cut that picture into tiles."""
        missing = [(c, r) for r in rows for c in columns if (*key, c, r) not in self._tiles]
        if not missing:
            return
        left = min(c for c, _ in missing)
        top = min(r for _, r in missing)
        width = (max(c for c, _ in missing) - left + 1) * TILE
        height = (max(r for _, r in missing) - top + 1) * TILE
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        try:
            painter.translate(-left * TILE, -top * TILE)
            scale = pixels * self.map_scale  # device pixels per map unit
            painter.scale(scale, scale)
            exposed = QRectF(left * TILE / scale, top * TILE / scale, width / scale, height / scale)
            self.map_painter.paint(painter, exposed, level_of_detail)
        finally:
            painter.end()
        for column, row in missing:
            tile = image.copy((column - left) * TILE, (row - top) * TILE, TILE, TILE)
            tile.setDevicePixelRatio(ratio)
            self._tiles[(*key, column, row)] = tile
            self._bytes += tile.sizeInBytes()

    def _trim(self, in_frame: int) -> None:
        """Drop the least recently used tiles past the budget, never those of the frame
        just drawn (a screen larger than the budget would repaint them every frame)."""
        while self._bytes > self.budget_bytes and len(self._tiles) > in_frame:
            _, dropped = self._tiles.popitem(last=False)
            self._bytes -= dropped.sizeInBytes()

    def clear(self) -> None:
        self._tiles.clear()
        self._bytes = 0
        self._scales_seen.clear()

    def __len__(self) -> int:
        return len(self._tiles)


_SHARED: weakref.WeakKeyDictionary[GameMap, tuple[MapPainter, dict[float, MapTiles]]] = (
    weakref.WeakKeyDictionary()
)


def shared_map(game_map: GameMap, map_scale: float) -> tuple[MapPainter, MapTiles]:
    """The shapes and the tiles of `game_map`, built once for every scene that shows it."""
    found = _SHARED.get(game_map)
    if found is None:
        found = (MapPainter(game_map), {})
        _SHARED[game_map] = found
    map_painter, tiles = found
    if map_scale not in tiles:
        tiles[map_scale] = MapTiles(map_painter, map_scale)
    return map_painter, tiles[map_scale]


def forget_shared() -> None:
    """Drop every map's shared shapes and tiles (a benchmark of the very first frame)."""
    _SHARED.clear()
