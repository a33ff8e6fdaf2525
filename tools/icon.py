"""Draws owsqt's program icon at the sizes desktops ask for (resources/icons/owsqt-N.png):
a counter of the game, field grey, with the NATO symbol of an armoured unit, on a winter
night's blue. Run it after changing the drawing: `python -m tools.icon`; the PNGs are
shipped and a test holds their sizes."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
FOLDER = Path(__file__).resolve().parents[1] / "resources" / "icons"
NIGHT = QColor("#22303c")
FIELD_GREY = QColor("#d8d0b8")
INK = QColor("#1b1b1b")
SNOW = QColor("#eef3f7")


def draw(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    unit = size / 16
    back = QPainterPath()
    back.addRoundedRect(QRectF(0.5 * unit, 0.5 * unit, 15 * unit, 15 * unit), 3 * unit, 3 * unit)
    painter.fillPath(back, NIGHT)
    snow = QPainterPath()  # a drift along the bottom
    snow.moveTo(0.5 * unit, 12.5 * unit)
    snow.cubicTo(5 * unit, 11 * unit, 10 * unit, 13.5 * unit, 15.5 * unit, 11.5 * unit)
    snow.lineTo(15.5 * unit, 15.5 * unit)
    snow.lineTo(0.5 * unit, 15.5 * unit)
    painter.fillPath(snow.intersected(back), SNOW)
    counter = QRectF(3 * unit, 2.5 * unit, 10 * unit, 10 * unit)
    painter.fillRect(counter.translated(0.5 * unit, 0.5 * unit), QColor(0, 0, 0, 90))
    painter.fillRect(counter, FIELD_GREY)
    width = max(1, round(0.6 * unit))  # whole pixels, lines on the pixel grid: sharp when small
    pen = QPen(INK, width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    grid = 0.5 if width % 2 else 0.0
    left, top = round(4.5 * unit) + grid, round(4.5 * unit) + grid
    symbol = QRectF(
        left, top, round(11.5 * unit) - round(4.5 * unit), round(9.5 * unit) - round(4.5 * unit)
    )
    painter.drawRect(symbol)
    painter.drawRoundedRect(symbol.adjusted(1.2 * unit, 1.2 * unit, -1.2 * unit, -1.2 * unit),
                            1.3 * unit, 1.3 * unit)  # fmt: skip
    painter.end()
    return image


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    FOLDER.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        draw(size).save(str(FOLDER / f"owsqt-{size}.png"))
    print(f"wrote {len(SIZES)} icons to {FOLDER}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
