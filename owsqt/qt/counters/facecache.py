"""Counter faces drawn from pixmaps painted once per (face, device pixels, pixel ratio).

A face is a dozen paths; a table of three hundred counters repainted at every scroll spends
its frame filling them. FacePixmaps paints each face once at the size it covers on the
device and then copies pixels. Only painters that draw pixels at a plain scale use it, only
up to MAX_PIXELS across (a counter zoomed in larger is drawn as paths: few show at once, and
paths stay crisp), and only from the second frame at a size (a zoom gesture passes through
sizes shown once). SVG, PDF and printers always get paths.

The key is the face object itself, so anything that makes a different face (the reduced
side, another text size) makes a different key.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from owsqt.qt.map.tiles import cacheable

MAX_PIXELS = 192  # device pixels across: larger counters are drawn as paths
BUDGET_BYTES = 32 * 1024 * 1024  # a few zoom levels of every counter of the campaign


class Face(Protocol):
    def paint(self, painter: QPainter, rect: QRectF) -> None: ...


class FacePixmaps:
    """Least recently used pixmaps of counter faces, within a memory budget."""

    def __init__(self, budget_bytes: int = BUDGET_BYTES) -> None:
        self.budget_bytes = budget_bytes
        self._pixmaps: OrderedDict[tuple[Face, int, int], QPixmap] = OrderedDict()
        self._bytes = 0
        self._sizes_seen: set[tuple[int, int]] = set()

    def draw(self, painter: QPainter, rect: QRectF, face: Face) -> bool:
        """Draw `face` into `rect` from a pixmap; False (nothing drawn) where the painter
        or the size calls for paths."""
        if not cacheable(painter):
            return False
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        placed = painter.worldTransform().mapRect(rect)  # in the device's logical pixels
        pixels = round(placed.width() * ratio)
        if not 1 <= pixels <= MAX_PIXELS:
            return False
        size = (pixels, round(ratio * 100))
        if size not in self._sizes_seen:
            # The first frame at a size (a zoom gesture passes through many) draws paths.
            self._sizes_seen.add(size)
            return False
        pixmap = self.pixmap(face, pixels, ratio)
        # On whole device pixels, so that the copy is not resampled.
        at = QPointF(round(placed.left() * ratio) / ratio, round(placed.top() * ratio) / ratio)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(at, pixmap)
        painter.restore()
        return True

    def pixmap(self, face: Face, pixels: int, ratio: float = 1.0) -> QPixmap:
        """`face` painted on a transparent pixmap `pixels` device pixels square."""
        key = (face, pixels, round(ratio * 100))
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found
        image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        try:
            face.paint(painter, QRectF(0.0, 0.0, pixels, pixels))
        finally:
            painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        self._pixmaps[key] = pixmap
        self._bytes += pixels * pixels * 4
        while self._bytes > self.budget_bytes and len(self._pixmaps) > 1:
            (_, size, _), _ = self._pixmaps.popitem(last=False)
            self._bytes -= size * size * 4
        return pixmap

    def clear(self) -> None:
        self._pixmaps.clear()
        self._bytes = 0
        self._sizes_seen.clear()

    def __len__(self) -> int:
        return len(self._pixmaps)


FACES = FacePixmaps()  # the table's: every scene shares it
