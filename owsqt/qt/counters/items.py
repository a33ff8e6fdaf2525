"""Counters on the map: one item per unit, stacked on its hex, dragged by the player.

The layer mirrors the session's state (Orange Canvas style): `sync(state)` makes
the items match it, and a drag only proposes a move; the window turns it into
an action (PlaceUnits in free play, MoveStack under the rules), and the next sync
puts every counter where the rules say.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from owsqt.qt.counters.markers import place_chits
from owsqt.qt.counters.painter import paint_counter
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.data.units import UnitDef
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.determination import supply_notes

DRAG_SLOP = 4  # scene units a press may move and still be a click
DRAG_OPACITY = 0.6  # a carried stack, so the path's end and the hex show through it
STACK_STEP = 3.5  # scene units each unit lower in a stack shows down and to the right
COUNTER_Z = 10.0  # above the map (-100), below dialogs' highlights


class CounterItem(QGraphicsObject):
    """One ground unit. Dragging moves its whole stack; with Shift held, only this unit."""

    def __init__(self, layer: CounterLayer, unit: UnitDef) -> None:
        super().__init__()
        self.layer = layer
        self.unit = unit
        self.state: UnitState | None = None
        self._drag: _Drag | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(unit.name)

    def boundingRect(self) -> QRectF:
        half = COUNTER_SIZE / 2
        return QRectF(-half, -half, COUNTER_SIZE, COUNTER_SIZE)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_counter(painter, self.boundingRect(), self.unit, self.state)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # One unit alone: with Shift held, or out of a stack spread open by a click.
        alone = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier) or (
            self.layer.expanded is not None and self.layer.expanded == self.layer.hex_of(self)
        )
        group = [self] if alone else self.layer.stack_items(self)
        self._drag = _Drag(group, event.scenePos(), [item.pos() for item in group])
        for item in group:
            item.setZValue(COUNTER_Z + 1000 + item.zValue())
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        self.layer.context_requested.emit(self.unit.id, event.screenPos())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._drag is None:
            return
        delta = event.scenePos() - self._drag.start
        if not self._drag.announced and abs(delta.x()) + abs(delta.y()) >= DRAG_SLOP:
            self._drag.announced = True
            for item in self._drag.items:  # the hex under the carried stack shows through
                item.setOpacity(DRAG_OPACITY)
            self.layer.drag_started.emit(tuple(item.unit.id for item in self._drag.items))
        for item, origin in zip(self._drag.items, self._drag.origins, strict=True):
            item.setPos(origin + delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        drag, self._drag = self._drag, None
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        if drag is None:
            return
        for item in drag.items:
            item.setOpacity(1.0)
        target = SCENE_LAYOUT.hex_at_point(event.scenePos().x(), event.scenePos().y())
        moved = event.scenePos() - drag.start
        if abs(moved.x()) + abs(moved.y()) < DRAG_SLOP:
            self.layer.clicked(self)  # a click, not a drag
            return
        self.layer.request_move(tuple(item.unit.id for item in drag.items), target)


def _place_in_stack(centre: tuple[float, float], index: int, count: int, spread: bool) -> QPointF:
    """Where the `index`-th unit of a stack of `count` sits: cascaded, or in rows of four
    beside each other when the stack is spread out."""
    x, y = centre
    if not spread:
        offset = -(count - 1) * STACK_STEP / 2 + index * STACK_STEP
        return QPointF(x + offset, y + offset)
    per_row = min(count, 4)
    rows = (count + per_row - 1) // per_row
    step = COUNTER_SIZE + 2
    column, row = index % per_row, index // per_row
    return QPointF(x + (column - (per_row - 1) / 2) * step, y + (row - (rows - 1) / 2) * step)


class _Drag:
    def __init__(self, items: list[CounterItem], start: QPointF, origins: list[QPointF]) -> None:
        self.items = items
        self.start = start
        self.origins = origins
        self.announced = False  # drag_started emitted


class CounterLayer(QObject):
    """All counter items of the scene, kept equal to the game state."""

    move_requested = Signal(tuple, object)  # unit ids, target Hex
    hex_selected = Signal(object)  # the Hex whose stack the player clicked
    context_requested = Signal(str, object)  # unit id, screen position (QPoint)
    drag_started = Signal(tuple)  # the unit ids a press has begun to drag

    def __init__(self, scene: QGraphicsScene, ruleset: Ruleset) -> None:
        super().__init__(scene)
        self.scene = scene
        self.ruleset = ruleset
        self.items: dict[str, CounterItem] = {}
        self._state: GameState | None = None
        self._tipped: GameState | None = None  # the state the tooltips were written for
        self.expanded: Hex | None = None  # the stack spread out so every unit shows
        # Which units of a stack a drag picks up (under the rules: those that may move now);
        # None or an empty answer: the whole stack.
        self.stack_filter: Callable[[Hex, tuple[str, ...]], tuple[str, ...]] | None = None

    def sync(self, state: GameState) -> None:
        """Create, move, repaint and remove items so the scene shows `state`."""
        self._state = state
        shown = set()
        for hex_, stack in state.stacks.items():
            centre = SCENE_LAYOUT.center(hex_)
            spread = hex_ == self.expanded and len(stack) > 1
            for index, unit_id in enumerate(stack):
                item = self.items.get(unit_id)
                if item is None:
                    item = CounterItem(self, self.ruleset.catalogue.ground[unit_id])
                    self.items[unit_id] = item
                    self.scene.addItem(item)
                unit_state = state.units[unit_id]
                if item.state != unit_state:
                    item.state = unit_state
                    place_chits(item, item.unit, unit_state)
                    item.update()
                item.setPos(_place_in_stack(centre, index, len(stack), spread))
                # The top unit on top; an expanded stack above every other counter.
                item.setZValue(COUNTER_Z + len(stack) - index + (500 if spread else 0))
                shown.add(unit_id)
        for unit_id in [u for u in self.items if u not in shown]:
            self.scene.removeItem(self.items.pop(unit_id))
        self._tooltips(state)

    def _tooltips(self, state: GameState) -> None:
        """Each counter's name, and for a unit not in regular supply its mode and why
        (14.2-14.4); worked out once for each state, not at every redraw."""
        if state is self._tipped:
            return
        self._tipped = state
        notes = supply_notes(self.ruleset, state)
        for unit_id, item in self.items.items():
            note = notes.get(unit_id)
            item.setToolTip(f"{item.unit.name}\n{note}" if note else item.unit.name)

    def clicked(self, item: CounterItem) -> None:
        """A click on a counter selects its hex and spreads its stack out (or gathers it)."""
        hex_ = self.hex_of(item)
        self.expanded = None if hex_ == self.expanded else hex_
        self.restore()
        self.hex_selected.emit(hex_)

    def restore(self) -> None:
        """Put every counter back where the state has it (after a refused or empty drag)."""
        if self._state is not None:
            self.sync(self._state)

    def stack_items(self, item: CounterItem) -> list[CounterItem]:
        """The items of the stack `item` belongs to, top first: those the stack filter picks
        when `item` is one of them, else all."""
        state = self._state
        if state is None:
            return [item]
        unit = state.units[item.unit.id]
        if unit.status is not UnitStatus.ON_MAP or unit.hex is None:
            return [item]
        stack = state.stack(unit.hex)
        picked = self.stack_filter(unit.hex, stack) if self.stack_filter else ()
        if item.unit.id not in picked:
            picked = stack
        return [self.items[u] for u in picked if u in self.items]

    def hex_of(self, item: CounterItem) -> Hex | None:
        unit = self._state.units.get(item.unit.id) if self._state else None
        return unit.hex if unit is not None else None

    def request_move(self, units: tuple[str, ...], target: Hex) -> None:
        self.move_requested.emit(units, target)

    def item_for(self, unit_id: str) -> CounterItem | None:
        return self.items.get(unit_id)
