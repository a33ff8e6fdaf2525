"""Counters as printed on a die-cut counter sheet: ground units, air units, and a pixmap cache.

The face of a ground counter, on the 40 x 40 face of counterstyle (y down):

    +----------------------------------------+
    | (7)          XX             3(4)        |  top row: proficiency ring, size mark,
    |         +-----------+                  |           bombardment(range) of artillery
    |         |  symbol   |                  |  the NATO symbol box
    |         +-----------+                  |
    |           o  o  o                      |  wheels: motorized units only
    |          I/39 Pz                       |  the unit's name, small
    |          12 T 10                       |  combat, T (tracked) or dash, movement
    +----------------------------------------+

- The bottom line is the same on every counter: combat factor, then a "T" for tracked units
  (2.1) or a dash for all others, then the movement allowance; "4*-12" marks the 88mm flak
  of 16.1 with the asterisk after the combat factor. Stacks are added up from this line alone.
- Artillery with a range factor (12.1) adds its bombardment factor and range in the top right
  corner as "3(4)": bombardment 3, range 4 hexes, the bracket holding the range as in the
  rulebook's 4(3)4. Its fire combat factor stays on the bottom line with everyone else's.
  The manifest has one bombardment factor per unit, so both sides print it.
- The reduced (back) side has a paler field with a band of the front's colour across the top,
  and prints the reduced combat factor. A unit without a reduced side always shows its front.
  Strength markers are separate items: a unit between its printed values still shows the side
  its state says, never the current strength.

An air counter has the same frame: proficiency ring, the type letters (F, ZG, DB, GA, B) in
the size mark's place, an aircraft in plan view instead of the box, the name, and
"air-to-air - defence - bombardment" on the bottom line.

Every part is a path built once per counter side and kept (faces are cached), so painting is
filling a dozen paths under the painter's transform: crisp at any zoom. Text is turned into
paths from a font at a reference size, so its size is the same on every screen and printer.
`CounterPixmapCache` renders faces to pixmaps for a scene that shows thousands of counters.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)

from owsqt.qt.counters import style
from owsqt.qt.counters.facecache import FACES
from owsqt.qt.counters.symbols import (
    AIR_LETTERS,
    Glyph,
    aircraft,
    headquarters_staff,
    size_mark,
    unit_symbol,
    wheels,
)
from owsqt.qt.fonts import table_font
from owsqt.rules.core.state import UnitState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import AirUnitDef, MovementClass, Nationality, UnitDef, UnitType

__all__ = [
    "CounterFace",
    "CounterPixmapCache",
    "air_face",
    "counter_face",
    "factor_line",
    "far_ground_face",
    "ground_face",
    "hidden_face",
    "paint_air_counter",
    "paint_counter",
    "paint_hidden",
    "render_counter",
    "short_name",
    "shows_reduced",
]

S = style.COUNTER_SIZE
_REFERENCE_PIXELS = 200  # fonts are shaped at this size, then scaled to their cap height
_FACE_CACHE = 4096  # faces kept; the whole manifest, both sides, is about 850
_THINNEST_PIXELS = 0.9  # no stroke drawn thinner than this, however far out the zoom


# --- a face: layers of paths in counter units -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Layer:
    path: QPainterPath
    fill: QColor | None = None
    pen: QPen | None = None
    min_pixels: float = 0.0  # drawn only where the counter is at least this many pixels across


class CounterFace:
    """One side of one counter as coloured paths on the COUNTER_SIZE face, built once."""

    def __init__(self, layers: Iterable[_Layer]) -> None:
        self._layers = tuple(layers)

    def paint(self, painter: QPainter, rect: QRectF) -> None:
        """Draw the face scaled into `rect`; small print is left out where it cannot be read."""
        pixels = painter.worldTransform().mapRect(rect).width()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(rect.topLeft())
        painter.scale(rect.width() / S, rect.height() / S)
        pixels_per_unit = pixels / S
        for layer in self._layers:
            if pixels < layer.min_pixels:
                continue
            pen = layer.pen
            if pen is None:
                painter.setPen(Qt.PenStyle.NoPen)
            else:
                if pen.widthF() * pixels_per_unit < _THINNEST_PIXELS:
                    # Zoomed far out a hairline would vanish: keep strokes one pixel wide.
                    pen = QPen(pen)
                    pen.setWidthF(_THINNEST_PIXELS / max(pixels_per_unit, 1e-6))
                painter.setPen(pen)
            painter.setBrush(layer.fill if layer.fill is not None else Qt.BrushStyle.NoBrush)
            painter.drawPath(layer.path)
        painter.restore()


def _pen(colour: QColor, width: float, join: Qt.PenJoinStyle = Qt.PenJoinStyle.RoundJoin) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(
        Qt.PenCapStyle.FlatCap if join is Qt.PenJoinStyle.MiterJoin else Qt.PenCapStyle.RoundCap
    )
    pen.setJoinStyle(join)
    return pen


# --- text as paths --------------------------------------------------------------------------------


@cache
def _font(bold: bool) -> QFont:
    font = table_font(_REFERENCE_PIXELS, bold, style.FONT_FAMILIES)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)  # shapes, not pixels
    font.setKerning(True)
    return font


@cache
def _cap_height(bold: bool) -> float:
    return QFontMetricsF(_font(bold)).capHeight()


def _text(text: str, bold: bool, cap_height: float) -> QPainterPath:
    """`text` as a path with its baseline at y 0 and its ink starting at x 0."""
    path = QPainterPath()
    path.addText(0.0, 0.0, _font(bold), text)
    scale = cap_height / _cap_height(bold)
    path = QTransform.fromScale(scale, scale).map(path)
    return path.translated(-path.boundingRect().left(), 0.0)


def _placed(path: QPainterPath, x: float, baseline: float, align: str) -> QPainterPath:
    """Move a path made by _text to `baseline`, its ink centred on or ending at `x`."""
    width = path.boundingRect().width()
    left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
    return path.translated(left, baseline)


def _fitted_text(text: str, bold: bool, cap_height: float, max_width: float) -> QPainterPath:
    """A line of small print narrowed, then cut with an ellipsis, until it fits `max_width`."""
    path = _text(text, bold, cap_height)
    width = path.boundingRect().width()
    if width <= max_width:
        return path
    squeeze = max_width / width
    if squeeze < style.NAME_MIN_SQUEEZE:
        scale = cap_height / _cap_height(bold)
        budget = max_width / (scale * style.NAME_MIN_SQUEEZE)
        metrics = QFontMetricsF(_font(bold))
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, budget)
        path = _text(text, bold, cap_height)
        squeeze = min(1.0, max_width / path.boundingRect().width())
    return QTransform.fromScale(squeeze, 1.0).map(path)


# --- pieces of a face -----------------------------------------------------------------------------


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def _top_band(height: float, radius: float) -> QPainterPath:
    """The top of the counter down to `height`, its upper corners rounded like the cut edge."""
    path = QPainterPath()
    path.moveTo(0.0, height)
    path.lineTo(0.0, radius)
    path.arcTo(QRectF(0.0, 0.0, 2 * radius, 2 * radius), 180.0, -90.0)
    path.lineTo(S - radius, 0.0)
    path.arcTo(QRectF(S - 2 * radius, 0.0, 2 * radius, 2 * radius), 90.0, -90.0)
    path.lineTo(S, height)
    path.closeSubpath()
    return path


def _bevels(inset: float, radius: float) -> tuple[QPainterPath, QPainterPath]:
    """The rims of the card: left and top edges (lit), right and bottom edges (in shade)."""
    rect = QRectF(inset, inset, S - 2 * inset, S - 2 * inset)
    d = 2 * radius
    lit = QPainterPath()
    lit.arcMoveTo(QRectF(rect.left(), rect.bottom() - d, d, d), 225.0)
    lit.arcTo(QRectF(rect.left(), rect.bottom() - d, d, d), 225.0, -45.0)
    lit.lineTo(rect.left(), rect.top() + radius)
    lit.arcTo(QRectF(rect.left(), rect.top(), d, d), 180.0, -90.0)
    lit.lineTo(rect.right() - radius, rect.top())
    lit.arcTo(QRectF(rect.right() - d, rect.top(), d, d), 90.0, -45.0)
    shade = QPainterPath()
    shade.arcMoveTo(QRectF(rect.right() - d, rect.top(), d, d), 45.0)
    shade.arcTo(QRectF(rect.right() - d, rect.top(), d, d), 45.0, -45.0)
    shade.lineTo(rect.right(), rect.bottom() - radius)
    shade.arcTo(QRectF(rect.right() - d, rect.bottom() - d, d, d), 0.0, -90.0)
    shade.lineTo(rect.left() + radius, rect.bottom())
    shade.arcTo(QRectF(rect.left(), rect.bottom() - d, d, d), 270.0, -45.0)
    return lit, shade


def _card(field: QColor, band: QColor | None) -> list[_Layer]:
    """The blank counter: field, the reduced side's band, bevelled rims and the cut edge."""
    layers = [_Layer(_rounded(QRectF(0.0, 0.0, S, S), style.CORNER_RADIUS), field)]
    if band is not None:
        layers.append(_Layer(_top_band(style.REDUCED_BAND_HEIGHT, style.CORNER_RADIUS), band))
    inset = style.EDGE_WIDTH + style.BEVEL_WIDTH / 2
    lit, shade = _bevels(inset, max(style.CORNER_RADIUS - inset, 0.1))
    layers.append(_Layer(lit, pen=_pen(style.BEVEL_LIGHT, style.BEVEL_WIDTH), min_pixels=30))
    layers.append(_Layer(shade, pen=_pen(style.BEVEL_SHADE, style.BEVEL_WIDTH), min_pixels=30))
    edge = style.EDGE_WIDTH / 2
    outline = QRectF(edge, edge, S - 2 * edge, S - 2 * edge)
    layers.append(
        _Layer(
            _rounded(outline, style.CORNER_RADIUS - edge), pen=_pen(style.EDGE, style.EDGE_WIDTH)
        )
    )
    return layers


