"""Stacks under the mouse (issue 20): a press takes the stack of the hex under the pointer,
a fanned stack stays clear of its neighbours, the stack viewer shows a hex's units large
and goes at a drop, and a counter's tooltip says what it is."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication

from owsqt.qt.counters.fan import fan_half, fan_layout
from owsqt.qt.counters.stackviewer import HOVER_DELAY_MS
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game
from tests.qt.tabletools import centre, hex_of, send, window_for
from tests.qt.test_view_zoom import wheel

HELD, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
# A stack of four with a stack of two on every side of it but one.
STACKS = {
    "2428": ("tank", "mech", "mot6", "mot5"),
    "2427": ("rifle", "at"),
    "2528": ("art",),
    "2529": ("hq57",),
}
FAR = "2032"  # an empty hex a few hexes away


def crowded(qtbot, ruleset):
    session = new_game(ruleset, "test", Mode.FREE, seed=2)
    for hex_id, units in STACKS.items():
        session.submit(PlaceUnits(units=units, to=ruleset.grid.hex_of(hex_id)))
    window = window_for(qtbot, ruleset, session)
    window.resize(1400, 900)
    window.refresh()
    return window


def drag_from(window, start: QPointF, hex_id: str, modifiers=Qt.KeyboardModifier.NoModifier):
    window.view.centerOn(start)
    end = centre(window, hex_id)
    send(window, QEvent.Type.MouseButtonPress, start, HELD, modifiers)
    send(window, QEvent.Type.MouseMove, (start + end) / 2, HELD, modifiers)
    send(window, QEvent.Type.MouseMove, end, HELD, modifiers)
    send(window, QEvent.Type.MouseButtonRelease, end, NONE, modifiers)


def fan_out(window, hex_id: str) -> None:
    point = centre(window, hex_id)
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, HELD)
    send(window, QEvent.Type.MouseButtonRelease, point, NONE)
    send(window, QEvent.Type.MouseButtonDblClick, point, HELD)
    send(window, QEvent.Type.MouseButtonRelease, point, NONE)


def outline(item) -> QRectF:
    """A counter's rect on the map with the marker chits on its edge."""
    return item.mapRectToScene(item.boundingRect() | item.childrenBoundingRect())


