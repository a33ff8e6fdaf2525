"""NATO unit symbols, size marks, wheels and aircraft silhouettes, drawn as painter paths.

Every function here takes the rectangle it draws into (in counter units, see counterstyle) and
returns a Glyph: the paths to stroke with the symbol pen and the paths to fill with ink. The
painter draws strokes first and the symbol box's outline last, so lines that run into the box's
corners end cleanly under its outline. Paths stay curves (no boolean operations flatten them),
so a symbol is as crisp at 400 % as at 100 %.

The symbols follow the conventions wargamers read at a glance (2.1's symbology table): the track
oval for armour, the X for infantry, the slash for cavalry and reconnaissance, the inverted V
for antitank, the arc for antiaircraft, the dot for artillery, the bridge for engineers and the
staff for headquarters. All shapes are our own, built from lines, arcs and ellipses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QTransform

from owsqt.rules.data.units import AirType, UnitSize, UnitType


def _winding() -> QPainterPath:
    path = QPainterPath()
    # Overlapping parts (a wing across a fuselage) must add up, never cancel out.
    path.setFillRule(Qt.FillRule.WindingFill)
    return path


@dataclass(frozen=True, slots=True)
class Glyph:
    """A symbol as paths: `strokes` drawn with the symbol pen, `fills` filled with ink."""

    strokes: QPainterPath = field(default_factory=QPainterPath)
    fills: QPainterPath = field(default_factory=_winding)

    def translated(self, dx: float, dy: float) -> Glyph:
        return Glyph(self.strokes.translated(dx, dy), self.fills.translated(dx, dy))


def _line(path: QPainterPath, x1: float, y1: float, x2: float, y2: float) -> None:
    path.moveTo(x1, y1)
    path.lineTo(x2, y2)


def _polyline(path: QPainterPath, points: Sequence[tuple[float, float]]) -> None:
    (x, y), *rest = points
    path.moveTo(x, y)
    for x, y in rest:
        path.lineTo(x, y)


def _disc(path: QPainterPath, cx: float, cy: float, radius: float) -> None:
    path.addEllipse(QPointF(cx, cy), radius, radius)


# --- the pieces most symbols are made of ----------------------------------------------------------


def _track_oval(path: QPainterPath, box: QRectF, scale: float = 1.0) -> None:
    """The armour symbol: a track seen from above, a stadium in the middle of the box."""
    width = box.width() * 0.62 * scale
    height = box.height() * 0.5 * scale
    centre = box.center()
    oval = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
    path.addRoundedRect(oval, height / 2, height / 2)


def _cross(path: QPainterPath, box: QRectF) -> None:
    """The infantry X: corner to corner, as crossed rifle slings."""
    _line(path, box.left(), box.top(), box.right(), box.bottom())
    _line(path, box.left(), box.bottom(), box.right(), box.top())


def _slash(path: QPainterPath, box: QRectF) -> None:
    """The cavalry sash, lower left to upper right."""
    _line(path, box.left(), box.bottom(), box.right(), box.top())


def _chevron(path: QPainterPath, box: QRectF) -> None:
    """The antitank inverted V, from the bottom corners up to the middle of the top."""
    _polyline(
        path,
        ((box.left(), box.bottom()), (box.center().x(), box.top()), (box.right(), box.bottom())),
    )


def _centre_dot(path: QPainterPath, box: QRectF, scale: float = 1.0) -> None:
    """The artillery dot: a gun seen end on."""
    _disc(path, box.center().x(), box.center().y(), box.height() * 0.15 * scale)


# --- ground unit symbols --------------------------------------------------------------------------


def tank(box: QRectF) -> Glyph:
    """Tank or panzer: the track oval alone."""
    glyph = Glyph()
    _track_oval(glyph.strokes, box)
    return glyph


def assault_gun(box: QRectF) -> Glyph:
    """Assault gun: a gun on tracks, the artillery dot inside the track oval (Sturmartillerie)."""
    glyph = Glyph()
    _track_oval(glyph.strokes, box)
    _centre_dot(glyph.fills, box, 0.9)
    return glyph


def self_propelled_antitank(box: QRectF) -> Glyph:
    """Self-propelled antitank gun: the antitank V over a small track oval."""
    glyph = Glyph()
    _chevron(glyph.strokes, box)
    oval = QRectF(box)
    oval.moveTop(box.top() + box.height() * 0.16)  # low in the box, under the point of the V
    _track_oval(glyph.strokes, oval, 0.82)
    return glyph


def reconnaissance(box: QRectF) -> Glyph:
    """Armoured reconnaissance: the cavalry slash across the track oval."""
    glyph = Glyph()
    _slash(glyph.strokes, box)
    _track_oval(glyph.strokes, box)
    return glyph


def mechanized_infantry(box: QRectF) -> Glyph:
    """Mechanized infantry: the infantry X with the track oval."""
    glyph = Glyph()
    _cross(glyph.strokes, box)
    _track_oval(glyph.strokes, box)
    return glyph


def infantry(box: QRectF) -> Glyph:
    """Infantry: the X."""
    glyph = Glyph()
    _cross(glyph.strokes, box)
    return glyph


def motorcycle(box: QRectF) -> Glyph:
    """Motorcycle infantry: the X with a motorcycle's two wheels in its lower triangle."""
    glyph = Glyph()
    _cross(glyph.strokes, box)
    radius = box.height() * 0.11
    y = box.bottom() - radius - box.height() * 0.1
    for dx in (-0.17, 0.17):
        glyph.strokes.addEllipse(QPointF(box.center().x() + box.width() * dx, y), radius, radius)
    return glyph


