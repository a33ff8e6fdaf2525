"""The look of the unit counters in one place: size, colours per nationality, fonts and the face.

A counter is COUNTER_SIZE scene units square (a hex of the map is about 55 units across its
flats, so a counter covers most of a hex and a stack still shows the hex around it). Every
other length here is in the same counter units, measured on a 40-unit face, so the whole face
scales with the rectangle it is painted into and stays crisp at every zoom.

The colours follow 2.1 (German Army gray, Luftwaffe blue, Rumanian green, Soviet brown,
Guards red, Soviet air purple) in muted period tones, darker and more saturated than the
cream map (mapstyle) so that a counter never melts into the terrain under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from owsqt.qt import fonts
from owsqt.rules.data.units import Nationality

COUNTER_SIZE = 40.0  # scene units, square; the layout below is for exactly this size
CORNER_RADIUS = 2.4  # die-cut counters have softly rounded corners
EDGE_WIDTH = 0.7  # the dark cut edge that separates a counter from the map and from its stack
BEVEL_WIDTH = 0.9  # light top-left and shaded bottom-right rims: thick card, not a flat sticker
BEVEL_LIGHT = QColor(255, 255, 255, 80)
BEVEL_SHADE = QColor(0, 0, 0, 60)
EDGE = QColor(28, 24, 20, 220)


@dataclass(frozen=True, slots=True)
class NationStyle:
    """The colours of one nationality's counters, front (full) and back (reduced) side."""

    field: QColor  # the counter's background
    ink: QColor  # factors, name, size mark and the box outline on the field
    box_fill: QColor  # inside the symbol box: paler, so the NATO symbol reads at a glance
    box_ink: QColor  # the symbol itself
    reduced_field: QColor  # the back: paler, so a flipped unit shows across the table
    reduced_ink: QColor  # chosen for contrast on the paler back, not always the front's ink
    band: QColor  # the back's stripe across the top: the front's colour, a clear "flipped" sign
    band_ink: QColor  # the top row (proficiency ring, size mark) where it sits on the band


def _nation(
    field: str, ink: str, box: str, box_ink: str, reduced: str, reduced_ink: str, band: str = ""
) -> NationStyle:
    return NationStyle(
        QColor(field),
        QColor(ink),
        QColor(box),
        QColor(box_ink),
        QColor(reduced),
        QColor(reduced_ink),
        QColor(band or field),
        QColor(ink),
    )


# Light fields take near-black ink; the dark Guards red and the air force purple take cream ink,
# as printed counters of the period did; their paler backs go back to dark ink.
NATION_STYLES: dict[Nationality, NationStyle] = {
    Nationality.GERMAN_ARMY: _nation(
        "#9da196", "#141512", "#dadcd3", "#141512", "#d3d5cc", "#141512", "#83877c"
    ),
    Nationality.LUFTWAFFE: _nation(
        "#8ea2b7", "#0f1822", "#d6dfe8", "#0f1822", "#cdd7e2", "#0f1822", "#728aa2"
    ),
    Nationality.RUMANIAN: _nation(
        "#9ba266", "#151908", "#dde0bb", "#151908", "#d4d8ad", "#151908", "#838b4c"
    ),
    Nationality.SOVIET: _nation(
        "#b08659", "#1e140a", "#ecdcc2", "#1e140a", "#dcc4a2", "#1e140a", "#956c42"
    ),
    Nationality.SOVIET_GUARDS: _nation(
        "#9e4236", "#fbefdf", "#f1d9cf", "#2b0e09", "#dcaa9f", "#2b0e09"
    ),
    Nationality.SOVIET_AIR_FORCE: _nation(
        "#76608f", "#f8f1fd", "#e3d9ee", "#1f1428", "#c5b6d6", "#1f1428"
    ),
}

REDUCED_BAND_HEIGHT = 7.2  # the back's top stripe: just the top row, clear of the symbol box

# --- the face: every rectangle in counter units on the 40 x 40 face, y down -----------------------

