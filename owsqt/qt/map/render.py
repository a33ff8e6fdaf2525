"""Render the whole battle map to a PNG file, without a window (works on the offscreen platform)."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter

from owsqt.qt.fonts import load_fonts
from owsqt.qt.map.painter import PAPER, MapPainter
from owsqt.rules.map.gamemap import GameMap

PIXELS_PER_UNIT = 32.0  # at scale 1: a hex (2 units across its corners) is 64 px across


def render_map(game_map: GameMap, path: Path, scale: float = 1.0) -> tuple[int, int]:
    """Draw `game_map` to the PNG file `path`; scale 1.0 is about 64 px a hex. Returns (w, h)."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    # Fonts and images need a GUI application; a command-line run has none yet.
    if QGuiApplication.instance() is None:
        _keep.append(QGuiApplication([]))
    load_fonts()  # the labels in the shipped fonts, as in the window
    painter_of_map = MapPainter(game_map)
    bounds = painter_of_map.bounds
    pixels = PIXELS_PER_UNIT * scale
    width = math.ceil(bounds.width() * pixels)
    height = math.ceil(bounds.height() * pixels)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(PAPER)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(pixels, pixels)
        painter.translate(-bounds.left(), -bounds.top())
        painter_of_map.paint(painter, QRectF(bounds), scale)
    finally:
        painter.end()
    path = Path(path)
    # PySide6 takes the format as a str (bytes fail at run time); its stubs allow only bytes.
    if not image.save(str(path), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"could not write the map image to {path}")
    return width, height


# The application made here must outlive the call: Qt keeps using it for later renders.
_keep: list[QGuiApplication] = []
