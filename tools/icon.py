"""Draws owsqt's program icon at the sizes desktops ask for (resources/icons/owsqt-N.png):
a counter of the game, field grey, with the NATO symbol of an armoured unit, on a winter
night's blue. It also packs those pictures as the icon files of the Windows and macOS
bundles (packaging/windows/owsqt.ico, packaging/macos/owsqt.icns), both of which hold PNG
images. Run it after changing the drawing: `python -m tools.icon`; the files are shipped
and tests hold their sizes."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "resources" / "icons"
ICO = ROOT / "packaging" / "windows" / "owsqt.ico"
ICNS = ROOT / "packaging" / "macos" / "owsqt.icns"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 is the largest an .ico entry holds
# The PNG entries of an .icns file: its type code and the picture's size in pixels.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)  # fmt: skip
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


def png(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data().data())


def ico(pictures: dict[int, bytes]) -> bytes:
    """A Windows icon file of PNG entries (read by Windows Vista and later), one a size."""
    sizes = [size for size in ICO_SIZES if size in pictures]
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pictures[size]
        side = size % 256  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return head + entries + images


def icns(pictures: dict[int, bytes]) -> bytes:
    """A macOS icon file: an 'icns' block of PNG entries, each with its type code."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pictures[size])) + pictures[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    FOLDER.mkdir(parents=True, exist_ok=True)
    pictures = {size: png(draw(size)) for size in {*SIZES, *ICO_SIZES, 1024}}
    for size in SIZES:
        (FOLDER / f"owsqt-{size}.png").write_bytes(pictures[size])
    ICO.parent.mkdir(parents=True, exist_ok=True)
    ICO.write_bytes(ico(pictures))
    ICNS.parent.mkdir(parents=True, exist_ok=True)
    ICNS.write_bytes(icns(pictures))
    print(f"wrote {len(SIZES)} icons to {FOLDER}, {ICO.name} and {ICNS.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