MARGIN = 1.6  # nothing printed closer to the cut edge than this
SYMBOL_BOX = QRectF(11.0, 7.4, 18.0, 11.6)  # NATO boxes are about 3 : 2
BOX_LINE = 0.85  # the symbol box outline
SYMBOL_LINE = 0.8  # strokes inside the box
SIZE_MARK_HEIGHT = 2.9  # the X and I strokes of the size mark, sitting on the box
SIZE_MARK_GAP = 0.9  # between the size mark and the top of the box
PROFICIENCY_CENTRE = (5.3, 5.1)
PROFICIENCY_RADIUS = 3.4
PROFICIENCY_LINE = 0.5
PROFICIENCY_FILL = QColor("#f7f2e6")  # a paper disc: the same on every nationality
PROFICIENCY_INK = QColor("#1a1512")
WHEEL_RADIUS = 1.1  # the motorized wheels under the box
WHEEL_GAP = 0.6  # from the box's bottom edge to the top of the wheels
WHEEL_LINE = 0.6
NAME_BASELINE = 26.8  # the unit's name: a small line between the box and the factors
NAME_CAP_HEIGHT = 3.0
NAME_MIN_SQUEEZE = 0.72  # long names are narrowed to this before they are cut with an ellipsis
FACTORS_BASELINE = 37.0  # combat, T or dash, movement: the biggest print on the counter
FACTORS_CAP_HEIGHT = 7.3
FACTORS_SEPARATOR_SCALE = 0.72  # the T and the dash a little smaller than the numbers
ARTILLERY_CAP_HEIGHT = 3.6  # the bombardment(range) pair in the top right corner
ARTILLERY_RIGHT = COUNTER_SIZE - MARGIN - 0.4  # clear of the rounded corner
AIR_SILHOUETTE = QRectF(7.0, 8.2, 26.0, 14.0)  # where the aircraft flies on an air counter
AIR_LETTERS_CAP_HEIGHT = 3.6  # F, ZG, DB, GA, B in the top row of an air counter

# --- fonts: families tried in order; sizes come from the cap heights above -----------------------

# A narrow sans, bold for the factors, as on the counters of the period: two-digit factors
# stay big on a small counter. The program ships it (resources/fonts), so a counter looks the
# same on every machine.
FONT_FAMILIES = (fonts.NARROW,)


# --- levels of detail, in device pixels across the counter ----------------------------------------

# Far out (below TEXT_FROM_PIXELS) a counter is its colour and a large symbol, with no
# text at all: the factors' figures would be under 5 px high. From there the factors, the
# size mark and the wheels; the small print of the top row from SMALL_PRINT_FROM_PIXELS.
TEXT_FROM_PIXELS = 28.0  # the factors' figures are 5 px high here
SMALL_PRINT_FROM_PIXELS = 40.0  # proficiency, bombardment(range), air type letters
NAME_FROM_PIXELS = 56.0  # the name is the smallest print (4 px high here): where it can be read
FAR_SYMBOL_BOX = QRectF(6.0, 9.0, 28.0, 18.6)  # the symbol box of the far counter, 3 : 2
FAR_SYMBOL_LINE = 1.6
FAR_BOX_LINE = 1.8


def nation_style(nationality: Nationality) -> NationStyle:
    """The colours of `nationality`'s counters."""
    return NATION_STYLES[nationality]


# --- the text size setting (View ▸ Text size, qt/textsize.py) -------------------------------------

PRINT_SCALE = 1.0  # the setting's factor; qt/textsize.py sets it and redraws the counters
FACTORS_MOST_SCALE = 1.15  # the factors fill the bottom of the face: they can grow only so much


def set_print_scale(scale: float) -> None:
    """The counters' print follows the text size setting (the faces must be built again)."""
    global PRINT_SCALE
    PRINT_SCALE = max(0.7, min(2.0, float(scale)))


def name_cap_height() -> float:
    """The name's cap height at the text size setting (a long name is still fitted)."""
    return NAME_CAP_HEIGHT * PRINT_SCALE


def factors_cap_height() -> float:
    """The factors' cap height at the text size setting, within the room the face has."""
    return FACTORS_CAP_HEIGHT * min(PRINT_SCALE, FACTORS_MOST_SCALE)


def name_from_pixels() -> float:
    """Bigger print reads on a smaller counter: the name shows from fewer pixels."""
    return NAME_FROM_PIXELS / PRINT_SCALE
