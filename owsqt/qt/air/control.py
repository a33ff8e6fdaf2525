"""The table side of air operations (4.0): the Air operations dock (the segment's page
above both charts), Game ▸ Air operations…, the drops on the charts (a draft of the
allocation under the rules, a PlaceAirUnit edit in free play), map clicks that pick a
target, and the status line's hint: a feature of the table (qt/app/feature.py)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QSplitter

from owsqt.qt.air.calculator import AirCalculator
from owsqt.qt.air.display import AirDisplay
from owsqt.qt.air.panel import AirPanel
from owsqt.qt.bridge import SessionBridge
from owsqt.rules.core.actions import Action, AllocateAir, PlaceAirUnit
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox
from owsqt.rules.engine import Outcome
from owsqt.session import GameSession

AIR_KEYS = "Ctrl+Shift+L"  # Game ▸ Air operations… (the Luftwaffe and the VVS)
PAGE_HEIGHT = 360  # the air page's share of the dock at first; the splitter moves it
AIR_SEGMENTS = (
    Segment.AIR_ALLOCATION,
    Segment.AIR_COMBAT,
    Segment.AIR_BOMBARDMENT,
    Segment.INTERDICTION,
)
HINTS = {
    Segment.AIR_ALLOCATION: "drag ready counters to mission boxes, then Allocate (4.3)",
    Segment.AIR_COMBAT: "choose the targets of the air battle (4.4)",
    Segment.AIR_BOMBARDMENT: "tick aircraft, click an enemy counter, Ground attack (4.6)",
    Segment.INTERDICTION: "tick aircraft, click a hex, Interdict (4.5)",
}


class AirControl(QObject):
    """Air operations at the table."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.window, self.ruleset, self._bridge = window, bridge.ruleset, bridge
        self.display = AirDisplay(self.ruleset.catalogue, window)
        self.display.move_requested.connect(self._on_dropped)
        self.panel = AirPanel(bridge, self._send)
        self.panel.charts_changed.connect(self.show_charts)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setObjectName("airSplitter")
        self.calculator = AirCalculator(self.ruleset)  # free play's page: sums, no actions
        splitter.addWidget(self.panel)
        splitter.addWidget(self.calculator)
        splitter.addWidget(self.display)
        splitter.setCollapsible(0, False)
        splitter.setStretchFactor(0, 2)  # the page gets room to read; the charts scroll
        splitter.setStretchFactor(2, 3)
        splitter.setSizes([PAGE_HEIGHT, PAGE_HEIGHT, 2 * PAGE_HEIGHT])
        self.panel.setMinimumHeight(PAGE_HEIGHT // 2)
        self.dock = QDockWidget("Air operations", window)
        self.dock.setObjectName("airDock")
        self.dock.setWidget(splitter)
        self.action = QAction("&Air operations…", window)
        self.action.setShortcut(QKeySequence(AIR_KEYS))
        self.action.setToolTip("The air segment's page and both Air Operations Charts (4.3-4.6)")
        self.action.triggered.connect(self.show_dock)
        self._segment: tuple[int, Segment] | None = None

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    def rules_apply(self) -> bool:
        return self.session.mode is not Mode.FREE

    # --- following the session ---------------------------------------------------------------

    def refresh(self) -> None:
        """After every change: the page and the charts; the dock comes forward when an air
        segment begins (under the rules)."""
        state = self.session.state
        self.panel.setVisible(self.rules_apply())
        self.calculator.setVisible(not self.rules_apply())
        self.panel.show_state()
        if not self.rules_apply():
            self.calculator.show_session(self.session)
        self.show_charts()
        segment = (state.turn, state.segment)
        if segment != self._segment and state.segment in AIR_SEGMENTS and self.rules_apply():
            self.show_dock()
        self._segment = segment

    def show_state(self, state: GameState) -> None:
        """The charts as `state` has them (a replay shows the past: no draft, no cover)."""
        if state is self.session.state:
            self.show_charts()
        else:
            self.display.show_state(state)

    def show_charts(self) -> None:
        state = self.session.state
        allocating = self.rules_apply() and state.segment is Segment.AIR_ALLOCATION
        page = self.panel.allocation
        self.display.set_judge(page.refusal if allocating else None)
        if allocating and page.step is not None:
            self.display.show_state(state, {**self._sealed(), **page.draft}, page.covered())
        else:
            self.display.show_state(state, self._sealed() if allocating else None)

    def _sealed(self) -> dict[str, AirBox]:
        """[4.3] By e-mail: this player's own sealed allocation, which only he may see
        before it is shown."""
        return {
            air_id: box
            for action in self.session.players.own_sealed().values()
            if isinstance(action, AllocateAir)
            for air_id, box in action.missions.items()
        }

    def show_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> None:
        """None: app/dockmenu.py lists the dock ("Air operations")."""

    def hint(self) -> str | None:
        state = self.session.state
        if not self.rules_apply() or state.segment not in AIR_SEGMENTS:
            return None
        return f"Air operations ({AIR_KEYS}): {HINTS[state.segment]}"

    def headline(self) -> None:
        """None: air operations never hold the status line alone."""

    # --- the charts and the map -----------------------------------------------------------------

    def _on_dropped(self, unit_id: str, box: AirBox) -> None:
        """A counter dropped on a box: free play moves it by hand; under the rules, in the
        allocation, it joins the draft; at other times air units move by their missions."""
        if not self.rules_apply():
            self._bridge.submit(PlaceAirUnit(air_unit=unit_id, box=box))
            return
        if self.session.state.segment is Segment.AIR_ALLOCATION:
            refusal = self.panel.allocation.propose(unit_id, box)
        else:
            refusal = "4.3: air units are placed in the Air Allocation Segment"
        if refusal is not None:
            self._say(f"Not allowed: {refusal}")

    def pick(self, hex_: Hex) -> None:
        """A stack clicked on the map: the target of a ground attack or interdiction."""
        if self.rules_apply():
            self.panel.pick(hex_)

    def add_menu_entries(self, menu: QMenu, hex_: Hex | None) -> None:
        """ "Interdict 2538" in a hex's menu during the Interdiction Segment (4.5)."""
        page = self.panel.interdiction
        if hex_ is None or page.player is None or not self.rules_apply():
            return
        if self.session.state.segment is not Segment.INTERDICTION:
            return
        entry = menu.addAction(f"Interdict {self.ruleset.grid.id_of(hex_)} (4.5)")
        entry.triggered.connect(lambda: self._interdict_at(hex_))

    def _interdict_at(self, hex_: Hex) -> None:
        self.panel.interdiction.pick(hex_)
        self.show_dock()

    def _send(self, action: Action) -> tuple[Outcome | None, str]:
        outcome = self._bridge.submit(action)
        message = "" if outcome is not None else self.window.statusBar().currentMessage()
        return outcome, message

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)
