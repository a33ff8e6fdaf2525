"""An air battle at the table (4.4): the interception and bounce rolls from the log, then
for the side whose choice it waits for each of its units with a target (pre-filled so
that every enemy fighter is engaged before one is fired at twice), the column and DRM of
each pairing, and the button that sends the pairs. Against the bombers the interceptor
may pick any or none."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QWidget

from owsqt.qt.air.airpage import AirHost, AirPage, side
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import rule, violations_html
from owsqt.rules.air.battles import (
    air_fire,
    battle_actor,
    bombers_of,
    current_battle,
    deciding_units,
    fighters_of,
    proposed_pairs,
    target_units,
)
from owsqt.rules.air.charts import BOX_NAMES
from owsqt.rules.core.actions import AirEngage
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import AirBattle
from owsqt.rules.core.steps import AirBattleStage
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge

NO_TARGET = "— no target —"
STAGE_TEXT = {
    AirBattleStage.PAIRING: "you have the bounce: pair each of your fighters with an enemy "
    "fighter; you fire first",
    AirBattleStage.DESIGNATION: "name the targets of your fighters the enemy did not pair; "
    "then your survivors return fire",
    AirBattleStage.BOMBERS: "your surviving interceptors may fire at any or all bombers of "
    "the mission; the fire is simultaneous",
}


class BattlePage(AirPage):
    """The air battle under way and the choice it waits for."""

    def __init__(self, host: AirHost) -> None:
        super().__init__(host)
        self.rolls = rich_label("airBattleRolls")
        self.rolls.setStyleSheet(
            "QLabel { background: #f3ecd9; border-radius: 4px; padding: 3px; }"
        )
        self.text = rich_label("airBattleText")
        self.grid_box = QWidget()
        self.grid = QGridLayout(self.grid_box)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(2, 1)
        self.problems = rich_label("airBattleProblems")
        for widget in (self.rolls, self.text, self.grid_box, self.problems):
            self.layout_.addWidget(widget)
        self.engage = button("Engage", "Send these pairs (4.4)", "airEngage")
        self.engage.clicked.connect(self.submit)
        self.buttons(self.engage)
        self.combos: dict[str, QComboBox] = {}
        self.columns: dict[str, QLabel] = {}
        self.battle: AirBattle | None = None

    def actor(self) -> tuple[Player | None, str]:
        if self.battle is None:
            return None, "No air battle waits for a choice (4.4)"
        player = battle_actor(self.battle)
        return player, f"{player.title} player: choose the targets of your aircraft (4.4)"

    def load(self) -> None:
        state = self.session.state
        self.battle = battle = current_battle(state)
        self.rolls.setText(self._rolls_html())
        self._clear_grid()
        if battle is None:
            self.text.setText("No air battle waits for a choice (4.4).")
            self.engage.setEnabled(False)
            self.problems.clear()
            return
        ruleset = self.ruleset
        names = ruleset.catalogue.air
        actor = battle_actor(battle)
        enemy = battle.interceptor.opponent
        escorts = fighters_of(ruleset, state, battle, enemy)
        bombers = bombers_of(ruleset, state, battle)
        where = f"the {enemy.title} {BOX_NAMES[battle.mission].lower()} box"
        self.text.setText(
            f"<p><b>Air battle over {escape(where)}</b> {rule('4.4')}: {battle.interceptor.title}"
            f" interceptors {escape(self._names(battle.interceptors))}; escorts "
            f"{escape(self._names(escorts) or 'none')}; mission aircraft "
            f"{escape(self._names(bombers) or 'none')}.</p>"
            f"<p>{side(actor, f'{actor.title} player')}: {escape(STAGE_TEXT[battle.stage])} "
            f"{rule('4.4')}.</p>"
        )
        targets = target_units(ruleset, state, battle)
        proposal = proposed_pairs(ruleset, state, battle)
        self.grid.addWidget(QLabel("<i>Firer</i>"), 0, 0)
        self.grid.addWidget(QLabel("<i>Target</i>"), 0, 1)
        self.grid.addWidget(QLabel("<i>Column, DRM</i>"), 0, 2)
        for row, unit in enumerate(deciding_units(ruleset, state, battle), start=1):
            combo = QComboBox()
            combo.setObjectName(f"airTarget_{unit}")
            if battle.stage is AirBattleStage.BOMBERS:
                combo.addItem(NO_TARGET, None)
            for target in targets:
                combo.addItem(names[target].name, target)
            combo.setCurrentIndex(max(combo.findData(proposal.get(unit)), 0))
            combo.currentIndexChanged.connect(self._changed)
            column = rich_label()
            firer = QLabel(escape(names[unit].name))
            firer.setWordWrap(True)
            self.grid.addWidget(firer, row, 0)
            self.grid.addWidget(combo, row, 1)
            self.grid.addWidget(column, row, 2)
            self.combos[unit], self.columns[unit] = combo, column
        fire = "Fire at the bombers" if battle.stage is AirBattleStage.BOMBERS else "Engage"
        self.engage.setText(f"{fire} (4.4)")
        self._changed()

    def pairs(self) -> dict[str, str]:
        """The targets chosen, firer -> target (units with no target left out)."""
        return {unit: combo.currentData() for unit, combo in self.combos.items()
                if combo.currentData() is not None}  # fmt: skip

    def set_target(self, unit: str, target: str | None) -> None:
        combo = self.combos[unit]
        combo.setCurrentIndex(combo.findData(target))

    def submit(self) -> None:
        self.host.send(AirEngage(player=self._player(), pairs=FrozenMap(self.pairs())))

    def _player(self) -> Player | None:
        return battle_actor(self.battle) if self.battle is not None else None

    def _changed(self) -> None:
        for unit, label in self.columns.items():
            target = self.combos[unit].currentData()
            if target is None:
                label.setText("does not fire")
                continue
            differential, column, drm = air_fire(self.ruleset, unit, target)
            label.setText(
                f"{differential:+d}: column <b>{escape(column)}</b>, DRM <b>{drm:+d}</b> "
                f"{rule('4.4')}"
            )
        action = AirEngage(player=self._player(), pairs=FrozenMap(self.pairs()))
        problems = judge(self.ruleset, self.session.state, action).violations
        self.problems.setText(violations_html(problems, "✗" if self.strict else "⚠"))
        self.engage.setEnabled(self.battle is not None and not (problems and self.strict))

    def _names(self, units: tuple[str, ...]) -> str:
        return ", ".join(self.ruleset.catalogue.air[u].name for u in units)

    def _clear_grid(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item is not None and (widget := item.widget()) is not None:
                widget.deleteLater()
        self.combos, self.columns = {}, {}

    def _rolls_html(self) -> str:
        """[4.4] The interception and bounce rolls of this Air Combat Segment, from the log."""
        session = self.session
        start = 0
        for index in range(len(session.entries) - 1, -1, -1):
            action = session.entries[index].action
            if isinstance(action, dict) and action.get("kind") == "end_step":
                start = index
                break
        lines = [
            escape(line.text)
            for line in session.log_lines(since=start)
            if ("interception" in line.text or "bounce" in line.text)
            and "die roll" not in line.text
        ]
        if not lines:
            return "<i>No interception or bounce rolled yet.</i>"
        return f"<b>Interception and the bounce</b> {rule('4.4')}:<br>" + "<br>".join(lines)
