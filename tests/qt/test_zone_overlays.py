"""The measured areas drawn on the map (owsqt/qt/map/zones.py) are the rules' own: the
interdiction zones (4.5), a selected gun's range and two-hex limit (12.4) and the Soviet
ground attack reach (4.6)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.map.mapitem import MAP_SCALE, SCENE_LAYOUT
from owsqt.qt.map.shapes import geometry_path
from owsqt.rules.combat.targets import artillery_range, ground_attack_reach, spotting_area
from owsqt.rules.core.actions import PlaceUnits, SetInterdiction
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.map.zones import disc
from owsqt.rules.movement.interdiction import cover_of
from owsqt.session import new_game


def _with_gun(ruleset):
    """The example counters, the Soviet artillery regiment with a range of 3 (12.4)."""
    ground = dict(ruleset.catalogue.ground)
    ground["art"] = replace(ground["art"], bombardment=4, range=3)
    catalogue = UnitCatalogue(ground, ruleset.catalogue.air, ruleset.catalogue.formations)
    return replace(ruleset, catalogue=catalogue)


def _window(qtbot, ruleset, *actions):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    hx = ruleset.grid.hex_of
    session.submit(PlaceUnits(units=("art",), to=hx("3030")))
    session.submit(PlaceUnits(units=("rifle",), to=hx("3230")))
    session.submit(PlaceUnits(units=("tank",), to=hx("3433")))
    for action in actions:
        session.submit(action)
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def test_a_shapely_area_with_a_hole_becomes_a_path_with_the_hole_open(ruleset):
    centre = ruleset.grid.hex_of("3030")
    ring = disc(ruleset.game_map, centre, 2) - disc(ruleset.game_map, centre, 0)
    path = geometry_path(ring.shape, MAP_SCALE)
    assert not path.contains(QPointF(*SCENE_LAYOUT.center(centre)))
    for hex_ in ring.hexes:
        assert path.contains(QPointF(*SCENE_LAYOUT.center(hex_)))


def test_4_5_every_live_interdiction_zone_is_drawn_as_its_area_with_its_penalty(qtbot, ruleset):
    hx = ruleset.grid.hex_of
    window = _window(
        qtbot,
        ruleset,
        SetInterdiction(center=hx("2020"), penalty=2),
        SetInterdiction(center=hx("2424"), penalty=1),
    )
    cover = cover_of(ruleset.game_map, window.session.state)
    drawn = [item for item in window.zones.interdiction if item.isVisible()]
    assert [item.area for item in drawn] == list(cover.areas)
    assert [item.label for item in drawn] == ["INT: −2 MP (4.5)", "INT: −1 MP (4.5)"]
    bounds = drawn[0].path().boundingRect()
    corners = (bounds.left(), bounds.top(), bounds.right(), bounds.bottom())
    assert corners == pytest.approx([b * MAP_SCALE for b in cover.areas[0].shape.bounds])
    window.bridge.submit(SetInterdiction(center=hx("2424"), penalty=0))  # removed
    assert [item.area for item in window.zones.interdiction if item.isVisible()] == [cover.areas[0]]


def test_12_4_selecting_a_gun_draws_its_range_and_the_two_hex_limit(qtbot, ruleset):
    ruleset = _with_gun(ruleset)
    window = _window(qtbot, ruleset)
    state, gun_hex = window.session.state, ruleset.grid.hex_of("3030")
    window.select_hex(gun_hex)
    in_range = artillery_range(ruleset, state, "art")
    assert window.zones.range.area == in_range and len(in_range) == 37
    assert window.zones.range.label == "range 3: strikes where shaded (12.4)"
    assert window.zones.strike.area == in_range & spotting_area(ruleset, state, Player.SOVIET)
    window.clear_selection()
    assert not window.zones.range.isVisible() and not window.zones.strike.isVisible()
    window.select_hex(ruleset.grid.hex_of("3433"))  # a tank: no range to draw
    assert not window.zones.range.isVisible()


def test_4_6_the_view_menu_shows_the_soviet_ground_attack_reach(qtbot, ruleset):
    window = _window(qtbot, ruleset)
    assert not window.zones.soviet_reach.isVisible()
    window.soviet_reach_action.setChecked(True)
    reach = ground_attack_reach(ruleset, window.session.state, Player.SOVIET)
    assert window.zones.soviet_reach.area == reach and window.zones.soviet_reach.isVisible()
    window.soviet_reach_action.setChecked(False)
    assert not window.zones.soviet_reach.isVisible()