def engineer(box: QRectF) -> Glyph:
    """Engineers: the bridge, a span on three piers, like an E lying on its back."""
    glyph = Glyph()
    width = box.width() * 0.5
    height = box.height() * 0.34
    left = box.center().x() - width / 2
    top = box.center().y() - height / 2
    _polyline(glyph.strokes, ((left, top + height), (left, top), (left + width, top)))
    glyph.strokes.lineTo(left + width, top + height)
    _line(glyph.strokes, left + width / 2, top, left + width / 2, top + height)
    return glyph


def cavalry(box: QRectF) -> Glyph:
    """Cavalry: the single diagonal."""
    glyph = Glyph()
    _slash(glyph.strokes, box)
    return glyph


def antitank(box: QRectF) -> Glyph:
    """Antitank guns: the inverted V."""
    glyph = Glyph()
    _chevron(glyph.strokes, box)
    return glyph


def antiaircraft(box: QRectF) -> Glyph:
    """Antiaircraft guns: an arc over the bottom of the box, a shell's path into the sky."""
    glyph = Glyph()
    height = box.height() * 0.62
    arc = QRectF(box.left(), box.bottom() - height, box.width(), 2 * height)
    glyph.strokes.moveTo(box.left(), box.bottom())
    glyph.strokes.arcTo(arc, 180.0, -180.0)
    return glyph


def artillery(box: QRectF) -> Glyph:
    """Artillery: the dot."""
    glyph = Glyph()
    _centre_dot(glyph.fills, box)
    return glyph


def _arrow(path: QPainterPath, x: float, bottom: float, top: float, head: float) -> None:
    """An arrow pointing up: the shaft, then the head as an open V."""
    _line(path, x, bottom, x, top)
    _polyline(path, ((x - head, top + head), (x, top), (x + head, top + head)))


def mortar(box: QRectF) -> Glyph:
    """Mortar: a ring, the base plate, with an arrow rising from it (high-angle fire)."""
    glyph = Glyph()
    cx = box.center().x()
    ring = box.height() * 0.12
    base = box.bottom() - box.height() * 0.2 - ring
    glyph.strokes.addEllipse(QPointF(cx, base), ring, ring)
    _arrow(glyph.strokes, cx, base - ring, box.top() + box.height() * 0.18, box.height() * 0.14)
    return glyph


def rocket(box: QRectF) -> Glyph:
    """Rocket launchers: the artillery dot under two rockets rising side by side."""
    glyph = Glyph()
    cx = box.center().x()
    dot = box.height() * 0.12
    base = box.bottom() - box.height() * 0.24
    _disc(glyph.fills, cx, base, dot)
    top = box.top() + box.height() * 0.16
    head = box.height() * 0.14
    for dx in (-0.2, 0.2):
        _arrow(glyph.strokes, cx + box.width() * dx, box.bottom() - box.height() * 0.14, top, head)
    return glyph


HQ_STAFF = 0.3  # the staff below the box, as a share of the box's height


