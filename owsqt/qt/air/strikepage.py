"""Air missions against the ground at the table: ground attack in the Air Bombardment
Segment (4.6) and German interdiction in the Interdiction Segment (4.5). The player ticks
the aircraft that fly, picks the target (an enemy unit, or a hex for interdiction) by a
click on the map or from the list, sees the solution with every number and its rule, and
sends the mission. Under the fog of war the list holds the enemy units the flying side
sees (and the table's side: bridge.seen), and "a hidden unit, drawn at random" for each
stack that hides one from the flying side (18.1)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QVBoxLayout, QWidget

from owsqt.qt.air.airpage import AirHost, AirPage, side
from owsqt.qt.kit.drawn import AT_RANDOM, HiddenIn, drawn_target_html
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import rule, solution_html, violations_html
from owsqt.rules.air.strikes import (
    ground_attack_solution,
    interdiction_solution,
    mission_aircraft,
)
from owsqt.rules.combat.artillery import bombardment_result
from owsqt.rules.combat.targets import ground_attack_reach
from owsqt.rules.core.actions import Action, GroundAttack, Interdict
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import judge
from owsqt.rules.fog.draw import hidden_targets
from owsqt.rules.fog.view import view


class StrikePage(AirPage):
    """Aircraft ticked, a target, the solution and the button; `mission` says which."""

    mission = AirBox.GROUND_ATTACK
    rule_number = "4.6"

    def __init__(self, host: AirHost) -> None:
        super().__init__(host)
        self.player: Player | None = None
        self.text = rich_label(f"air{self.mission.name.title()}Text")
        self.layout_.addWidget(self.text)
        self.aircraft_box = QWidget()
        self.aircraft_layout = QVBoxLayout(self.aircraft_box)
        self.aircraft_layout.setContentsMargins(8, 0, 0, 0)
        self.layout_.addWidget(self.aircraft_box)
        self.checks: dict[str, QCheckBox] = {}
        self.solution = rich_label(f"air{self.mission.name.title()}Solution")
        self.problems = rich_label()
        self.send_button = button("Send", f"Fly the mission ({self.rule_number})", "airStrike")
        self.send_button.clicked.connect(self.submit)
        self.buttons(self.send_button)

    def flying(self, player: Player) -> tuple[str, ...]:
        return mission_aircraft(self.ruleset, self.session.state, player, self.mission)

    def load(self) -> None:
        sides = [p for p in (Player.GERMAN, Player.SOVIET) if self.flying(p)]
        if self.player not in sides:
            self.player = sides[0] if sides else None
        for check in self.checks.values():
            check.deleteLater()
        self.checks = {}
        if self.player is None:
            self.text.setText(f"No aircraft fly this mission now ({self.rule_number}).")
            self.send_button.setEnabled(False)
            self.solution.clear()
            self.problems.clear()
            return
        for unit in self.flying(self.player):
            definition = self.ruleset.catalogue.air[unit]
            check = QCheckBox(f"{definition.name}: bombardment {definition.bombardment}")
            check.setObjectName(f"airFlies_{unit}")
            check.setChecked(True)
            check.toggled.connect(self.refresh)
            self.aircraft_layout.addWidget(check)
            self.checks[unit] = check
        self.load_target()
        self.refresh()

    def load_target(self) -> None:
        """Fill the target choice from the state."""

    def aircraft(self) -> tuple[str, ...]:
        return tuple(u for u, check in self.checks.items() if check.isChecked())

    def action(self) -> Action | None:
        return None

    def solution_html(self) -> str:
        return ""

    def submit(self) -> None:
        action = self.action()
        if action is not None:
            self.host.send(action)

    def refresh(self) -> None:
        """The solution and the rules' verdict on the mission as chosen."""
        action = self.action()
        problems: tuple[Violation, ...] = ()
        if action is not None:
            try:
                problems = judge(self.ruleset, self.session.state, action).violations
            except InvalidAction as error:
                self.problems.setText(escape(str(error)))
                self.send_button.setEnabled(False)
                return
        self.problems.setText(violations_html(problems, "✗" if self.strict else "⚠"))
        self.send_button.setEnabled(action is not None and not (problems and self.strict))
        self.solution.setText(self.solution_html() if action is not None else "")


