"""The table's caches (issue 20, item 8) and the counters' levels of detail (item 1): the map
drawn from tiles looks as the map drawn as paths, tiles and counter pixmaps are painted
once and reused, vector painters still get paths, and far out a counter prints no text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPicture
from PySide6.QtWidgets import QGraphicsScene

from owsqt.qt.counters import style
from owsqt.qt.counters.facecache import MAX_PIXELS, FacePixmaps
from owsqt.qt.counters.painter import counter_face, far_ground_face, ground_face
from owsqt.qt.map.mapitem import MAP_SCALE, MapItem
from owsqt.qt.map.painter import MapPainter
from owsqt.qt.map.tiles import TILE, MapTiles, cacheable, shared_map
from tests.qt.test_counterpainter import unit

PAPER = QColor("#e4dcc4")


def _image(width: int, height: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(PAPER)
    return image


def _differing(a: QImage, b: QImage, tolerance: int = 24) -> float:
    """The share of pixels whose colours differ by more than `tolerance` in a channel."""
    differ = 0
    for y in range(0, a.height(), 3):
        for x in range(0, a.width(), 3):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            if (
                max(abs(p.red() - q.red()), abs(p.green() - q.green()), abs(p.blue() - q.blue()))
                > tolerance
            ):
                differ += 1
    return differ / ((a.width() // 3 + 1) * (a.height() // 3 + 1))


@pytest.fixture(scope="module")
def game_map(qapp):
    from owsqt.rules.scenario.ruleset import default_ruleset

    return default_ruleset().game_map


def test_the_map_from_tiles_looks_like_the_map_drawn_as_paths(game_map):
    zoom = 0.75
    source = QRectF(600, 900, 640 / zoom, 480 / zoom)
    scene = QGraphicsScene()
    scene.addItem(MapItem(game_map))
    tiled = _image(640, 480)
    painter = QPainter(tiled)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, 640, 480), source)
    painter.end()
    paths = _image(640, 480)
    painter = QPainter(paths)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(zoom * MAP_SCALE, zoom * MAP_SCALE)
    painter.translate(-source.left() / MAP_SCALE, -source.top() / MAP_SCALE)
    in_map = QRectF(
        source.left() / MAP_SCALE,
        source.top() / MAP_SCALE,
        source.width() / MAP_SCALE,
        source.height() / MAP_SCALE,
    )
    MapPainter(game_map).paint(painter, in_map, zoom)
    painter.end()
    assert _differing(tiled, paths) < 0.01


def test_tiles_are_painted_from_the_second_frame_at_a_zoom_and_kept_within_budget(game_map):
    tiles = MapTiles(MapPainter(game_map), MAP_SCALE, budget_bytes=12 * TILE * TILE * 4)
    image = _image(600, 400)
    painter = QPainter(image)
    painter.scale(0.5, 0.5)
    exposed = QRectF(0, 0, 1200, 800)
    # The first frame at a scale (maybe one step of a zoom gesture): paths, no tiles.
    first = tiles.paint(painter, exposed, 0.5)
    after_first = len(tiles)
    second = tiles.paint(painter, exposed, 0.5)
    after_second = len(tiles)
    third = tiles.paint(painter, exposed, 0.5)
    after_third = len(tiles)
    painter.scale(2.0, 2.0)  # zoom 1: other tiles, and the oldest dropped past the budget
    tiles.paint(painter, exposed, 1.0)
    tiles.paint(painter, exposed, 1.0)
    whole_frame = len(tiles)
    tiles.paint(painter, QRectF(1000, 600, 100, 100), 1.0)  # a small repaint: to the budget
    painter.end()
    assert (first, second, third) == (False, True, True)
    assert after_first == 0
    assert after_second == 3 * 2  # 600 x 400 device pixels in tiles of 256
    assert after_third == after_second  # the same view again: nothing painted anew
    assert whole_frame > 12  # a frame's own tiles are kept, even past the budget
    assert len(tiles) == 12


def test_vector_painters_and_turned_views_get_paths_not_tiles(qapp):
    picture = QPicture()  # as an SVG or a printer: shapes, not pixels
    painter = QPainter(picture)
    assert not cacheable(painter)
    painter.end()
    image = _image(10, 10)
    painter = QPainter(image)
    assert cacheable(painter)
    painter.rotate(30)
    assert not cacheable(painter)
    painter.end()


def test_every_scene_of_one_map_shares_its_shapes_and_tiles(game_map):
    assert shared_map(game_map, MAP_SCALE) == shared_map(game_map, MAP_SCALE)


def test_a_counter_pixmap_is_painted_once_per_size_and_copied_after(qapp):
    faces = FacePixmaps()
    face = ground_face(unit(), False)
    image = _image(200, 100)
    painter = QPainter(image)
    drawn = [
        faces.draw(painter, QRectF(10, 10, 40, 40), face),  # a first frame at 40 px: paths
        faces.draw(painter, QRectF(60, 10, 40, 40), face),
        faces.draw(painter, QRectF(60, 10, 40, 40), face),
    ]
    at_40 = len(faces)
    faces.draw(painter, QRectF(110, 10, 60, 60), face)
    drawn.append(faces.draw(painter, QRectF(110, 10, 60, 60), face))
    # Zoomed in past MAX_PIXELS the counter is drawn as paths, crisp.
    big = QRectF(0, 0, MAX_PIXELS + 8, MAX_PIXELS + 8)
    drawn += [faces.draw(painter, big, face), faces.draw(painter, big, face)]
    painter.end()
    assert drawn == [False, True, True, True, False, False]
    assert at_40 == 1
    assert len(faces) == 2


def test_a_counter_from_its_pixmap_looks_like_the_counter_drawn_as_paths(qapp):
    face = ground_face(unit(), False)
    faces = FacePixmaps()
    scratch, copied, drawn = _image(60, 60), _image(60, 60), _image(60, 60)
    painter = QPainter(scratch)
    faces.draw(painter, QRectF(10, 10, 40, 40), face)  # the first frame at 40 px
    painter.end()
    painter = QPainter(copied)
    from_pixmap = faces.draw(painter, QRectF(10, 10, 40, 40), face)
    painter.end()
    painter = QPainter(drawn)
    face.paint(painter, QRectF(10, 10, 40, 40))
    painter.end()
    assert from_pixmap
    assert _differing(copied, drawn) < 0.02


def test_far_out_a_counter_is_its_colour_and_symbol_with_no_text(qapp):
    tank = unit()
    assert counter_face(tank, False, style.TEXT_FROM_PIXELS - 1) is far_ground_face(tank, False)
    assert counter_face(tank, False, style.TEXT_FROM_PIXELS) is ground_face(tank, False)
    pixels = 24
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    far_ground_face(tank, False).paint(painter, QRectF(0, 0, pixels, pixels))
    painter.end()
    field = style.nation_style(tank.nationality).field
    scale = pixels / style.COUNTER_SIZE
    # Where the factors are printed nearer in: bare field.
    for x in range(int(12 * scale), int(28 * scale)):
        assert image.pixelColor(x, int(style.FACTORS_BASELINE * scale) - 2) == field
    # The symbol box is larger than on the printed counter.
    assert style.FAR_SYMBOL_BOX.width() > style.SYMBOL_BOX.width()


def test_the_factors_show_where_they_can_be_read_and_the_name_nearer_still():
    assert style.FACTORS_CAP_HEIGHT * style.TEXT_FROM_PIXELS / style.COUNTER_SIZE >= 5
    assert style.NAME_FROM_PIXELS > style.SMALL_PRINT_FROM_PIXELS > style.TEXT_FROM_PIXELS
