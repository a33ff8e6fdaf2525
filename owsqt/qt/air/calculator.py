"""The air calculator of free play (4.4-4.6, 16.1): in place of the segment pages, it works
out one air unit's fire at another, a ground attack and an interdiction for units the
player chooses, every number with its rule and what each roll would give. It changes
nothing: the players move the counters on the charts by hand."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.kit.page import rich_label
from owsqt.qt.kit.text import results_row, rule, solution_html
from owsqt.rules.air.battles import air_fire
from owsqt.rules.air.strikes import ground_attack_solution, interdiction_solution
from owsqt.rules.combat.artillery import bombardment_result
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession

UNIT_ROLE = Qt.ItemDataRole.UserRole


class AirCalculator(QWidget):
    """Air combat, ground attack and interdiction worked out; nothing is sent."""

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("airCalculator")
        self.ruleset = ruleset
        self.session: GameSession | None = None
        self.title = rich_label("airCalculatorTitle")
        self.title.setText(
            "<b>Air calculator</b> (free play): works out a fire, changes nothing; move the "
            "counters on the charts by hand."
        )
        air = sorted(ruleset.catalogue.air.values(), key=lambda u: (u.player.value, u.name))
        self.firer, self.target = QComboBox(), QComboBox()
        for combo in (self.firer, self.target):
            for unit in air:
                combo.addItem(f"{unit.name} ({unit.player.title})", unit.id)
        self.target.setCurrentIndex(len(air) - 1)
        self.duel = rich_label("airDuel")
        self.aircraft = QListWidget()
        self.aircraft.setObjectName("airCalculatorAircraft")
        self.aircraft.setToolTip("The aircraft that bombard (4.5, 4.6)")
        for unit in air:
            item = QListWidgetItem(f"{unit.name} ({unit.player.title}, {unit.bombardment})")
            item.setData(UNIT_ROLE, unit.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.aircraft.addItem(item)
        self.aircraft.setMaximumHeight(120)
        self.ground = QComboBox()
        self.ground.setObjectName("airCalculatorGround")
        self.hex = QLineEdit()
        self.hex.setPlaceholderText("CCRR, e.g. 2538")
        self.strike = rich_label("airStrike")
        form = QFormLayout()
        form.addRow("Firing", self.firer)
        form.addRow("At", self.target)
        lower = QFormLayout()
        lower.addRow("Ground attack on", self.ground)
        lower.addRow("Interdiction of", self.hex)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(6, 6, 6, 6)
        for part in (self.title, form, self.duel, self.aircraft, lower, self.strike):
            if isinstance(part, QFormLayout):
                layout.addLayout(part)
            else:
                layout.addWidget(part)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # text wraps
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        for combo in (self.firer, self.target, self.ground):
            combo.currentIndexChanged.connect(self.work_out)
        self.aircraft.itemChanged.connect(self.work_out)
        self.hex.textChanged.connect(self.work_out)

    def show_session(self, session: GameSession) -> None:
        """The ground units on the map as targets, then the sums again."""
        self.session = session
        state, ruleset = session.state, self.ruleset
        chosen = self.ground.currentData()
        self.ground.blockSignals(True)
        self.ground.clear()
        for unit_id, unit in state.units.items():
            definition = ruleset.catalogue.ground[unit_id]
            if definition.unit_class is UnitClass.HEADQUARTERS:  # 12.4: never bombarded
                continue
            if unit.hex is not None and unit.status is UnitStatus.ON_MAP:
                where = ruleset.grid.id_of(unit.hex)
                name = f"{where} {definition.name} ({definition.player.title})"
                self.ground.addItem(name, unit_id)
        index = self.ground.findData(chosen)
        self.ground.setCurrentIndex(max(index, 0))
        self.ground.blockSignals(False)
        self.work_out()

    def checked(self) -> tuple[str, ...]:
        items = (self.aircraft.item(i) for i in range(self.aircraft.count()))
        return tuple(i.data(UNIT_ROLE) for i in items if i.checkState() is Qt.CheckState.Checked)

    def work_out(self) -> None:
        ruleset = self.ruleset
        firer, target = self.firer.currentData(), self.target.currentData()
        differential, column, drm = air_fire(ruleset, firer, target)
        table = ruleset.tables.air_combat
        self.duel.setText(
            f"<b>Air combat</b>: differential {differential:+d}, the {escape(column)} column, "
            f"DRM {drm:+d} {rule('4.4')}"
            + results_row(lambda roll: table.resolve(differential, drm, roll=roll), drm)
        )
        self.strike.setText(self._strikes())

    def _strikes(self) -> str:
        aircraft = self.checked()
        if not aircraft or self.session is None:
            return "Tick aircraft to work out a ground attack or an interdiction (4.5, 4.6)."
        ruleset, state = self.ruleset, self.session.state
        parts = []
        target = self.ground.currentData()
        if target is not None:
            solution = ground_attack_solution(ruleset, state, aircraft, target)
            parts.append(
                f"<b>Ground attack</b> {rule('4.6')}"
                + solution_html(
                    solution,
                    ruleset.tables.bombardment,
                    "4.6",
                    lambda roll: bombardment_result(ruleset, solution, roll),
                )
            )
        text = self.hex.text().strip()
        if text in ruleset.grid.ids():
            hex_ = ruleset.grid.hex_of(text)
            zone = interdiction_solution(ruleset, state, aircraft, hex_)
            table = ruleset.tables.bombardment

            def rolled(roll: int) -> object:
                return table.resolve(zone.total, 0, zone.drm, roll=roll)

            parts.append(
                f"<b>Interdiction of {escape(text)}</b>: {zone.total} factors, the "
                f"{escape(zone.column)} column, {zone.antiaircraft} antiaircraft unit(s) in "
                f"the zone: DRM {zone.drm:+d} {rule('4.5, 16.1')}"
                + results_row(
                    lambda roll: table.resolve(zone.total, 0, zone.drm, roll=roll), zone.drm
                )
            )
        return "".join(parts)