def headquarters(box: QRectF) -> Glyph:
    """Headquarters: a pennant on its pole inside the box (the staff is headquarters_staff)."""
    glyph = Glyph()
    pole_x = box.center().x() - box.width() * 0.14
    pole_top = box.top() + box.height() * 0.2
    pole_bottom = box.bottom() - box.height() * 0.16
    _line(glyph.strokes, pole_x, pole_bottom, pole_x, pole_top)
    flag_width = box.width() * 0.34
    flag_height = box.height() * 0.34
    flag = glyph.fills
    flag.moveTo(pole_x, pole_top)
    flag.lineTo(pole_x + flag_width, pole_top + flag_height * 0.15)
    flag.lineTo(pole_x + flag_width * 0.82, pole_top + flag_height * 0.55)
    flag.lineTo(pole_x + flag_width, pole_top + flag_height)
    flag.lineTo(pole_x, pole_top + flag_height * 0.9)
    flag.closeSubpath()
    return glyph


def headquarters_staff(box: QRectF) -> Glyph:
    """The NATO headquarters staff, down from the box's lower left corner.

    It stands outside the box, on the counter's field, and clear of the wheels under the
    middle of the box; the painter draws it in the field's ink.
    """
    glyph = Glyph()
    _line(
        glyph.strokes, box.left(), box.bottom(), box.left(), box.bottom() + box.height() * HQ_STAFF
    )
    return glyph


def convoy(box: QRectF) -> Glyph:
    """The relief convoy: a lorry seen from the side, cab to the right, on two wheels."""
    glyph = Glyph()
    w, h = box.width(), box.height()
    left = box.left() + w * 0.2
    right = box.right() - w * 0.2
    floor = box.top() + h * 0.66
    cargo_right = left + (right - left) * 0.66
    glyph.fills.addRect(
        QRectF(left, box.top() + h * 0.26, cargo_right - left, floor - h * 0.26 - box.top())
    )
    cab = glyph.fills
    cab.moveTo(cargo_right + w * 0.02, floor)
    cab.lineTo(cargo_right + w * 0.02, box.top() + h * 0.4)
    cab.lineTo(right - w * 0.06, box.top() + h * 0.4)
    cab.lineTo(right, box.top() + h * 0.52)
    cab.lineTo(right, floor)
    cab.closeSubpath()
    wheel = h * 0.1
    for x in (left + (right - left) * 0.2, right - (right - left) * 0.16):
        glyph.strokes.addEllipse(QPointF(x, floor + wheel + h * 0.02), wheel, wheel)
    return glyph


UNIT_SYMBOLS: dict[UnitType, Callable[[QRectF], Glyph]] = {
    UnitType.TANK: tank,
    UnitType.ASSAULT_GUN: assault_gun,
    UnitType.SELF_PROPELLED_ANTITANK: self_propelled_antitank,
    UnitType.RECONNAISSANCE: reconnaissance,
    UnitType.MECHANIZED_INFANTRY: mechanized_infantry,
    UnitType.INFANTRY: infantry,
    UnitType.MOTORCYCLE: motorcycle,
    UnitType.ENGINEER: engineer,
    UnitType.CAVALRY: cavalry,
    UnitType.ANTITANK: antitank,
    UnitType.ANTIAIRCRAFT: antiaircraft,
    UnitType.ARTILLERY: artillery,
    UnitType.MORTAR: mortar,
    UnitType.ROCKET: rocket,
    UnitType.HEADQUARTERS: headquarters,
    UnitType.CONVOY: convoy,
}


def unit_symbol(unit_type: UnitType, box: QRectF) -> Glyph:
    """The NATO symbol of `unit_type` for the symbol box `box` (the box outline not included)."""
    return UNIT_SYMBOLS[unit_type](box)


def wheels(box: QRectF, radius: float, gap: float) -> Glyph:
    """Three wheels under the middle of the box: the motorized mark of 2.1."""
    glyph = Glyph()
    y = box.bottom() + gap + radius
    step = radius * 2.9
    for index in (-1, 0, 1):
        glyph.strokes.addEllipse(QPointF(box.center().x() + index * step, y), radius, radius)
    return glyph


# --- size marks: strokes, not type, so XXXX and III have the same weight as the symbol ------------


