"""The painted map, as a player sees it: terrain, rivers, the pocket and names show up."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from owsqt.qt.map.mapitem import MAP_SCALE, MapItem
from owsqt.qt.map.painter import MapPainter
from owsqt.qt.map.render import PIXELS_PER_UNIT, render_map
from owsqt.rules.core.hexgrid import Hex, HexGrid, Hexside, line
from owsqt.rules.map.gamemap import (
    MAP_LAYOUT,
    Connection,
    ConnectionKind,
    GameMap,
    HexFeature,
    MapHex,
    Place,
    RiverClass,
    RiverSide,
    Terrain,
)

GRID = HexGrid(10, 20, 1, 12)


def at(column: int, row: int) -> Hex:
    return GRID.hex_from_offset(column, row)


def synthetic_map(with_pocket: bool = True) -> GameMap:
    """A small map with one of everything the painter draws."""
    elevated = {at(c, r) for c in (16, 17, 18) for r in (2, 3, 4)}
    marsh = {at(c, r) for c in (11, 12) for r in (8, 9, 10)}
    pocket = {at(19, 2), at(20, 2), at(19, 3), at(20, 3), at(20, 4)} if with_pocket else set()
    towns = {
        at(16, 7): (HexFeature.CITY, "Kotelnikovo"),
        at(12, 5): (HexFeature.VILLAGE, "Verkhne-Kumsky"),
        at(18, 10): (HexFeature.VILLAGE, "Shabalin"),
    }
    hexes = {}
    for hex_ in GRID.hexes():
        terrain = Terrain.CLEAR
        if hex_ in elevated:
            terrain = Terrain.ELEVATED
        elif hex_ in marsh:
            terrain = Terrain.MARSH
        feature, name = towns.get(hex_, (None, None))
        hexes[hex_] = MapHex(
            hex_, terrain, frozenset({feature}) if feature else frozenset(), name, hex_ in pocket
        )
    primary = line(at(10, 7), at(20, 7))
    railroad = line(at(15, 1), at(17, 12))
    secondary = line(at(12, 5), at(16, 7))
    connections = tuple(
        Connection(a, b, kind)
        for path, kind in (
            (primary, ConnectionKind.PRIMARY_ROAD),
            (railroad, ConnectionKind.RAILROAD),
            (secondary, ConnectionKind.SECONDARY_ROAD),
        )
        for a, b in pairwise(path)
    )
    # The minor river zigzags down the west sides (5 and 6) of column 14.
    crossing = Hexside.between(*next((a, b) for a, b in pairwise(primary) if b[0] == 14))
    rivers = {}
    on_grid = GRID.contains
    for row in range(1, 13):
        for side in (5, 6):
            hexside = Hexside.at(at(14, row), side)
            if on_grid(hexside.a) and on_grid(hexside.b):
                rivers[hexside] = RiverSide(hexside, RiverClass.MINOR, "Aksay", hexside == crossing)
    for row in range(6, 13):
        for side in (5, 6):
            hexside = Hexside.at(at(19, row), side)
            if on_grid(hexside.a) and on_grid(hexside.b):
                rivers[hexside] = RiverSide(hexside, RiverClass.MAJOR, "Don")
    places = tuple(
        Place(name, hex_, feature, 47.6, 43.1) for hex_, (feature, name) in towns.items()
    )
    return GameMap.from_parts(
        grid=GRID,
        hexes=hexes,
        rivers=rivers,
        connections=connections,
        places=places,
        entry_areas={
            "A": (at(10, 10), at(10, 11), at(10, 12), at(11, 12), at(12, 12)),
            "B": tuple(at(c, 1) for c in range(11, 14)),
        },
        supply_edges={},
        start_lines={
            "soviet": (tuple(line(at(10, 3), at(13, 3))), tuple(line(at(17, 5), at(20, 4)))),
            "axis": (tuple(line(at(10, 4), at(13, 4))),),
        },
    )


@pytest.fixture(autouse=True, scope="module")
def _application(qapp):
    """pytest-qt's QApplication first: render_map would otherwise make a bare QGuiApplication."""
    return qapp


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return synthetic_map()


@pytest.fixture(scope="module")
def rendered(game_map, tmp_path_factory) -> QImage:
    path = tmp_path_factory.mktemp("map") / "map.png"
    render_map(game_map, path)
    return QImage(str(path))


def pixel_of(game_map: GameMap, image: QImage, x: float, y: float) -> QColor:
    """The colour at map point (x, y) of a rendering at scale 1."""
    bounds = MapPainter(game_map).bounds
    return image.pixelColor(
        math.floor((x - bounds.left()) * PIXELS_PER_UNIT),
        math.floor((y - bounds.top()) * PIXELS_PER_UNIT),
    )


def colour_at_hex(game_map: GameMap, image: QImage, hex_: Hex, dx=0.0, dy=0.0) -> QColor:
    x, y = MAP_LAYOUT.center(hex_)
    return pixel_of(game_map, image, x + dx, y + dy)


def test_render_map_writes_a_png_of_the_promised_size(game_map, tmp_path):
    bounds = MapPainter(game_map).bounds
    for scale in (1.0, 0.5):
        path = tmp_path / f"map{scale}.png"
        size = render_map(game_map, path, scale)
        image = QImage(str(path))
        assert (image.width(), image.height()) == size
        assert size == (
            math.ceil(bounds.width() * PIXELS_PER_UNIT * scale),
            math.ceil(bounds.height() * PIXELS_PER_UNIT * scale),
        )
    # A hex is about 64 px across its corners at scale 1 (11 columns, 1.5 hex sizes apart).
    assert 11 * 48 < render_map(game_map, tmp_path / "one.png")[0] < 11 * 48 + 64


