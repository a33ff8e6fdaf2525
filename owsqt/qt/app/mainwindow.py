"""The main window: the table view, the turn bar and the game log, around one GameSession,
with the features of the table installed from one list (app/features.py); the replay of the
journal on the map, e-mail play and the hand-over of hot-seat play."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QInputDialog, QMenu, QMessageBox

from owsqt.about import about_lines
from owsqt.qt.air.control import AIR_SEGMENTS
from owsqt.qt.app import newgamememory
from owsqt.qt.app.autosave import LazyAutosave
from owsqt.qt.app.computerseat import ComputerSeat
from owsqt.qt.app.contextmenus import ContextMenus
from owsqt.qt.app.dockmenu import add_dock_entries
from owsqt.qt.app.features import Table, TableFeatures
from owsqt.qt.app.fogtoggle import FogToggle
from owsqt.qt.app.gamefiles import GameFiles
from owsqt.qt.app.gamelog import GameLog
from owsqt.qt.app.menus import WindowMenus
from owsqt.qt.app.replaywatch import ReplayWatch
from owsqt.qt.app.selection import Selection
from owsqt.qt.app.statusline import StatusLine
from owsqt.qt.app.undoreasons import explain_undo, replay_gates
from owsqt.qt.app.waitgate import WaitGate
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.counters.items import CounterLayer
from owsqt.qt.counters.markers import HexMarkerLayer
from owsqt.qt.counters.stackviewer import StackViewer
from owsqt.qt.map.mapitem import MapItem
from owsqt.qt.map.painter import PAPER
from owsqt.qt.map.playarea import frame_play_area
from owsqt.qt.map.supplyoverlay import SupplyOverlay
from owsqt.qt.map.view import MapView, Overview
from owsqt.qt.map.zones import ZoneOverlays
from owsqt.qt.movement import hastyask
from owsqt.qt.movement.control import MoveController
from owsqt.qt.movement.drag import StackDrag
from owsqt.qt.play import forfeitask
from owsqt.qt.play.email import EmailPlay
from owsqt.qt.play.handover import HotSeat
from owsqt.qt.play.networkplay import NetworkPlay
from owsqt.qt.play.stephint import step_hint
from owsqt.qt.play.turnbar import TurnBar
from owsqt.qt.play.watchplay import WatchPlay
from owsqt.qt.textsize import TextSize
from owsqt.rules.combat.offers import HastyOffer
from owsqt.rules.core.actions import Action, EndStep, MoveStack, RollDice
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession

OVERVIEW_WIDTH = 220
RIGHT_DOCK_WIDTH = 340  # the air display's charts need about this much


class MainWindow(WindowMenus):
    """A projection of the session: it shows the game and sends the player's commands."""

    def __init__(self, ruleset: Ruleset, session: GameSession) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.bridge = SessionBridge(session, self)
        self.autosave = LazyAutosave(self.bridge, self)  # first, so the title names the file
        self.resize(1280, 800)
        self._build_map()
        self.game_log = GameLog(self, self.bridge)
        self.log, self.log_dock = self.game_log.list, self.game_log.dock
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.replays = ReplayWatch(self, self.bridge, self.game_log, self._show_on_map)
        self.replay = self.replays.dock
        self.replay.finished.connect(self._on_replay_finished)
        self.resizeDocks([self.log_dock], [RIGHT_DOCK_WIDTH], Qt.Orientation.Horizontal)
        self.hint = StatusLine(self.statusBar(), lambda: self.session.state)  # elided, whole
        table = Table(self, self.bridge, self.scene, self.counters, self.log, self._selected_hex)
        self.features = features = TableFeatures(table)  # the docks of the table, tabbed
        self.air, self.combat, self.setup = features.air, features.combat, features.setup
        self.victory, self.replacements = features.victory, features.replacements
        self.thunderclap, self.ring, self.help = features.thunderclap, features.ring, features.help
        self.inspector, self.arrivals = features.stack.inspector, features.arrivals.arrivals
        self.air_display = self.air.display
        self.selection = Selection(
            self, self.bridge, self.counters, self.inspector, self.zones, self.moves
        )
        self.counters.hex_selected.connect(self.selection.show)
        self.counters.hex_selected.connect(features.pick)
        self.view.units_drag_entered.connect(self.setup.carry)
        self.view.units_drag_left.connect(self.setup.put_down)
        self.view.units_dropped.connect(self.setup.put_down)
        menus = ContextMenus(self, ruleset, self.bridge, features, self.replays.blocks)
        self.context_menus = menus
        self.counters.context_requested.connect(menus.counter_menu)
        self.view.map_context_requested.connect(menus.map_menu)
        self._shown_once = False
        self.email = EmailPlay(self, self.bridge)
        # a game with a Matrix room (issue 40)
        self.network = NetworkPlay(
            self, self.bridge, lambda path: self.load(path), self._centre_quietly
        )
        self.email.network = self.network
        self.watching = WatchPlay(self, self.bridge, self._centre_quietly)  # an onlooker
        menus.play_entries = self.email.add_stack_entry  # e-mail: a stack's standing orders
        self.bridge.set_gate(self.replays.blocks)
        self.bridge.changed.connect(self.refresh)
        self.fog = FogToggle(self, self.bridge)  # 18.1: first, so a new game starts fogged
        self.bridge.replaced.connect(self._on_session_replaced)
        self.bridge.submitted.connect(self._on_submitted)
        self.bridge.said.connect(self._say)
        self.bridge.replay_requested.connect(self.watch)
        # 18.1: another side looks: nothing selected or shown for the last one stays.
        self.bridge.view_changed.connect(self.stack_viewer.dismiss)
        self.bridge.view_changed.connect(self.clear_selection)
        self.bridge.view_changed.connect(self.refresh)
        self.files = GameFiles(self, ruleset, self.bridge, self.autosave, self.refresh)
        # New game > Two players by e-mail > Through a Matrix room (issue 40)
        self.files.host_network = lambda choice: self.network.host_chosen(
            choice.scenario, choice.mode, choice.options, choice.side, choice.orders,
            choice.default_setup,
        )  # fmt: skip
        self.bridge.write_failed.connect(self.files.write_failed)
        self._build_menus()
        self.recent_menu, self.library = self.files.recent_menu, self.files.library
        self.replays.gate(self.view, self.hint, self.deselect_action, self._played())
        # Against the computer: its turns, its view, and what the human waits for (issue 38).
        settings = newgamememory.settings()
        self.computer = ComputerSeat(self, self.bridge, self.scene, self.replays.blocks, settings)
        self.email_gate = WaitGate()  # issue 39: the waiting side offers no step of the other
        self.replay.finished.connect(self.computer.follow)
        self.turn_bar = TurnBar([self.end_step_action, self.roll_action], self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        self.turn_label = self.turn_bar.label
        add_dock_entries(self, self.view_menu)  # every dock, Log, Stack and Overview too
        self.text_size = TextSize(self, self.view_menu, self.counters)
        entries = self.view_menu.actions()  # beside the other things the map may show
        after_supply = entries[entries.index(self.supply_action) + 1]
        self.view_menu.insertActions(after_supply, [self.fog.action, self.computer.view_action])
        # Last: its curtain holds every dock and action of the window made before it (18.1).
        self.hot_seat = HotSeat(self, self.bridge)
        self.refresh()

    def _build_map(self) -> None:
        """The map view and what is drawn on it; the gesture of a drag; the overview."""
        ruleset = self.ruleset
        self.scene = QGraphicsScene(self)
        self.map_item = MapItem(ruleset.game_map)
        self.scene.addItem(self.map_item)
        self.counters = CounterLayer(self.scene, ruleset)
        self.hex_markers = HexMarkerLayer(self.scene)
        self.zones = ZoneOverlays(self.scene, ruleset)
        self.supply_overlay = SupplyOverlay(self.scene, ruleset)
        self.view = MapView(self.scene, self)
        self.view.map_rect = self.map_item.boundingRect()
        self.moves = MoveController(self.scene, self.view, self.bridge)
        self.drag = StackDrag(self.moves, self.bridge, self._ask_hasty, self.counters.restore)
        self.drag.acted.connect(self._on_drag_acted)
        self.drag.cancelled.connect(self._on_drag_cancelled)
        self.counters.move_requested.connect(self.drag.drop_on_hex)
        self.counters.drag_started.connect(self.drag.press)
        self.counters.stack_filter = self.drag.pickable
        self.view.pointer_moved.connect(self.moves.hover)
        self.view.pointer_left.connect(lambda: self.moves.hover(None))
        self.view.background_clicked.connect(self.clear_selection)
        self.view.units_drag_entered.connect(self.drag.enter)
        self.view.units_drag_left.connect(self.drag.cancel)
        self.view.units_dropped.connect(self.drag.drop_at)
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

    # --- showing the session ----------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything that shows the session: title, log, every feature of the table,
        the map, the status line, the turn bar and the commands' states."""
        state = self.session.state
        scenario = self.ruleset.scenarios[state.scenario]
        where = self.session.path.name if self.session.path else "unsaved"
        self.setWindowTitle(f"owsqt – {scenario.title} – {where}{self.email.title_note()}")
        replaying = self.replays.is_active()
        self.game_log.show(follow=not replaying)  # a replay keeps the line of its entry
        self.replay.viewer = self.bridge.viewer  # a replay under way tells its entry again
        self.features.refresh()
        self._show_on_map(state)
        line = self.features.status_line(step_hint(self.ruleset, state, self.session.mode))
        hint = self.email.hint(line)
        self.hint.setText(hint)
        self.turn_label.setToolTip(f"The sequence of play (3.1) and the Turn Record Track.\n{hint}")
        self.rule_actions.refresh()
        self.moves.sync()
        explain_undo(self.undo_action, self.redo_action, self.session)
        self.hint.follow()  # a message about a state that is gone goes with it
        replay_gates(replaying, *self._played())
        self.computer.gate(self._played(), self._acting_docks())  # while the computer moves
        waiting = self.email.why_wait()  # by e-mail, while the opponent's file is awaited
        commands = (*self._played(), *self.rule_actions.actions(), *self.features.combat.actions())
        self.email_gate.hold(waiting, commands, self._acting_docks())
        self.replay_action.setEnabled(bool(self.session.entries))
        self.email.refresh()
        self.fog.refresh()
        if replaying:  # the map shows the past until the player leaves it
            self.replays.show_entry(self.replay.shown)

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

    def _acting_docks(self) -> list[QDockWidget | None]:
        """The docks whose pages are the acting side's to use (air, combat, the pocket, the
        replacements, the set-up tray)."""
        features = self.features
        acting = (self.air, self.combat, self.thunderclap, self.replacements, self.ring)
        return [feature.tabbed_dock for feature in (*acting, features.setup)]

    def _played(self) -> tuple:
        """The commands a replay greys: End step and Roll the die."""
        return self.end_step_action, self.roll_action

    # --- replaying the journal (app/replaywatch.py) ------------------------------------

    def replay_game(self) -> None:
        """Replay the whole game, starting at its end, to step back through it."""
        self.clear_selection()
        self.replays.replay_game()

    def watch(self, first: int, last: int) -> None:
        """Replay entries `first` to `last` on the map; nothing is played until it is left."""
        self.clear_selection()
        self.replays.watch(first, last)

    def _on_replay_finished(self) -> None:
        """The player left the replay: back to the game as it stands."""
        self.replays.leave()
        self.refresh()
        self.email.replay_over()

    # --- commands ---------------------------------------------------------------------

    def undo(self) -> None:
        if self.bridge.undo():
            self.hot_seat.follow()

    def redo(self) -> None:
        if self.bridge.redo():
            self.hot_seat.follow()

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

    def _on_submitted(self, outcome: Outcome) -> None:
        """After each action: its refusal or broken rules are shown; in hot-seat play the
        computer is handed over when the player who acts changes."""
        self._show_verdict(outcome)
        self.hot_seat.follow()

    def _show_verdict(self, outcome: Outcome) -> None:
        """A refusal (STRICT) or the rules an applied action broke (ASSIST), with numbers."""
        reasons = "; ".join(str(v) for v in outcome.verdict.violations)
        if not outcome.applied:
            self.statusBar().showMessage(f"Not allowed: {reasons}", 10000)
        elif reasons:
            self.statusBar().showMessage(f"Done, against the rules: {reasons}", 10000)

    def _say(self, text: str, milliseconds: int = 8000) -> None:
        self.statusBar().showMessage(text, milliseconds)

    # --- a drag's drop (qt/movement/drag.py) -------------------------------------------

    def _ask_hasty(self, offer: HastyOffer) -> bool:
        """[8.4] Whether the player makes the hasty attack a drop offers."""
        return hastyask.ask_hasty_attack(self, self.ruleset, offer, self.session.mode)

    def _on_drag_acted(self, action: Action) -> None:
        """The one action a drop asks for, journaled; a stack that moved stays selected,
        with what it has left (the combat panel comes forward with a hasty attack)."""
        outcome = self._submit(action)
        if outcome is not None and outcome.applied and isinstance(action, MoveStack):
            self.select_hex(action.path[-1])
            self._show_verdict(outcome)  # a broken rule matters more than the selection

    def _on_drag_cancelled(self, why: str) -> None:
        """A drop that asks for nothing: why, when there is something to say."""
        if why:
            self._say(why, 5000)

    # --- the selection and the menus (app/selection.py, app/contextmenus.py) ----------

    def _selected_hex(self) -> Hex | None:
        return self.selection.hex

    def select_hex(self, hex_: Hex) -> None:
        """Select the stack on `hex_` as a click on it would (without spreading it)."""
        self.selection.select(hex_)

    def clear_selection(self) -> None:
        self.selection.clear()

    def unit_menu_for(self, unit_id: str) -> QMenu:
        return self.context_menus.unit_menu_for(unit_id)

    def load(self, path) -> bool:
        return self.files.load(path)

    def new_game(self) -> None:
        self.files.new_game()

    def _on_session_replaced(self) -> None:
        self.replays.leave()
        self.hot_seat.restart()
        self.selection.forget()
        self.drag.cancel()  # no path, ghost or shading of the old game's gesture
        self.view.viewport().update()  # the whole map redrawn: no old counter left painted
        if self._shown_once:  # an opened or new game opens on its own area of play
            frame_play_area(self.view, self.ruleset, self.session.state)

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
            frame_play_area(self.view, self.ruleset, self.session.state)  # counters readable
        self.computer.follow()  # a game opened on the computer's move: it goes on

    def centre_on_hex(self, hex_id: str) -> None:
        """Centre the view on a hex given by its CCRR id (ValueError for a bad id)."""
        self.view.centre_on(self.map_item.hex_center(self.ruleset.grid.hex_of(hex_id)))

    def _centre_quietly(self, hex_id: str) -> None:
        """Centre on a hex a chat message cites; an id off the map is said, not raised."""
        try:
            self.centre_on_hex(hex_id)
        except ValueError as error:
            self.statusBar().showMessage(str(error), 6000)

    def ask_hex(self) -> None:
        text, accepted = QInputDialog.getText(self, "Centre on hex", "Hex (e.g. 2428):")
        if not accepted or not text.strip():
            return
        try:
            self.centre_on_hex(text.strip())
        except ValueError as error:
            self.statusBar().showMessage(str(error), 6000)

    def closeEvent(self, event) -> None:
        self.computer.stop()
        self.session.close()
        super().closeEvent(event)