def _mark_x(path: QPainterPath, left: float, bottom: float, height: float) -> float:
    width = height * 0.72
    _line(path, left, bottom - height, left + width, bottom)
    _line(path, left, bottom, left + width, bottom - height)
    return width


def _mark_i(path: QPainterPath, left: float, bottom: float, height: float) -> float:
    _line(path, left, bottom, left, bottom - height)
    return 0.0


def _mark_k(path: QPainterPath, left: float, bottom: float, height: float) -> float:
    width = height * 0.62
    _line(path, left, bottom, left, bottom - height)
    _polyline(
        path,
        ((left + width, bottom - height), (left, bottom - height * 0.42), (left + width, bottom)),
    )
    return width


def _mark_g(path: QPainterPath, left: float, bottom: float, height: float) -> float:
    width = height * 0.78
    oval = QRectF(left, bottom - height, width, height)
    # From the upper right, anticlockwise round the left side, up to the middle on the right.
    path.arcMoveTo(oval, 40.0)
    path.arcTo(oval, 40.0, 320.0)
    path.lineTo(left + width, bottom - height * 0.45)
    path.lineTo(left + width * 0.55, bottom - height * 0.45)
    return width


_MARKS: dict[str, Callable[[QPainterPath, float, float, float], float]] = {
    "X": _mark_x,
    "I": _mark_i,
    "K": _mark_k,
    "G": _mark_g,
}


def size_mark(size: UnitSize, centre_x: float, bottom: float, height: float) -> Glyph:
    """The size symbol (XXXX ... I, KG) of 2.1, centred on `centre_x`, standing on `bottom`."""
    gap = height * (0.34 if size is UnitSize.KAMPFGRUPPE else 0.42)
    if size in (UnitSize.REGIMENT, UnitSize.BATTALION, UnitSize.COMPANY):
        gap = height * 0.48  # the Is of a regiment stand apart, like fence posts
    # Laid out from 0 first, then moved so the whole mark is centred.
    glyph = Glyph()
    x = 0.0
    for index, letter in enumerate(size.value):
        if index:
            x += gap
        x += _MARKS[letter](glyph.strokes, x, bottom, height)
    return glyph.translated(centre_x - x / 2, 0.0)


# --- aircraft: our own plan views, in metres, nose up; only the right half is written down --------

_Outline = tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class _Plan:
    """An aircraft seen from above: parts on the centreline, parts in pairs (the engines)."""

    centre: tuple[_Outline, ...]  # right halves, nose to tail, mirrored onto the left
    paired: tuple[_Outline, ...] = ()  # closed outlines on the right, repeated on the left
    scale: float = 1.0  # how much of the silhouette box the aircraft fills: bigger aircraft, more
    diving: bool = False  # drawn nose down: the dive bomber at work


