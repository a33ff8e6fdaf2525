"""The main window's menu bar and its actions: File (games, e-mail play), Edit (undo, the
selection), View (the map, its overlays, every dock), Game (the sequence of play's commands)
and Help. A part of MainWindow, which has what the menus call."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from owsqt.qt.app.features import TableFeatures
from owsqt.qt.app.gamefiles import GameFiles
from owsqt.qt.app.imageexport import ImageExport
from owsqt.qt.app.replaywatch import ReplayWatch
from owsqt.qt.app.ruleactions import RuleActions
from owsqt.qt.app.statusline import say_why_when_disabled
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.map.mapitem import MapItem
from owsqt.qt.map.supplyoverlay import SupplyOverlay
from owsqt.qt.map.view import MapView
from owsqt.qt.map.zones import ZoneOverlays
from owsqt.qt.movement.control import MoveController
from owsqt.qt.play.email import EmailPlay
from owsqt.qt.play.networkplay import NetworkPlay
from owsqt.qt.play.watchplay import WatchPlay

REPLAY_KEYS = "Ctrl+R"


class WindowMenus(QMainWindow):
    """The menus of MainWindow (its base class): `_build_menus` makes them."""

    # What the menus call, made by MainWindow before them.
    bridge: SessionBridge
    view: MapView
    map_item: MapItem
    zones: ZoneOverlays
    supply_overlay: SupplyOverlay
    moves: MoveController
    files: GameFiles
    replays: ReplayWatch
    features: TableFeatures
    email: EmailPlay
    network: NetworkPlay
    watching: WatchPlay
    clear_selection: Callable[[], None]
    ask_hex: Callable[[], None]
    replay_game: Callable[[], None]
    undo: Callable[[], None]
    redo: Callable[[], None]
    end_step: Callable[[], None]
    roll_die: Callable[[], None]
    about: Callable[[], None]
    _say: Callable[..., None]

    def _build_menus(self) -> None:
        self._build_file_menu()
        edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action = self._action("&Undo", QKeySequence("Ctrl+Z"), self.undo)
        self.redo_action = self._action("&Redo", QKeySequence("Ctrl+Shift+Z"), self.redo)
        self.deselect_action = self._action(
            "Clear the &selection", QKeySequence("Esc"), self.clear_selection
        )
        self.deselect_action.setToolTip("Forget the selected stack and its shaded reach")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.deselect_action)
        self._build_view_menu()
        self._build_game_menu()
        edit_menu.setToolTipsVisible(True)
        for action in (self.undo_action, self.redo_action, self.end_step_action, self.roll_action):
            say_why_when_disabled(action, self._say)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addActions(self.features.help.actions())
        help_menu.addAction(self._action("&About owsqt", None, self.about))

    def _build_file_menu(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        files = self.files
        self.new_action = self._action("&New game…", QKeySequence.StandardKey.New, files.new_game)
        self.new_action.setToolTip("Choose a scenario, its options, the mode and the set-up")
        file_menu.addAction(self.new_action)
        self.open_action = self._action("&Open…", QKeySequence.StandardKey.Open, files.open_game)
        self.save_action = self._action("&Save", QKeySequence.StandardKey.Save, files.save_game)
        self.save_action.setToolTip(
            "Every action is already on disk; an autosaved game asks for a name"
        )
        self.save_as_action = self._action(
            "Save &As…", QKeySequence.StandardKey.SaveAs, files.save_game_as
        )
        quit_action = self._action("&Quit", QKeySequence.StandardKey.Quit, self.close)
        file_menu.addAction(self.open_action)
        file_menu.addMenu(files.recent_menu)
        file_menu.addAction(files.library.action)
        file_menu.addAction(files.library.continue_action)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        self.image_export = ImageExport(self, self.view, self.map_item.sceneBoundingRect)
        file_menu.addMenu(self.image_export.menu)
        file_menu.addSeparator()
        file_menu.addActions(self.email.actions())
        file_menu.addActions([self.network.host_action, self.network.join_action])
        file_menu.addAction(self.watching.watch_action)
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        file_menu.setToolTipsVisible(True)

    def _build_view_menu(self) -> None:
        view_menu = self.view_menu = self.menuBar().addMenu("&View")
        view = self.view
        self.zoom_in_action = self._action(
            "Zoom &in", QKeySequence.StandardKey.ZoomIn, view.zoom_in
        )
        self.zoom_out_action = self._action(
            "Zoom &out", QKeySequence.StandardKey.ZoomOut, view.zoom_out
        )
        self.fit_action = self._action("&Fit the map", QKeySequence("Ctrl+0"), view.fit)
        self.centre_action = self._action("&Centre on hex…", QKeySequence("Ctrl+G"), self.ask_hex)
        for action in (
            self.zoom_in_action,
            self.zoom_out_action,
            self.fit_action,
            self.centre_action,
        ):
            view_menu.addAction(action)
        self.replay_action = self._action("&Replay…", QKeySequence(REPLAY_KEYS), self.replay_game)
        self.replay_action.setToolTip(
            f"Step through the game entry by entry on the map, from its end ({REPLAY_KEYS})"
        )
        self.replay_action.setData(self.replays.dock)  # the Replay dock's entry (app/dockmenu.py)
        view_menu.addAction(self.replay_action)
        view_menu.addSeparator()
        self.soviet_reach_action = QAction("Soviet ground attack &reach (4.6)", self)
        self.soviet_reach_action.setCheckable(True)
        self.soviet_reach_action.setToolTip(
            "Outline the hexes within five hexes of a Soviet unit: the targets of Soviet air"
        )
        self.soviet_reach_action.toggled.connect(self.zones.show_soviet_reach)
        view_menu.addAction(self.soviet_reach_action)
        self.supply_action = QAction("&Supply lines (14.2)", self)
        self.supply_action.setCheckable(True)
        self.supply_action.setToolTip(
            "Each headquarters' chain to its army and the map edge, dashed red where cut, "
            "and the units that trace no line now washed red (14.2, 10.3)"
        )
        self.supply_action.toggled.connect(self.supply_overlay.show_supply)
        view_menu.addAction(self.supply_action)
        view_menu.addSeparator()
        self.features.add_view_entries(view_menu)  # each dock of the table, in the list's order

    def _build_game_menu(self) -> None:
        game_menu = self.menuBar().addMenu("&Game")
        self.end_step_action = self._action("&End step", QKeySequence("Ctrl+E"), self.end_step)
        self.end_step_action.setToolTip("Finish this segment and go on to the next (3.1)")
        self.roll_action = self._action("&Roll the die", QKeySequence("Ctrl+D"), self.roll_die)
        self.roll_action.setToolTip("Roll the ten-sided die openly; the roll is logged")
        self.rule_actions = RuleActions(self, self.bridge)
        self.declare_action = self.rule_actions.declare
        self.order_action = self.rule_actions.order
        self.administrative_action = self.rule_actions.administrative
        self.administrative_action.toggled.connect(self.moves.set_administrative)
        game_menu.addAction(self.end_step_action)
        game_menu.addAction(self.roll_action)
        game_menu.addSeparator()
        game_menu.addActions(self.rule_actions.actions())
        game_menu.addSeparator()
        game_menu.addActions(self.features.combat.actions())
        game_menu.addAction(self.features.air.action)
        game_menu.addSeparator()
        game_menu.addAction(self.email.orders_action)  # e-mail play: the standing orders
        game_menu.addAction(self.email.bid_action)  # e-mail play: a bid sealed ahead (6.1)
        game_menu.addAction(self.email.air_action)  # and an air allocation (4.3)
        game_menu.setToolTipsVisible(True)

    def _action(self, text: str, shortcut, slot) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action
