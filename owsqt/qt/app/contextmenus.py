"""The map's right-click menus: a hex's (its marks, bridges and the like by hand, a prepared
attack or an air mission on it) and a counter's (a prepared attack on its hex, displacement,
orders, set-up's Return to tray, the edits by hand); entries the rules refuse greyed with
why (STRICT)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QMainWindow, QMenu

from owsqt.qt.app.features import TableFeatures
from owsqt.qt.app.menurules import judge_menu
from owsqt.qt.app.workmenu import add_unit_orders
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.counters.unitmenu import unit_menu
from owsqt.qt.map.hexmenu import hex_menu, nearest_hexside
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.movement.displacemenu import add_displacement
from owsqt.rules.core.actions import Action
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset


class ContextMenus:
    """The menus of a hex and of a counter; `blocked()` says (and shows) why none opens."""

    def __init__(
        self,
        window: QMainWindow,
        ruleset: Ruleset,
        bridge: SessionBridge,
        features: TableFeatures,
        blocked: Callable[[], bool],
    ) -> None:
        self._window, self._ruleset, self._bridge = window, ruleset, bridge
        self._features, self._blocked = features, blocked
        # a counter's entries of the kind of play (e-mail: the stack's standing orders)
        self.play_entries: Callable[[QMenu, str], None] | None = None

    def _order(self, action: Action) -> None:
        """Submit from a menu, which has no use for the outcome: the window shows it."""
        self._bridge.submit(action)

    def map_menu(self, point: QPointF, screen_pos: QPoint) -> None:
        hex_ = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        grid = self._ruleset.grid
        if not grid.contains(hex_) or self._blocked():
            return
        side = nearest_hexside(SCENE_LAYOUT, hex_, point.x(), point.y(), grid.neighbours(hex_))
        shown = self._bridge.seen().state  # 18.1: what the viewer may see
        menu = hex_menu(self._window, grid.id_of(hex_), hex_, side, shown, self._order)
        session = self._bridge.session
        judge_menu(menu, self._ruleset, session.state, session.mode)  # STRICT: greyed
        self._features.combat.add_menu_entries(menu, hex_)
        self._features.air.add_menu_entries(menu, hex_)
        menu.exec(screen_pos)

    def counter_menu(self, unit_id: str, screen_pos: QPoint) -> None:
        if self._blocked():
            return
        self.unit_menu_for(unit_id).exec(screen_pos)

    def unit_menu_for(self, unit_id: str) -> QMenu:
        """A counter's menu: a prepared attack on its hex when it may be attacked (11.1),
        displacement when its hex is overstacked (9.3), then the edits by hand."""
        session = self._bridge.session
        game = session.state
        state = game.units[unit_id]
        shown = self._bridge.seen().state.units.get(unit_id, state)  # 18.1: no strength marker
        ruleset, order = self._ruleset, self._order
        menu = unit_menu(self._window, ruleset.catalogue.ground[unit_id], shown, order)
        judge_menu(menu, ruleset, game, session.mode)  # STRICT: refused edits greyed
        add_displacement(menu, ruleset, game, unit_id, order)
        if session.mode is not Mode.FREE:
            add_unit_orders(menu, ruleset, game, unit_id, order)
        self._features.combat.add_menu_entries(menu, state.hex)
        self._features.setup.add_menu_entries(menu, unit_id)  # 19.0: Return to tray
        if self.play_entries is not None:
            self.play_entries(menu, unit_id)
        return menu