_SINGLE_FIGHTER = _Plan(
    centre=(
        ((0.0, 0.0), (0.4, 0.3), (0.55, 1.5), (0.5, 4.0), (0.25, 8.2), (0.0, 8.9)),
        ((0.5, 2.4), (4.6, 3.15), (5.0, 3.45), (5.0, 3.95), (4.6, 4.2), (0.5, 4.6)),
        ((0.2, 7.6), (1.7, 7.9), (1.85, 8.3), (1.7, 8.6), (0.2, 8.7)),
    ),
    scale=0.74,
)
_TWIN_FIGHTER = _Plan(
    centre=(
        ((0.0, 0.0), (0.45, 0.4), (0.6, 2.0), (0.55, 5.5), (0.25, 10.5), (0.0, 11.4)),
        ((0.5, 3.6), (7.5, 4.3), (8.0, 4.6), (8.0, 5.3), (7.5, 5.6), (0.5, 6.4)),
        ((0.2, 10.2), (2.6, 10.4), (2.7, 11.3), (0.2, 11.5)),
    ),
    paired=(((2.6, 2.0), (3.15, 2.6), (3.15, 6.6), (2.6, 7.4), (2.05, 6.6), (2.05, 2.6)),),
    scale=0.88,
)
_DIVE_BOMBER = _Plan(
    centre=(
        ((0.0, 0.0), (0.5, 0.4), (0.65, 2.0), (0.6, 5.0), (0.3, 9.8), (0.0, 10.8)),
        ((0.6, 2.6), (6.4, 3.3), (6.9, 3.6), (6.9, 4.4), (6.4, 4.8), (0.6, 5.6)),
        ((0.2, 9.2), (2.5, 9.5), (2.7, 10.0), (2.5, 10.4), (0.2, 10.7)),
    ),
    # The spatted landing gear, ahead of the wing: the Stuka's own mark seen from above.
    paired=(((1.85, 1.7), (2.15, 2.1), (2.15, 3.0), (1.55, 3.0), (1.55, 2.1)),),
    scale=1.05,  # turned, it fills less of its box than the others
    diving=True,
)
_GROUND_ATTACK = _Plan(
    centre=(
        ((0.0, 0.0), (0.55, 0.4), (0.7, 2.0), (0.65, 5.0), (0.3, 10.4), (0.0, 11.4)),
        (
            (0.65, 3.3),
            (2.6, 3.4),
            (7.0, 5.0),
            (7.3, 5.3),
            (7.3, 5.9),
            (7.0, 6.1),
            (2.6, 6.3),
            (0.65, 6.3),
        ),
        ((0.2, 9.9), (2.6, 10.1), (2.75, 10.6), (2.6, 10.9), (0.2, 11.2)),
    ),
    scale=0.9,
)
_BOMBER = _Plan(
    centre=(
        ((0.0, 0.0), (0.7, 0.4), (0.9, 1.8), (0.85, 6.0), (0.35, 14.8), (0.0, 16.0)),
        (
            (0.8, 5.0),
            (6.0, 5.6),
            (10.3, 6.3),
            (11.3, 6.9),
            (11.3, 7.6),
            (10.3, 8.0),
            (6.0, 8.4),
            (0.8, 9.0),
        ),
        ((0.3, 13.8), (3.6, 14.2), (3.8, 14.7), (3.6, 15.2), (0.3, 16.0)),
    ),
    paired=(((3.8, 3.4), (4.5, 4.0), (4.5, 8.8), (3.8, 9.6), (3.1, 8.8), (3.1, 4.0)),),
    scale=1.0,
)

_PLANS = {
    AirType.FIGHTER: _SINGLE_FIGHTER,
    AirType.HEAVY_FIGHTER: _TWIN_FIGHTER,
    AirType.DIVE_BOMBER: _DIVE_BOMBER,
    AirType.GROUND_ATTACK: _GROUND_ATTACK,
    AirType.BOMBER: _BOMBER,
}

AIR_LETTERS: dict[AirType, str] = {
    AirType.FIGHTER: "F",
    AirType.HEAVY_FIGHTER: "ZG",
    AirType.DIVE_BOMBER: "DB",
    AirType.GROUND_ATTACK: "GA",
    AirType.BOMBER: "B",
}

DIVE_ANGLE = 135.0  # degrees the dive bomber is turned clockwise: nose down to the right


def _plan_path(plan: _Plan) -> QPainterPath:
    path = _winding()
    # Every part is traced the same way round (down the right side, up the left), so with
    # the winding rule parts that overlap add up into one silhouette.
    for half in plan.centre:
        (x, y), *rest = half
        path.moveTo(x, y)
        for x, y in rest:
            path.lineTo(x, y)
        for x, y in reversed(half):
            path.lineTo(-x, y)
        path.closeSubpath()
    for outline in plan.paired:
        for side in (1.0, -1.0):
            points = outline if side > 0 else tuple(reversed(outline))
            (x, y), *rest = points
            path.moveTo(side * x, y)
            for x, y in rest:
                path.lineTo(side * x, y)
            path.closeSubpath()
    return path


def aircraft(air_type: AirType, rect: QRectF) -> Glyph:
    """A plan view of an aircraft of `air_type`, centred in `rect` and as big as its type."""
    plan = _PLANS[air_type]
    path = _plan_path(plan)
    if plan.diving:
        path = QTransform().rotate(DIVE_ANGLE).map(path)
    bounds = path.boundingRect()
    scale = min(rect.width() / bounds.width(), rect.height() / bounds.height()) * plan.scale
    centre = bounds.center()
    transform = QTransform()
    transform.translate(rect.center().x(), rect.center().y())
    transform.scale(scale, scale)
    transform.translate(-centre.x(), -centre.y())
    return Glyph(fills=transform.map(path))
