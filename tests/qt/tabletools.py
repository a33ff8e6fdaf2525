"""Helpers for table tests: games walked to a step, and the mouse on the map view."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QMouseEvent,
)
from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.map.unitmime import ground_units_mime
from owsqt.rules.core.actions import DeclareAttacks, EndStep, PlaceUnits
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.turntrack import Reinforcement, TurnRecord
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.session import GameSession, new_game
from tests.airsteps import allocate_nothing

NO_KEYS = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def with_reinforcement(ruleset, unit_id: str, hex_id: str, turn: int = 1):
    """The small ruleset with a Turn Record Track that brings `unit_id` in at `hex_id`."""
    player = ruleset.catalogue.ground[unit_id].player
    arrival = Reinforcement(player, (unit_id,), None, 0, None, hex_id)
    track = tuple(
        TurnRecord(n, f"AM {11 + n} December 1942", "clear", "passable",
                   reinforcements=(arrival,) if n == turn else ())
        for n in range(1, 4)
    )  # fmt: skip
    return replace(ruleset, turn_record_track=track)


def game(ruleset, mode=Mode.STRICT, soviet=None, german=None, seed=5) -> GameSession:
    """A game of the test scenario set up with `soviet` and `german` ({unit: hex id})."""
    session = new_game(ruleset, "test", mode, seed=seed)
    for placements in (soviet or {}, german or {}):  # the Soviet player sets up first
        for unit_id, hex_id in placements.items():
            session.submit(PlaceUnits(units=(unit_id,), to=ruleset.grid.hex_of(hex_id)))
        session.submit(EndStep())
    return session


def walk_to(session: GameSession, segment: Segment, player: Player | None = None) -> None:
    """End steps (declaring no attacks for the initiative) until `segment` of `player`."""
    for _ in range(60):
        state = session.state
        if state.segment == segment and (player is None or state.active is player):
            return
        if state.segment == Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
            for bidder in Player:
                if bidder not in state.initiative.planned_attacks:
                    session.submit(DeclareAttacks(player=bidder, planned=0))
            continue
        allocate_nothing(session)
        outcome = session.submit(EndStep())
        assert outcome.applied, outcome.verdict
    raise AssertionError(f"never reached {segment} of {player}")


def window_for(qtbot, ruleset, session: GameSession) -> MainWindow:
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    return window


def centre(window, hex_id: str) -> QPointF:
    return QPointF(*SCENE_LAYOUT.center(window.ruleset.grid.hex_of(hex_id)))


def send(window, kind, scene_point: QPointF, buttons, modifiers=NO_KEYS) -> None:
    viewport = window.view.viewport()
    local = QPointF(window.view.mapFromScene(scene_point))
    global_ = QPointF(viewport.mapToGlobal(local.toPoint()))
    event = QMouseEvent(kind, local, global_, Qt.MouseButton.LeftButton, buttons, modifiers)
    QApplication.sendEvent(viewport, event)


def hover(window, hex_id: str) -> None:
    """The pointer over a hex, no button held."""
    point = centre(window, hex_id)
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton)


def click(window, unit_id: str) -> None:
    point = window.counters.item_for(unit_id).scenePos()
    window.view.centerOn(point)
    send(window, QEvent.Type.MouseButtonPress, point, Qt.MouseButton.LeftButton)
    send(window, QEvent.Type.MouseButtonRelease, point, Qt.MouseButton.NoButton)


def press_and_move(window, unit_id: str, hex_id: str, modifiers=NO_KEYS) -> QPointF:
    """Grip a counter by its lower right corner and carry it over `hex_id`, not dropping."""
    item = window.counters.item_for(unit_id)
    corner = COUNTER_SIZE / 2 - 1.5
    start = item.scenePos() + QPointF(corner, corner)
    window.view.centerOn(start)
    end = centre(window, hex_id)
    held = Qt.MouseButton.LeftButton
    send(window, QEvent.Type.MouseButtonPress, start, held, modifiers)
    send(window, QEvent.Type.MouseMove, (start + end) / 2, held, modifiers)
    send(window, QEvent.Type.MouseMove, end, held, modifiers)
    return end


def drag(window, unit_id: str, hex_id: str, modifiers=NO_KEYS) -> None:
    end = press_and_move(window, unit_id, hex_id, modifiers)
    send(window, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton, modifiers)


class Carried:
    """A drag of units from a dock held over the map view: `taken` when the view took it
    in (a held table refuses it), `drop()` to let go over the hex it was carried to."""

    def __init__(self, viewport, at: QPointF, mime) -> None:
        self.viewport, self.at, self.mime = viewport, at, mime
        self.taken = self.dropped = False

    def send(self, kind: type, point: QPoint | QPointF) -> bool:
        held = Qt.MouseButton.LeftButton
        event = kind(point, Qt.DropAction.MoveAction, self.mime, held, NO_KEYS)
        QApplication.sendEvent(self.viewport, event)
        return event.isAccepted()

    def drop(self) -> None:
        assert self.taken, "the view refused the drag: there is nothing to drop"
        self.send(QDropEvent, self.at)
        self.dropped = True


@contextmanager
def carrying(window, units: tuple[str, ...], hex_id: str) -> Iterator[Carried]:
    """Units carried from a dock over the map to `hex_id`, for the block; the drag leaves
    the map when it ends unless dropped.

    As a real drag, every one ends with a leave or a drop: Qt's drag manager keeps the
    widget that last took a drag in as the target of later drag moves, even in another
    window. A drag left in the air by one test sent a later test's moves to the closed
    window of the first (a fresh-clone CI run crashed so in test_fog_curtain.py)."""
    point = centre(window, hex_id)
    window.view.centerOn(point)
    mime = ground_units_mime(units)
    # The data lives as long as the window: the view may read a drag's data after its events.
    window.__dict__.setdefault("_dragged_mimes", []).append(mime)
    carried = Carried(window.view.viewport(), QPointF(window.view.mapFromScene(point)), mime)
    carried.taken = carried.send(QDragEnterEvent, QPoint(5, 5))  # in at the view's edge
    if not carried.taken:  # refused: the platform sends it no moves and no leave
        yield carried
        return
    carried.send(QDragMoveEvent, carried.at.toPoint())
    try:
        yield carried
    finally:
        if not carried.dropped:
            QApplication.sendEvent(carried.viewport, QDragLeaveEvent())


def drop_from_dock(window, units: tuple[str, ...], hex_id: str) -> None:
    """Units carried from a dock over the map and dropped on `hex_id` (when the view takes
    them in)."""
    with carrying(window, units, hex_id) as carried:
        if carried.taken:
            carried.drop()


def hex_of(window, unit_id: str) -> str | None:
    hex_ = window.session.state.units[unit_id].hex
    return window.ruleset.grid.id_of(hex_) if hex_ is not None else None
