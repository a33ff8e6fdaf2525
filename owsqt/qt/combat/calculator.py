"""The combat calculator of free play: the fire (11.4) and bombardment or counterbattery
(12.4) solutions of the units a player ticks against a hex, and the result of a die roll
he types. It rolls no die and submits nothing: free play applies results by hand."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.combat.start import checked_units, fill_candidates, unit_line, unit_list
from owsqt.qt.combat.text import gun_solution, stack_names
from owsqt.qt.kit.page import rich_label
from owsqt.qt.kit.text import rule, solution_html
from owsqt.rules.combat.fire import Engagement, fire_solution
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.combat.offers import (
    artillery_candidates,
    attack_candidates,
    attack_targets,
    owner_of,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables.grid import DIE_HIGH, DIE_LOW
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.known import stack_seen, strengths_known
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession

BANNER = (
    "<b>A calculator for free play: it rolls no die and changes nothing on the table.</b> "
    "Type the roll you made; apply the result by hand (a counter's menu: Set strength, "
    "Disrupted, Eliminate; drag the stacks that retreat or advance)."
)
UNSEEN = (
    "No fire worked out: it needs strengths the fog of war hides from you; a combat shows "
    "them while it is resolved {rule}."
)


def roll_box(tooltip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(DIE_LOW, DIE_HIGH)
    box.setValue(5)
    box.setToolTip(tooltip)
    return box


def scrolling(label: QLabel) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(label)
    return area


def two_columns(
    page: QWidget, title: str, units: QWidget, form: QFormLayout, result: QLabel, solution: QLabel
) -> None:
    """A calculator page: the units, the choices and the result on the left, the solution
    with every rule on the right."""
    left = QVBoxLayout()
    left.addWidget(QLabel(title))
    left.addWidget(units)
    left.addLayout(form)
    left.addWidget(result)
    left.addStretch(1)
    columns = QHBoxLayout(page)
    columns.addLayout(left, 1)
    columns.addWidget(scrolling(solution), 1)


class CombatCalculator(QDialog):
    """Fire and bombardment worked out for chosen units and target; nothing is submitted.

    [18.1] Under the fog of war it lists only the units the viewer sees (`seen`), and works
    nothing out from a strength he does not know."""

    def __init__(
        self,
        ruleset: Ruleset,
        session: GameSession,
        target: Hex,
        seen: SideView,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("combatCalculator")
        self.setWindowTitle("Combat calculator (free play: changes nothing)")
        self.ruleset, self.session, self.seen = ruleset, session, seen
        self.state: GameState = session.state
        self.mode = Mode.FREE  # every unit may be ticked: nothing is judged
        banner = QLabel(BANNER)
        banner.setObjectName("calculatorBanner")
        banner.setWordWrap(True)
        banner.setStyleSheet(
            "QLabel#calculatorBanner { background: #fff3c4; border: 1px solid #c9a227;"
            " border-radius: 4px; padding: 6px; }"
        )
        self.target_box = QComboBox()
        self.target_box.setToolTip("The hex fired at: its units defend")
        targets = sorted(
            {h for p in Player for h in attack_targets(ruleset, self.state, p)} | {target},
            key=ruleset.grid.id_of,
        )
        for hex_ in targets:
            names = stack_names(ruleset, stack_seen(seen, hex_), "empty")
            self.target_box.addItem(f"{ruleset.grid.id_of(hex_)}: {names}", hex_)
        self.target_box.setCurrentIndex(targets.index(target))
        self.target_box.currentIndexChanged.connect(self._load)
        top = QFormLayout()
        top.addRow("&Hex fired at:", self.target_box)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._fire_tab(), "&Fire combat (11.4)")
        self.tabs.addTab(self._bombard_tab(), "&Bombardment (12.4)")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(banner)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(860, 600)
        self._load()

    # --- fire -----------------------------------------------------------------------------

    def _fire_tab(self) -> QWidget:
        page = QWidget()
        self.attackers = unit_list("The units next to the hex that attack it (11.1)", rows=8)
        self.attackers.itemChanged.connect(self._attackers_changed)
        self.attacker_lead = QComboBox()
        self.attacker_lead.setToolTip("The attacker's lead unit (11.3)")
        self.defender_lead = QComboBox()
        self.defender_lead.setToolTip("The defender's lead unit (11.3)")
        self.firer = QComboBox()
        self.firer.addItem("The attacker fires (step 7)", True)
        self.firer.addItem("The defender fires (step 6)", False)
        self.firer.setToolTip("Whose fire to work out (11.2)")
        self.prepared = QCheckBox("Prepared attack (multi-hex DRM, 11.4)")
        self.prepared.setChecked(True)
        self.fire_roll = roll_box("The die you rolled (1-10): the DRM is added (11.4)")
        self.fire_result = rich_label("fireResult")
        self.fire_solution = rich_label("fireSolution")
        for widget in (self.attacker_lead, self.defender_lead, self.firer):
            widget.currentIndexChanged.connect(self._update_fire)
        self.prepared.toggled.connect(self._update_fire)
        self.fire_roll.valueChanged.connect(self._update_fire)
        form = QFormLayout()
        form.addRow("Attacker's &lead (11.3):", self.attacker_lead)
        form.addRow("Defender's l&ead (11.3):", self.defender_lead)
        form.addRow("&Who fires:", self.firer)
        form.addRow("", self.prepared)
        form.addRow("Die &roll:", self.fire_roll)
        two_columns(
            page, "Attacking units:", self.attackers, form, self.fire_result, self.fire_solution
        )
        return page

    def _load(self) -> None:
        target = self.target_box.currentData()
        self.target = target
        owner = owner_of(self.ruleset, self.state, target)
        self.defending = self.state.stack(target)
        self.attacker = owner.opponent if owner is not None else Player.GERMAN
        seen = self.seen
        shown = stack_seen(seen, target).units  # 18.1: what the viewer may name
        candidates = attack_candidates(self.ruleset, self.state, target, self.attacker)
        candidates = [c for c in candidates if seen.knows(c.unit)]
        fill_candidates(
            self.attackers, self.ruleset, seen.state, candidates, self.mode, lambda c: True
        )
        self._fill_leads(self.defender_lead, shown)
        self._attackers_changed()
        guns = artillery_candidates(self.ruleset, self.state, target, self.attacker)
        guns = [c for c in guns if seen.knows(c.unit)]
        fill_candidates(self.guns, self.ruleset, seen.state, guns, self.mode, lambda c: c.able)
        self.gun_target.blockSignals(True)
        self.gun_target.clear()
        for unit_id in shown:
            self.gun_target.addItem(unit_line(self.ruleset, seen.state, unit_id), unit_id)
        self.gun_target.blockSignals(False)
        self._update_guns()

    def _fill_leads(self, box: QComboBox, units: tuple[str, ...]) -> None:
        keep = box.currentData()
        box.blockSignals(True)
        box.clear()
        for unit_id in units:
            proficiency = self.ruleset.catalogue.ground[unit_id].proficiency
            box.addItem(f"{self.ruleset.unit_name(unit_id)} (prof. {proficiency})", unit_id)
        chosen = keep if keep in units else default_lead(self.ruleset, self.state, units)
        if chosen is not None:
            box.setCurrentIndex(units.index(chosen))
        box.blockSignals(False)

    def _attackers_changed(self) -> None:
        self._fill_leads(self.attacker_lead, checked_units(self.attackers))
        self._update_fire()

    def _update_fire(self) -> None:
        units = checked_units(self.attackers)
        lead, defence_lead = self.attacker_lead.currentData(), self.defender_lead.currentData()
        if not units or lead is None or defence_lead is None:
            self.fire_solution.setText("Tick the attacking units.")
            self.fire_result.setText("")
            return
        if not strengths_known(self.ruleset, self.seen, (*units, *self.defending)):
            self.fire_solution.setText(UNSEEN.format(rule=rule("18.1")))
            self.fire_result.setText("")
            return
        engagement = Engagement(
            attacker=self.attacker,
            target=self.target,
            attackers=units,
            defenders=self.defending,
            attacker_lead=lead,
            defender_lead=defence_lead,
            prepared=self.prepared.isChecked(),
        )
        attacking = bool(self.firer.currentData())
        side = self.attacker if attacking else self.attacker.opponent
        firing = units if attacking else self.defending
        roll = self.fire_roll.value()
        ruleset = self.ruleset
        try:
            solution = fire_solution(ruleset, self.state, engagement, side, firing)
        except ValueError as error:
            self.fire_solution.setText(escape(str(error)))
            self.fire_result.setText("")
            return
        self.fire_solution.setText(
            solution_html(
                solution,
                ruleset.tables.crt,
                "11.4",
                lambda value: solution.result(ruleset, value),
                roll,
            )
        )
        result = solution.result(ruleset, roll)
        self.fire_result.setText(
            f"<b>{side.title} fire: roll {roll} {solution.drm:+d} = {roll + solution.drm} on "
            f"the {escape(solution.column)} column → {result}</b> {rule('11.5')}<br>"
            f"{result.mandatory} mandatory point(s); optional {result.optional}: a check or a "
            f"retreat {rule('11.5, 11.6')}"
        )

    # --- artillery -------------------------------------------------------------------------

    def _bombard_tab(self) -> QWidget:
        page = QWidget()
        self.kind = QComboBox()
        self.kind.addItem("Bombardment (12.4)", False)
        self.kind.addItem("Counterbattery (12.4)", True)
        self.kind.setToolTip("Bombardment of any unit, or counterbattery at artillery (12.4)")
        self.guns = unit_list("The attacker's artillery that reaches the hex (12.4)")
        self.guns.itemChanged.connect(self._update_guns)
        self.gun_target = QComboBox()
        self.gun_target.setToolTip("Each bombardment is directed at a single unit (12.4)")
        self.gun_roll = roll_box("The die you rolled (1-10)")
        self.gun_result = rich_label("bombardResult")
        self.gun_solution = rich_label("bombardSolution")
        for widget in (self.kind, self.gun_target):
            widget.currentIndexChanged.connect(self._update_guns)
        self.gun_roll.valueChanged.connect(self._update_guns)
        form = QFormLayout()
        form.addRow("&Kind:", self.kind)
        form.addRow("&Target unit:", self.gun_target)
        form.addRow("Die r&oll:", self.gun_roll)
        two_columns(
            page, "Artillery in range:", self.guns, form, self.gun_result, self.gun_solution
        )
        return page

    def _update_guns(self) -> None:
        guns = checked_units(self.guns)
        target = self.gun_target.currentData()
        if not guns or target is None:
            where = self.ruleset.grid.id_of(self.target)
            self.gun_solution.setText(
                "No unit to fire at."
                if target is None
                else "Tick the artillery that fires."
                if self.guns.count()
                else f"No {self.attacker.title} artillery reaches {where} {rule('12.4')}."
            )
            self.gun_result.setText("")
            return
        ruleset, state, roll = self.ruleset, self.state, self.gun_roll.value()
        if not strengths_known(ruleset, self.seen, (*guns, target)):
            self.gun_solution.setText(UNSEEN.format(rule=rule("18.1")))
            self.gun_result.setText("")
            return
        counter = bool(self.kind.currentData())
        notes = ""
        if ruleset.catalogue.ground[target].unit_class is UnitClass.HEADQUARTERS:
            notes = f"<p>Headquarters may not be bombarded {rule('12.4')}.</p>"
        try:
            solution, html, result_of = gun_solution(
                ruleset, state, guns, target, counter=counter, roll=roll
            )
            result = result_of(roll)
            drm, column = solution.drm, solution.column
        except ValueError as error:
            self.gun_solution.setText(escape(str(error)))
            self.gun_result.setText("")
            return
        self.gun_solution.setText(notes + html)
        self.gun_result.setText(
            f"<b>Roll {roll} {drm:+d} = {roll + drm} on the {escape(column)} column → "
            f"{escape(str(result))}</b> {rule('12.4')}"
        )
