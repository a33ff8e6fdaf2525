"""The table side of enforced movement (8.1-8.3): while a stack is selected or dragged, or
units are dragged in from the Arrivals dock, shade where they can go, draw the path to the
hovered hex with its bill (or the hasty attack's, 8.4). What a move would be (its path, its
bill, the rule it breaks) is the rules' move plan (rules/movement/moveplan.py); this module
follows the pointer and draws it. The gesture itself, from the press to the drop and the
action it asks for, is `qt/movement/drag.py: StackDrag`, which shows itself through this.

Only games under the rules (ASSIST, STRICT) after set-up move this way; in free play and
set-up a drop stays a move by hand (PlaceUnits). The shading shows only in the acting
player's movement segments, for his units; a drop anywhere else is still sent to the engine,
which says which rule it breaks.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QPointF
from PySide6.QtWidgets import QGraphicsScene

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.pathitem import PathItem
from owsqt.qt.kit.shading import HexShading
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.map.view import MapView
from owsqt.qt.movement.answers import DropAnswers
from owsqt.qt.movement.bill import MoveBill, bill_html, hasty_html, mp_text
from owsqt.qt.movement.overlay import ENTRY_EDGE, ENTRY_FILL, REACH_EDGE, REACH_FILL
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.movement.moveplan import (
    MovePlan,
    Route,
    entry_hexes,
    may_plan,
    move_plan,
    moves_by_rules,
    why_unmovable,
)
from owsqt.session import GameSession


class MoveController(QObject):
    """Reach, path and bill of the stack being selected or moved."""

    def __init__(self, scene: QGraphicsScene, view: MapView, bridge: SessionBridge) -> None:
        super().__init__(view)
        self._bridge = bridge
        self.view = view
        self.shading = HexShading(REACH_FILL, REACH_EDGE)
        self.entry_shading = HexShading(ENTRY_FILL, ENTRY_EDGE, 2.5)
        self.path = PathItem()
        for item in (self.shading, self.entry_shading, self.path):
            scene.addItem(item)
        self.bill = MoveBill(view)
        self.answers = DropAnswers(bridge)  # what the rules say of a drop on the hovered hex
        self.administrative = False  # 8.3, for the moves that start from now on
        self.selected: Hex | None = None
        self.plan: MovePlan | None = None  # what the shading shows
        self.route: Route | None = None  # what the path and the bill show
        self._selection_plan: MovePlan | None = None
        self._gesture = False  # a drag under way
        self._pointer: tuple[QPointF, QPoint | None] | None = None
        self._hovered: Hex | None = None
        self._quiet: Hex | None = None  # where a drag ended: no bill until the pointer leaves
        self._state: GameState | None = None

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    @property
    def ruleset(self):
        return self.session.ruleset

    def rules_apply(self) -> bool:
        """Whether a drop is a move under the rules (MoveStack) rather than one by hand."""
        return moves_by_rules(self.session.state, self.session.mode)

    # --- what is selected or dragged ----------------------------------------------------

    def select(self, hex_: Hex | None) -> str | None:
        """Select the stack on `hex_` (None: nothing); returns a line for the status bar."""
        self.selected = hex_
        self._selection_plan = self._plan_for_hex(hex_)
        if not self._gesture:
            self._show(self._selection_plan)
        plan = self._selection_plan
        if plan is not None and len(plan.hexes) <= 1:
            return (
                f"{self._names(plan.units)}: {mp_text(plan.allowance)} MP left, not enough to "
                "enter any hex (8.1)"
            )
        if plan is not None:
            return (
                f"{self._names(plan.units)}: {mp_text(plan.allowance)} MP. The shaded hexes are "
                "within reach: point at one for the path and its cost, drag the stack there "
                "(Shift or Alt: one unit alone; double-click: fan the stack out)"
            )
        stack = self.session.state.stack(hex_) if hex_ is not None else ()
        if hex_ is not None and self.rules_apply() and stack and self._seen_whole(stack[0]):
            return why_unmovable(self.ruleset, self.session.state, hex_)
        return None

    def clear_selection(self) -> None:
        self.select(None)

    def begin_drag(self, units: tuple[str, ...]) -> None:
        """A stack (or one unit of it) is being dragged on the map."""
        self._gesture = True
        self._show(self._plan_for(units) if self._shows_reach(units, entering=False) else None)

    def begin_entry(self, units: tuple[str, ...]) -> None:
        """Units are being dragged in from the Arrivals dock: light their entry hexes."""
        self._gesture = True
        state = self.session.state
        known = tuple(u for u in units if u in state.units)
        entries = entry_hexes(self.ruleset, state, known) if known else ()
        self.entry_shading.set_hexes(entries)
        shows = bool(known and entries) and self._shows_reach(known, entering=True)
        self._show(self._plan_for(known) if shows else None)

    def end_gesture(self) -> None:
        """The drag is over (dropped or abandoned): back to the selection, if any."""
        self._gesture = False
        self.entry_shading.clear()
        self._quiet = self._pointer_hex()  # the bill of a drop stayed under the pointer
        self._show(self._selection_plan)

    def set_administrative(self, on: bool) -> None:
        """[8.3] Moves from now on are administrative (or not): the reach is shaded anew."""
        if on == self.administrative:
            return
        self.administrative = on
        self._selection_plan = self._plan_for_hex(self.selected)
        if not self._gesture:
            self._show(self._selection_plan)

    def sync(self) -> None:
        """The state changed (an action, undo, another game): nothing shown may be stale."""
        state = self.session.state
        if state is self._state:
            return
        self._state = state
        if self.selected is not None and not state.stack(self.selected):
            self.selected = None
        self._selection_plan = self._plan_for_hex(self.selected)
        if not self._gesture:
            self._show(self._selection_plan)

    # --- the pointer --------------------------------------------------------------------

    def hover(self, scene_point: QPointF | None, in_view: QPoint | None = None) -> None:
        """The pointer is over `scene_point` (None: it left the map view)."""
        self._pointer = (scene_point, in_view) if scene_point is not None else None
        hex_ = self._pointer_hex()
        if hex_ != self._quiet:
            self._quiet = None
        if hex_ == self._hovered:
            if self.bill.isVisible():
                self.bill.place(self.view.viewport().geometry(), *self._keep_clear())
            return
        self._hovered = hex_
        self._show_route(hex_)

    def _pointer_hex(self) -> Hex | None:
        """The map hex under the pointer, None off the map or out of the view."""
        if self._pointer is None:
            return None
        point = self._pointer[0]
        hex_ = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        return hex_ if hex_ in self.ruleset.game_map.hexes else None

    def _show_route(self, hex_: Hex | None) -> None:
        if hex_ is not None and hex_ == self._quiet:
            hex_ = None  # just dropped there: the map shows where the stack landed
        plan = self.plan
        offer = None
        if plan is not None and hex_ is not None and not plan.entering:
            offer = self.answers.offer(plan.units, hex_)
        if offer is not None:  # 8.4: over the enemy next to the stack, the hasty attack's bill
            self.route = None
            self.path.clear()
            html = hasty_html(self.ruleset, offer)
            self.bill.show_html(html, self.view.viewport().geometry(), *self._keep_clear())
            return
        route = plan.route_to(hex_) if plan is not None and hex_ is not None else None
        self.route = route
        if route is None:
            self.path.clear()
            self.bill.hide()
            return
        assert plan is not None  # a route comes from the plan
        if len(route.path) > 1 or plan.entering:
            labels = [mp_text(p) if p is not None else "" for p in route.running_costs()]
            self.path.set_path(route.path, labels, route.legal_hexes)
        else:
            self.path.clear()  # pointing at the stack itself: only the allowance
        html = bill_html(self.ruleset, route)
        self.bill.show_html(html, self.view.viewport().geometry(), *self._keep_clear())

    def _keep_clear(self) -> tuple[QPoint | None, list[QPoint]]:
        """What the bill should not hide, in the view's pixels: the pointer, the path and
        the entry hexes."""
        offset = self.view.viewport().pos()
        pointer = self._pointer[1] if self._pointer is not None else None
        points = list(self.path.points)
        points.extend(QPointF(*SCENE_LAYOUT.center(h)) for h in self.entry_shading.hexes)
        return pointer, [self.view.mapFromScene(p) + offset for p in points]

    # --- helpers ------------------------------------------------------------------------

    def _shows_reach(self, units: tuple[str, ...], *, entering: bool) -> bool:
        """Reach is shaded for the acting player's own units in his movement segments."""
        session = self.session
        return may_plan(self.ruleset, session.state, session.mode, units, entering=entering)

    def _plan_for_hex(self, hex_: Hex | None) -> MovePlan | None:
        if hex_ is None or not self.rules_apply():
            return None
        units = movable_units(self.ruleset, self.session.state, hex_)
        units = tuple(u for u in units if self._seen_whole(u))
        return self._plan_for(units) if units else None

    def _seen_whole(self, unit_id: str) -> bool:
        """[18.1] Whether the viewer may know all of a unit (its own): the reach, the
        allowance and why a stack may not move are told of his own units only."""
        viewer = self._bridge.viewer
        return viewer is None or self.ruleset.catalogue.ground[unit_id].player is viewer

    def _plan_for(self, units: tuple[str, ...]) -> MovePlan:
        state = self.session.state
        return move_plan(self.ruleset, state, units, administrative=self.administrative)

    def _show(self, plan: MovePlan | None) -> None:
        self.plan = plan
        self.shading.set_hexes(plan.hexes if plan is not None else ())
        self._hovered = None
        self._show_route(None)
        if plan is not None and self._pointer is not None:
            self.hover(*self._pointer)

    def _names(self, units: tuple[str, ...]) -> str:
        first = self.ruleset.unit_name(units[0])
        return first if len(units) == 1 else f"{first} and {len(units) - 1} more"
