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

from owsqt.qt.counters.fan import cascade, fan_half, fan_layout
from owsqt.qt.counters.markers import place_chits
from owsqt.qt.counters.painter import paint_counter
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.counters.unittext import unit_tooltip
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.data.units import UnitDef
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.determination import supply_notes

DRAG_SLOP = 4  # scene units a press may move and still be a click
DRAG_OPACITY = 0.6  # a carried stack, so the path's end and the hex show through it
COUNTER_Z = 10.0  # above the map (-100), below dialogs' highlights


class CounterItem(QGraphicsObject):
    """One ground unit. Dragging moves the whole stack of the hex under the pointer; with
    Shift or Alt held, or out of a fanned stack, only this unit."""

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
        """A press takes the stack of the hex under the pointer (the units of it that may move
        now); one unit alone with Shift or Alt held, or out of a stack fanned out."""
        alone = bool(
            event.modifiers()
            & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier)
        )
        group = self.layer.pick(self, event.scenePos(), alone)
        self._drag = _Drag(group, event.scenePos(), [item.pos() for item in group])
        for item in group:
            item.setZValue(COUNTER_Z + 1000 + item.zValue())
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A double click fans the stack out in its hex, to pick its units one by one (or
        gathers it again)."""
        self.layer.toggle_fan(self.layer.hex_under(self, event.scenePos()))
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
                item.setScale(1.0)  # a unit picked out of a fan is carried at full size
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
            self.layer.clicked(self.layer.hex_under(self, drag.start))  # a click, not a drag
            return
        self.layer.request_move(tuple(item.unit.id for item in drag.items), target)


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
        self.expanded: Hex | None = None  # the stack fanned out so every unit shows
        # Which units of a stack a drag picks up (under the rules: those that may move now);
        # None or an empty answer: the whole stack.
        self.stack_filter: Callable[[Hex, tuple[str, ...]], tuple[str, ...]] | None = None

    @property
    def state(self) -> GameState | None:
        """The state the counters show (the past one during a replay)."""
        return self._state

    def sync(self, state: GameState) -> None:
        """Create, move, repaint and remove items so the scene shows `state`."""
        self._state = state
        shown = set()
        fanned = (
            self.expanded if len(state.stack(self.expanded) if self.expanded else ()) > 1 else None
        )
        for hex_, stack in state.stacks.items():
            centre = QPointF(*SCENE_LAYOUT.center(hex_))
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
                item.setScale(1.0)
                item.setPos(cascade(centre, index, len(stack)))
                # The top unit on top; a fanned stack above every other counter.
                item.setZValue(COUNTER_Z + len(stack) - index + (500 if hex_ == fanned else 0))
                shown.add(unit_id)
        for unit_id in [u for u in self.items if u not in shown]:
            self.scene.removeItem(self.items.pop(unit_id))
        if fanned is not None:
            self._fan(state, fanned)
        self._tooltips(state)

    def _fan(self, state: GameState, hex_: Hex) -> None:
        """Lay the stack on `hex_` out in a grid inside its hex, clear of its neighbours."""
        centre = QPointF(*SCENE_LAYOUT.center(hex_))
        near = [
            self.items[u].mapRectToScene(
                self.items[u].boundingRect() | self.items[u].childrenBoundingRect()
            )
            for other, stack in state.stacks.items()
            if other != hex_ and distance(other, hex_) <= 2
            for u in stack
            if u in self.items
        ]
        stack = state.stack(hex_)
        points, scale = fan_layout(centre, len(stack), fan_half(centre, near))
        for unit_id, point in zip(stack, points, strict=True):
            item = self.items[unit_id]
            item.setScale(scale)
            item.setPos(point)

    def _tooltips(self, state: GameState) -> None:
        """Each counter's type, factors, strength, supply (with why, 14.2-14.4) and markers;
        worked out once for each state, not at every redraw."""
        if state is self._tipped:
            return
        self._tipped = state
        notes = supply_notes(self.ruleset, state)
        for unit_id, item in self.items.items():
            item.setToolTip(unit_tooltip(item.unit, state.units.get(unit_id), notes.get(unit_id)))

    def clicked(self, hex_: Hex | None) -> None:
        """A click on a stack selects its hex (its reach shows); a fan elsewhere gathers."""
        if self.expanded is not None and hex_ != self.expanded:
            self.expanded = None
            self.restore()
        self.hex_selected.emit(hex_)

    def toggle_fan(self, hex_: Hex | None) -> None:
        """Fan the stack on `hex_` out (or gather it when it is fanned), and select it."""
        self.expanded = None if hex_ == self.expanded else hex_
        self.restore()
        self.hex_selected.emit(hex_)

    def hex_under(self, item: CounterItem, point: QPointF) -> Hex | None:
        """The hex a press at `point` on `item` is about: the hex under the pointer when it
        holds a stack (a neighbour's counter may overhang it), else the item's own."""
        hex_ = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        if self._state is not None and self._state.stack(hex_):
            return hex_
        return self.hex_of(item)

    def pick(self, item: CounterItem, point: QPointF, alone: bool) -> list[CounterItem]:
        """What a press at `point` on `item` takes: the pressed unit out of a fanned stack;
        else the stack of the hex under the pointer (its movable units, see stack_items),
        or with `alone` its unit under the pointer only."""
        own = self.hex_of(item)
        if own is not None and own == self.expanded:
            return [item]
        hex_ = self.hex_under(item, point)
        if hex_ != own and hex_ is not None and self._state is not None:
            item = self.items.get(self._state.stack(hex_)[0], item)  # that hex's top unit
        return [item] if alone else self.stack_items(item)

    def restore(self) -> None:
        """Put every counter back where the state has it (after a refused or empty drag)."""
        if self._state is not None:
            self.sync(self._state)

    def stack_items(self, item: CounterItem) -> list[CounterItem]:
        """The items of the stack `item` belongs to, top first: those the stack filter picks
        (the units that may move now), or all when it picks none."""
        state = self._state
        if state is None:
            return [item]
        unit = state.units[item.unit.id]
        if unit.status is not UnitStatus.ON_MAP or unit.hex is None:
            return [item]
        stack = state.stack(unit.hex)
        picked = self.stack_filter(unit.hex, stack) if self.stack_filter else ()
        return [self.items[u] for u in picked or stack if u in self.items]

    def hex_of(self, item: CounterItem) -> Hex | None:
        unit = self._state.units.get(item.unit.id) if self._state else None
        return unit.hex if unit is not None else None

    def request_move(self, units: tuple[str, ...], target: Hex) -> None:
        self.move_requested.emit(units, target)

    def item_for(self, unit_id: str) -> CounterItem | None:
        return self.items.get(unit_id)
