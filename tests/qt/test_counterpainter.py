"""Counters as a player sees them: every type paints, sides and nations differ, pixmaps cache."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from owsqt.qt.counters.painter import (
    CounterPixmapCache,
    paint_air_counter,
    paint_counter,
    shows_reduced,
)
from owsqt.qt.counters.style import COUNTER_SIZE, SYMBOL_BOX, nation_style
from owsqt.rules.core.state import UnitState
from owsqt.rules.data.units import (
    AirType,
    AirUnitDef,
    MovementClass,
    Nationality,
    UnitDef,
    UnitSize,
    UnitType,
)

PIXELS = 160  # 4x: one counter unit is four pixels


@pytest.fixture(autouse=True, scope="module")
def _application(qapp):
    """Fonts need an application; pytest-qt's, so that later tests find the same one."""
    return qapp


def unit(**changes) -> UnitDef:
    base = UnitDef(
        id="test-unit",
        name="I/39 Pz",
        nationality=Nationality.GERMAN_ARMY,
        type=UnitType.TANK,
        movement_class=MovementClass.TRACKED,
        combat=12,
        combat_reduced=6,
        movement=10,
        proficiency=8,
        stacking=6,
        stacking_reduced=3,
        size=UnitSize.BATTALION,
    )
    return replace(base, **changes)


def air_unit(air_type: AirType) -> AirUnitDef:
    return AirUnitDef("jg52", "II/JG 52", Nationality.LUFTWAFFE, "JG", 6, 5, 1, 8, air_type)


def render(paint) -> QImage:
    image = QImage(PIXELS, PIXELS, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#f0e8cf"))  # the map's clear terrain under the counter
    painter = QPainter(image)
    try:
        paint(painter, QRectF(0, 0, PIXELS, PIXELS))
    finally:
        painter.end()
    return image


def ground_image(definition: UnitDef, state: UnitState | None = None) -> QImage:
    return render(lambda painter, rect: paint_counter(painter, rect, definition, state))


def at(image: QImage, x: float, y: float) -> QColor:
    """The pixel at counter units (x, y)."""
    scale = PIXELS / COUNTER_SIZE
    return image.pixelColor(int(x * scale), int(y * scale))


def differing_pixels(a: QImage, b: QImage, region: QRectF | None = None) -> int:
    scale = PIXELS / COUNTER_SIZE
    area = region or QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE)
    xs = range(int(area.left() * scale), int(area.right() * scale))
    ys = range(int(area.top() * scale), int(area.bottom() * scale))
    return sum(a.pixel(x, y) != b.pixel(x, y) for x in xs for y in ys)


FIELD_POINT = (36.0, 20.0)  # right of the symbol box, level with the wheels: bare field


@pytest.mark.parametrize("unit_type", list(UnitType))
@pytest.mark.parametrize("reduced", [False, True])
def test_every_unit_type_paints_a_symbol(unit_type, reduced):
    blank = ground_image(unit(type=UnitType.INFANTRY, name=""), UnitState(reduced=reduced))
    image = ground_image(unit(type=unit_type, name=""), UnitState(reduced=reduced))
    if unit_type is UnitType.INFANTRY:
        return
    # Each symbol draws something different from the infantry X in the box.
    assert differing_pixels(image, blank, SYMBOL_BOX) > 20


@pytest.mark.parametrize("size", list(UnitSize))
def test_every_size_paints(size):
    image = ground_image(unit(size=size))
    above_box = QRectF(12, 2.5, 16, SYMBOL_BOX.top() - 2.5)
    other = UnitSize.ARMY if size is not UnitSize.ARMY else UnitSize.COMPANY
    assert differing_pixels(image, ground_image(unit(size=other)), above_box) > 20


@pytest.mark.parametrize("air_type", list(AirType))
def test_every_air_type_paints(air_type):
    image = render(lambda painter, rect: paint_air_counter(painter, rect, air_unit(air_type)))
    others = [t for t in AirType if t is not air_type]
    other = render(lambda painter, rect: paint_air_counter(painter, rect, air_unit(others[0])))
    assert at(image, *FIELD_POINT) == nation_style(Nationality.LUFTWAFFE).field
    assert differing_pixels(image, other) > 50


@pytest.mark.parametrize("nationality", list(Nationality))
def test_every_nationality_paints_its_field(nationality):
    image = ground_image(unit(nationality=nationality))
    assert at(image, *FIELD_POINT) == nation_style(nationality).field


def test_german_and_soviet_fields_differ():
    german = ground_image(unit(nationality=Nationality.GERMAN_ARMY))
    soviet = ground_image(unit(nationality=Nationality.SOVIET))
    assert at(german, *FIELD_POINT) != at(soviet, *FIELD_POINT)