def test_marsh_and_elevated_hexes_look_different_from_clear_ones(game_map, rendered):
    # Just right of the centre: the centre itself may carry a town, a road or a tuft.
    clear = colour_at_hex(game_map, rendered, at(18, 12), 0.35, 0.1)
    marsh = colour_at_hex(game_map, rendered, at(11, 9), 0.2, 0.2)
    elevated = colour_at_hex(game_map, rendered, at(17, 3), 0.35, 0.1)
    assert len({clear.name(), marsh.name(), elevated.name()}) == 3
    assert marsh.green() > marsh.red()  # grey-green, not beige


def test_a_river_runs_along_the_hexside_in_blue(game_map, rendered):
    a, b = Hexside.at(at(14, 10), 5)
    (x0, y0), (x1, y1) = MAP_LAYOUT.hexside_segment(a, b)
    colour = pixel_of(game_map, rendered, (x0 + x1) / 2, (y0 + y1) / 2)
    assert colour.blue() > colour.red() + 60
    # ... and not through the hex centres beside it.
    beside = colour_at_hex(game_map, rendered, at(14, 10), 0.3, 0.0)
    assert not beside.blue() > beside.red()


def test_the_bridge_shows_where_the_road_crosses_the_river(game_map, rendered):
    bridged = next(side for side in game_map.rivers.values() if side.bridge)
    (x0, y0), (x1, y1) = MAP_LAYOUT.hexside_segment(*bridged.hexside)
    colour = pixel_of(game_map, rendered, (x0 + x1) / 2, (y0 + y1) / 2)
    assert not colour.blue() > colour.red() + 60  # the deck and road hide the water
    # A little way along the hexside the river shows again.
    t = 0.85
    water = pixel_of(game_map, rendered, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
    assert water.blue() > water.red() + 60


def test_the_pocket_is_tinted_red(game_map, rendered, tmp_path):
    inside = colour_at_hex(game_map, rendered, at(19, 3), 0.3, 0.1)
    outside = colour_at_hex(game_map, rendered, at(18, 12), 0.3, 0.1)
    assert inside.red() - inside.green() > outside.red() - outside.green()
    path = tmp_path / "without.png"
    render_map(synthetic_map(with_pocket=False), path)
    without = QImage(str(path))
    assert without.size() == rendered.size()
    assert without != rendered
    assert colour_at_hex(game_map, without, at(19, 3), 0.3, 0.1) != inside


def test_town_names_are_written_under_their_symbols(game_map, rendered):
    x, y = MAP_LAYOUT.center(at(12, 5))
    bounds = MapPainter(game_map).bounds
    # The label region below the village dot holds dark glyphs on a light halo.
    left = int((x - 0.6 - bounds.left()) * PIXELS_PER_UNIT)
    top = int((y + 0.22 - bounds.top()) * PIXELS_PER_UNIT)
    region = rendered.copy(left, top, int(1.2 * PIXELS_PER_UNIT), int(0.25 * PIXELS_PER_UNIT))
    lightness = {
        region.pixelColor(i, j).lightness()
        for i in range(region.width())
        for j in range(region.height())
    }
    assert min(lightness) < 100 and max(lightness) > 200


def test_names_and_hex_ids_are_left_out_when_zoomed_far_out(game_map, tmp_path):
    near = render_map(game_map, tmp_path / "near.png", 1.0)
    far = render_map(game_map, tmp_path / "far.png", 0.25)
    assert far[0] < near[0] / 3
    # At a quarter of the size ids and village names would be specks: their places stay plain.
    image = QImage(str(tmp_path / "far.png"))
    bounds = MapPainter(game_map).bounds
    px = PIXELS_PER_UNIT * 0.25

    def darkest(x: float, y: float, width: float, height: float) -> int:
        left, top = int((x - bounds.left()) * px), int((y - bounds.top()) * px)
        return min(
            image.pixelColor(i, j).lightness()
            for i in range(left, left + max(1, int(width * px)))
            for j in range(top, top + max(1, int(height * px)))
        )

    x, y = MAP_LAYOUT.center(at(15, 12))
    # Pale grid lines may cross these places; text would be dark.
    assert darkest(x - 0.3, y - 0.72, 0.6, 0.2) > 150  # hex id
    x, y = MAP_LAYOUT.center(at(12, 5))
    assert darkest(x - 0.45, y + 0.3, 0.4, 0.5) > 150  # the middle of "Verkhne-Kumsky"


def test_the_map_item_spans_the_map_in_scene_units_and_paints(game_map):
    item = MapItem(game_map)
    bounds = MapPainter(game_map).bounds
    assert item.boundingRect().width() == pytest.approx(bounds.width() * MAP_SCALE)
    x, y = MAP_LAYOUT.center(at(16, 7))
    centre = item.hex_center(at(16, 7))
    assert (centre.x(), centre.y()) == pytest.approx((x * MAP_SCALE, y * MAP_SCALE))
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    around = QRectF(centre.x() - 100, centre.y() - 100, 200, 200)
    scene.render(painter, QRectF(0, 0, 200, 200), around)
    painter.end()
    # The city block sits at the middle of the hex.
    assert image.pixelColor(100, 100).lightness() < 90


def test_a_map_without_features_still_paints(tmp_path):
    full = synthetic_map()
    bare = GameMap.from_parts(GRID, full.hexes, {}, (), (), {}, {}, {})
    assert render_map(bare, tmp_path / "bare.png", 0.5)[0] > 0
