"""The table side of a set-up by hand (19.0): the Set-up tray dock, which comes forward
when a side's set-up begins with units to place; the shading of the chosen or carried
units' set-up zone (a click on it places the chosen units); "Return to tray" in a
counter's menu; "Place the rest by default"; the reserve markers of reserve units placed
(19.11 a). A feature of the table (qt/app/feature.py)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QDockWidget, QGraphicsScene, QMainWindow, QMenu

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.shading import PickShading
from owsqt.qt.map.zones import AreaItem
from owsqt.qt.setup.tray import SetupTray
from owsqt.rules.core.actions import EndStep, PlaceUnits, SetUnitStatus
from owsqt.rules.core.events import UnitPlaced
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.engine import Outcome
from owsqt.rules.map.zones import Area
from owsqt.rules.scenario.scenario import rule_number
from owsqt.rules.setup.placing import reserve_marks, setup_rule
from owsqt.rules.setup.setupcheck import allowed_hexes
from owsqt.session import GameSession

ZONE_EDGE = QColor(30, 60, 150, 230)  # the set-up zone's name box, as the shading's blue


class SetupControl(QObject):
    """Set-up by hand at the table."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, scene: QGraphicsScene) -> None:
        super().__init__(window)
        self._bridge = bridge
        self.ruleset = bridge.ruleset
        self.tray = SetupTray(self.ruleset)
        self.tray.chosen_changed.connect(self._shade_chosen)
        self.tray.rest_button.clicked.connect(self.place_rest)
        self.tray.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tray.list.customContextMenuRequested.connect(self._tray_menu)
        # [19.0] The set-up zone of the units chosen or carried; a click there places them.
        self.shading = PickShading(self._picked)
        scene.addItem(self.shading)
        self.label = AreaItem(ZONE_EDGE, QColor(0, 0, 0, 0), edge_pixels=1.0)  # its name
        scene.addItem(self.label)
        self.dock = QDockWidget("Set-up tray", window)
        self.dock.setObjectName("setupTrayDock")
        self.dock.setWidget(self.tray)
        self.dock.setToolTip("The counters still to place in set-up (19.0)")
        self._shown_for: Segment | None = None  # the set-up step that brought it forward
        self._carried: tuple[str, ...] = ()
        bridge.submitted.connect(self._after)
        bridge.replaced.connect(self._forget)

    # --- as a feature of the table (qt/app/feature.py) ---------------------------------------

    @property
    def tabbed_dock(self) -> QDockWidget:
        return self.dock

    def view_action(self) -> QAction:
        """View ▸ Set-up tray: shows or hides the dock."""
        toggle = self.dock.toggleViewAction()
        toggle.setText("Set-&up tray")
        toggle.setToolTip("The counters still to place in set-up, by group and formation (19.0)")
        return toggle

    @property
    def _session(self) -> GameSession:
        return self._bridge.session

    def refresh(self) -> None:
        """After every change: the tray, the shading; the dock comes forward once when a
        side's set-up begins with counters still to place."""
        state = self._session.state
        setting_up = state.phase is Phase.SETUP and state.active is not None
        not_yours = (
            self._session.players.why_not_act(EndStep(player=state.active)) if setting_up else None
        )
        self.tray.show_state(state, not_yours, self._bridge.viewer)
        self._shade()
        waiting = not_yours is None and any(p.waiting for p in self.tray.progress)
        key = state.segment
        if setting_up and waiting and key != self._shown_for:
            self._shown_for = key
            self.dock.show()
            self.dock.raise_()

    def _forget(self) -> None:
        """Another game: its set-up brings the tray forward anew."""
        self._shown_for = None
        self._carried = ()

    def hint(self) -> str | None:
        state = self._session.state
        waiting = any(p.waiting for p in self.tray.progress)
        if state.phase is not Phase.SETUP or not waiting or not self.tray.list.isEnabled():
            return None  # nothing to place, or not this player's to place (e-mail play)
        return "drag counters from the Set-up tray into their shaded zones"

    def headline(self) -> None:
        """None: the set-up never holds the status line alone."""

    def pick(self, hex_: Hex) -> None:
        """Nothing: a click on the shaded zone places the chosen units (its own shading)."""

    # --- zone shading ------------------------------------------------------------------------

    def carry(self, units: tuple[str, ...]) -> None:
        """Units are being dragged over the map: shade their zone."""
        self._carried = units
        self._shade()

    def put_down(self, *_: object) -> None:
        """The drag is over: back to the units chosen in the tray."""
        self._carried = ()
        self._shade()

    def zone_hexes(self, units: tuple[str, ...]) -> frozenset[Hex]:
        """[19.0] Where the first of `units` may set up now (its group's zone)."""
        state = self._session.state
        progress = self.tray.group_of(units[0]) if units else None
        if state.phase is not Phase.SETUP or progress is None:
            return frozenset()
        if progress.group.start is UnitStatus.FORCE_POOL:
            return frozenset()
        return allowed_hexes(self.ruleset, state, progress.group)

    def _shade_chosen(self) -> None:
        self._shade()

    def _shade(self) -> None:
        units = self._carried or self.tray.chosen_units()
        hexes = self.zone_hexes(units)
        self.shading.set_hexes(hexes)
        progress = self.tray.group_of(units[0]) if hexes else None
        if progress is None:
            self.label.set_area(None)
            return
        group = progress.group
        area = Area(self.ruleset.game_map, hexes)
        self.label.set_area(area, f"{group.name} sets up here ({rule_number(group.rule)})")

    def _picked(self, hex_: Hex) -> None:
        """A click on the shaded zone: the chosen units are placed there."""
        units = self.tray.chosen_units()
        if units:
            self._bridge.submit(PlaceUnits(player=self._session.state.active, units=units, to=hex_))

    # --- taking back, placing the rest ----------------------------------------------------

    def add_menu_entries(self, menu: QMenu, unit_id: str) -> None:
        """[19.0] In set-up, a counter of the side setting up goes back to the tray."""
        state = self._session.state
        unit = state.units.get(unit_id)
        if state.phase is not Phase.SETUP or unit is None or unit.hex is None:
            return  # only a counter on the map stands on a hex
        owner = self.ruleset.catalogue.ground[unit_id].player
        if owner is not state.active:
            return
        menu.addSeparator()
        one = QAction("Return to tray", menu)
        one.setToolTip(f"Take {self.ruleset.unit_name(unit_id)} off the map, back to the tray")
        one.triggered.connect(lambda: self.return_to_tray((unit_id,)))
        menu.addAction(one)
        stack = tuple(
            u for u in state.stack(unit.hex) if self.ruleset.catalogue.ground[u].player is owner
        )
        if len(stack) > 1:
            every = QAction(f"Return the stack to tray ({len(stack)})", menu)
            every.triggered.connect(lambda: self.return_to_tray(stack))
            menu.addAction(every)

    def tray_menu(self) -> QMenu:
        """The tray's menu for the units chosen: [19.12 a] to the force pool, for a group
        that starts there or a choice that leaves them off the map."""
        menu = QMenu(self.tray.list)
        units = self.tray.chosen_units()
        progress = self.tray.group_of(units[0]) if units else None
        if progress is not None and progress.pooled:
            pool = QAction(f"Send to the force pool ({rule_number(progress.group.rule)})", menu)
            pool.setToolTip(f"{progress.group.name}: {progress.group.rule}")
            pool.triggered.connect(lambda: self._to_pool(units))
            menu.addAction(pool)
        return menu

    def _tray_menu(self, position: QPoint) -> None:
        menu = self.tray_menu()
        if not menu.isEmpty():
            menu.exec(self.tray.list.viewport().mapToGlobal(position))

    def _to_pool(self, units: tuple[str, ...]) -> None:
        state = self._session.state
        self._bridge.submit(
            SetUnitStatus(player=state.active, units=units, status=UnitStatus.FORCE_POOL)
        )

    def return_to_tray(self, units: tuple[str, ...]) -> None:
        self._bridge.submit(
            SetUnitStatus(
                player=self._session.state.active, units=units, status=UnitStatus.NOT_ARRIVED
            )
        )

    def place_rest(self) -> None:
        """[19.0] The default planner places what is still in the tray, for this side only;
        each placement an ordinary journal entry."""
        session = self._session
        state = session.state
        scenario = self.ruleset.scenarios.get(state.scenario)
        player = state.active
        if state.phase is not Phase.SETUP or player is None or scenario is None:
            return
        actions = default_setup(self.ruleset, scenario, state, player, state.options, rest=True)
        refused: list[Violation] = []
        try:
            for action in actions:
                outcome = session.submit(action)
                if not outcome.applied:
                    refused.extend(outcome.verdict.violations)
        except InvalidAction as error:
            self._bridge.say(str(error))
        except OSError as error:
            self._bridge.write_failed.emit(error)
        self._bridge.refresh()
        rule = setup_rule(scenario, player)
        if refused:
            self._bridge.say(f"Placed by default, except: {refused[0]} ({rule})", 12000)
        else:
            self._bridge.say(f"The rest of the {player.title} set-up is placed by default ({rule})")

    def _after(self, outcome: Outcome) -> None:
        """[19.11 a, 19.21 a] Reserve units placed take their reserve marker."""
        if not outcome.applied:
            return
        placed = tuple(e.unit for e in outcome.events if isinstance(e, UnitPlaced))
        for action in reserve_marks(self.ruleset, self._session.state, placed):
            self._bridge.submit(action)