def _glyph_layers(glyph: Glyph, ink: QColor, width: float, min_pixels: float = 0) -> list[_Layer]:
    layers = []
    if not glyph.strokes.isEmpty():
        layers.append(_Layer(glyph.strokes, pen=_pen(ink, width), min_pixels=min_pixels))
    if not glyph.fills.isEmpty():
        layers.append(_Layer(glyph.fills, ink, min_pixels=min_pixels))
    return layers


def _proficiency(value: int) -> list[_Layer]:
    """The proficiency rating in a paper ring in the top left corner, alike on every counter."""
    cx, cy = style.PROFICIENCY_CENTRE
    ring = QPainterPath()
    ring.addEllipse(QPointF(cx, cy), style.PROFICIENCY_RADIUS, style.PROFICIENCY_RADIUS)
    cap = style.PROFICIENCY_RADIUS * 1.1
    digits = _placed(_text(str(value), True, cap), cx, cy + cap / 2, "centre")
    return [
        _Layer(
            ring,
            style.PROFICIENCY_FILL,
            _pen(style.PROFICIENCY_INK, style.PROFICIENCY_LINE),
            style.SMALL_PRINT_FROM_PIXELS,
        ),
        _Layer(digits, style.PROFICIENCY_INK, min_pixels=style.SMALL_PRINT_FROM_PIXELS),
    ]


