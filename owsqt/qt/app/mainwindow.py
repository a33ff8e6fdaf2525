"""The main window: the table view, the turn bar and the game log, around one GameSession;
with the replay of the journal on the map, e-mail play and the hand-over of hot-seat play."""

from __future__ import annotations

import os
from bisect import bisect_right
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QGraphicsScene,
    QInputDialog,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
)

from owsqt.about import about_lines
from owsqt.journal.recovery import Tear, TornJournal, copy_path
from owsqt.journal.textformat import JournalError
from owsqt.qt.air.control import AIR_SEGMENTS, AirControl
from owsqt.qt.app.autosave import LazyAutosave
from owsqt.qt.app.dockmenu import add_dock_entries
from owsqt.qt.app.fogtoggle import FogToggle
from owsqt.qt.app.games import GameLibrary, open_dialog
from owsqt.qt.app.imageexport import ImageExport
from owsqt.qt.app.menurules import judge_menu
from owsqt.qt.app.newgamedialog import NewGameDialog, start_game
from owsqt.qt.app.recentfiles import RecentFilesMenu
from owsqt.qt.app.ruleactions import RuleActions
from owsqt.qt.app.statusline import StatusLine, say_why_when_disabled
from owsqt.qt.app.undoreasons import explain_undo, replay_gates
from owsqt.qt.app.workmenu import add_unit_orders
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.combat import hastyask
from owsqt.qt.combat.control import CombatControl
from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.counters.markers import HexMarkerLayer
from owsqt.qt.counters.stackviewer import StackViewer
from owsqt.qt.counters.unitmenu import unit_menu
from owsqt.qt.docks.arrivals import ArrivalsList
from owsqt.qt.docks.stackinspector import StackInspector
from owsqt.qt.help.control import HelpControl
from owsqt.qt.map.hexmenu import hex_menu, nearest_hexside
from owsqt.qt.map.mapitem import SCENE_LAYOUT, MapItem
from owsqt.qt.map.painter import PAPER
from owsqt.qt.map.playarea import frame_play_area
from owsqt.qt.map.supplyoverlay import SupplyOverlay
from owsqt.qt.map.view import MapView, Overview
from owsqt.qt.map.zones import ZoneOverlays
from owsqt.qt.movement.control import MoveController
from owsqt.qt.movement.displacemenu import add_displacement
from owsqt.qt.play import forfeitask
from owsqt.qt.play.email import EmailPlay
from owsqt.qt.play.handover import HotSeat
from owsqt.qt.play.replay import ReplayDock
from owsqt.qt.play.stephint import (
    ARRIVALS_KEYS,
    step_hint,
)
from owsqt.qt.play.turnbar import TurnBar
from owsqt.qt.play.victory import VictoryControl
from owsqt.qt.pocket.ringcontrol import RingControl
from owsqt.qt.pocket.thunderclap_control import ThunderclapControl
from owsqt.qt.recovery.control import ReplacementsControl
from owsqt.qt.setup.control import SetupControl
from owsqt.qt.textsize import TextSize
from owsqt.rules.combat.offers import hasty_offer
from owsqt.rules.core.actions import (
    Action,
    EndStep,
    MoveStack,
    ReorderStack,
    RollDice,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.option import fog_on
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, LogLine, open_journal, recover_game
from owsqt.userfiles import autosave_dir, games_dir

JOURNAL_FILTER = "owsqt games (*.owsg);;All files (*)"
REPLAY_KEYS = "Ctrl+R"
LEAVE_REPLAY = "Leave the replay to play (Esc / Continue play)"
OVERVIEW_WIDTH = 220
RIGHT_DOCK_WIDTH = 340  # the air display's charts need about this much
_VIOLATION_COLOUR = QColor("#a33")


class MainWindow(QMainWindow):
    """A projection of the session: it shows the game and sends the player's commands."""

    def __init__(self, ruleset: Ruleset, session: GameSession) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.bridge = SessionBridge(session, self)
        self.autosave = LazyAutosave(self.bridge, self)  # first, so the title names the file
        self.resize(1280, 800)
        self.scene = QGraphicsScene(self)
        self.map_item = MapItem(ruleset.game_map)
        self.scene.addItem(self.map_item)
        self.counters = CounterLayer(self.scene, ruleset)
        self.counters.move_requested.connect(self._on_move_requested)
        self.counters.hex_selected.connect(self._on_hex_selected)
        self.counters.context_requested.connect(self._on_unit_menu)
        self.hex_markers = HexMarkerLayer(self.scene)
        self.zones = ZoneOverlays(self.scene, ruleset)
        self.supply_overlay = SupplyOverlay(self.scene, ruleset)
        self.view = MapView(self.scene, self)
        self.view.map_rect = self.map_item.boundingRect()
        self.view.map_context_requested.connect(self._on_map_menu)
        self.moves = MoveController(self.scene, self.view, self.bridge)
        self.counters.drag_started.connect(self.moves.begin_drag)
        self.counters.stack_filter = self._movable
        self.view.pointer_moved.connect(self.moves.hover)
        self.view.pointer_left.connect(lambda: self.moves.hover(None))
        self.view.background_clicked.connect(self.clear_selection)
        self.view.units_drag_entered.connect(self.moves.begin_entry)
        self.view.units_drag_left.connect(self.moves.end_gesture)
        self.view.units_dropped.connect(self._on_units_dropped)
        self.view.setBackgroundBrush(QBrush(PAPER))
        self.stack_viewer = StackViewer(self.view, self.counters, ruleset)
        self.setCentralWidget(self.view)
        self.overview = Overview(self.view, self)
        self.overview.setBackgroundBrush(QBrush(PAPER))
        overview_dock = QDockWidget("Overview", self)
        overview_dock.setObjectName("overviewDock")
        overview_dock.setWidget(self.overview)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, overview_dock)
        # The overview is a glance, not a second map: keep it narrow.
        self.resizeDocks([overview_dock], [OVERVIEW_WIDTH], Qt.Orientation.Horizontal)
        self.log = QListWidget(self)
        self.log.setObjectName("gameLog")
        self.log.setWordWrap(True)
        self._logged_session: GameSession | None = None
        self._logged_entries = 0  # journal entries already shown in the log
        self._logged_viewer: Player | None = None  # the side the log is told for (18.1)
        self._logged_lines: list[LogLine] = []  # with fog of war, the lines shown (18.1)
        self.log_dock = QDockWidget("Game log", self)
        self.log_dock.setObjectName("logDock")
        self.log_dock.setWidget(self.log)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.replay = ReplayDock(self)  # under the log, hidden until a replay starts
        self.splitDockWidget(self.log_dock, self.replay, Qt.Orientation.Vertical)
        self.replay.hide()
        self.replay.entryShown.connect(self._on_replay_entry)
        self.replay.finished.connect(self._on_replay_finished)
        self.air = AirControl(self, self.bridge)  # the air segments' pages and the charts
        self.air_display = self.air.display
        self.counters.hex_selected.connect(self.air.pick)
        air_dock = self.air.dock
        self.inspector = StackInspector(ruleset, self)
        self.inspector.reorder_requested.connect(self._on_reorder_requested)
        inspector_dock = QDockWidget("Stack", self)
        inspector_dock.setObjectName("stackDock")
        inspector_dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, inspector_dock)
        self.arrivals = ArrivalsList(ruleset, self)
        self.arrivals_dock = QDockWidget("Arrivals", self)
        self.arrivals_dock.setObjectName("arrivalsDock")
        self.arrivals_dock.setWidget(self.arrivals)
        # The stack, the air display and the arrivals share the lower right, as tabs.
        self.combat = CombatControl(self, self.bridge, self.counters, self._selected_hex)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.combat.dock)
        self.tabifyDockWidget(inspector_dock, air_dock)
        self.tabifyDockWidget(inspector_dock, self.arrivals_dock)
        self.tabifyDockWidget(inspector_dock, self.combat.dock)
        self.replacements = ReplacementsControl(self, self.bridge, self.scene)  # 17.3, 17.4
        self.victory = VictoryControl(self, self.bridge)  # 19.0
        self.thunderclap = ThunderclapControl(self, self.bridge, self.scene)  # 5.1
        self.counters.hex_selected.connect(self.replacements.pick)
        self.counters.hex_selected.connect(self.thunderclap.pick)
        self.tabifyDockWidget(inspector_dock, self.thunderclap.dock)
        self.tabifyDockWidget(inspector_dock, self.replacements.dock)
        self.ring = RingControl(self, self.bridge, self.scene)  # 5.2
        self.counters.hex_selected.connect(self.ring.pick)
        self.tabifyDockWidget(inspector_dock, self.ring.dock)
        self.tabifyDockWidget(inspector_dock, self.victory.dock)
        self.setup = SetupControl(self, self.bridge, self.scene)  # 19.0: set-up by hand
        self.tabifyDockWidget(inspector_dock, self.setup.dock)
        self.view.units_drag_entered.connect(self.setup.carry)
        self.view.units_drag_left.connect(self.setup.put_down)
        self.view.units_dropped.connect(self.setup.put_down)
        inspector_dock.raise_()
        self.hint = StatusLine(self.statusBar(), lambda: self.session.state)  # elided, whole
        self.resizeDocks([self.log_dock], [RIGHT_DOCK_WIDTH], Qt.Orientation.Horizontal)
        self._shown_once = False
        self.email = EmailPlay(self, self.bridge)
        self.bridge.set_gate(self._replay_blocks)
        self.bridge.changed.connect(self.refresh)
        self.fog = FogToggle(self, self.bridge)  # 18.1: first, so a new game starts fogged
        self.bridge.replaced.connect(self._on_session_replaced)
        self.bridge.submitted.connect(self._on_submitted)
        self.bridge.said.connect(self._say)
        self.bridge.write_failed.connect(self._journal_failed)
        self.bridge.replay_requested.connect(self.watch)
        # 18.1: another side looks: nothing selected or shown for the last one stays.
        self.bridge.view_changed.connect(self.stack_viewer.dismiss)
        self.bridge.view_changed.connect(self.clear_selection)
        self.bridge.view_changed.connect(self.refresh)
        self._build_actions()
        self.turn_bar = TurnBar([self.end_step_action, self.roll_action], self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        self.turn_label = self.turn_bar.label
        add_dock_entries(self, self.view_menu)  # every dock, Log, Stack and Overview too
        self.text_size = TextSize(self, self.view_menu, self.counters)
        entries = self.view_menu.actions()  # beside the other things the map may show
        self.view_menu.insertAction(entries[entries.index(self.supply_action) + 1], self.fog.action)
        # Last: its curtain holds every dock and action of the window made before it (18.1).
        self.hot_seat = HotSeat(self, self.bridge)
        self.refresh()

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_action = self._action("&New game…", QKeySequence.StandardKey.New, self.new_game)
        self.new_action.setToolTip("Choose a scenario, its options, the mode and the set-up")
        file_menu.addAction(self.new_action)
        self.open_action = self._action("&Open…", QKeySequence.StandardKey.Open, self.open_game)
        self.save_action = self._action("&Save", QKeySequence.StandardKey.Save, self.save_game)
        self.save_action.setToolTip(
            "Every action is already on disk; an autosaved game asks for a name"
        )
        self.save_as_action = self._action(
            "Save &As…", QKeySequence.StandardKey.SaveAs, self.save_game_as
        )
        quit_action = self._action("&Quit", QKeySequence.StandardKey.Quit, self.close)
        self.recent_menu = RecentFilesMenu(parent=self)
        self.recent_menu.open_requested.connect(self.load)
        self.autosave.saved.connect(self.recent_menu.add)
        self.library = GameLibrary(
            self, self.ruleset, self.bridge, self.load, lambda: self.recent_menu.recent
        )
        file_menu.addAction(self.open_action)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.library.action)
        file_menu.addAction(self.library.continue_action)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        self.image_export = ImageExport(self, self.view, self.map_item.sceneBoundingRect)
        file_menu.addMenu(self.image_export.menu)
        file_menu.addSeparator()
        file_menu.addActions(self.email.actions())
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        file_menu.setToolTipsVisible(True)
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
        view_menu = self.view_menu = self.menuBar().addMenu("&View")
        self.zoom_in_action = self._action(
            "Zoom &in", QKeySequence.StandardKey.ZoomIn, self.view.zoom_in
        )
        self.zoom_out_action = self._action(
            "Zoom &out", QKeySequence.StandardKey.ZoomOut, self.view.zoom_out
        )
        self.fit_action = self._action("&Fit the map", QKeySequence("Ctrl+0"), self.view.fit)
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
        self.replay_action.setData(self.replay)  # the Replay dock's entry (app/dockmenu.py)
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
        arrivals_toggle = self.arrivals_dock.toggleViewAction()
        arrivals_toggle.setText("&Arrivals")
        arrivals_toggle.setShortcut(QKeySequence(ARRIVALS_KEYS))
        arrivals_toggle.setToolTip("Units that may come onto the map, to drag onto it")
        view_menu.addAction(arrivals_toggle)
        view_menu.addAction(self.combat.panel_action)
        replacements_toggle = self.replacements.dock.toggleViewAction()
        replacements_toggle.setText("&Replacements")
        replacements_toggle.setToolTip(
            "Replacement points, units to raise and to bring back (17.4)"
        )
        view_menu.addAction(replacements_toggle)
        pocket_toggle = self.thunderclap.dock.toggleViewAction()
        pocket_toggle.setText("&Pocket")
        pocket_toggle.setToolTip(
            "Operation Thunderclap: its condition, the attempt, the Sixth Army's placement (5.1)"
        )
        view_menu.addAction(pocket_toggle)
        ring_toggle = self.ring.dock.toggleViewAction()
        ring_toggle.setText("Rin&g Forces")
        ring_toggle.setToolTip("The Soviet Ring armies attacked, their release rolls (5.2)")
        view_menu.addAction(ring_toggle)
        victory_toggle = self.victory.dock.toggleViewAction()
        victory_toggle.setText("&Victory")
        victory_toggle.setToolTip("Where the scenario's victory conditions stand now (19.0)")
        view_menu.addAction(victory_toggle)
        view_menu.addAction(self.setup.view_action())  # 19.0: the Set-up tray
        self.help = HelpControl(self, self.bridge, self.log, self.counters)  # issue 20
        view_menu.addAction(self.help.rulebook_action)
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
        game_menu.addActions(self.combat.actions())
        game_menu.addAction(self.air.action)
        game_menu.setToolTipsVisible(True)
        edit_menu.setToolTipsVisible(True)
        for action in (self.undo_action, self.redo_action, self.end_step_action, self.roll_action):
            say_why_when_disabled(action, self._say)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addActions(self.help.actions())
        help_menu.addAction(self._action("&About owsqt", None, self.about))

    def _action(self, text: str, shortcut, slot) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action

    # --- showing the session ----------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything that shows the session: title, turn bar, log, undo state."""
        state = self.session.state
        scenario = self.ruleset.scenarios[state.scenario]
        where = self.session.path.name if self.session.path else "unsaved"
        self.setWindowTitle(f"owsqt – {scenario.title} – {where}{self.email.title_note()}")
        self._show_log()
        self.air.refresh()
        self._show_on_map(state)
        self.inspector.show_hex(self.inspector.hex, self.bridge.seen())
        self.arrivals.show_state(state)
        self.replacements.refresh()
        self.ring.refresh()
        self.victory.refresh()
        self.thunderclap.refresh()
        base = self.thunderclap.hint(
            self.ring.hint(
                self.replacements.hint(
                    self.air.hint(step_hint(self.ruleset, state, self.session.mode))
                )
            )
        )
        self.setup.refresh()  # 19.0: the Set-up tray
        base = self.setup.hint(base)
        hint = self.email.hint(self.combat.hint(base))
        self.hint.setText(hint)
        self.turn_label.setToolTip(f"The sequence of play (3.1) and the Turn Record Track.\n{hint}")
        self.rule_actions.refresh()
        self.moves.sync()
        self.combat.refresh()
        explain_undo(self.undo_action, self.redo_action, self.session)
        self.hint.follow()  # a message about a state that is gone goes with it
        replay_gates(self.replay.is_active(), self.end_step_action, self.roll_action)
        self.replay_action.setEnabled(bool(self.session.entries))
        self.email.refresh()
        self.fog.refresh()
        if self.replay.is_active():  # the map shows the past until the player leaves it
            self._on_replay_entry(self.replay.shown)

    def _show_log(self) -> None:
        """The log's new lines, as the side the table is drawn for may read them (18.1):
        all of it again for another game or another side; the replay's text likewise.
        With fog of war a line names only the enemy units the viewer sees now
        (`log_lines`), so the lines already shown are told again where that changed."""
        viewer = self.bridge.viewer
        if self._logged_session is not self.session or self._logged_viewer is not viewer:
            self.log.clear()  # a new or opened game, or another side's eyes: start over
            self._logged_entries = 0
            self._logged_lines = []
            self._logged_session = self.session
            self._logged_viewer = viewer
        fogged = viewer is not None and fog_on(self.session.state)
        since = 0 if fogged else self._logged_entries
        lines = self.session.log_lines(since=since, side=viewer)
        shown = self._logged_lines if fogged else []
        for row, line in enumerate(lines):
            if row < len(shown):
                # 18.1: a line told again (a unit it named has gone dark, or back) is new
                if line is not shown[row]:
                    self.log.item(row).setText(f"#{line.entry}  {line.text}")
                continue
            item = QListWidgetItem(f"#{line.entry}  {line.text}")
            item.setData(Qt.ItemDataRole.UserRole, line.entry)
            if line.kind == "violation":
                item.setForeground(_VIOLATION_COLOUR)
            self.log.addItem(item)
        self._logged_entries = len(self.session.entries)
        self._logged_lines = lines if fogged else []
        if not self.replay.is_active():  # a replay keeps the line of the entry it shows
            self.log.scrollToBottom()
        self.replay.viewer = viewer  # a replay under way tells its entry again, and shows it

    def _show_on_map(self, state: GameState) -> None:
        """The counters, markers, air units and the turn bar as `state` has them, as the
        viewer may see them (18.1)."""
        self.turn_bar.show_state(state, self.session.mode, self.ruleset.turn_record_track)
        seen = self.bridge.seen(state)
        self.counters.sync(state, seen)
        self.hex_markers.sync(seen.state, self.ruleset.hex_name)
        self.zones.sync(seen.state)
        self.supply_overlay.sync(state, viewer=seen.side)
        self.air.show_state(state)

    # --- replaying the journal ----------------------------------------------------------

    def replay_game(self) -> None:
        """Replay the whole game, starting at its end, to step back through it."""
        self.watch(1, len(self.session.entries))
        self.replay.show_entry(len(self.session.entries))

    def watch(self, first: int, last: int) -> None:
        """Replay entries `first` to `last` on the map; nothing is played until it is left."""
        self.clear_selection()
        replay_gates(True, self.end_step_action, self.roll_action)
        self.view.setInteractive(False)  # no drags and no menus on the past
        self.deselect_action.setEnabled(False)  # Esc is the replay's: Continue play
        log_height = self.log_dock.height()
        self.replay.start(self.session, first, last)
        # The replay takes its room from the stack below, not from the log it follows.
        replay_height = self.replay.sizeHint().height()
        self.resizeDocks(
            [self.log_dock, self.replay], [log_height, replay_height], Qt.Orientation.Vertical
        )

    def _on_replay_entry(self, entry: int) -> None:
        """The map as the game stood after `entry`, and that entry's last line in the log."""
        self._show_on_map(self.session.state_after(entry))
        rows = range(self.log.count())
        row = bisect_right(
            rows, entry, key=lambda r: self.log.item(r).data(Qt.ItemDataRole.UserRole)
        )
        self.log.setCurrentRow(row - 1)  # -1, no line: the game as it began
        if row:
            self.log.scrollToItem(self.log.currentItem())
        else:
            self.log.scrollToTop()
        self.hint.setText(f"Replay: the map shows the game after entry {entry}. {LEAVE_REPLAY}")

    def _on_replay_finished(self) -> None:
        """The player left the replay: back to the game as it stands."""
        self._leave_replay()
        self.refresh()
        self.email.replay_over()

    def _leave_replay(self) -> None:
        self.replay.stop()
        self.view.setInteractive(True)
        self.deselect_action.setEnabled(True)

    def _replay_blocks(self) -> bool:
        """While a replay shows the past nothing is played: say how to leave it."""
        if not self.replay.is_active():
            return False
        self._say(LEAVE_REPLAY, 8000)
        self.replay.widget().setFocus()  # where Esc leaves it
        return True

    # --- commands ---------------------------------------------------------------------

    def undo(self) -> None:
        if self.bridge.undo():
            self.hot_seat.follow()

    def redo(self) -> None:
        if self.bridge.redo():
            self.hot_seat.follow()

    def _on_map_menu(self, point: QPointF, screen_pos) -> None:
        hex_ = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        grid = self.ruleset.grid
        if not grid.contains(hex_) or self._replay_blocks():
            return
        side = nearest_hexside(SCENE_LAYOUT, hex_, point.x(), point.y(), grid.neighbours(hex_))
        shown = self.bridge.seen().state  # 18.1: what the viewer may see
        menu = hex_menu(self, grid.id_of(hex_), hex_, side, shown, self._order)
        judge_menu(menu, self.ruleset, self.session.state, self.session.mode)  # STRICT: greyed
        self.combat.add_menu_entries(menu, hex_)
        self.air.add_menu_entries(menu, hex_)
        menu.exec(screen_pos)

    def _on_unit_menu(self, unit_id: str, screen_pos) -> None:
        if self._replay_blocks():
            return
        self.unit_menu_for(unit_id).exec(screen_pos)

    def unit_menu_for(self, unit_id: str) -> QMenu:
        """A counter's menu: a prepared attack on its hex when it may be attacked (11.1),
        displacement when its hex is overstacked (9.3), then the edits by hand."""
        game = self.session.state
        state = game.units[unit_id]
        shown = self.bridge.seen().state.units.get(unit_id, state)  # 18.1: no strength marker
        menu = unit_menu(self, self.ruleset.catalogue.ground[unit_id], shown, self._order)
        judge_menu(menu, self.ruleset, game, self.session.mode)  # STRICT: refused edits greyed
        add_displacement(menu, self.ruleset, game, unit_id, self._order)
        if self.session.mode is not Mode.FREE:
            add_unit_orders(menu, self.ruleset, game, unit_id, self._order)
        self.combat.add_menu_entries(menu, state.hex)
        self.setup.add_menu_entries(menu, unit_id)  # 19.0: Return to tray
        return menu

    def _selected_hex(self) -> Hex | None:
        return self.inspector.hex

    def _on_hex_selected(self, hex_: Hex | None) -> None:
        self.inspector.show_hex(hex_, self.bridge.seen())
        self.zones.select(hex_)
        reach = self.moves.select(hex_)
        if hex_ is not None:
            text = self.inspector.statusTip()
            self.statusBar().showMessage(f"{text}. {reach}" if reach else text, 12000)

    def select_hex(self, hex_: Hex) -> None:
        """Select the stack on `hex_` as a click on it would (without spreading it)."""
        self.counters.expanded = None
        self.counters.restore()
        self._on_hex_selected(hex_)

    def clear_selection(self) -> None:
        """No stack selected: the inspector empties and the shaded reach goes."""
        if self.inspector.hex is None and self.moves.selected is None:
            return
        self.counters.expanded = None
        self.counters.restore()
        self.inspector.show_hex(None, self.bridge.seen())
        self.zones.select(None)
        self.moves.clear_selection()

    def _movable(self, hex_: Hex, stack: tuple[str, ...]) -> tuple[str, ...]:
        """The units of a stack a drag picks up: under the rules, those that may move now."""
        if not self.moves.rules_apply():
            return ()
        return movable_units(self.ruleset, self.session.state, hex_)

    def _on_move_requested(self, units: tuple[str, ...], target: Hex) -> None:
        """A stack or a unit dropped on a hex: a move by hand in free play and set-up, a
        MoveStack along the path shown under the rules."""
        if not self.ruleset.grid.contains(target):
            self.moves.end_gesture()
            self.counters.restore()
            self.statusBar().showMessage("Off the map: the counters stay where they were", 5000)
            return
        self._drop(units, target)
        self.counters.restore()  # refused moves snap back; applied ones land on the hex

    def _on_units_dropped(self, units: tuple[str, ...], point: QPointF) -> None:
        """Units dragged from the Arrivals dock and dropped on the map."""
        target = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        if not self.ruleset.grid.contains(target) or not units:
            self.moves.end_gesture()
            self.statusBar().showMessage("Off the map: the units stay where they were", 5000)
            return
        if any(u not in self.session.state.units for u in units):
            self.moves.end_gesture()
            self.statusBar().showMessage("These units are not in this game", 5000)
            return
        self._drop(units, target)

    def _drop(self, units: tuple[str, ...], target: Hex) -> None:
        offer = hasty_offer(self.ruleset, self.session.state, self.session.mode, units, target)
        if offer is not None:  # 8.4: a drop on the enemy next to the stack attacks it
            self.moves.end_gesture()
            if hastyask.ask_hasty_attack(self, self.ruleset, offer, self.session.mode):
                self._submit(offer.action)  # the combat panel comes forward with the combat
            return
        action = self.moves.action_for_drop(units, target)
        self.moves.end_gesture()
        if action is None:
            return  # dropped where it stands
        outcome = self._submit(action)
        if outcome is not None and outcome.applied and isinstance(action, MoveStack):
            self.select_hex(action.path[-1])  # the stack in motion, with what it has left
            self._show_verdict(outcome)  # a broken rule matters more than the selection

    def end_step(self) -> None:
        action = forfeitask.end_step_action(self, self.session.state, self.session.mode)
        if action is None:
            return  # 6.2: the player goes back to make his planned attacks
        outcome = self._submit(action)
        if outcome is not None and not outcome.applied:  # what the step still waits for
            if self.session.state.segment in AIR_SEGMENTS and self.air.rules_apply():
                self.air.show_dock()  # 4.3, 4.4: the allocation or the battle waits there
            # In e-mail play the hint says the refusal's reason already, and what to do.
            email = self.session.players.why_not_act(EndStep()) is not None
            said = "Not allowed" if email else self.statusBar().currentMessage()
            self._say(f"{said} — {self.hint.text()}", 12000)

    def roll_die(self) -> None:
        self._submit(RollDice(purpose="open roll"))

    @property
    def session(self) -> GameSession:
        return self.bridge.session

    def _submit(self, action: Action) -> Outcome | None:
        return self.bridge.submit(action)

    def _order(self, action: Action) -> None:
        """Submit from a menu, which has no use for the outcome: _on_submitted shows it."""
        self._submit(action)

    def _on_submitted(self, outcome: Outcome) -> None:
        """After each action: its refusal or broken rules are shown; in hot-seat play the
        computer is handed over when the player who acts changes."""
        self._show_verdict(outcome)
        self.hot_seat.follow()

    def _on_reorder_requested(self, hex_: Hex, order: tuple[str, ...]) -> None:
        self._submit(ReorderStack(hex=hex_, order=order))

    def _show_verdict(self, outcome: Outcome) -> None:
        """A refusal (STRICT) or the rules an applied action broke (ASSIST), with numbers."""
        reasons = "; ".join(str(v) for v in outcome.verdict.violations)
        if not outcome.applied:
            self.statusBar().showMessage(f"Not allowed: {reasons}", 10000)
        elif reasons:
            self.statusBar().showMessage(f"Done, against the rules: {reasons}", 10000)

    def _say(self, text: str, milliseconds: int = 8000) -> None:
        self.statusBar().showMessage(text, milliseconds)

    def _journal_failed(self, error: OSError) -> None:
        """The game file could not be written: the action was not made. When the session let
        go of the file (session.lost), the game goes on unsaved: say so once, offer Save As."""
        lost = self.session.lost
        reason = error.strerror or error
        if lost is None:  # still bound: nothing reached the file
            QMessageBox.warning(
                self,
                "Cannot write the game file",
                f"{self.session.path or 'the game file'}\n\n{reason}\n\nNothing was changed. "
                "Free some space or use Save As to keep playing in another place.",
            )
            return
        end = (
            f"{lost.name} holds the game up to the action before it"
            if getattr(error, "rolled_back", True)
            else f"The end of {lost.name} is cut off; opening it recovers the actions before"
        )
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "The game is no longer saved",
            f"{lost.name} could not be written: {reason}.\n\nThe last action was not made. "
            f"{end}, and nothing more will be written there.\n\nSave the game in another "
            "place to keep it. If you play on without saving, your next action saves it in "
            "the autosave folder.",
            parent=self,
        )
        save = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.exec()
        if box.clickedButton() is save:
            self.save_game_as()
        self.refresh()

    def open_game(self) -> None:
        dialog = open_dialog(self)  # starts in the games folder
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.selectedFiles():
            self.load(Path(dialog.selectedFiles()[0]))

    def load(self, path: Path) -> bool:
        """Open a saved game; on a bad file say why and keep the current game untouched. A
        file cut off in the middle of its last entry is offered for recovery."""
        current = self.session.path
        if current is not None and _same_file(current, path):  # by any name (a link)
            self._say(f"{path.name} is the game on the table", 5000)
            return True
        note = None
        try:
            session = open_journal(self.ruleset, path)
        except TornJournal as torn:
            recovered = self._recovered(path, torn.tear)
            if recovered is None:
                return False
            session, copy = recovered
            note = f"Recovered {torn.tear.whole} entries of {path.name}; the cut-off file is {copy}"
        except (JournalError, OSError) as error:  # OSError: a version 1 file's rewriting
            QMessageBox.warning(self, "Cannot open this game", f"{path.name}\n\n{error}")
            return False
        self.bridge.replace(session)
        self.recent_menu.add(path)
        if note:
            self._say(note)
        return True

    def _recovered(self, path: Path, tear: Tear) -> tuple[GameSession, Path] | None:
        """Ask whether to recover a torn file's whole entries: the game and where the file
        as it was is kept, or None."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Recover the game?",
            f"The end of {path.name} was cut off in the middle of entry {tear.entry} "
            f"({tear.torn_bytes} bytes): a save that did not finish. Recover the "
            f"{tear.whole} whole entries?",
            parent=self,
        )
        box.setInformativeText(
            f"The file as it is now is kept beside it as\n{copy_path(path).name}"
        )
        recover = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(recover)
        box.exec()
        if box.clickedButton() is not recover:
            return None
        try:
            return recover_game(self.ruleset, path)
        except (JournalError, OSError) as error:
            QMessageBox.warning(self, "Cannot recover this game", f"{path.name}\n\n{error}")
            return None

    def new_game(self) -> None:
        """Start a game chosen in the New Game dialog; the current one stays autosaved. The
        new one is autosaved at its first action (LazyAutosave)."""
        dialog = NewGameDialog(self.ruleset, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            session = start_game(self.ruleset, dialog.choice(), None)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Cannot start the game", str(error))
            return
        self.bridge.replace(session)

    def _on_session_replaced(self) -> None:
        self._leave_replay()
        self.hot_seat.restart()
        self.counters.expanded = None
        self.inspector.show_hex(None, self.bridge.seen())
        self.zones.select(None)
        self.moves.clear_selection()
        self.moves.end_gesture()  # no path, ghost or shading of the old game's gesture
        self.view.viewport().update()  # the whole map redrawn: no old counter left painted
        if self._shown_once:  # an opened or new game opens on its own area of play
            frame_play_area(self.view, self.ruleset, self.session.state)

    def save_game(self) -> None:
        """The journal is written at every action; a game still in the autosave folder asks
        for a name and place of its own."""
        path = self.session.path
        if path is None or path.parent == autosave_dir():
            self.save_game_as()
        else:
            self.recent_menu.add(path)
            self.statusBar().showMessage(f"Saved: {path}", 4000)

    def save_game_as(self) -> None:
        games_dir().mkdir(parents=True, exist_ok=True)
        name, _ = QFileDialog.getSaveFileName(
            self, "Save game as", str(games_dir()), JOURNAL_FILTER
        )
        if not name:
            return
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".owsg")
        try:
            self.session.save_as(path)
        except OSError as error:
            QMessageBox.warning(self, "Cannot save", f"{path}\n\n{error.strerror or error}")
        except JournalError as error:  # JournalLocked: another owsqt writes that file
            QMessageBox.warning(self, "Cannot save", f"{path}\n\n{error}")
        else:
            self.recent_menu.add(path)
        self.refresh()

    def about(self) -> None:
        program, *facts = about_lines()
        QMessageBox.about(
            self,
            "About owsqt",
            f"{program}\n\nA rules-aware table for Operation Winter Storm, "
            "12-23 December 1942.\n\n" + "\n".join(facts),
        )

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            self._show_relief_axis()

    def _show_relief_axis(self) -> None:
        """Open on the scenario's area of play, counters readable (playarea)."""
        frame_play_area(self.view, self.ruleset, self.session.state)

    def centre_on_hex(self, hex_id: str) -> None:
        """Centre the view on a hex given by its CCRR id (ValueError for a bad id)."""
        self.view.centre_on(self.map_item.hex_center(self.ruleset.grid.hex_of(hex_id)))

    def ask_hex(self) -> None:
        text, accepted = QInputDialog.getText(self, "Centre on hex", "Hex (e.g. 2428):")
        if not accepted or not text.strip():
            return
        try:
            self.centre_on_hex(text.strip())
        except ValueError as error:
            self.statusBar().showMessage(str(error), 6000)

    def closeEvent(self, event) -> None:
        self.session.close()
        super().closeEvent(event)


def _same_file(one: Path, other: Path) -> bool:
    """Whether two names lead to one file (its identity: a link is the file it leads to)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
