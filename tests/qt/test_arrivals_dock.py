"""The Arrivals dock: units that may come onto the map, dragged from the list to the map
(19.0 reinforcements, 19.12 force pools, 11.7 returns)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QDragMoveEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from owsqt.qt.map.unitmime import ground_units_mime
from owsqt.rules.core.actions import SetUnitStatus
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from tests.qt.tabletools import (
    NO_KEYS,
    carrying,
    drop_from_dock,
    game,
    hex_of,
    walk_to,
    window_for,
    with_reinforcement,
)

ENTRY = "3040"  # where the 1111 AT Rgt comes in on turn 1


def arrivals_table(qtbot, ruleset, mode=Mode.STRICT, turn=1):
    rules = with_reinforcement(ruleset, "at", ENTRY, turn)
    session = game(rules, mode, soviet={"rifle": "2434"}, german={"tank": "2438"})
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    return window_for(qtbot, rules, session)


def test_19_0_the_dock_lists_the_acting_players_reinforcements_with_their_entry(qtbot, ruleset):
    window = arrivals_table(qtbot, ruleset)
    dock = window.findChild(QDockWidget, "arrivalsDock")
    assert dock is not None and window.tabifiedDockWidgets(dock)  # a tab beside the others
    group = window.arrivals.topLevelItem(0)
    assert group.text(0) == f"Turn 1 reinforcements (19.0)\nat {ENTRY}"
    assert group.child(0).text(0) == "1111 AT Rgt (4-8)"
    assert window.arrivals.units_of([group]) == ("at",)
    assert window.arrivals.mimeData([group.child(0)]).hasFormat("application/x-owsqt-ground-units")


def test_19_0_dragging_a_reinforcement_onto_its_entry_hex_enters_it(qtbot, ruleset):
    window = arrivals_table(qtbot, ruleset)
    entry = window.ruleset.grid.hex_of(ENTRY)
    with carrying(window, ("at",), ENTRY) as carried:
        assert window.moves.entry_shading.hexes == {entry}  # lit while the units are carried
        assert entry in window.moves.shading.hexes
        carried.drop()
    assert hex_of(window, "at") == ENTRY
    action = window.session.entries[-1].action
    assert (action["kind"], action["units"], action["path"]) == ("move", ["at"], [ENTRY])
    assert not window.moves.entry_shading.hexes
    assert window.arrivals.unit_item("at") is None  # on the map: no longer waiting


def test_19_0_a_carried_drag_that_leaves_the_map_sends_no_later_drag_to_its_window(qtbot, ruleset):
    """A drag carried and not dropped ends with a leave: the shading goes, and a drag move
    sent anywhere later (here to a widget that refuses drops) reaches no view of this
    window. Qt sends later drag moves to the widget that last took one in; a drag left in
    the air sent them to a closed window of an earlier test and crashed CI."""
    window = arrivals_table(qtbot, ruleset)
    with carrying(window, ("at",), ENTRY) as carried:
        assert carried.taken and window.moves.entry_shading.hexes
    assert not window.moves.entry_shading.hexes
    window.close()
    reports: list[object] = []
    window.view.pointer_moved.connect(lambda *args: reports.append(args))
    other = QWidget()
    qtbot.addWidget(other)
    mime = ground_units_mime(("at",))  # what the view would take, were it sent there
    move, left = Qt.DropAction.MoveAction, Qt.MouseButton.LeftButton
    QApplication.sendEvent(other, QDragMoveEvent(QPoint(3, 3), move, mime, left, NO_KEYS))
    assert reports == []


def test_19_0_a_drop_beyond_the_entry_hex_enters_there_and_moves_on(qtbot, ruleset):
    window = arrivals_table(qtbot, ruleset)
    drop_from_dock(window, ("at",), "3042")
    assert hex_of(window, "at") == "3042"
    path = window.session.entries[-1].action["path"]
    assert path[0] == ENTRY and path[-1] == "3042" and len(path) == 3


def test_19_0_strict_refuses_a_reinforcement_before_its_turn(qtbot, ruleset):
    window = arrivals_table(qtbot, ruleset, turn=2)
    item = window.arrivals.unit_item("at")
    assert item.text(0).endswith("(turn 2)")
    drop_from_dock(window, ("at",), ENTRY)
    assert window.session.state.units["at"].hex is None
    assert "19.0" in window.statusBar().currentMessage()


def test_19_0_in_free_play_a_drop_from_the_dock_places_the_unit_by_hand(qtbot, ruleset):
    window = arrivals_table(qtbot, ruleset, Mode.FREE)
    drop_from_dock(window, ("at",), "2839")
    assert hex_of(window, "at") == "2839"
    assert window.session.entries[-1].action["kind"] == "place"


def test_11_7_a_unit_back_from_off_the_map_is_listed_with_its_exit_hex(qtbot, ruleset):
    session = game(ruleset, Mode.FREE, soviet={"rifle": "2434"}, german={"tank": "2438"})
    walk_to(session, Segment.NON_MECHANIZED_MOVEMENT, Player.SOVIET)
    exit_hex = ruleset.grid.hex_of("2430")
    session.submit(
        SetUnitStatus(units=("rifle",), status=UnitStatus.OFF_MAP_RETURN, return_hex=exit_hex)
    )
    window = window_for(qtbot, ruleset, session)
    group = window.arrivals.topLevelItem(0)
    assert group.text(0) == "Back from off the map (11.7)\nat 2430"
    assert window.arrivals.units_of([group]) == ("rifle",)