def _bar(centre_x: float, centre_y: float, width: float, height: float) -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(centre_x - width / 2, centre_y - height / 2, width, height))
    return path


def factor_line(parts: Iterable[str], centre_x: float, baseline: float, cap: float) -> QPainterPath:
    """Numbers and separators in one line, centred on `centre_x`, standing on `baseline`.

    A part "T" is the tracked mark, a part "-" a dash; both sit smaller, on the middle of the
    numbers, so the numbers are what the eye finds first.
    """
    pieces: list[tuple[QPainterPath, float]] = []  # and the room it keeps on either side
    small = cap * style.FACTORS_SEPARATOR_SCALE
    middle = -cap / 2
    for part in parts:
        if part == "-":
            pieces.append((_bar(cap * 0.2, middle, cap * 0.4, cap * 0.13), cap * 0.12))
        elif part == "T":
            # "12T10" would read as one number: the T keeps more room than a dash.
            pieces.append((_text("T", True, small).translated(0.0, middle + small / 2), cap * 0.24))
        else:
            pieces.append((_text(part, True, cap), cap * 0.1))
    line = QPainterPath()
    line.setFillRule(Qt.FillRule.WindingFill)
    x = 0.0
    previous_room = 0.0
    for index, (piece, room) in enumerate(pieces):
        if index:
            x += max(room, previous_room)
        previous_room = room
        bounds = piece.boundingRect()
        line.addPath(piece.translated(x - bounds.left(), 0.0))
        x += bounds.width()
    return line.translated(centre_x - x / 2, baseline)


