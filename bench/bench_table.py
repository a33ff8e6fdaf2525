"""The table's first frame and a full-map frame of the campaign, against a bare scene with
as many plain hexes and rectangles.

The map's shapes and its painted tiles are shared by every scene of the same map in a
process (owsqt/qt/map/tiles.py), and counter faces are copied from pixmaps painted once
(owsqt/qt/counters/facecache.py). So `table.first_frame_campaign` is the first frame of a
new game in a running program (New Game, Open); `table.first_frame_campaign_cold` is the
very first one, with those caches emptied before each frame.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPolygonF
from PySide6.QtWidgets import QApplication, QGraphicsScene

from bench.harness import Measurement, measure
from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.fonts import load_fonts
from owsqt.qt.map.mapitem import SCENE_LAYOUT, MapItem
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game

VIEW = (1600, 1000)  # a first frame: what a window of this size shows
FULL = (1200, 1940)  # the whole map, about 0.63 of normal zoom


def _render(scene: QGraphicsScene, source: QRectF, size: tuple[int, int]) -> QImage:
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#e4dcc4"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, *size), source)
    painter.end()
    return image


def run() -> list[Measurement]:
    QApplication.instance() or QApplication([])
    load_fonts()  # the counters' text as in the window, whatever the machine has
    ruleset = default_ruleset()
    session = new_game(ruleset, "operation-winter-storm", Mode.FREE, seed=1)
    session.apply_default_setup()
    state = session.state
    grid = ruleset.grid
    hexes = grid.hexes()
    counters = [(unit.hex, i) for i, unit in enumerate(state.units.values()) if unit.hex]
    first_view = QRectF(0, 0, VIEW[0], VIEW[1])
    first_view.moveCenter(MapItem(ruleset.game_map).hex_center(grid.hex_of("2836")))

    def table_scene() -> tuple[QGraphicsScene, QRectF]:
        scene = QGraphicsScene()
        map_item = MapItem(ruleset.game_map)
        scene.addItem(map_item)
        CounterLayer(scene, ruleset).sync(state)
        return scene, map_item.boundingRect()

    def bare_scene() -> tuple[QGraphicsScene, QRectF]:
        scene = QGraphicsScene()
        brush = QBrush(QColor("#f0e8cf"))
        for hex_ in hexes:
            corners = SCENE_LAYOUT.corners(hex_)
            polygon = QPolygonF()
            for x, y in corners:
                polygon.append(QRectF(x, y, 0, 0).topLeft())
            scene.addPolygon(polygon).setBrush(brush)
        for hex_, index in counters:
            x, y = SCENE_LAYOUT.center(hex_)
            offset = (index % 3) * 3.5
            half = COUNTER_SIZE / 2
            rect = QRectF(x - half + offset, y - half + offset, COUNTER_SIZE, COUNTER_SIZE)
            scene.addRect(rect).setBrush(QBrush(QColor("#9da196")))
        return scene, scene.itemsBoundingRect()

    kept: list = []  # scenes live until the end of the run, as a window's would

    def first_frame(build) -> None:
        scene, _ = build()
        kept.append(scene)
        _render(scene, first_view, VIEW)

    def cold_first_frame() -> None:
        from owsqt.qt.counters.facecache import FACES
        from owsqt.qt.map import tiles

        tiles.forget_shared()
        FACES.clear()
        first_frame(table_scene)

    table, table_bounds = table_scene()
    bare, bare_bounds = bare_scene()
    return [
        measure(
            "table.first_frame_campaign",
            lambda: first_frame(table_scene),
            lambda: first_frame(bare_scene),
            repeats=5,
        ),
        measure(
            "table.first_frame_campaign_cold",
            cold_first_frame,
            lambda: first_frame(bare_scene),
            repeats=5,
        ),
        measure(
            "table.full_map_frame_campaign",
            lambda: _render(table, table_bounds, FULL),
            lambda: _render(bare, bare_bounds, FULL),
            repeats=5,
        ),
    ]
