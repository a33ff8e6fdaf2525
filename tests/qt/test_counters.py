"""Counters under the mouse: drags of a stack or a unit are journalled; undo puts them back."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game, open_journal


def table(qtbot, ruleset):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    session.submit(PlaceUnits(units=("tank", "mech"), to=ruleset.grid.hex_of("2428")))
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.refresh()
    return window


def send(window, kind, scene_point, buttons, modifiers=Qt.KeyboardModifier.NoModifier):
    viewport = window.view.viewport()
    local = QPointF(window.view.mapFromScene(scene_point))
    global_ = QPointF(viewport.mapToGlobal(local.toPoint()))
    event = QMouseEvent(kind, local, global_, Qt.MouseButton.LeftButton, buttons, modifiers)
    QApplication.sendEvent(viewport, event)


def drag(window, unit_id, hex_id, modifiers=Qt.KeyboardModifier.NoModifier):
    item = window.counters.item_for(unit_id)
    # Grip the counter by its lower right corner: the part a lower unit of a stack shows.
    corner = (COUNTER_SIZE / 2 - 1.5) * item.scale()
    start = item.scenePos() + QPointF(corner, corner)
    window.view.centerOn(start)
    x, y = SCENE_LAYOUT.center(window.ruleset.grid.hex_of(hex_id))
    end = QPointF(x, y)
    held = Qt.MouseButton.LeftButton
    send(window, QEvent.Type.MouseButtonPress, start, held, modifiers)
    send(window, QEvent.Type.MouseMove, (start + end) / 2, held, modifiers)
    send(window, QEvent.Type.MouseMove, end, held, modifiers)
    send(window, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton, modifiers)


def hex_of(window, unit_id):
    return window.ruleset.grid.id_of(window.session.state.units[unit_id].hex)


def test_dragging_the_top_counter_moves_the_whole_stack_and_journals_it(qtbot, ruleset):
    window = table(qtbot, ruleset)
    assert window.session.state.stack(ruleset.grid.hex_of("2428")) == ("tank", "mech")
    drag(window, "tank", "2527")
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2527", "2527")
    last = window.session.entries[-1]
    assert last.action == {"kind": "place", "to": "2527", "units": ["tank", "mech"]}
    centre_x, centre_y = SCENE_LAYOUT.center(ruleset.grid.hex_of("2527"))
    landed = window.counters.item_for("mech").scenePos()
    assert abs(landed.x() - centre_x) < 10 and abs(landed.y() - centre_y) < 10


def test_shift_drag_takes_one_unit_out_of_its_stack(qtbot, ruleset):
    window = table(qtbot, ruleset)
    drag(window, "mech", "2429", Qt.KeyboardModifier.ShiftModifier)
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2428", "2429")
    assert window.session.entries[-1].action["units"] == ["mech"]


def test_undo_restores_the_counters_position(qtbot, ruleset):
    window = table(qtbot, ruleset)
    before = window.counters.item_for("tank").scenePos()
    drag(window, "tank", "2527")
    window.undo_action.trigger()
    assert hex_of(window, "tank") == "2428"
    assert window.counters.item_for("tank").scenePos() == before


def test_a_drop_off_the_map_changes_nothing(qtbot, ruleset):
    window = table(qtbot, ruleset)
    entries = len(window.session.entries)
    item = window.counters.item_for("tank")
    start = item.scenePos()
    held = Qt.MouseButton.LeftButton
    window.view.centerOn(start)
    far = QPointF(-5000, -5000)
    send(window, QEvent.Type.MouseButtonPress, start, held)
    send(window, QEvent.Type.MouseMove, far, held)
    send(window, QEvent.Type.MouseButtonRelease, far, Qt.MouseButton.NoButton)
    assert len(window.session.entries) == entries
    assert item.scenePos() == start


def click(window, unit_id):
    item = window.counters.item_for(unit_id)
    point = item.scenePos()
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)


def double_click(window, unit_id):
    item = window.counters.item_for(unit_id)
    point = item.scenePos()
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)
    send(window, QEvent.Type.MouseButtonDblClick, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)


def test_a_click_selects_the_stack_and_a_drag_from_there_still_takes_it_whole(qtbot, ruleset):
    window = table(qtbot, ruleset)
    tank, mech = window.counters.item_for("tank"), window.counters.item_for("mech")
    click(window, "tank")
    assert abs(tank.scenePos().x() - mech.scenePos().x()) < 5  # still one stack, not fanned
    assert window.inspector.rowCount() == 2
    assert window.inspector.item(0, 0).text() == "I/11 Pz (12-10)"
    assert window.inspector.item(0, 2).text() == "12 of 12"
    drag(window, "mech", "2429")  # the press after the click takes the stack it selected
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2429", "2429")


def test_a_double_click_fans_the_stack_out_and_a_drag_from_the_fan_takes_one_unit(qtbot, ruleset):
    window = table(qtbot, ruleset)
    tank, mech = window.counters.item_for("tank"), window.counters.item_for("mech")
    double_click(window, "tank")
    assert window.counters.expanded == ruleset.grid.hex_of("2428")
    assert abs(tank.scenePos().x() - mech.scenePos().x()) > COUNTER_SIZE / 2  # side by side
    assert not tank.sceneBoundingRect().intersects(mech.sceneBoundingRect())
    drag(window, "mech", "2429")  # out of a fanned stack, one unit moves alone
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2428", "2429")


def test_save_reopen_and_replay_reproduce_the_table(qtbot, ruleset, tmp_path):
    window = table(qtbot, ruleset)
    drag(window, "tank", "2527")
    drag(window, "mech", "2429", Qt.KeyboardModifier.ShiftModifier)
    path = tmp_path / "table.owsg"
    window.session.save_as(path)
    positions = {u: item.scenePos() for u, item in window.counters.items.items()}
    window.session.close()  # one owsqt at a time writes a game file (its lock)
    reopened = MainWindow(ruleset, open_journal(ruleset, path))
    qtbot.addWidget(reopened)
    assert reopened.session.state == window.session.state
    assert {u: item.scenePos() for u, item in reopened.counters.items.items()} == positions


def test_a_drag_carried_back_to_where_it_began_ends_its_gesture(qtbot, ruleset):
    """A stack picked up and carried off (its reach shows), then let go within the click's
    slop of where it began, is dropped where it stands: the gesture ends, nothing moves,
    and no stray reach or carried units stay behind."""
    window = table(qtbot, ruleset)
    item = window.counters.item_for("tank")
    start = item.scenePos()
    window.view.centerOn(start)
    held = Qt.MouseButton.LeftButton
    send(window, QEvent.Type.MouseButtonPress, start, held)
    send(window, QEvent.Type.MouseMove, start + QPointF(3 * COUNTER_SIZE, 0), held)
    assert window.drag.carried == ("tank", "mech")  # the gesture under way
    send(window, QEvent.Type.MouseMove, start + QPointF(1, 0), held)
    send(window, QEvent.Type.MouseButtonRelease, start + QPointF(1, 0), Qt.MouseButton.NoButton)
    assert window.drag.carried == ()
    assert (hex_of(window, "tank"), hex_of(window, "mech")) == ("2428", "2428")
    assert item.scenePos() == start