def _name(name: str, ink: QColor) -> _Layer:
    width = S - 2 * style.MARGIN - 1.0
    path = _placed(
        _fitted_text(name, False, style.name_cap_height(), width),
        S / 2,
        style.NAME_BASELINE,
        "centre",
    )
    return _Layer(path, ink, min_pixels=style.name_from_pixels())


def short_name(unit: UnitDef | AirUnitDef) -> str:
    """The name as printed: a headquarters' symbol already says HQ."""
    name = unit.name
    if isinstance(unit, UnitDef) and unit.type is UnitType.HEADQUARTERS:
        name = name.removesuffix(" HQ")
    return name


# --- ground and air faces -------------------------------------------------------------------------


def shows_reduced(unit: UnitDef, state: UnitState | None) -> bool:
    """Whether the counter lies on its reduced side: only a unit that has one can."""
    return state is not None and state.reduced and unit.combat_reduced is not None


@lru_cache(maxsize=_FACE_CACHE)
def ground_face(unit: UnitDef, reduced: bool) -> CounterFace:
    """The front (or with `reduced`, the back) of a ground unit's counter."""
    nation = style.nation_style(unit.nationality)
    reduced = reduced and unit.combat_reduced is not None
    field = nation.reduced_field if reduced else nation.field
    ink = nation.reduced_ink if reduced else nation.ink
    top_ink = nation.band_ink if reduced else nation.ink
    layers = _card(field, nation.band if reduced else None)

    box = style.SYMBOL_BOX
    box_path = QPainterPath()
    box_path.addRect(box)
    layers.append(_Layer(box_path, nation.box_fill))
    symbol = unit_symbol(unit.type, box)
    layers += _glyph_layers(symbol, nation.box_ink, style.SYMBOL_LINE)
    if unit.type is UnitType.HEADQUARTERS:
        # The staff leaves the box: there it stands on the field, in the field's ink.
        layers += _glyph_layers(headquarters_staff(box), ink, style.BOX_LINE)
    # Outlined in the symbol's ink: on the dark Guards field a cream outline would vanish
    # against the pale box; the box's fill already stands out from any field.
    box_pen = _pen(nation.box_ink, style.BOX_LINE, Qt.PenJoinStyle.MiterJoin)
    layers.append(_Layer(box_path, pen=box_pen))

    mark = size_mark(
        unit.size, box.center().x(), box.top() - style.SIZE_MARK_GAP, style.SIZE_MARK_HEIGHT
    )
    layers += _glyph_layers(mark, top_ink, 0.55, style.TEXT_FROM_PIXELS)
    if unit.movement_class is MovementClass.MOTORIZED:
        layers += _glyph_layers(
            wheels(box, style.WHEEL_RADIUS, style.WHEEL_GAP),
            ink,
            style.WHEEL_LINE,
            style.TEXT_FROM_PIXELS,
        )
    layers += _proficiency(unit.proficiency)
    if unit.bombardment is not None and unit.range is not None:
        fire = _text(f"{unit.bombardment}({unit.range})", True, style.ARTILLERY_CAP_HEIGHT)
        top = style.SYMBOL_BOX.top() - style.SIZE_MARK_GAP
        fire = _placed(fire, style.ARTILLERY_RIGHT, top, "right")
        layers.append(_Layer(fire, top_ink, min_pixels=style.SMALL_PRINT_FROM_PIXELS))
    layers.append(_name(short_name(unit), ink))
    combat = unit.combat_reduced if reduced and unit.combat_reduced is not None else unit.combat
    first = f"{combat}*" if unit.antitank_88 else str(combat)
    separator = "T" if unit.movement_class is MovementClass.TRACKED else "-"
    line = factor_line(
        (first, separator, str(unit.movement)),
        S / 2,
        style.FACTORS_BASELINE,
        style.factors_cap_height(),
    )
    layers.append(_Layer(line, ink, min_pixels=style.TEXT_FROM_PIXELS))
    return CounterFace(layers)


