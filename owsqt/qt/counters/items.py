"""Counters on the map: one item per unit, stacked on its hex, dragged by the player.

The layer mirrors the session's state (Orange Canvas style): `sync(state)` makes
the items match it, and a drag only proposes a move; the window turns it into
an action (PlaceUnits in free play, MoveStack under the rules), and the next sync
puts every counter where the rules say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
from owsqt.qt.counters.hidden import HiddenItem
from owsqt.qt.counters.markers import place_chits
from owsqt.qt.counters.painter import paint_counter
from owsqt.qt.counters.style import COUNTER_SIZE
from owsqt.qt.counters.unittext import unit_tooltip
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitDef
from owsqt.rules.fog.view import SideView, whole
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
        if not self._drag.items:
            return  # nothing of this stack may be picked up (18.1: an enemy stack)
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
        near = abs(moved.x()) + abs(moved.y()) < DRAG_SLOP
        if not drag.items or (near and not drag.announced):
            self.layer.clicked(self.layer.hex_under(self, drag.start))  # a click, not a drag
            return
        # a drag, even one carried back to where it began: its gesture ends in a drop
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
        self.hidden_items: dict[Hex, HiddenItem] = {}  # 18.1: placeholders of hidden units
        self._state: GameState | None = None  # what the counters show
        self._full: GameState | None = None  # the whole state they show it of
        self.seen: SideView | None = None  # what the viewer may see of `_full` (18.1)
        self._tipped: tuple[GameState | None, Player | None] | None = None  # tooltips' state
        self.expanded: Hex | None = None  # the stack fanned out so every unit shows
        # Which units of a stack a drag picks up (under the rules: those that may move now);
        # None or an empty answer: the whole stack.
        self.stack_filter: Callable[[Hex, tuple[str, ...]], tuple[str, ...]] | None = None

    @property
    def state(self) -> GameState | None:
        """The state the counters show (the past one during a replay): with fog of war, what
        the viewer may see of it (18.1), hidden enemy units taken out."""
        return self._state

    def occupied(self, hex_: Hex | None) -> bool:
        """Whether the table shows counters on `hex_` (units, or hidden ones' placeholder)."""
        state = self._state
        return (
            hex_ is not None
            and state is not None
            and (bool(state.stack(hex_)) or hex_ in self.hidden)
        )

    @property
    def hidden(self) -> Mapping[Hex, int]:
        """[18.1] The enemy counters the viewer may not see, per hex."""
        return self.seen.hidden if self.seen is not None else {}

    @property
    def viewer(self) -> Player | None:
        """The side the counters are drawn for (None: everything shows)."""
        return self.seen.side if self.seen is not None else None

    def sync(self, state: GameState, seen: SideView | None = None) -> None:
        """Create, move, repaint and remove items so the scene shows `state` as `seen` lets
        its viewer see it (18.1; all of it when None): hidden enemy units get no item, each
        hex of theirs a placeholder under its shown top unit, or alone."""
        seen = seen if seen is not None else whole(state)
        self._full, self.seen = state, seen
        shows = self._state = seen.state
        shown = set()
        fanned = self.expanded if self._slots(self.expanded) > 1 else None
        for hex_, stack in shows.stacks.items():
            centre = QPointF(*SCENE_LAYOUT.center(hex_))
            slots = self._slots(hex_)
            for index, unit_id in enumerate(stack):
                item = self.items.get(unit_id)
                if item is None:
                    item = CounterItem(self, self.ruleset.catalogue.ground[unit_id])
                    self.items[unit_id] = item
                    self.scene.addItem(item)
                unit_state = shows.units[unit_id]
                if item.state != unit_state:
                    item.state = unit_state
                    place_chits(item, item.unit, unit_state)
                    item.update()
                item.setScale(1.0)
                item.setPos(cascade(centre, index, slots))
                item.setCursor(
                    Qt.CursorShape.OpenHandCursor
                    if seen.side in (None, item.unit.player)
                    else Qt.CursorShape.ArrowCursor  # 18.1: an enemy counter is not picked up
                )
                # The top unit on top; a fanned stack above every other counter.
                item.setZValue(COUNTER_Z + slots - index + (500 if hex_ == fanned else 0))
                shown.add(unit_id)
        for unit_id in [u for u in self.items if u not in shown]:
            self.scene.removeItem(self.items.pop(unit_id))
        self._place_hidden(fanned)
        if fanned is not None:
            self._fan(fanned)
        self._tooltips()

    def _slots(self, hex_: Hex | None) -> int:
        """The counters the table shows on `hex_`: its shown units and the placeholder."""
        if hex_ is None or self._state is None:
            return 0
        return len(self._state.stack(hex_)) + (1 if hex_ in self.hidden else 0)

    def _place_hidden(self, fanned: Hex | None) -> None:
        """[18.1] One placeholder per hex holding counters the viewer may not see, the last
        of its cascade (under the shown top unit), its count on the cascade's edge."""
        hidden = self.hidden
        for gone in [self.hidden_items.pop(h) for h in list(self.hidden_items) if h not in hidden]:
            self.scene.removeItem(gone.badge)
            self.scene.removeItem(gone)
        side = self.viewer
        if side is None:
            return
        for hex_, count in hidden.items():
            item = self.hidden_items.get(hex_)
            if item is None:
                item = HiddenItem(hex_, side.opponent, count, self.clicked, self.toggle_fan)
                self.hidden_items[hex_] = item
                self.scene.addItem(item)
                self.scene.addItem(item.badge)
            elif item.count != count or item.side is not side.opponent:
                item.side = side.opponent
                item.set_count(count)
            slots = self._slots(hex_)
            raised = 500 if hex_ == fanned else 0
            item.setScale(1.0)
            item.setPos(cascade(QPointF(*SCENE_LAYOUT.center(hex_)), slots - 1, slots))
            item.setZValue(COUNTER_Z + 1 + raised)
            corner = COUNTER_SIZE / 2 - 1
            item.badge.setPos(item.pos() + QPointF(corner, corner))
            item.badge.setZValue(COUNTER_Z + slots + 1 + raised)
            item.badge.setVisible(slots > 1 and hex_ != fanned)

    def _fan(self, hex_: Hex) -> None:
        """Lay the stack on `hex_` out in a grid inside its hex, clear of its neighbours."""
        state = self._state
        assert state is not None
        centre = QPointF(*SCENE_LAYOUT.center(hex_))
        near = [
            item.mapRectToScene(item.boundingRect() | item.childrenBoundingRect())
            for item in self._hex_items()
            if (other := self._hex_of_item(item)) is not None
            and other != hex_
            and distance(other, hex_) <= 2
        ]
        items: list[QGraphicsObject] = [self.items[u] for u in state.stack(hex_)]
        placeholder = self.hidden_items.get(hex_)
        if placeholder is not None:
            items.append(placeholder)
        points, scale = fan_layout(centre, len(items), fan_half(centre, near))
        for item, point in zip(items, points, strict=True):
            item.setScale(scale)
            item.setPos(point)

    def _hex_items(self) -> list[QGraphicsObject]:
        return [*self.items.values(), *self.hidden_items.values()]

    def _hex_of_item(self, item: QGraphicsObject) -> Hex | None:
        if isinstance(item, HiddenItem):
            return item.hex
        assert isinstance(item, CounterItem)
        return self.hex_of(item)

    def _tooltips(self) -> None:
        """Each counter's type, factors, strength, supply (with why, 14.2-14.4) and markers;
        worked out once for each state, not at every redraw. Why a unit is out of supply is
        traced on the whole state and told of the viewer's own units only (18.1)."""
        state, side = self._state, self.viewer
        tipped = self._tipped
        if state is None or (tipped and tipped[0] is self._full and tipped[1] is side):
            return
        self._tipped = (self._full, side)
        notes = supply_notes(self.ruleset, self._full) if self._full is not None else {}
        for unit_id, item in self.items.items():
            note = notes.get(unit_id) if side is None or item.unit.player is side else None
            item.setToolTip(unit_tooltip(item.unit, state.units.get(unit_id), note))

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
        if self.occupied(hex_):
            return hex_
        return self.hex_of(item)

    def pick(self, item: CounterItem, point: QPointF, alone: bool) -> list[CounterItem]:
        """What a press at `point` on `item` takes: the pressed unit out of a fanned stack;
        else the stack of the hex under the pointer (its movable units, see stack_items),
        or with `alone` its unit under the pointer only. With fog of war only the viewer's
        own units (18.1): a press on an enemy stack takes nothing."""
        own = self.hex_of(item)
        if own is not None and own == self.expanded:
            picked = [item]
        else:
            hex_ = self.hex_under(item, point)
            stack = self._state.stack(hex_) if self._state is not None and hex_ is not None else ()
            if hex_ != own and stack:
                item = self.items.get(stack[0], item)  # that hex's top unit
            picked = [item] if alone else self.stack_items(item)
        side = self.viewer
        return [i for i in picked if side is None or i.unit.player is side]

    def restore(self) -> None:
        """Put every counter back where the state has it (after a refused or empty drag)."""
        if self._full is not None:
            self.sync(self._full, self.seen)

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