def test_a_press_at_the_centre_of_a_hex_drags_that_hexs_whole_stack(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    for hex_id, units in STACKS.items():
        drag_from(window, centre(window, hex_id), FAR)
        assert [hex_of(window, u) for u in units] == [FAR] * len(units), hex_id
        window.undo_action.trigger()


def test_a_press_on_a_neighbours_overhanging_counter_takes_the_stack_under_the_pointer(
    qtbot, ruleset
):
    window = crowded(qtbot, ruleset)
    # The lowest of the four counters on 2428 reaches over its hex's edge into 2529.
    bottom = window.counters.item_for("mot5")
    corner = bottom.sceneBoundingRect().bottomRight() - QPointF(1.0, 1.0)
    assert SCENE_LAYOUT.hex_at_point(corner.x(), corner.y()) == ruleset.grid.hex_of("2529")
    assert window.view.scene().itemAt(corner, window.view.transform()) is bottom
    drag_from(window, corner, FAR)
    assert hex_of(window, "hq57") == FAR
    assert [hex_of(window, u) for u in STACKS["2428"]] == ["2428"] * 4


def test_shift_drag_from_the_centre_takes_the_top_unit_alone(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    drag_from(window, centre(window, "2428"), FAR, Qt.KeyboardModifier.ShiftModifier)
    assert hex_of(window, "tank") == FAR
    assert [hex_of(window, u) for u in ("mech", "mot6", "mot5")] == ["2428"] * 3


def test_a_fanned_stack_never_covers_a_neighbouring_hexs_stack(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    fan_out(window, "2428")
    assert window.counters.expanded == ruleset.grid.hex_of("2428")
    fanned = [window.counters.item_for(u) for u in STACKS["2428"]]
    others = [window.counters.item_for(u) for h, us in STACKS.items() if h != "2428" for u in us]
    for item in fanned:
        assert item.scale() < 1.0
        for other in others:
            assert not outline(item).intersects(outline(other)), (item.unit.id, other.unit.id)
    for a in fanned:  # and every unit of the fan shows, none under another
        assert sum(a.sceneBoundingRect().intersects(b.sceneBoundingRect()) for b in fanned) == 1


def test_a_drag_out_of_the_fan_takes_one_unit_and_the_fan_gathers(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    fan_out(window, "2428")
    drag_from(window, window.counters.item_for("mot6").scenePos(), FAR)
    assert hex_of(window, "mot6") == FAR
    assert [hex_of(window, u) for u in ("tank", "mech", "mot5")] == ["2428"] * 3
    send(window, QEvent.Type.MouseButtonPress, centre(window, "2427"), HELD)
    send(window, QEvent.Type.MouseButtonRelease, centre(window, "2427"), NONE)
    assert window.counters.expanded is None  # a click elsewhere gathers the fan
    assert window.counters.item_for("tank").scale() == 1.0


def rest_on(qtbot, window, hex_id: str) -> None:
    point = centre(window, hex_id)
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseMove, point, NONE)


def test_resting_on_a_stack_shows_every_unit_of_the_hex_in_the_viewer(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    viewer = window.stack_viewer
    rest_on(qtbot, window, "2428")
    assert not viewer.isVisible()  # not at once: only when the pointer rests
    qtbot.waitUntil(viewer.isVisible, timeout=HOVER_DELAY_MS * 4)
    assert viewer.units == STACKS["2428"]
    assert window.view.viewport().geometry().contains(viewer.geometry())
    rest_on(qtbot, window, "2329")  # an empty hex: nothing to show
    assert not viewer.isVisible()


def test_the_viewer_goes_at_a_drop_and_stays_gone(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    viewer = window.stack_viewer
    rest_on(qtbot, window, "2428")
    qtbot.waitUntil(viewer.isVisible, timeout=HOVER_DELAY_MS * 4)
    drag_from(window, centre(window, "2428"), FAR)
    assert hex_of(window, "tank") == FAR
    assert not viewer.isVisible()
    qtbot.wait(HOVER_DELAY_MS * 2)  # the pointer rests on the dropped stack: still gone
    assert not viewer.isVisible()
    assert not window.moves.bill.isVisible()


def test_the_viewer_stays_inside_the_view_near_its_corner(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    viewer = window.stack_viewer
    area = window.view.viewport().geometry()
    hex_ = ruleset.grid.hex_of("2428")
    viewer.show_hex(hex_, area.bottomRight())
    assert area.contains(viewer.geometry())
    viewer.show_hex(hex_, area.topLeft())
    assert area.contains(viewer.geometry())


def test_a_counters_tooltip_gives_type_factors_strength_supply_and_markers(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    tip = window.counters.item_for("tank").toolTip()
    assert tip.startswith("I/11 Pz (12-10)\n")
    for words in (
        "German army tank battalion",
        "combat 12, proficiency 8, movement 10, stacking 6",
        "strength 12 of 12",
        "in regular supply (14.2)",
        "no markers",
        "Shift or Alt+drag",
    ):
        assert words in tip


def test_the_fan_layout_keeps_clear_of_rects_on_every_side(qtbot):
    middle = QPointF(100, 100)
    hexes = [(q, r, -q - r) for q in (-1, 0, 1) for r in (-1, 0, 1) if abs(q + r) <= 1]
    near = []
    for h in hexes:
        if distance(h, (0, 0, 0)) == 1:
            x, y = SCENE_LAYOUT.center(h)
            near.append(QRectF(100 + x - 25, 100 + y - 25, 50, 50))  # deep stacks all round
    half = fan_half(middle, near)
    points, scale = fan_layout(middle, 7, half)
    for point in points:
        size = 40 * scale
        rect = QRectF(point.x() - size / 2, point.y() - size / 2, size, size)
        assert not any(rect.intersects(r) for r in near)


def test_the_viewer_goes_at_a_wheel_turn_and_holds_back_the_counters_tooltip(qtbot, ruleset):
    window = crowded(qtbot, ruleset)
    viewer, viewport = window.stack_viewer, window.view.viewport()
    rest_on(qtbot, window, "2428")
    qtbot.waitUntil(viewer.isVisible, timeout=HOVER_DELAY_MS * 4)
    at = window.view.mapFromScene(centre(window, "2428"))
    tip = QHelpEvent(QEvent.Type.ToolTip, at, viewport.mapToGlobal(at))
    assert viewer.eventFilter(viewport, tip)  # swallowed: the viewer shows it all
    wheel(window.view, QPoint(at), -1)
    assert not viewer.isVisible()
    assert not viewer.eventFilter(viewport, tip)  # gone: the tooltip may show again
    QApplication.processEvents()