@lru_cache(maxsize=_FACE_CACHE)
def air_face(unit: AirUnitDef) -> CounterFace:
    """The face of an air unit's counter (air units have one side)."""
    nation = style.nation_style(unit.nationality)
    layers = _card(nation.field, None)
    layers += _glyph_layers(aircraft(unit.type, style.AIR_SILHOUETTE), nation.ink, 0.0)
    letters = _text(AIR_LETTERS[unit.type], True, style.AIR_LETTERS_CAP_HEIGHT)
    letters = _placed(letters, S / 2, style.SYMBOL_BOX.top() - style.SIZE_MARK_GAP, "centre")
    layers.append(_Layer(letters, nation.ink, min_pixels=style.SMALL_PRINT_FROM_PIXELS))
    layers += _proficiency(unit.proficiency)
    layers.append(_name(short_name(unit), nation.ink))
    parts = (str(unit.air_to_air), "-", str(unit.defense), "-", str(unit.bombardment))
    line = factor_line(parts, S / 2, style.FACTORS_BASELINE, style.factors_cap_height())
    layers.append(_Layer(line, nation.ink, min_pixels=style.TEXT_FROM_PIXELS))
    return CounterFace(layers)


@lru_cache(maxsize=_FACE_CACHE)
def far_ground_face(unit: UnitDef, reduced: bool) -> CounterFace:
    """The counter seen from far out: its side's colours and a large symbol, no text."""
    nation = style.nation_style(unit.nationality)
    reduced = reduced and unit.combat_reduced is not None
    field = nation.reduced_field if reduced else nation.field
    layers = [_Layer(_rounded(QRectF(0.0, 0.0, S, S), style.CORNER_RADIUS), field)]
    if reduced:
        layers.append(
            _Layer(_top_band(style.REDUCED_BAND_HEIGHT * 0.6, style.CORNER_RADIUS), nation.band)
        )
    box = style.FAR_SYMBOL_BOX
    box_path = QPainterPath()
    box_path.addRect(box)
    layers.append(_Layer(box_path, nation.box_fill))
    layers += _glyph_layers(unit_symbol(unit.type, box), nation.box_ink, style.FAR_SYMBOL_LINE)
    box_pen = _pen(nation.box_ink, style.FAR_BOX_LINE, Qt.PenJoinStyle.MiterJoin)
    layers.append(_Layer(box_path, pen=box_pen))
    edge = style.EDGE_WIDTH
    outline = QRectF(edge / 2, edge / 2, S - edge, S - edge)
    layers.append(
        _Layer(_rounded(outline, style.CORNER_RADIUS - edge / 2), pen=_pen(style.EDGE, edge))
    )
    return CounterFace(layers)


HIDDEN_NATION = {Player.GERMAN: Nationality.GERMAN_ARMY, Player.SOVIET: Nationality.SOVIET}
"""The colours of the back of a side's counter (18.1): its main nationality's field."""


@lru_cache(maxsize=64)
def hidden_face(side: Player, count: int) -> CounterFace:
    """[18.1] The back of `side`'s counter standing for `count` of its counters the viewer
    may not see: the side's colours, a large question mark and the count, no identity and
    no factors. Keyed by side and count, never by a unit, so no hidden unit's face is
    cached under its key (facecache)."""
    nation = style.nation_style(HIDDEN_NATION[side])
    layers = _card(nation.reduced_field, None)
    inner = QRectF(3.5, 3.5, S - 7.0, S - 7.0)
    layers.append(_Layer(_rounded(inner, 1.6), pen=_pen(nation.band, 1.0)))
    # The count on top, the mark below it: an entrenchment marker under the hex's centre
    # (counters/markers.py) covers the bottom of a counter lying alone.
    number = _placed(_text(f"{count}", True, 5.5), S / 2, 12.0, "centre")
    layers.append(_Layer(number, nation.reduced_ink, min_pixels=style.TEXT_FROM_PIXELS))
    mark = _placed(_text("?", True, 16.0), S / 2, 31.5, "centre")
    layers.append(_Layer(mark, nation.band))
    return CounterFace(layers)


