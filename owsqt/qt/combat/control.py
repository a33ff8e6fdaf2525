"""The table side of combat (11.0-12.0): the Game menu's Prepared attack (the combat
calculator in free play), the entries of the counter and hex menus, the Combat dock with its
panel, the marks on the map and the clicks on them: a feature of the table
(qt/app/feature.py)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.combat.calculator import CombatCalculator
from owsqt.qt.combat.marks import CombatMarks
from owsqt.qt.combat.panel import CombatPanel
from owsqt.qt.combat.specialfirepage import special_fire_line
from owsqt.qt.combat.start import ATTACK_KEYS, PANEL_KEYS, AttackDialog
from owsqt.qt.combat.text import actor_line
from owsqt.qt.counters.items import CounterLayer
from owsqt.rules.combat.offers import attack_targets, may_offer_attack, owner_of
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS
from owsqt.session import GameSession


class CombatControl(QObject):
    """Prepared attacks and the combat under way, at the table."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        counters: CounterLayer,
        selected: Callable[[], Hex | None],
    ) -> None:
        super().__init__(window)
        self.window, self.ruleset = window, bridge.ruleset
        self._bridge, self._selected = bridge, selected
        self.marks = CombatMarks(counters.scene, self.pick)
        self.panel = CombatPanel(bridge, self.send, self.marks, self.start_from_menu)
        self.dock = QDockWidget("Combat", window)
        self.dock.setObjectName("combatDock")
        self.dock.setWidget(self.panel)
        self.attack_action = QAction("&Prepared attack…", window)
        self.attack_action.setShortcut(QKeySequence(ATTACK_KEYS))
        self.attack_action.triggered.connect(self.start_from_menu)
        self.panel_action = self.dock.toggleViewAction()
        self.panel_action.setText("&Combat panel")
        self.panel_action.setShortcut(QKeySequence(PANEL_KEYS))
        self.panel_action.setToolTip("The combat under way, its step and its choices (11.2)")
        self.dialog: AttackDialog | None = None
        self.calculator: CombatCalculator | None = None
        self._in_combat = False

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    def actions(self) -> list[QAction]:
        return [self.attack_action]

    # --- following the session ---------------------------------------------------------------

    def refresh(self) -> None:
        """After every change: the panel, the marks, the menu action; the dock comes to the
        front when a combat begins."""
        self.panel.show_state()
        session = self.session
        state = session.state
        free = session.mode is Mode.FREE
        if free:
            self.attack_action.setText("Combat &calculator…")
            self.attack_action.setToolTip(
                "Fire and bombardment worked out for units you choose; it changes nothing "
                "(free play, 11.4, 12.4)"
            )
            self.attack_action.setEnabled(state.phase not in (Phase.SETUP, Phase.GAME_OVER))
        else:
            self.attack_action.setText("&Prepared attack…")
            self.attack_action.setToolTip(
                "Attack the selected enemy stack (or the first next to your units): units, "
                "lead, artillery and the fire worked out (11.1-11.3, 12.4)"
            )
            in_segment = state.segment in COMBAT_SEGMENTS and state.active is not None
            open_ = state.combat is None and (in_segment or session.mode is Mode.ASSIST)
            self.attack_action.setEnabled(open_ and state.phase is not Phase.SETUP)
            if not self.attack_action.isEnabled():  # greyed: say why (issue 20)
                self.attack_action.setToolTip(f"Not now: {_why_no_attack(state)}")
            self.attack_action.setStatusTip(self.attack_action.toolTip())
        self.panel.idle.attack.setEnabled(self.attack_action.isEnabled())
        in_combat = state.combat is not None or state.special_fire is not None
        if in_combat and not self._in_combat:
            self.show_panel()
        self._in_combat = in_combat

    def show_panel(self) -> None:
        """The Combat dock to the front, with most of the height of its side."""
        self.dock.show()
        self.dock.raise_()
        height = self.window.height() * 2 // 3
        self.window.resizeDocks([self.dock], [height], Qt.Orientation.Vertical)

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        return self.panel_action

    def headline(self) -> str | None:
        """The status line while a combat (or the special fire) is under way: its turn."""
        state = self.session.state
        if state.special_fire is not None:
            line = special_fire_line(self.ruleset, state.special_fire)
            return f"{line} — Combat panel ({PANEL_KEYS})"
        if state.combat is not None:
            where = self.ruleset.grid.id_of(state.combat.target)
            line = actor_line(self.ruleset, state, state.combat)
            return f"Combat on {where}: {line} — Combat panel ({PANEL_KEYS})"
        return None

    def hint(self) -> str | None:
        """In a combat segment under the rules: how a prepared attack begins."""
        session = self.session
        if session.mode is not Mode.FREE and session.state.segment in COMBAT_SEGMENTS:
            return f"prepared attack: right-click an enemy stack ({ATTACK_KEYS}, 11.1)"
        return None

    # --- starting ------------------------------------------------------------------------------

    def add_menu_entries(self, menu: QMenu, hex_: Hex | None) -> None:
        """ "Prepared attack on 2434…" (in free play "Combat calculator for 2434…") at the top
        of a counter's or a hex's menu, when the hex may be attacked now."""
        if hex_ is None:
            return
        session = self.session
        state = session.state
        name = self.ruleset.grid.id_of(hex_)
        entry = None
        if session.mode is Mode.FREE:
            owner = owner_of(self.ruleset, state, hex_)
            if owner is not None and hex_ in attack_targets(self.ruleset, state, owner.opponent):
                entry = menu.addAction(f"Combat calculator for {name}…")
                entry.setToolTip("Work out fire and bombardment; nothing changes (free play)")
                entry.triggered.connect(lambda: self.open_calculator(hex_))
        elif may_offer_attack(self.ruleset, state, session.mode, hex_):
            entry = menu.addAction(f"Prepared attack on {name}…")
            entry.setToolTip("Choose the attacking units, the lead and the artillery (11.1-11.3)")
            entry.triggered.connect(lambda: self.open_attack(hex_))
        if entry is None:
            return
        first = menu.actions()[0]
        if first is not entry:
            menu.removeAction(entry)
            menu.insertAction(first, entry)
            menu.insertSeparator(first)

    def start_from_menu(self) -> None:
        """Game ▸ Prepared attack: on the selected stack if it may be attacked, else on the
        first enemy stack next to the acting player's units."""
        session = self.session
        state = session.state
        if state.combat is not None:
            self.show_panel()
            return
        selected = self._selected()
        if session.mode is Mode.FREE:
            hexes = [selected] if selected is not None and state.stack(selected) else []
            hexes += [h for p in Player for h in attack_targets(self.ruleset, state, p)]
            if not hexes:
                self._say("No stacks face each other: nothing to work out (11.1)")
                return
            self.open_calculator(hexes[0])
            return
        if selected is not None and may_offer_attack(self.ruleset, state, session.mode, selected):
            self.open_attack(selected)
            return
        player = state.active
        targets = attack_targets(self.ruleset, state, player) if player is not None else []
        targets = [t for t in targets if may_offer_attack(self.ruleset, state, session.mode, t)]
        if not targets:
            self._say("No enemy stack next to your units may be attacked now (11.1, 7.1)")
            return
        self.open_attack(targets[0])

    def open_attack(self, target: Hex) -> AttackDialog:
        """The step 1 dialog on `target`, window-modal; the attack is sent from it."""
        seen = self._bridge.seen()
        dialog = AttackDialog(self.ruleset, self.session, target, self.send, seen, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._attack_closed)
        self.dialog = dialog
        dialog.open()
        return dialog

    def _attack_closed(self) -> None:
        self.dialog = None

    def open_calculator(self, target: Hex) -> CombatCalculator:
        """The free-play calculator on `target` (non-modal: the table stays usable)."""
        if self.calculator is not None:
            self.calculator.close()
        seen = self._bridge.seen()
        calculator = CombatCalculator(self.ruleset, self.session, target, seen, self.window)
        calculator.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        calculator.finished.connect(self._calculator_closed)
        self.calculator = calculator
        calculator.show()
        return calculator

    def _calculator_closed(self) -> None:
        self.calculator = None

    # --- the map and the engine ----------------------------------------------------------------

    def pick(self, hex_: Hex) -> None:
        """A stack or a marked hex clicked on the map: the page takes it if it offers it."""
        self.panel.pick(hex_)

    def send(self, action: Action) -> tuple[Outcome | None, str]:
        """Submit through the window (journal, refresh, status bar); when the action could not
        be sent at all, the status bar's message says why (or the error of the rules, which
        leaves the game as it was)."""
        try:
            outcome = self._bridge.submit(action)
        except ValueError as error:  # the rules failed on a case they do not cover yet
            self._say(f"The rules could not resolve this: {error}")
            return None, f"the rules could not resolve this ({error})"
        message = "" if outcome is not None else self.window.statusBar().currentMessage()
        return outcome, message

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)


def _why_no_attack(state: GameState) -> str:
    """Why a prepared attack cannot begin now, for the greyed menu entry."""
    if state.phase is Phase.SETUP:
        return "the units are still being set up"
    if state.combat is not None:
        return "a combat is under way: finish it in the Combat panel first (11.2)"
    return "prepared attacks belong to the phasing player's combat segments (7.1, 11.1)"
