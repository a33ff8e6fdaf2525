"""The look and the words of the Air Operations Charts: their boxes, titles, hints and colours."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor, QFont

from owsqt.qt.fonts import table_font
from owsqt.qt.map import style as mapstyle
from owsqt.rules.air.charts import BOX_NAMES, INTERCEPTS, MISSION_BOXES
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import AirType, AirUnitDef, Nationality

COUNTER_PIXELS = 40  # a counter in a box, in logical pixels: as big as on the map at 0.7 zoom

CHART_TITLES = {
    Player.GERMAN: "German Air Operations Chart",
    Player.SOVIET: "Soviet Air Operations Chart",
}

# The boxes of each chart in the order of its grid: a full-width Ready box, then pairs;
# the mission boxes are the rules' (4.3).
CHART_BOXES: dict[Player, tuple[AirBox, ...]] = {
    player: (AirBox.READY, AirBox.FLOWN, AirBox.DISRUPTED, *boxes)
    for player, boxes in MISSION_BOXES.items()
}

# The rules' names of the boxes both charts print alike (4.3).
_SHARED_TITLES = {box: name for box, name in BOX_NAMES.items() if box not in INTERCEPTS}
# The air superiority boxes say whose missions they intercept, and that differs per chart.
BOX_TITLES: dict[Player, dict[AirBox, str]] = {
    Player.GERMAN: {
        **_SHARED_TITLES,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: (
            "Air superiority (against Soviet ground attack missions)"
        ),
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Air superiority against interdiction",
    },
    Player.SOVIET: {
        **_SHARED_TITLES,
        AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: "Air superiority against German ground attack",
        AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Air superiority against German interdiction",
    },
}

BOX_HINTS = {
    AirBox.READY: "Ready for a mission this turn (4.3).",
    AirBox.FLOWN: "Flew a mission or aborted; rolls to be ready again (4.7).",
    AirBox.DISRUPTED: "Disrupted in air combat; rolls to be ready again (4.7).",
    AirBox.INTERDICTION: "German air units only; an interdiction zone around a hex (4.5).",
    AirBox.INTERDICTION_ESCORT: "Fighters only: they escort the interdiction mission (4.2).",
    AirBox.GROUND_ATTACK: "Bombardment of enemy ground units (4.6).",
    AirBox.GROUND_ATTACK_ESCORT: "Fighters only: they escort the ground attack mission (4.2).",
    AirBox.AIR_SUPERIORITY_VS_GROUND_ATTACK: "Fighters only: they try to intercept (4.4).",
    AirBox.AIR_SUPERIORITY_VS_INTERDICTION: "Fighters only: they try to intercept (4.4).",
    AirBox.WITHHELD: "Ju-87s kept back to support a mechanized attack (4.6).",
}

_TYPE_NAMES = {
    AirType.FIGHTER: "fighter",
    AirType.HEAVY_FIGHTER: "heavy fighter",
    AirType.DIVE_BOMBER: "dive bomber",
    AirType.GROUND_ATTACK: "ground attack",
    AirType.BOMBER: "bomber",
}

# The chart of each side wears its air force's counter colour, so a glance tells them apart.
CHART_NATIONALITY = {
    Player.GERMAN: Nationality.LUFTWAFFE,
    Player.SOVIET: Nationality.SOVIET_AIR_FORCE,
}

TITLE_PIXELS = 11
BADGE_PIXELS = 10

BOX_FILL = QColor("#f5efdc")  # a shade lighter than the map's clear terrain: paper boxes
BOX_EDGE = mapstyle.MAP_EDGE
BOX_INK = mapstyle.LABEL
MUTED_INK = mapstyle.HEX_ID
EMPTY_BADGE = QColor(74, 64, 52, 40)  # the box edge's ink, faint: an empty box does not shout


def bold_font(
    pixels: int, families: tuple[str, ...] = mapstyle.SANS, spacing: int | None = None
) -> QFont:
    """A bold font of `families` at `pixels`, its letters spread by `spacing` percent if given."""
    font = table_font(pixels, bold=True, family=families)
    if spacing is not None:
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, spacing)
    return font


def counter_tooltip(unit: AirUnitDef, box_title: str | None = None) -> str:
    """The unit's name and its printed values; where it sits if its box is not on the chart."""
    lines = [
        f"<b>{html.escape(unit.name)}</b> ({_TYPE_NAMES[unit.type]}, {unit.recovery_class})",
        f"Air-to-air {unit.air_to_air} – defence {unit.defense} – bombardment {unit.bombardment}",
        f"Proficiency {unit.proficiency}",
    ]
    if box_title is not None:
        lines.append(f"In the box “{html.escape(box_title)}”, which this chart does not have")
    return "<br>".join(lines)