def paint_hidden(painter: QPainter, rect: QRectF, side: Player, count: int) -> None:
    """Draw the back of `side`'s counter for `count` hidden counters into `rect` (18.1)."""
    face = hidden_face(side, count)
    if not FACES.draw(painter, rect, face):
        face.paint(painter, rect)


def counter_face(unit: UnitDef, reduced: bool, pixels: float) -> CounterFace:
    """The face to draw `pixels` device pixels across: the far face below TEXT_FROM_PIXELS
    (levels of detail, issue 20 item 1), the printed counter from there."""
    if pixels < style.TEXT_FROM_PIXELS:
        return far_ground_face(unit, reduced)
    return ground_face(unit, reduced)


def paint_counter(
    painter: QPainter, rect: QRectF, unit: UnitDef, state: UnitState | None = None
) -> None:
    """Draw `unit`'s counter into `rect`, on the side `state` shows (front when None):
    copied from a pixmap painted once at this size where the painter draws pixels."""
    pixels = painter.worldTransform().mapRect(rect).width()
    face = counter_face(unit, shows_reduced(unit, state), pixels)
    if not FACES.draw(painter, rect, face):
        face.paint(painter, rect)


def paint_air_counter(painter: QPainter, rect: QRectF, unit: AirUnitDef) -> None:
    """Draw `unit`'s air counter into `rect`."""
    air_face(unit).paint(painter, rect)


# --- pixmaps for scenes with many counters --------------------------------------------------------


class CounterPixmapCache:
    """Counters rendered to square pixmaps, keyed by (unit id, reduced, pixel size).

    A scene draws a cached pixmap instead of a dozen paths per counter. Ask for the size the
    counter covers on the device (zoom times devicePixelRatio, rounded, better still stepped)
    and draw the pixmap into the counter's rect. The least recently used pixmaps are dropped
    beyond `max_pixmaps`, so a long session of zooming does not keep every size ever shown.
    Unit ids are unique across ground and air units (the manifest checks), so both share a cache.
    """

    def __init__(self, max_pixmaps: int = 4096) -> None:
        self.max_pixmaps = max_pixmaps
        self._pixmaps: OrderedDict[tuple[str, bool, int, float], QPixmap] = OrderedDict()

    def pixmap(self, unit: UnitDef | AirUnitDef, reduced: bool, pixel_size: int) -> QPixmap:
        """The counter of `unit` (its back with `reduced`), `pixel_size` pixels square."""
        if pixel_size < 1:
            raise ValueError(f"pixel_size must be at least 1, got {pixel_size!r}")
        key = (unit.id, bool(reduced), int(pixel_size), style.PRINT_SCALE)
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found
        pixmap = render_counter(unit, reduced, int(pixel_size))
        self._pixmaps[key] = pixmap
        while len(self._pixmaps) > self.max_pixmaps:
            self._pixmaps.popitem(last=False)
        return pixmap

    def clear(self) -> None:
        self._pixmaps.clear()

    def __len__(self) -> int:
        return len(self._pixmaps)


def render_counter(unit: UnitDef | AirUnitDef, reduced: bool, pixel_size: int) -> QPixmap:
    """One counter drawn on a transparent pixmap `pixel_size` pixels square."""
    face = air_face(unit) if isinstance(unit, AirUnitDef) else ground_face(unit, reduced)
    image = QImage(pixel_size, pixel_size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        face.paint(painter, QRectF(0.0, 0.0, pixel_size, pixel_size))
    finally:
        painter.end()
    return QPixmap.fromImage(image)
