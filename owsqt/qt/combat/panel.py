"""The Combat panel: a prepared attack under way (11.2-11.8, 12.4), shown after every refresh
from `GameState.combat`. Both sides' units and leads, the 11.2 step, whose turn it is at the
one screen ("Soviet player: …"), and the buttons the step allows: Defend, Counterbattery,
Bombard, Fire (with the solution, every number with its rule), the losses of a result
(pre-filled by 11.6, editable, checked as the player edits), the optional result taken as a
check or a retreat (paths drawn on the map, picked by a click or from the list), the
advance (a click on a shaded hex) and Done for a step a player is finished with. The rolls
and results of the combat arrive in its own log. Refusals (STRICT) and broken rules
(ASSIST) appear under the buttons with their rule numbers."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.combat.artillerypage import ArtilleryPage
from owsqt.qt.combat.marks import CombatMarks
from owsqt.qt.combat.page import CombatPage
from owsqt.qt.combat.pages import DefendPage, FirePage, IdlePage
from owsqt.qt.combat.resultpages import AdvancePage, LossesPage, OptionalPage, RetreatPage
from owsqt.qt.combat.specialfirepage import SpecialFirePage, special_fire_line
from owsqt.qt.combat.text import actor_line, step_title
from owsqt.qt.counters.unittext import hidden_words
from owsqt.qt.kit.page import rich_label
from owsqt.qt.kit.seatline import told_of_computer
from owsqt.qt.kit.text import SIDE_COLOURS, outcome_html
from owsqt.rules.combat.prepared import (
    alive,
    defenders,
    step_actor,
)
from owsqt.rules.core.actions import (
    Action,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.known import strength_known
from owsqt.rules.fog.view import SideView
from owsqt.session import GameSession

Send = Callable[[Action], tuple[Outcome | None, str]]
LOG_LINES = 60  # the combat's own log keeps its last lines
# The action kinds that open a combat, where the combat's own log begins (8.4, 11.2, 12.2).
COMBAT_OPENERS = frozenset({"prepared_attack", "hasty_attack", "bombardment_mission"})


def combat_kind(combat: CombatState) -> str:
    """What the combat is, for its heading: a hasty or prepared attack, or a mission."""
    if not combat.attackers:
        return "bombardment mission (12.4)"
    return "hasty attack (8.4)" if combat.hasty else "prepared attack (11.2)"


class CombatPanel(QWidget):
    """The combat under way, its step, whose turn, the step's choices and the combat log."""

    def __init__(
        self,
        bridge: SessionBridge,
        send: Send,
        marks: CombatMarks,
        request_attack: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("combatPanel")
        self.ruleset, self._bridge, self._send, self.marks = bridge.ruleset, bridge, send, marks
        self.request_attack = request_attack
        self._state: GameState | None = None
        self._shown_session: GameSession | None = None
        self._viewer: Player | None = None
        self.mode = Mode.STRICT
        self.title = rich_label("combatTitle")
        self.step = rich_label("combatStep")
        self.actor = rich_label("combatActor")
        self.actor.setFrameShape(QFrame.Shape.StyledPanel)

        self.last = rich_label("combatLast")
        self.last.setToolTip("The last roll of this combat and what it gave, from the log")
        self.last.setStyleSheet(
            "QLabel#combatLast { background: #f3ecd9; border-radius: 4px; padding: 3px; }"
        )
        self.forces = rich_label("combatForces")
        # The pages one under the other, only the current one shown: a QStackedWidget would
        # keep the height of its tallest page (its height-for-width ignores hidden pages' size
        # policies), leaving blank room under a short page.
        self.pages = QWidget()
        pages_layout = QVBoxLayout(self.pages)
        pages_layout.setContentsMargins(0, 0, 0, 0)
        self.idle = IdlePage(self)
        self.defend = DefendPage(self)
        self.artillery = ArtilleryPage(self)
        self.fire = FirePage(self)
        self.losses = LossesPage(self)
        self.optional = OptionalPage(self)
        self.retreat = RetreatPage(self)
        self.advance = AdvancePage(self)
        self.special_fire = SpecialFirePage(self)
        self.all_pages: tuple[CombatPage, ...] = (
            self.idle,
            self.defend,
            self.artillery,
            self.fire,
            self.losses,
            self.optional,
            self.retreat,
            self.advance,
            self.special_fire,
        )
        for page in self.all_pages:
            pages_layout.addWidget(page)
            page.hide()
            page.bar.hide()
        self._page: CombatPage = self.idle
        self.message = rich_label("combatMessage")
        self.log = QListWidget()
        self.log.setObjectName("combatLog")
        self.log.setWordWrap(True)
        self.log.setToolTip("The rolls and results of this combat, as the game log has them")
        self.log.setMinimumHeight(90)
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(6, 6, 6, 6)
        for widget in (self.title, self.step, self.actor, self.last, self.forces, self.pages):
            column.addWidget(widget)
        self.log_label = QLabel("This combat's rolls and results:")
        column.addWidget(self.log_label)
        column.addWidget(self.log, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        # The step's buttons and the last refusal stay in view under the scrolling part.
        footer = QFrame()
        footer.setObjectName("combatFooter")
        footer.setFrameShape(QFrame.Shape.StyledPanel)
        bottom = QVBoxLayout(footer)
        bottom.setContentsMargins(6, 4, 6, 4)
        bottom.addWidget(self.message)
        for page in self.all_pages:
            bottom.addWidget(page.bar)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(scroll, 1)
        layout.addWidget(footer)
        # A long choice ("2125: I/11 Pz (12-10), I/114 PzGr (7-10)") must not widen the page
        # past the dock: the scrolling part has no horizontal bar, and it would be cut off at
        # the right (issue 20). The combo boxes shrink; their lists show the whole text.
        for combo in self.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
        bridge.view_changed.connect(self._view_changed)

    @property
    def page(self) -> CombatPage:
        return self._page

    # --- following the session -------------------------------------------------------------

    def show_state(self) -> None:
        """Make the panel show the session's state (nothing is redone for the same state, so
        a choice being made survives a refresh)."""
        session = self._bridge.session
        state = session.state
        viewer = self._bridge.viewer
        if state is self._state and session is self._shown_session and viewer is self._viewer:
            return
        self._state, self._shown_session, self.mode = state, session, session.mode
        self._viewer = viewer
        self.message.clear()
        self.message.hide()
        combat = state.combat
        self._show_header(state, combat)
        page = self.special_fire if state.special_fire is not None else self._page_for(combat)
        page.load(state, combat)
        self._show_page(page)
        self._show_log(session)
        self.update_marks()

    def _view_changed(self) -> None:
        """[18.1] Another side looks at the table: draw again for its eyes."""
        self._state = None
        self.show_state()

    def _show_page(self, page: CombatPage) -> None:
        if page is not self._page:
            self._page.hide()
            self._page.bar.hide()
            self._page.forget()
        self._page = page
        page.show()
        page.bar.show()

    def _page_for(self, combat: CombatState | None) -> CombatPage:
        if combat is None:
            return self.idle
        pending = combat.pending
        if pending is not None:
            if pending.stage is ResultStage.OPTIONAL:
                return self.optional
            if pending.stage is ResultStage.RETREAT:
                return self.retreat
            return self.losses
        return {
            CombatStep.DEFENSE: self.defend,
            CombatStep.COUNTERBATTERY: self.artillery,
            CombatStep.DEFENSIVE_BOMBARDMENT: self.artillery,
            CombatStep.OFFENSIVE_BOMBARDMENT: self.artillery,
            CombatStep.FIRST_FIRE: self.fire,
            CombatStep.SECOND_FIRE: self.fire,
            CombatStep.ADVANCE: self.advance,
        }[combat.step]

    def _show_header(self, state: GameState, combat: CombatState | None) -> None:
        ruleset = self.ruleset
        choice = state.special_fire
        if combat is None and choice is not None:  # 9.3: a displacement, outside any combat
            self.title.setText("<b style='font-size:large'>Displacement under fire</b>")
            self._show_actor(special_fire_line(ruleset, choice), choice.player)
            self.step.hide()
            self.forces.hide()
            self.forces.clear()
            return
        if combat is None:
            self.title.setText("<b>No combat under way</b>")
            self.step.hide()
            self.actor.hide()
            self.forces.hide()
            self.forces.clear()  # 18.1: its units go dark again
            return
        where = ruleset.grid.id_of(combat.target)
        kind = combat_kind(combat)
        self.title.setText(
            f"<b style='font-size:large'>{combat.attacker.title} {kind} on {where}</b>"
        )
        self.step.setText(escape(step_title(state, combat)))
        if choice is not None:
            self._show_actor(special_fire_line(ruleset, choice), choice.player)
        else:
            self._show_actor(actor_line(ruleset, state, combat), step_actor(state, combat))
        self.forces.setText(self._forces_html(state, combat))
        for widget in (self.step, self.forces):
            widget.show()

    def _show_actor(self, line: str, actor: Player | None) -> None:
        """Whose turn it is, in his side's colour (hot seat: one screen for both); the
        computer named when it is its side's (issue 38)."""
        line = told_of_computer(line, actor, self._bridge.session.seat)
        colour = SIDE_COLOURS.get(actor, "#444") if actor is not None else "#444"
        self.actor.setText(f"<div style='color:{colour}; font-weight:bold'>{escape(line)}</div>")
        self.actor.setStyleSheet(
            f"QLabel#combatActor {{ background: #fff8e6; border: 2px solid {colour};"
            " border-radius: 4px; padding: 4px; }"
        )
        self.actor.show()

    def _forces_html(self, state: GameState, combat: CombatState) -> str:
        """Both sides' units in the combat; [18.1] under the fog of war only those the
        viewer sees (every unit an attack engages; of a bombardment mission's, his own and
        what the map shows), an unseen strength as its counter's printed side."""
        ruleset = self.ruleset
        catalogue = ruleset.catalogue
        seen = self.seen(state)

        def rows(units: tuple[str, ...], lead: str | None, guns: tuple[str, ...]) -> str:
            lines = []
            hidden = sum(1 for u in units if not seen.knows(u))
            for unit_id in units:
                if not seen.knows(unit_id):
                    continue
                unit = state.units[unit_id]
                if not strength_known(ruleset, seen, unit_id):
                    unit = seen.state.units[unit_id]
                definition = catalogue.ground[unit_id]
                marks = []
                if unit_id == lead:
                    marks.append("★ lead")
                if unit_id in guns:
                    marks.append("fired" if unit_id in combat.bombarded else "arty")
                if unit.disrupted:
                    marks.append("DIS")
                if unit_id in combat.no_fire:
                    marks.append("no fire")
                name = escape(definition.name)
                if unit.status is not UnitStatus.ON_MAP:
                    lines.append(
                        f"<tr><td><s>{name}</s></td><td colspan='3'>"
                        f"{unit.status.value.replace('_', ' ')}</td></tr>"
                    )
                    continue
                lines.append(
                    f"<tr><td>{name}</td><td align='right'>{unit.strength}/{definition.combat}"
                    f"</td><td align='right'>p{definition.proficiency}</td>"
                    f"<td>{ruleset.hex_name(unit.hex)} {escape(', '.join(marks))}</td></tr>"
                )
            if hidden:
                lines.append(f"<tr><td colspan='4'>{hidden_words(hidden)}</td></tr>")
            return "".join(lines)

        attacker, defender = combat.attacker, combat.attacker.opponent
        standing = defenders(state, combat)
        hit_defenders = (
            combat.pending.units if combat.pending and combat.pending.player is defender else ()
        )
        shown = tuple(dict.fromkeys((*standing, *hit_defenders)))
        head = (
            "<tr><td></td><td align='right'><i>SP (2.2)</i></td>"
            "<td align='right'><i>prof. (11.3)</i></td><td><i>hex</i></td></tr>"
        )
        guns = tuple(u for u in combat.defense_artillery if u not in shown)
        defence = rows((*shown, *guns), combat.defender_lead, combat.defense_artillery)
        if not shown:
            defence = "<tr><td colspan='4'>the hex is empty</td></tr>" + defence
        guns = tuple(u for u in combat.attack_artillery if u not in combat.attackers)
        attack = rows((*combat.attackers, *guns), combat.attacker_lead, combat.attack_artillery)
        return (
            "<table cellspacing='0' cellpadding='1' width='100%'>"
            f"<tr><td colspan='4' style='color:{SIDE_COLOURS[attacker]}'><b>{attacker.title}, "
            "attacking</b></td></tr>"
            f"{head}{attack}"
            f"<tr><td colspan='4' style='color:{SIDE_COLOURS[defender]}'><b>{defender.title}, "
            "defending</b></td></tr>"
            f"{defence}</table>"
        )

    def _show_log(self, session: GameSession) -> None:
        """The lines since the last combat was opened, or the last displacement that came
        under special fire (9.3, 11.7)."""
        entries = session.entries
        start = None
        under_fire = session.state.special_fire is not None
        for index in range(len(entries) - 1, -1, -1):
            action = entries[index].action
            kind = action.get("kind") if isinstance(action, dict) else None
            under_fire = under_fire or kind == "special_fire"
            if kind in COMBAT_OPENERS or (kind == "displace" and under_fire):
                start = index
                break
        self.log.clear()
        self.last.hide()
        self.last.clear()
        current = session.state.combat is not None or session.state.special_fire is not None
        if not current and self._bridge.viewer is not None:
            start = None  # 18.1: a combat's units go dark again when it ends
        self.log_label.setVisible(start is not None)
        self.log.setVisible(start is not None)
        if start is None:
            return
        self.log_label.setText(
            "This combat's rolls and results:" if current else "The last combat:"
        )
        lines = session.log_lines(since=start, side=self._bridge.viewer)[-LOG_LINES:]
        rolls = [
            line.text for line in lines if " roll " in line.text and "die roll" not in line.text
        ]
        self.last.setVisible(bool(rolls))
        if rolls:
            self.last.setText(f"<b>Last roll</b>: {escape(rolls[-1])}")
        for line in lines:
            item = QListWidgetItem(f"#{line.entry}  {line.text}")
            if line.kind == "violation":
                item.setForeground(Qt.GlobalColor.darkRed)
            self.log.addItem(item)
        self.log.scrollToBottom()

    def update_marks(self) -> None:
        state = self._state
        combat = state.combat if state is not None else None
        if state is not None and combat is None and state.special_fire is not None:
            self.marks.clear()  # 9.3: a displacement's path, outside any combat
            paths, chosen = self.page.paths()
            self.marks.set_paths(paths, chosen, self.page.numbered)
            return
        if state is None or combat is None:
            self.marks.clear()
            return
        attacking = {
            hex_ for u in alive(state, combat.attackers) if (hex_ := state.units[u].hex) is not None
        }
        self.marks.show_engagement(combat.target, attacking)
        page = self.page
        self.marks.set_picks(page.picks())
        paths, chosen = page.paths()
        self.marks.set_paths(paths, chosen, page.numbered)

    def pick(self, hex_: Hex) -> None:
        """A hex clicked on the map: the page takes it if it offers it."""
        if hex_ in self.page.picks():
            self.page.pick(hex_)
            self.update_marks()

    # --- sending ------------------------------------------------------------------------------

    def seen(self, state: GameState) -> SideView:
        """[18.1] What the side at the table may know of `state`."""
        return self._bridge.seen(state)

    def send(self, action: Action) -> Outcome | None:
        """Submit `action`; a refusal (STRICT) or the rules an applied action broke (ASSIST)
        stay under the buttons, with their numbers."""
        outcome, message = self._send(action)
        shown = outcome_html(outcome, message)
        self.message.setVisible(shown is not None)
        self.message.setText(shown or "")
        return outcome
