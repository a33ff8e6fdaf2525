"""The view of the table (issue 20): the wheel scrolls and Ctrl+wheel zooms around the
pointer; a game opens readable (counters at least 56 px on a 1920x1080 window) on its area
of play, with no blank strip beside the map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.map.playarea import busiest_part, play_area
from owsqt.qt.map.view import MAP_MARGIN
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.qt.tabletools import centre, window_for

NO_KEYS = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def wheel(view, at: QPoint, notches: int, modifiers=NO_KEYS) -> None:
    viewport = view.viewport()
    event = QWheelEvent(
        QPointF(at),
        QPointF(viewport.mapToGlobal(at)),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        modifiers,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


@pytest.fixture
def small_table(qtbot, ruleset):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    session.submit(PlaceUnits(units=("tank",), to=ruleset.grid.hex_of("2428")))
    window = window_for(qtbot, ruleset, session)
    window.resize(1000, 700)
    window.view.centerOn(centre(window, "2428"))
    return window


def test_the_wheel_scrolls_up_and_down_and_does_not_zoom(small_table):
    view = small_table.view
    zoom, bar = view.zoom, view.verticalScrollBar()
    before = bar.value()
    wheel(view, view.viewport().rect().center(), -2)  # towards the player: down the map
    assert bar.value() > before
    wheel(view, view.viewport().rect().center(), 2)
    assert bar.value() == before
    assert view.zoom == zoom


def test_shift_and_the_wheel_scroll_sideways(small_table):
    view = small_table.view
    across, down = view.horizontalScrollBar(), view.verticalScrollBar()
    before, height = across.value(), down.value()
    wheel(view, view.viewport().rect().center(), -2, SHIFT)
    assert across.value() > before
    assert down.value() == height


def test_ctrl_and_the_wheel_zoom_around_the_pointer(small_table):
    view = small_table.view
    at = QPoint(200, 150)  # off the centre: the point under the pointer stays put
    under = view.mapToScene(at)
    zoom = view.zoom
    wheel(view, at, 2, CTRL)
    assert view.zoom == pytest.approx(zoom * 1.2**2)
    after = view.mapToScene(at)
    assert abs(after.x() - under.x()) < 3 and abs(after.y() - under.y()) < 3
    wheel(view, at, -2, CTRL)
    assert view.zoom == pytest.approx(zoom)


@pytest.fixture(scope="module")
def campaign():
    ruleset = default_ruleset()
    session = new_game(ruleset, "operation-winter-storm", Mode.FREE, seed=1)
    session.apply_default_setup()
    return ruleset, session


def test_a_campaign_opens_with_counters_of_56_px_on_its_area_of_play(qtbot, campaign):
    ruleset, session = campaign
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    for item in list(window.counters.items.values())[:20]:
        assert view.mapFromScene(item.sceneBoundingRect()).boundingRect().width() >= 56
    # On the battle: the busiest part of the front is in the middle of the window.
    area = play_area(ruleset, session.state)
    busy = busiest_part(area, weight={h: len(session.state.stack(h)) for h in area})
    shown = view.visible_area()
    inside = [h for h in busy if shown.contains(QPointF(*SCENE_LAYOUT.center(h)))]
    assert len(inside) >= len(busy) * 0.8
    # No blank strip: the view never shows more than its margin beside the map.
    bounds = view.map_bounds()
    assert shown.left() >= bounds.left() - MAP_MARGIN - 1
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum())
    assert view.visible_area().left() >= bounds.left() - MAP_MARGIN - 1


def test_a_game_with_nobody_on_the_map_opens_on_its_set_up_zones_or_the_map(qtbot, ruleset):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    assert window.view.zoom * 40 >= 56