def test_the_reduced_side_looks_different_and_prints_the_reduced_factor():
    full = ground_image(unit())
    back = ground_image(unit(), UnitState(reduced=True))
    assert at(back, *FIELD_POINT) == nation_style(Nationality.GERMAN_ARMY).reduced_field
    assert at(back, *FIELD_POINT) != at(full, *FIELD_POINT)
    # The factors differ too: the same back with the full factor printed is another image.
    same_factor = ground_image(unit(combat_reduced=12), UnitState(reduced=True))
    factors = QRectF(2, 29, 36, 9)
    assert differing_pixels(back, same_factor, factors) > 20


def test_a_unit_without_a_back_always_shows_its_front():
    hq = unit(type=UnitType.HEADQUARTERS, combat_reduced=None)
    assert not shows_reduced(hq, UnitState(reduced=True))
    assert ground_image(hq, UnitState(reduced=True)) == ground_image(hq)


def test_strength_never_changes_the_printed_side():
    state = UnitState(strength=9)  # between 12 and 6: a strength marker's business
    assert ground_image(unit(), state) == ground_image(unit())


def test_tracked_units_show_the_t_and_motorized_units_wheels():
    tracked = ground_image(unit(movement_class=MovementClass.TRACKED))
    motorized = ground_image(unit(movement_class=MovementClass.MOTORIZED))
    on_foot = ground_image(unit(movement_class=MovementClass.NON_MOTORIZED))
    factors = QRectF(2, 29, 36, 9)
    wheels = QRectF(SYMBOL_BOX.left(), SYMBOL_BOX.bottom() + 0.4, SYMBOL_BOX.width(), 2.8)
    # The T between the factors is wider than a dash, and darker.
    assert differing_pixels(tracked, motorized, factors) > 100
    assert differing_pixels(motorized, on_foot, factors) == 0
    assert differing_pixels(motorized, on_foot, wheels) > 20
    assert differing_pixels(tracked, on_foot, wheels) == 0


def test_the_88_asterisk_and_artillery_bombardment_are_printed():
    flak = unit(type=UnitType.ANTIAIRCRAFT, movement_class=MovementClass.MOTORIZED)
    factors = QRectF(2, 29, 36, 9)
    assert (
        differing_pixels(ground_image(flak), ground_image(replace(flak, antitank_88=True)), factors)
        > 20
    )
    gun = unit(type=UnitType.ARTILLERY, movement_class=MovementClass.MOTORIZED)
    top_right = QRectF(28, 1, 11, 6)
    fires = replace(gun, bombardment=3, range=4)
    assert differing_pixels(ground_image(gun), ground_image(fires), top_right) > 20


def test_a_long_name_stays_on_the_counter():
    image = ground_image(unit(name="Tank Rgt/4 Gds Mech Bde and a good deal more besides"))
    field = nation_style(Nationality.GERMAN_ARMY).field
    # Name ink never reaches the counter's sides.
    for y in (24.5, 25.5, 26.5):
        assert at(image, 1.8, y) == field
        assert at(image, 38.2, y) == field


def test_painting_scales_to_any_rect():
    small = QImage(24, 24, QImage.Format.Format_ARGB32_Premultiplied)
    small.fill(0)
    painter = QPainter(small)
    paint_counter(painter, QRectF(0, 0, 24, 24), unit())
    painter.end()
    assert small.pixelColor(21, 12) == nation_style(Nationality.GERMAN_ARMY).field


def test_the_pixmap_cache_keeps_one_pixmap_per_key():
    cache = CounterPixmapCache()
    first = cache.pixmap(unit(), False, 80)
    assert cache.pixmap(unit(), False, 80) is first
    assert cache.pixmap(unit(), False, 160) is not first
    assert cache.pixmap(unit(), True, 80) is not first
    assert cache.pixmap(unit(), False, 160).width() == 160
    assert cache.pixmap(air_unit(AirType.FIGHTER), False, 80).width() == 80
    assert len(cache) == 4


def test_the_pixmap_cache_forgets_the_least_recently_used():
    cache = CounterPixmapCache(max_pixmaps=2)
    first = cache.pixmap(unit(), False, 40)
    cache.pixmap(unit(), False, 41)
    cache.pixmap(unit(), False, 40)  # used again: now the newest
    cache.pixmap(unit(), False, 42)
    assert len(cache) == 2
    assert cache.pixmap(unit(), False, 40) is first


def test_a_cached_pixmap_is_the_painted_counter():
    pixmap = CounterPixmapCache().pixmap(unit(), False, PIXELS)
    image = pixmap.toImage()
    scale = PIXELS / COUNTER_SIZE
    x, y = (int(c * scale) for c in FIELD_POINT)
    assert image.pixelColor(x, y) == nation_style(Nationality.GERMAN_ARMY).field
    assert image.pixelColor(0, 0).alpha() == 0  # outside the rounded corner: the map shows
