"""The typefaces shipped in resources/fonts: loaded at start, made the application's font."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from owsqt.rules.data.datafile import DataError, resources_dir

__all__ = [
    "FONT_FILES",
    "HINTING",
    "NARROW",
    "SANS",
    "SERIF",
    "fonts_dir",
    "load_fonts",
    "table_font",
]

SANS = "DejaVu Sans"  # windows, dialogs, the air display, hex ids and badges on the map
NARROW = "DejaVu Sans Condensed"  # the counters: two-digit factors stay big on a small counter
SERIF = "DejaVu Serif"  # town names on the map and the titles of the air charts, as printed

# Every file in resources/fonts, with the family it must give Qt. Only the styles the table
# draws are shipped: regular and bold of each family.
FONT_FILES: dict[str, str] = {
    "DejaVuSans.ttf": SANS,
    "DejaVuSans-Bold.ttf": SANS,
    "DejaVuSansCondensed.ttf": NARROW,
    "DejaVuSansCondensed-Bold.ttf": NARROW,
    "DejaVuSerif.ttf": SERIF,
    "DejaVuSerif-Bold.ttf": SERIF,
}

# Hinted up and down only, so that a line of text is as wide on every machine: the default
# follows the system's font settings, and full hinting rounds every letter to whole pixels.
HINTING = QFont.HintingPreference.PreferVerticalHinting

_loaded: dict[Path, int] = {}  # font file -> its id in Qt's font database, once loaded


def fonts_dir() -> Path:
    """The folder of the shipped fonts: resources/fonts, wherever the resources are."""
    return resources_dir() / "fonts"


def load_fonts(directory: Path | None = None) -> None:
    """Give Qt the shipped fonts and make SANS the application font, keeping the system's size.

    Call it once the QGuiApplication exists and before any window is built; calling it again
    changes nothing. A missing or unreadable file raises DataError naming the file, and then
    none of the files is left loaded.
    """
    if QGuiApplication.instance() is None:
        raise RuntimeError("load_fonts() needs the application object: create it first")
    folder = fonts_dir() if directory is None else directory
    files = [(folder / name, family) for name, family in FONT_FILES.items()]
    wanted = [(path, family) for path, family in files if path.absolute() not in _loaded]
    # Read every file before Qt gets any: its own error for a bad file would be a warning.
    data = {path: _read(path) for path, _family in wanted}
    added: dict[Path, int] = {}
    try:
        for path, family in wanted:
            font_id = QFontDatabase.addApplicationFontFromData(QByteArray(data[path]))
            if font_id < 0:
                raise DataError(path, "", "a TrueType font", "a file Qt cannot read as a font")
            added[path.absolute()] = font_id
            families = QFontDatabase.applicationFontFamilies(font_id)
            if family not in families:
                raise DataError(path, "", f"the font {family}", ", ".join(families) or "none")
    except DataError:
        for font_id in added.values():
            QFontDatabase.removeApplicationFont(font_id)
        raise
    _loaded.update(added)
    QGuiApplication.setFont(_application_font(QGuiApplication.font()))


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(path, "", "a font file of the program", "no such file") from None
    except OSError as error:
        raise DataError(path, "", "a readable font file", error.strerror or str(error)) from None


def _application_font(system: QFont) -> QFont:
    """SANS at the size the system gives its own font (a user's choice of bigger text holds)."""
    font = QFont(SANS)
    if system.pointSizeF() > 0:
        font.setPointSizeF(system.pointSizeF())
    elif system.pixelSize() > 0:
        font.setPixelSize(system.pixelSize())
    font.setHintingPreference(HINTING)
    return font


def table_font(pixels: float, bold: bool = False, family: str | Sequence[str] = SANS) -> QFont:
    """A font of a shipped `family`, `pixels` logical pixels high (whole, at least 1).

    `family` may be a tuple of families tried in order, as the style modules keep them.
    """
    font = QFont()
    font.setFamilies([family] if isinstance(family, str) else list(family))
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setHintingPreference(HINTING)
    return font
