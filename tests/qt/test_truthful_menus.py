"""Issue 20, item 6: STRICT menus grey what the rules refuse now, with the rule as tooltip;
Undo and Redo say why they are greyed; the status line is whole (tooltip) and never stale;
a replay greys End step and Roll the die; the View menu lists every dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QTabBar, QTabWidget

from owsqt.qt.app.dockmenu import dock_entries
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.menurules import judge_menu
from owsqt.qt.map.hexmenu import hex_menu
from owsqt.rules.core.actions import PlaceUnits, RollDice
from owsqt.rules.core.hexgrid import Hexside
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game


def window_for(qtbot, ruleset, mode, scenario="we-are-coming", setup=True) -> MainWindow:
    session = new_game(ruleset, scenario, mode, seed=5)
    if setup:
        session.apply_default_setup()
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def entries(menu: QMenu) -> dict[str, QAction]:
    """Every entry of `menu` and its submenus by text (submenus by their title too)."""
    found: dict[str, QAction] = {}
    for action in menu.actions():
        if action.isSeparator():
            continue
        found[action.text()] = action
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.update({f"{action.text()}/{k}": v for k, v in entries(sub).items()})
    return found


def a_placed_unit(window: MainWindow) -> str:
    state = window.session.state
    return next(u for u, s in sorted(state.units.items()) if s.hex is not None)


def test_3_1_strict_counter_menu_greys_edits_by_hand_outside_setup_with_the_rule(qtbot, shipped):
    window = window_for(qtbot, shipped, Mode.STRICT)
    assert window.session.state.phase is not Phase.SETUP
    menu = window.unit_menu_for(a_placed_unit(window))
    found = entries(menu)
    eliminate = found["Eliminate"]
    assert not eliminate.isEnabled()
    assert "3.1" in eliminate.toolTip() and eliminate.toolTip().startswith("Not allowed now")
    assert menu.toolTipsVisible()
    marker = found["Disrupted (DIS)"]
    assert not marker.isEnabled() and "3.1" in marker.statusTip()
    supply = found["Supply"]  # a submenu all of whose entries are refused is greyed too
    assert not supply.isEnabled() and "3.1" in supply.toolTip()


@pytest.mark.parametrize("mode", [Mode.FREE, Mode.ASSIST])
def test_3_1_free_and_assist_keep_the_edits_by_hand(qtbot, shipped, mode):
    window = window_for(qtbot, shipped, mode)
    found = entries(window.unit_menu_for(a_placed_unit(window)))
    assert found["Eliminate"].isEnabled() and found["Supply"].isEnabled()
    if mode is Mode.ASSIST:  # allowed, but the entry says which rule it breaks
        assert "3.1" in found["Eliminate"].toolTip()
    else:
        assert "3.1" not in found["Eliminate"].toolTip()


def test_19_11_strict_setup_keeps_edits_of_the_player_setting_up(qtbot, shipped):
    window = window_for(qtbot, shipped, Mode.STRICT, setup=False)
    state = window.session.state
    assert state.phase is Phase.SETUP
    catalogue = shipped.catalogue.ground
    own = next(u for u in sorted(state.units) if catalogue[u].player is state.active)
    hex_ = next(iter(shipped.grid.hexes()))
    window.session.submit(PlaceUnits(units=(own,), to=hex_))
    window.refresh()
    found = entries(window.unit_menu_for(own))
    assert found["Disrupted (DIS)"].isEnabled()


def test_3_1_strict_hex_menu_greys_markers_by_hand(qtbot, shipped):
    window = window_for(qtbot, shipped, Mode.STRICT)
    grid = shipped.grid
    hex_ = grid.hex_of("2238")
    side = Hexside.between(hex_, next(iter(grid.neighbours(hex_)))[1])
    state = window.session.state
    menu = hex_menu(window, "2238", hex_, side, state, lambda a: None)
    judge_menu(menu, shipped, state, Mode.STRICT)
    found = entries(menu)
    interdiction = found["Interdiction marker (4.5)"]
    assert not interdiction.isEnabled() and "3.1" in interdiction.toolTip()
    assert not found["Interdiction marker (4.5)/INT 2"].isEnabled()
    free = hex_menu(window, "2238", hex_, side, state, lambda a: None)
    judge_menu(free, shipped, state, Mode.FREE)
    assert entries(free)["Interdiction marker (4.5)/INT 2"].isEnabled()


def test_undo_and_redo_greyed_say_why_in_tooltip_and_status_tip(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))
    qtbot.addWidget(window)
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip().startswith("Not now:")
    assert window.undo_action.statusTip() == window.undo_action.toolTip()
    assert not window.redo_action.isEnabled() and "Not now:" in window.redo_action.toolTip()
    window.session.submit(RollDice(purpose="test"))
    window.refresh()
    assert "rolled the die" in window.undo_action.toolTip()


def test_a_greyed_shortcut_says_why_on_the_status_line(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    message = window.statusBar().currentMessage()
    assert message.startswith("Undo is not available: Not now:")


def test_the_status_line_elides_with_the_whole_text_as_tooltip(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))
    qtbot.addWidget(window)
    window.resize(600, 400)
    window.show()
    qtbot.waitExposed(window)
    long = "A very long hint about what the game waits for now " * 6
    window.hint.setText(long)
    assert window.hint.text() == long
    assert window.hint.is_elided() and window.hint.elided().endswith("…")
    assert long in window.hint.toolTip()
    window.statusBar().showMessage("Not allowed: " + long, 5000)
    assert window.hint.shown().startswith("Not allowed: ")  # messages show on the line too
    assert window.hint.is_elided() and "Not allowed: " + long in window.hint.toolTip()


def test_the_status_line_refreshes_after_undo(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    before = window.hint.text()
    window.bridge.submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of("3038")))
    window.statusBar().showMessage("a message about the game with the rifle placed", 60000)
    window.undo_action.trigger()
    assert window.session.state.units["rifle"].hex is None
    assert window.statusBar().currentMessage() == ""  # said of a state that is gone
    assert window.hint.shown() == window.hint.text() == before


def test_replay_greys_end_step_and_roll_the_die_and_leaving_it_restores_them(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    window.bridge.submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of("3038")))
    own_tip = window.roll_action.toolTip()
    window.replay_game()
    assert window.replay.is_active()
    for action in (window.end_step_action, window.roll_action):
        assert not action.isEnabled() and "replay" in action.toolTip()
    window.refresh()  # a redraw during the replay keeps them greyed
    assert not window.end_step_action.isEnabled()
    window._on_replay_finished()
    assert window.end_step_action.isEnabled() and window.roll_action.isEnabled()
    assert window.roll_action.toolTip() == own_tip


def test_every_dock_has_a_view_menu_entry(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    listed = dock_entries(window.view_menu)
    docks = window.findChildren(QDockWidget)
    assert {"logDock", "stackDock", "overviewDock"} <= {d.objectName() for d in docks}
    assert [d.objectName() for d in docks if d not in listed] == []
    log = window.findChild(QDockWidget, "logDock")
    log.close()
    listed[log].trigger()  # a closed dock comes back from the menu
    assert not log.isHidden()
    assert listed[log].shortcut().toString() == "Ctrl+Shift+G"
    # A dock made later is listed when the menu opens.
    late = QDockWidget("Late", window)
    late.setObjectName("lateDock")
    window.view_menu.aboutToShow.emit()
    assert late in dock_entries(window.view_menu)


def test_6_1_7_2_8_3_greyed_game_menu_entries_say_why(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))
    qtbot.addWidget(window)
    assert window.session.state.phase is Phase.SETUP
    for action, rule in (
        (window.declare_action, "6.1"),
        (window.order_action, "7.2"),
        (window.administrative_action, "8.3"),
    ):
        assert not action.isEnabled()
        assert action.toolTip().startswith("Not now:") and rule in action.toolTip()


def test_11_1_a_greyed_prepared_attack_says_why(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.STRICT, seed=3))
    qtbot.addWidget(window)
    attack = window.combat.attack_action
    assert not attack.isEnabled()
    assert attack.toolTip() == "Not now: the units are still being set up"
    assert attack.statusTip() == attack.toolTip()


def test_the_right_dock_tabs_run_down_the_edge_with_whole_titles_and_tooltips(qtbot, ruleset):
    window = MainWindow(ruleset, new_game(ruleset, "test", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    area = Qt.DockWidgetArea.RightDockWidgetArea
    assert window.tabPosition(area) == QTabWidget.TabPosition.East
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window and b.count() > 4]
    qtbot.waitUntil(lambda: all(b.elideMode() == Qt.TextElideMode.ElideNone for b in bars))
    (bar,) = bars
    titles = [bar.tabText(i) for i in range(bar.count())]
    assert "Air operations" in titles and "Replacements" in titles
    stack = titles.index("Stack")
    assert bar.tabToolTip(stack) == "The units of the selected hex, top first"