class GroundAttackPage(StrikePage):
    """[4.6] Ground attack: the aircraft and one enemy ground unit."""

    def __init__(self, host: AirHost) -> None:
        super().__init__(host)
        self.target = QComboBox()
        self.target.setObjectName("airGroundTarget")
        self.target.currentIndexChanged.connect(self.refresh)
        self.layout_.addWidget(self.target)
        self.layout_.addWidget(self.solution)
        self.layout_.addWidget(self.problems)
        self.send_button.setText("Ground attack (4.6)")

    def actor(self) -> tuple[Player | None, str]:
        if self.player is None:
            return None, "No ground attack aircraft wait (4.6)"
        return self.player, f"{self.player.title} player: ground attack an enemy unit (4.6)"

    def load_target(self) -> None:
        assert self.player is not None
        state, ruleset = self.session.state, self.ruleset
        where = "within five hexes of a Soviet unit" if self.player is Player.SOVIET else "anywhere"
        self.text.setText(
            f"<p>{side(self.player, f'{self.player.title} player')}: tick the aircraft that "
            f"fly (escorts that fought no air combat add their factors) and click an enemy "
            f"counter on the map, or choose it below; targets {escape(where)} "
            f"{rule('4.6')}.</p>"
        )
        self.target.blockSignals(True)
        self.target.clear()
        reach = ground_attack_reach(ruleset, state, self.player)
        # 18.1: the units both the table's side and the flying side see; hidden ones drawn
        seen, flying = self.host.seen(), view(ruleset, state, self.player)
        entries: list[tuple[tuple[str, str], str, str | HiddenIn]] = []
        for unit_id, unit in flying.state.units.items():
            if not seen.knows(unit_id):
                continue
            definition = ruleset.catalogue.ground[unit_id]
            if unit.hex is None or unit.status is not UnitStatus.ON_MAP:
                continue
            if definition.player is self.player or definition.unit_class is UnitClass.HEADQUARTERS:
                continue
            if unit.hex not in reach:  # 4.6: Soviet targets within five hexes of a Soviet unit
                continue
            label = f"{ruleset.hex_name(unit.hex)} {definition.name}"
            entries.append(((str(unit.hex), unit_id), label, unit_id))
        for hex_ in flying.hidden:
            if hex_ in reach and hidden_targets(ruleset, state, flying, hex_):
                label = f"{ruleset.hex_name(hex_)} {AT_RANDOM}"
                entries.append(((str(hex_), "~"), label, HiddenIn(hex_)))  # after the hex's units
        for _, label, data in sorted(entries, key=lambda entry: entry[0]):
            self.target.addItem(label, data)
        self.target.blockSignals(False)

    def pick(self, hex_: Hex) -> bool:
        """A click on a stack: its unit the side sees, else a hidden unit drawn (18.1)."""
        units = self.session.state.units
        for index in range(self.target.count()):
            data = self.target.itemData(index)
            where = data.hex if isinstance(data, HiddenIn) else units[data].hex
            if where == hex_:
                self.target.setCurrentIndex(index)
                return True
        return False

    def action(self) -> Action | None:
        target = self.target.currentData()
        if target is None or not self.aircraft():
            return None
        if isinstance(target, HiddenIn):  # 18.1: a hidden unit of the stack, drawn at random
            return GroundAttack(player=self.player, air_units=self.aircraft(), hidden_in=target.hex)
        return GroundAttack(player=self.player, air_units=self.aircraft(), target_unit=target)

    def solution_html(self) -> str:
        state = self.session.state
        target = self.target.currentData()
        if isinstance(target, HiddenIn):  # 18.1: the unit struck is not known before the draw
            return drawn_target_html(self.ruleset.hex_name(target.hex))
        solution = ground_attack_solution(self.ruleset, state, self.aircraft(), target)

        def result_of(roll: int) -> object:
            return bombardment_result(self.ruleset, solution, roll)

        return solution_html(solution, self.ruleset.tables.bombardment, "4.6", result_of)


class InterdictionPage(StrikePage):
    """[4.5] German interdiction: the aircraft and a hex, the centre of the zone."""

    mission = AirBox.INTERDICTION
    rule_number = "4.5"

    def __init__(self, host: AirHost) -> None:
        super().__init__(host)
        self.hex_edit = QLineEdit()
        self.hex_edit.setObjectName("airInterdictionHex")
        self.hex_edit.setPlaceholderText("Target hex, e.g. 2538: or click the map")
        self.hex_edit.textChanged.connect(self.refresh)
        self.layout_.addWidget(self.hex_edit)
        self.layout_.addWidget(self.solution)
        self.layout_.addWidget(self.problems)
        self.send_button.setText("Interdict (4.5)")

    def actor(self) -> tuple[Player | None, str]:
        if self.player is None:
            return None, "No interdiction aircraft wait (4.5)"
        return self.player, "German player: interdict a hex (4.5)"

    def load_target(self) -> None:
        self.text.setText(
            f"<p>{side(Player.GERMAN, 'German player')}: tick the aircraft that fly and click "
            f"a hex on the map (or type its number): a result makes an interdiction zone of "
            f"five hexes around it where Soviet units lose movement points {rule('4.5')}.</p>"
        )

    def target(self) -> Hex | None:
        try:
            hex_ = self.ruleset.grid.hex_of(self.hex_edit.text().strip())
        except ValueError:
            return None
        return hex_ if self.ruleset.grid.contains(hex_) else None

    def pick(self, hex_: Hex) -> bool:
        self.hex_edit.setText(self.ruleset.grid.id_of(hex_))
        return True

    def action(self) -> Action | None:
        target = self.target()
        if target is None or not self.aircraft():
            return None
        return Interdict(player=Player.GERMAN, air_units=self.aircraft(), target=target)

    def solution_html(self) -> str:
        target = self.target()
        assert target is not None
        found = interdiction_solution(self.ruleset, self.session.state, self.aircraft(), target)
        return (
            f"Bombardment strength <b>{found.total}</b> {rule('4.5')} → the <b>"
            f"{escape(found.column)}</b> column of the Bombardment Table; Soviet antiaircraft "
            f"units in the zone: {found.antiaircraft}, DRM <b>{found.drm:+d}</b> {rule('16.1')}."
        )
