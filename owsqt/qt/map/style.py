"""The look of the printed map in one place: inks, line widths, symbol sizes, fonts and zooms."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from owsqt.qt import fonts
from owsqt.rules.map.gamemap import Terrain

# --- palette: muted inks on cream paper, as on a printed map of the 1970s and 80s -------------

PAPER = QColor("#e4dcc4")  # the margin around the hexes
CLEAR = QColor("#f0e8cf")
ELEVATED = QColor("#dcc497")
ELEVATED_EDGE = QColor("#a88a5a")
MARSH = QColor("#c4ccae")
MARSH_TUFT = QColor("#5a6f55")
POCKET_TINT = QColor(140, 68, 62, 50)
POCKET_HATCH = QColor(128, 40, 34, 80)
POCKET_EDGE = QColor("#8e2b20")
GRID = QColor(96, 82, 52, 110)
MAP_EDGE = QColor("#4a4034")
HEX_ID = QColor("#76694e")
ENTRY_COLOURS = (QColor("#6b4a8f"), QColor("#b5741c"), QColor("#2f7a6a"), QColor("#7a5a2a"))
ENTRY_BAND_ALPHA = 150  # the band along an entry area's edge is its colour, half seen through
START_LINE_COLOURS = {"soviet": QColor("#8b1a1a"), "axis": QColor("#3b3b3b")}
START_LINE_OTHER = QColor("#5a4a6a")
RAIL = QColor("#1c1c1c")
ROAD_CASING = QColor("#fbf5e4")
PRIMARY_ROAD = QColor("#9a3a1e")
SECONDARY_ROAD = QColor("#a8703e")
MINOR_RIVER = QColor("#3d7fc0")
MAJOR_RIVER = QColor("#1d4f8c")
MAJOR_RIVER_DEEP = QColor("#2d65a6")
BRIDGE_DECK = QColor("#f6efda")
BRIDGE_SIDE = QColor("#262320")
TOWN = QColor("#352c28")
TOWN_RING = QColor("#fbf5e4")
LABEL = QColor("#1d1814")
LABEL_HALO = QColor(251, 246, 232, 225)
BADGE_TEXT = QColor("#ffffff")
TERRAIN_COLOURS = {Terrain.CLEAR: CLEAR, Terrain.ELEVATED: ELEVATED, Terrain.MARSH: MARSH}

# --- widths and sizes, in map units: a hex is 2 across its corners, sqrt(3) across its flats ---

MARSH_TUFT_WIDTH = 0.028
ELEVATED_EDGE_WIDTH = 0.03
POCKET_EDGE_WIDTH = 0.075
POCKET_HATCH_WIDTH = 0.03
POCKET_HATCH_SPACING = 0.2
MAP_EDGE_WIDTH = 0.05
ENTRY_BAND = 0.32  # pen width; clipped to the area, so half of it shows inside the hexes
START_LINE_WIDTH = 0.085
START_LINE_DASHES = (3.0, 1.6, 0.8, 1.6)  # dash-dot, in pen widths: a front line, not a road
RAIL_WIDTH = 0.05
RAIL_TIE_WIDTH = 0.035
RAIL_TIE_LENGTH = 0.2
RAIL_TIE_SPACING = 0.17
RAIL_BESIDE_ROAD = 0.2  # how far the railroad moves aside where a road runs with it
PRIMARY_ROAD_WIDTH = 0.115
PRIMARY_CASING = 0.2
SECONDARY_ROAD_WIDTH = 0.065
SECONDARY_CASING = 0.13
MINOR_RIVER_WIDTH = 0.1
MAJOR_RIVER_WIDTH = 0.26
MAJOR_RIVER_DEEP_WIDTH = 0.15
BRIDGE_HALF_WIDTH = 0.13  # half the deck, along the hexside
BRIDGE_SIDE_WIDTH = 0.04
BRIDGE_FLARE = 0.065
CITY_HALF = 0.21
VILLAGE_RADIUS = 0.115
TOWN_RING_WIDTH = 0.04

# --- text: sizes in map units, never smaller than a legible number of pixels -------------------

HEX_ID_SIZE = 0.23
HEX_ID_OFFSET = -0.57  # from the centre: near the top flat, clear of a river on the hexside
CITY_LABEL_SIZE = 0.34
VILLAGE_LABEL_SIZE = 0.28
LABEL_GAP = 0.2  # from the hex centre down to the top of a town name's halo
ENTRY_LABEL_SIZE = 0.42

# --- what to draw at which zoom: 1.0 is the normal zoom of about 64 px per hex -----------------

HEX_IDS_FROM = 0.75
VILLAGE_NAMES_FROM = 0.5
CITY_NAMES_FROM = 0.12
GRID_FROM = 0.18
DETAIL_FROM = 0.35  # marsh tufts, railroad ties, pocket hatching


@dataclass(frozen=True, slots=True, eq=False)
class TextStyle:
    """How one kind of text looks. Styles are module constants: their ids are stable keys."""

    families: tuple[str, ...]
    size: float  # map units
    min_pixels: int  # keeps a name readable when zoomed out
    colour: QColor
    bold: bool = False
    halo_pixels: float = 0.0  # 0: no halo
    capitals: bool = False


SERIF = (fonts.SERIF,)  # the shipped fonts (resources/fonts): the same map on every machine
SANS = (fonts.SANS,)
HEX_ID_STYLE = TextStyle(SANS, HEX_ID_SIZE, 6, HEX_ID)
HEX_ID_HALOED = TextStyle(SANS, HEX_ID_SIZE, 6, HEX_ID, halo_pixels=1.5)
CITY_STYLE = TextStyle(SERIF, CITY_LABEL_SIZE, 10, LABEL, bold=True, halo_pixels=3.0, capitals=True)
VILLAGE_STYLE = TextStyle(SERIF, VILLAGE_LABEL_SIZE, 8, LABEL, halo_pixels=2.6)
BADGE_STYLE = TextStyle(SANS, ENTRY_LABEL_SIZE, 11, BADGE_TEXT, bold=True)
