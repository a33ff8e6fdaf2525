"""Markers of 2.2 on counters and on the map, and the counter's context menu."""

from __future__ import annotations

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.counters.markers import ChitItem, HexMarkerItem
from owsqt.qt.counters.unitmenu import unit_menu
from owsqt.rules.core.actions import (
    PlaceUnits,
    SetBridge,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetStrength,
)
from owsqt.rules.core.hexgrid import Hexside
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import BridgeState, Entrenchment, UnitMarker, UnitStatus
from owsqt.session import new_game


def window_with(qtbot, ruleset, *actions):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    session.submit(PlaceUnits(units=("tank", "mech"), to=ruleset.grid.hex_of("2428")))
    for action in actions:
        session.submit(action)
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def chits(window, unit_id):
    item = window.counters.item_for(unit_id)
    return [child.look.text for child in item.childItems() if isinstance(child, ChitItem)]


def test_strength_and_dis_markers_sit_on_the_counter_2_2(qtbot, ruleset):
    window = window_with(
        qtbot,
        ruleset,
        SetStrength(unit="tank", strength=9),
        SetMarker(units=("tank",), marker=UnitMarker.DISRUPTED, on=True),
    )
    assert chits(window, "tank") == ["9", "D"]
    assert chits(window, "mech") == []
    window.undo_action.trigger()
    assert chits(window, "tank") == ["9"]


def test_map_markers_show_int_entrenchment_and_bridges_4_5_15_1_16_2(qtbot, ruleset):
    hex_ = ruleset.grid.hex_of("2428")
    side = Hexside.between(hex_, ruleset.grid.hex_of("2429"))
    window = window_with(
        qtbot,
        ruleset,
        SetInterdiction(center=hex_, penalty=2),
        SetEntrenchment(hex=hex_, status=Entrenchment.COMPLETE),
        SetBridge(hexside=side, state=BridgeState.DESTROYED),
    )
    texts = sorted(i.text for i in window.scene.items() if isinstance(i, HexMarkerItem))
    assert texts == ["ENT", "INT 2", "OUT"]


def test_the_context_menu_edits_the_unit_through_the_journal(qtbot, ruleset):
    window = window_with(qtbot, ruleset)
    unit, state = ruleset.catalogue.ground["tank"], window.session.state.units["tank"]
    menu = unit_menu(window, unit, state, window._submit)
    labels = [a.text() for a in menu.actions() if a.text()]
    assert {"Flip to the reduced side", "Set strength…", "Eliminate"} <= set(labels)
    next(a for a in menu.actions() if a.text() == "Disrupted (DIS)").trigger()
    assert window.session.state.units["tank"].disrupted
    next(a for a in menu.actions() if a.text() == "Eliminate").trigger()
    assert window.session.state.units["tank"].status is UnitStatus.ELIMINATED
    assert window.counters.item_for("tank") is None
    assert window.session.entries[-1].action["kind"] == "set_status"


def test_the_hex_menu_places_int_entrenchment_and_bridge_markers(qtbot, ruleset):
    from owsqt.qt.map.hexmenu import hex_menu, nearest_hexside
    from owsqt.qt.map.mapitem import SCENE_LAYOUT

    window = window_with(qtbot, ruleset)
    grid = ruleset.grid
    hex_ = grid.hex_of("2428")
    x, y = SCENE_LAYOUT.center(hex_)
    side = nearest_hexside(SCENE_LAYOUT, hex_, x, y + 25, grid.neighbours(hex_))
    assert side == Hexside.between(hex_, grid.hex_of("2429"))  # the south hexside
    menu = hex_menu(window, "2428", hex_, side, window.session.state, window._submit)
    submenus = {a.text(): a.menu() for a in menu.actions() if a.menu()}
    next(
        a for a in submenus["Interdiction marker (4.5)"].actions() if a.text() == "INT 3"
    ).trigger()
    next(a for a in submenus["Entrenchment (15.1)"].actions() if a.text() == "Complete").trigger()
    bridge = submenus["Bridge on the nearest hexside (16.2)"]
    next(a for a in bridge.actions() if a.text() == "Bridge out").trigger()
    state = window.session.state
    assert state.interdiction_zones[0].penalty == 3
    assert state.entrenchments[hex_].status is Entrenchment.COMPLETE
    assert state.bridges[side] is BridgeState.DESTROYED


def test_the_stack_inspector_reorders_the_stack(qtbot, ruleset):
    window = window_with(qtbot, ruleset)
    hex_ = ruleset.grid.hex_of("2428")
    window.selection.show(hex_)
    assert window.inspector.reordered(1, "top") == ("mech", "tank")
    window.inspector.reorder_requested.emit(hex_, ("mech", "tank"))
    assert window.session.state.stack(hex_) == ("mech", "tank")
    assert window.inspector.item(0, 0).text() == "I/114 PzGr (7-10)"
