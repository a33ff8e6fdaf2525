"""The pages of the Combat panel, one per situation of a prepared attack (11.2-11.8, 12.4):
no combat, the defence, counterbattery and bombardment, fire, losses, the optional result,
the retreat and the advance. Each loads itself from the state, offers the hexes a click on
the map may pick, the paths to draw, and sends its actions through the panel."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.combatstart import (
    ATTACK_KEYS,
    UNIT_ROLE,
    Candidate,
    artillery_candidates,
    checked_units,
    fill_candidates,
    index_of,
    unit_list,
)
from owsqt.qt.combattext import (
    BAD_STYLE,
    RULE_STYLE,
    default_lead,
    rule,
    solution_html,
    violations_html,
)
from owsqt.rules.actions import (
    Advance,
    AirStrike,
    AnswerOptional,
    Bombard,
    ContinueCombat,
    Counterbattery,
    Defend,
    Fire,
    Retreat,
    TakeLosses,
)
from owsqt.rules.advance import advance_paths
from owsqt.rules.artillery import (
    NOT_COUNTERBATTERY,
    bombardment_result,
    bombardment_solution,
    counterbattery_result,
    counterbattery_solution,
)
from owsqt.rules.combat import (
    COMBAT_SEGMENTS,
    advancers,
    alive,
    defenders,
    firing_units,
    step_actor,
)
from owsqt.rules.combatbombard import designated_guns
from owsqt.rules.combatresults import engagement, points_due, retreat_options
from owsqt.rules.engine import judge
from owsqt.rules.firecombat import Engagement, fire_solution
from owsqt.rules.hexgrid import Hex, distance
from owsqt.rules.losses import LossPriorities
from owsqt.rules.retreat import Blocked, RetreatPath
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.state import CombatState, GameState
from owsqt.rules.units import UnitClass
from owsqt.rules.verdict import Mode, Violation
from owsqt.rules.vocabulary import Player, UnitStatus

if TYPE_CHECKING:
    from owsqt.qt.combatpanel import CombatPanel


def button(text: str, tooltip: str, name: str) -> QPushButton:
    widget = QPushButton(text)
    widget.setToolTip(tooltip)
    widget.setObjectName(name)
    return widget


def rich_label(name: str = "") -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    if name:
        label.setObjectName(name)
    return label


class Page(QWidget):
    """One situation of the combat and its buttons; `load` fills it from the state."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__()
        self.panel = panel
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.bar = QWidget()

    @property
    def ruleset(self) -> Ruleset:
        return self.panel.ruleset

    def load(self, state: GameState, combat: CombatState | None) -> None:
        """Show `state`'s combat; called only when the state changed."""

    def picks(self) -> frozenset[Hex]:
        """The hexes a click on the map may pick now."""
        return frozenset()

    def pick(self, hex_: Hex) -> None:
        """A click on one of `picks()`."""

    numbered = False  # whether the paths drawn carry their numbers

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        """Paths to draw on the map, and the index of the chosen one."""
        return [], None

    def buttons(self, *widgets: QWidget) -> None:
        """The page's buttons, in a bar the panel keeps in view under its scrolling part."""
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget)
        row.addStretch(1)


# --- no combat -----------------------------------------------------------------------------


class IdlePage(Page):
    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.text = rich_label("idleText")
        self.attack = button(
            f"Prepared &attack… ({ATTACK_KEYS})",
            "Choose an enemy stack next to your units, the attacking units, the lead and the "
            "artillery (11.1-11.3)",
            "attackButton",
        )
        self.attack.clicked.connect(panel.request_attack)
        self.layout_.addWidget(self.text)
        self.buttons(self.attack)

    def load(self, state: GameState, combat: CombatState | None) -> None:
        mode = self.panel.mode
        if mode is Mode.FREE:
            self.text.setText(
                "Free play: no combat sequence is enforced. Work a fire or a bombardment out "
                f"with the <b>combat calculator</b> ({ATTACK_KEYS}, or right-click an enemy "
                "counter), then apply the result by hand from the counters' menus."
            )
            self.attack.setText(f"Combat &calculator… ({ATTACK_KEYS})")
            return
        self.attack.setText(f"Prepared &attack… ({ATTACK_KEYS})")
        in_segment = state.segment in COMBAT_SEGMENTS and state.active is not None
        if in_segment:
            assert state.active is not None
            self.text.setText(
                f"<b>{state.active.title} player</b>: right-click an enemy stack next to your "
                f"units and choose <i>Prepared attack on …</i> ({ATTACK_KEYS}). Each hex may "
                f"be the target of one prepared attack a player phase {rule('11.1')}. When "
                "you are done attacking, end the step (Ctrl+E)."
            )
        else:
            self.text.setText(
                "No combat under way. Prepared attacks belong to the phasing player's combat "
                f"segments {rule('7.1, 11.1')}."
            )


# --- step 2 -------------------------------------------------------------------------------


class DefendPage(Page):
    """[11.2 step 2, 11.3] The defender's lead unit and artillery."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        form = QFormLayout()
        self.lead = QComboBox()
        self.lead.setObjectName("defenceLead")
        self.lead.setToolTip(
            "The lead unit's proficiency sets the proficiency DRM of the engagement and it "
            "takes the first loss (11.3)"
        )
        self.lead.currentIndexChanged.connect(self._update)
        form.addRow("&Lead unit (11.3):", self.lead)
        self.layout_.addLayout(form)
        self.guns_label = QLabel("Artillery for defensive bombardment (12.4):")
        self.guns = unit_list(
            "Artillery that reaches the hex attacked: it bombards an attacking unit in step 4 "
            "(12.4: range measured to the defended hex)",
            rows=3,
        )
        self.guns.setObjectName("defenceGuns")
        self.guns.itemChanged.connect(self._update)
        self.layout_.addWidget(self.guns_label)
        self.layout_.addWidget(self.guns)
        self.preview = rich_label("defencePreview")
        self.layout_.addWidget(self.preview)
        self.defend = button(
            "&Defend", "Submit the lead and the artillery (11.2 step 2)", "defendButton"
        )
        self.defend.clicked.connect(self.submit)
        self.buttons(self.defend)

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None
        self.state, self.combat = state, combat
        units = defenders(state, combat)
        self.lead.blockSignals(True)
        self.lead.clear()
        for unit_id in units:
            proficiency = self.ruleset.catalogue.ground[unit_id].proficiency
            self.lead.addItem(f"{self.ruleset.unit_name(unit_id)} (prof. {proficiency})", unit_id)
        best = default_lead(self.ruleset, state, units)
        if best is not None:
            self.lead.setCurrentIndex(units.index(best))
        self.lead.blockSignals(False)
        player = combat.attacker.opponent
        guns = artillery_candidates(self.ruleset, state, combat.target, player)
        fill_candidates(self.guns, self.ruleset, state, guns, self.panel.mode, lambda c: c.able)
        self.guns.setVisible(bool(guns))
        self.guns_label.setText(
            "Artillery for defensive bombardment (12.4):"
            if guns
            else f"No artillery of yours reaches this hex {rule('12.4')}"
        )
        self._update()

    def _update(self) -> None:
        lead = self.lead.currentData()
        if lead is None:
            self.preview.setText("")
            return
        ruleset, state, combat = self.ruleset, self.state, self.combat
        base = engagement(state, combat)
        chosen = Engagement(
            base.attacker, base.target, base.attackers, base.defenders, base.attacker_lead, lead
        )
        defender = combat.attacker.opponent
        parts = [f"<b>Your fire (step 6)</b> with {escape(ruleset.unit_name(lead))} leading:"]
        try:
            mine = fire_solution(ruleset, state, chosen, defender, base.defenders)
            parts.append(
                solution_html(
                    mine, ruleset.tables.crt, "11.4", lambda roll: mine.result(ruleset, roll)
                )
            )
        except ValueError as error:
            parts.append(str(error))
        firing = firing_units(state, combat, combat.attacker)
        try:
            theirs = fire_solution(ruleset, state, chosen, combat.attacker, firing)
            drm = f", DRM {theirs.drm:+d}" if theirs.drm else ", no DRM"
            parts.append(
                f"<p><b>His fire (step 7)</b>: {theirs.total_factors} factors, the "
                f"{escape(theirs.column)} column{drm} {rule('11.4')}</p>"
            )
        except ValueError:
            pass
        self.preview.setText("".join(parts))

    def submit(self) -> None:
        lead = self.lead.currentData()
        if lead is None:
            return
        player = self.combat.attacker.opponent
        self.panel.send(Defend(player=player, lead=lead, artillery=checked_units(self.guns)))


# --- steps 3 to 5 ---------------------------------------------------------------------------


class ArtilleryPage(Page):
    """[11.2 steps 3-5, 12.4] Counterbattery, then defensive and offensive bombardment."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        form = QFormLayout()
        self.target = QComboBox()
        self.target.setObjectName("artilleryTarget")
        self.target.currentIndexChanged.connect(self._target_changed)
        form.addRow("&Target unit:", self.target)
        self.layout_.addLayout(form)
        self.guns_label = QLabel()
        self.guns_label.setWordWrap(True)
        self.guns = unit_list("The artillery that fires", rows=3)
        self.guns.setObjectName("artilleryGuns")
        self.guns.itemChanged.connect(self._update)
        self.layout_.addWidget(self.guns_label)
        self.layout_.addWidget(self.guns)
        self.preview = rich_label("artilleryPreview")
        self.layout_.addWidget(self.preview)
        self.fire = button("&Bombard", "Roll on the table (12.4)", "artilleryFire")
        self.fire.clicked.connect(self.submit)
        self.done = button(
            "Do&ne", "No more fire in this step: go on with the combat", "artilleryDone"
        )
        self.done.clicked.connect(lambda: self.panel.send(ContinueCombat(player=self._actor)))
        self.stukas = button(
            "S&tukas",
            "The withheld Ju-87s bombard the target unit, apart from the artillery "
            "(4.6); then they go to the flown box",
            "artilleryStukas",
        )
        self.stukas.clicked.connect(self._strike)
        self.buttons(self.fire, self.stukas, self.done)

    def _strike(self) -> None:
        target = self.target.currentData()
        remaining = tuple(a for a in self.combat.stukas if a not in self.combat.bombarded)
        if target is not None and remaining:
            self.panel.send(
                AirStrike(player=self.combat.attacker, air_units=remaining, target_unit=target)
            )

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None
        self.state, self.combat = state, combat
        self.stukas.setVisible(
            combat.step == "offensive_bombardment"
            and any(a not in combat.bombarded for a in combat.stukas)
        )
        self.counter = combat.step == "counterbattery"
        ruleset = self.ruleset
        catalogue = ruleset.catalogue
        self._firing_side: Player | None = None
        if self.counter:
            self._actor = None
            targets = [
                u
                for u in (*combat.attack_artillery, *combat.defense_artillery)
                if u not in combat.bombarded
                and state.units[u].status is UnitStatus.ON_MAP
                and catalogue.ground[u].type not in NOT_COUNTERBATTERY
            ]
            self.fire.setText("&Counterbattery")
            self.fire.setToolTip(
                "Each firing unit first passes a proficiency check, then the survivors roll on "
                "the Counterbattery Table; any result stops the target's mission (12.4)"
            )
        else:
            defensive = combat.step == "defensive_bombardment"
            self._actor = combat.attacker.opponent if defensive else combat.attacker
            pool = alive(state, combat.attackers) if defensive else defenders(state, combat)
            targets = [
                u for u in pool if catalogue.ground[u].unit_class is not UnitClass.HEADQUARTERS
            ]
            self.fire.setText("&Bombard")
            self.fire.setToolTip(
                "Roll on the Bombardment Table; points are lost at once, D disrupts (12.4)"
            )
        best = self._best_target(targets)
        self.target.blockSignals(True)
        self.target.clear()
        for unit_id in targets:
            owner = catalogue.ground[unit_id].player
            where = state.units[unit_id].hex
            self.target.addItem(
                f"{ruleset.unit_name(unit_id)} ({owner.title}, {ruleset.hex_name(where)})",
                unit_id,
            )
        if best is not None:
            self.target.setCurrentIndex(targets.index(best))
        self.target.blockSignals(False)
        self._target_changed()

    def _designated(self) -> tuple[str, ...]:
        combat = self.combat
        guns = designated_guns(combat, defensive=combat.step == "defensive_bombardment")
        return alive(self.state, guns)

    def _best_target(self, targets: list[str]) -> str | None:
        """The target the guns hit hardest: the rightmost column, then the best DRM (the
        11.8 example's Soviet player avoids the armored stack for that reason)."""
        if self.counter or not targets:
            return targets[0] if targets else None
        guns = self._designated()
        table = self.ruleset.tables.bombardment

        def strength(unit_id: str) -> tuple[int, int]:
            try:
                solution = bombardment_solution(self.ruleset, self.state, guns, unit_id)
                index = table.column_index(solution.total_factors, solution.total_shift)
            except ValueError:
                return (-1, 0)
            return (index, solution.drm)

        return max(targets, key=strength)

    def _candidates(self, target: str | None) -> list[Candidate]:
        state = self.state
        if not self.counter:
            return [Candidate(u) for u in self._designated()]
        if target is None:
            return []
        where = state.units[target].hex
        firing_side = self.ruleset.catalogue.ground[target].player.opponent
        assert where is not None
        return artillery_candidates(self.ruleset, state, where, firing_side, counterbattery=True)

    def _target_changed(self) -> None:
        target = self.target.currentData()
        candidates = self._candidates(target)
        fill_candidates(
            self.guns, self.ruleset, self.state, candidates, self.panel.mode, lambda c: c.able
        )
        self.guns.setVisible(bool(candidates))
        if self.counter and target is not None:
            side = self.ruleset.catalogue.ground[target].player.opponent
            self.guns_label.setText(
                f"{side.title} artillery in range (12.4):"
                if candidates
                else f"No {side.title} artillery reaches it (12.4): nothing to fire, Done"
            )
            self._firing_side = side
        elif not self.counter:
            self.guns_label.setText("Designated artillery that has not fired (12.4):")
        self._update()

    def _update(self) -> None:
        target = self.target.currentData()
        guns = checked_units(self.guns)
        self.fire.setEnabled(bool(target and guns))
        if target is None:
            self.preview.setText("No target left for this step.")
            return
        if not guns:
            self.preview.setText("Tick the artillery that fires." if self.guns.count() else "")
            return
        ruleset, state = self.ruleset, self.state
        try:
            if self.counter:
                cb = counterbattery_solution(ruleset, state, guns, target)
                html = solution_html(
                    cb,
                    ruleset.tables.counterbattery,
                    "12.4",
                    lambda roll: counterbattery_result(ruleset, cb, roll),
                )
                html += (
                    f"<p style='{RULE_STYLE}'>Before firing, each unit passes a proficiency "
                    "check: a roll not above its proficiency (12.4).</p>"
                )
            else:
                bb = bombardment_solution(ruleset, state, guns, target)
                html = solution_html(
                    bb,
                    ruleset.tables.bombardment,
                    "12.4",
                    lambda roll: bombardment_result(ruleset, bb, roll),
                )
        except ValueError as error:
            html = escape(str(error))
        self.preview.setText(html)

    def submit(self) -> None:
        target = self.target.currentData()
        guns = checked_units(self.guns)
        if target is None or not guns:
            return
        if self.counter:
            self.panel.send(
                Counterbattery(player=self._firing_side, units=guns, target_unit=target)
            )
        else:
            self.panel.send(Bombard(player=self._actor, units=guns, target_unit=target))


# --- steps 6 and 7 ---------------------------------------------------------------------------


class FirePage(Page):
    """[11.2 steps 6-7, 11.4] A side's fire; the defender names the attacking hex."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.form = QFormLayout()
        self.at = QComboBox()
        self.at.setObjectName("fireAt")
        self.at.setToolTip(
            "The attacking hex you fire at: its units take the result (11.2 step 6). "
            "Or click one of the shaded hexes on the map."
        )
        self.at.currentIndexChanged.connect(lambda _: self.panel.update_marks())
        self.at_label = QLabel("Fire &at:")
        self.at_label.setBuddy(self.at)
        self.form.addRow(self.at_label, self.at)
        self.layout_.addLayout(self.form)
        self.preview = rich_label("firePreview")
        self.layout_.addWidget(self.preview)
        self.fire = button("Fi&re", "Roll the die on the Combat Results Table (11.4)", "fireButton")
        self.fire.clicked.connect(self.submit)
        self.hold = button(
            "Hol&d fire",
            "Combat is voluntary (11.1): this side does not fire in this engagement",
            "holdFireButton",
        )
        self.hold.clicked.connect(lambda: self.panel.send(ContinueCombat(player=self.side)))
        self.buttons(self.fire, self.hold)

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None
        self.state, self.combat = state, combat
        side = step_actor(state, combat)
        assert side is not None
        self.side: Player = side
        defending = side is not combat.attacker
        self.firing = firing_units(state, combat, side)
        hexes = sorted(
            {
                state.units[u].hex
                for u in firing_units(state, combat, combat.attacker)
                if state.units[u].hex is not None
            },
            key=self.ruleset.grid.id_of,
        )
        self.at.blockSignals(True)
        self.at.clear()
        for hex_ in hexes:
            names = ", ".join(
                self.ruleset.unit_name(u)
                for u in alive(state, combat.attackers)
                if state.units[u].hex == hex_
            )
            self.at.addItem(f"{self.ruleset.grid.id_of(hex_)}: {names}", hex_)
        self.at.blockSignals(False)
        self.at.setVisible(defending)
        self.at_label.setVisible(defending)
        self.hexes = frozenset(hexes) if defending else frozenset()
        solution_text = []
        ruleset = self.ruleset
        try:
            solution = fire_solution(ruleset, state, engagement(state, combat), side, self.firing)
            solution_text.append(
                solution_html(
                    solution,
                    ruleset.tables.crt,
                    "11.4",
                    lambda roll: solution.result(ruleset, roll),
                )
            )
        except ValueError as error:
            solution_text.append(escape(str(error)))
        if defending:
            solution_text.append(
                f"<p style='{RULE_STYLE}'>Defensive fire takes no terrain shifts: those favour "
                "the defender against the attacker's fire (11.4).</p>"
            )
        self.preview.setText("".join(solution_text))

    def picks(self) -> frozenset[Hex]:
        return self.hexes

    def pick(self, hex_: Hex) -> None:
        index = index_of(self.at, hex_)
        if index >= 0:
            self.at.setCurrentIndex(index)

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        at = self.at.currentData() if self.hexes else None
        return ([(self.combat.target, at)], 0) if at is not None else ([], None)

    def submit(self) -> None:
        at = self.at.currentData() if self.side is not self.combat.attacker else None
        self.panel.send(Fire(player=self.side, at=at))


# --- results -----------------------------------------------------------------------------------


class LossesPage(Page):
    """[11.5, 11.6] One unit per strength point, in order, pre-filled by the priorities."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.heading = rich_label("lossesHeading")
        self.layout_.addWidget(self.heading)
        self.rows = QFormLayout()
        self.layout_.addLayout(self.rows)
        self.check = rich_label("lossesCheck")
        self.layout_.addWidget(self.check)
        self.take = button(
            "&Take losses", "Each point to the unit chosen, in order (11.6)", "takeLossesButton"
        )
        self.take.clicked.connect(self.submit)
        self.reset = button(
            "Defa&ult (11.6)",
            "The distribution by the loss priorities, sparing the weakest units",
            "defaultLossesButton",
        )
        self.reset.clicked.connect(self._fill_default)
        self.buttons(self.take, self.reset)
        self.combos: list[QComboBox] = []

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None and combat.pending is not None
        self.state, self.combat, pending = state, combat, combat.pending
        self.pending = pending
        self.units = alive(state, pending.units)
        self.priorities = LossPriorities(self.ruleset, state, self.units, pending.lead)
        due = points_due(state, pending)
        asked = pending.mandatory if pending.stage == "mandatory" else pending.optional
        what = {
            "mandatory": f"Mandatory result: {asked} strength point(s), at once {rule('11.5')}",
            "optional_losses": f"Check passed: the optional {asked} taken as strength points "
            f"{rule('11.5')}",
            "failed_losses": f"The optional {asked} taken as strength points, and the stack is "
            f"disrupted {rule('11.5, 11.7, 13.0')}",
        }.get(pending.stage, f"{asked} strength point(s)")
        if due < asked:
            what += f"; the stack has only {due} left"
        lead = (
            f"the lead unit, {escape(self.ruleset.unit_name(pending.lead))}, loses the first"
            if pending.lead
            else "the stack holds no lead unit"
        )
        self.heading.setText(
            f"<b>{what}</b><br><span style='{RULE_STYLE}'>By 11.6: {lead}; then every other "
            "armor and infantry unit one point before any is eliminated; then artillery; the "
            "cycle repeats; headquarters last.</span>"
        )
        while self.rows.rowCount():
            self.rows.removeRow(0)
        self.combos = []
        for number in range(1, due + 1):
            combo = QComboBox()
            combo.setObjectName(f"lossPoint{number}")
            for unit_id in self.units:
                combo.addItem(self.ruleset.unit_name(unit_id), unit_id)
            combo.currentIndexChanged.connect(self._update)
            combo.setToolTip(f"The unit that loses strength point {number} (11.6)")
            self.rows.addRow(f"Point {number}:", combo)
            self.combos.append(combo)
        self._fill_default()

    def _fill_default(self) -> None:
        hits = self.priorities.default(len(self.combos))
        for combo, unit_id in zip(self.combos, hits, strict=False):
            combo.blockSignals(True)
            combo.setCurrentIndex(index_of(combo, unit_id))
            combo.blockSignals(False)
        self._update()

    def hits(self) -> tuple[str, ...]:
        return tuple(combo.currentData() for combo in self.combos)

    def set_hits(self, hits: tuple[str, ...]) -> None:
        """Choose the unit of each point (as a player would in the boxes)."""
        for combo, unit_id in zip(self.combos, hits, strict=True):
            combo.setCurrentIndex(index_of(combo, unit_id))

    def _update(self) -> None:
        hits = self.hits()
        problem = self.priorities.check(hits)
        after = {u: self.state.units[u].strength for u in self.units}
        for unit_id in hits:
            after[unit_id] -= 1
        summary = ", ".join(
            f"{escape(self.ruleset.unit_name(u))} {self.state.units[u].strength}→"
            f"{max(0, after[u])}{' eliminated' if after[u] <= 0 else ''}"
            for u in self.units
            if after[u] != self.state.units[u].strength
        )
        text = f"<div>{summary or 'No point to lose.'} {rule('2.2')}</div>"
        if problem is not None:
            text += violations_html([problem])
        else:
            text += f"<div style='{RULE_STYLE}'>✓ follows the loss priorities (11.6)</div>"
        self.check.setText(text)

    def submit(self) -> None:
        self.panel.send(TakeLosses(player=self.pending.player, hits=self.hits()))


class OptionalPage(Page):
    """[11.5, 11.7] The optional result taken as a proficiency check or a retreat."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.text = rich_label("optionalText")
        self.layout_.addWidget(self.text)
        self.check = button("Proficiency &check", "", "checkButton")
        self.check.clicked.connect(lambda: self._answer(True))
        self.retreat = button("&Retreat", "", "retreatChoiceButton")
        self.retreat.clicked.connect(lambda: self._answer(False))
        self.buttons(self.check, self.retreat)

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None and combat.pending is not None
        pending = self.pending = combat.pending
        ruleset = self.ruleset
        units = alive(state, pending.units)
        checker = pending.lead or units[0]
        proficiency = ruleset.catalogue.ground[checker].proficiency
        attacker = pending.player is combat.attacker
        n = pending.optional
        if attacker:
            outcomes = (
                f"<li><b>Passed</b>: lose {n} point(s), but fire and advance (11.5)</li>"
                f"<li><b>Failed</b>: lose {n} point(s), no fire (unless fired already), no "
                "advance, disrupted (11.5, 13.0)</li>"
            )
        else:
            outcomes = (
                f"<li><b>Passed</b>: lose {n} point(s) and hold the hex (11.5)</li>"
                f"<li><b>Failed</b>: lose {n} point(s) and be disrupted (11.5, 13.0)</li>"
            )
        options = retreat_options(ruleset, state, pending)
        retreat_text = f"the stack retreats {n} hex(es) away from the units that fired (11.7)"
        if options.blocked is Blocked.TERRAIN:
            retreat_text = "terrain prevents any retreat: the stack stands, loses the points "
            retreat_text += "and is disrupted (11.7)"
        elif options.blocked is Blocked.SURROUNDED:
            retreat_text = "surrounded: no retreat; a proficiency check is required (11.7)"
        elif options.through_zoc:
            retreat_text += "; every path enters an enemy ZOC, whose units fire at it (11.7)"
        self.text.setText(
            f"<b>Optional result: {n}</b> {rule('11.5')}<br>"
            f"<b>Proficiency check</b>: {escape(ruleset.unit_name(checker))} rolls; "
            f"{proficiency} or less passes {rule('11.5')}<ul>{outcomes}</ul>"
            f"<b>Retreat</b>: {retreat_text}"
        )
        self.check.setText(f"Proficiency &check ({proficiency} or less)")
        self.check.setToolTip(f"{ruleset.unit_name(checker)} rolls the die (11.5)")
        surrounded = options.blocked is Blocked.SURROUNDED
        self.retreat.setText(f"&Retreat {n} hex{'es' if n != 1 else ''}")
        self.retreat.setEnabled(not (surrounded and self.panel.mode is Mode.STRICT))
        self.retreat.setToolTip(options.reason or "Choose the path next (11.7)")

    def _answer(self, check: bool) -> None:
        self.panel.send(AnswerOptional(player=self.pending.player, check=check))


def retreat_text(ruleset: Ruleset, number: int, option: RetreatPath) -> str:
    """One line per path, with what it costs: ZOC fire, rivers, bridges, leaving the map."""
    grid = ruleset.grid
    ids = " → ".join(grid.id_of(h) for h in (option.start, *option.hexes))
    if option.off_map:
        ids += " → off the map"
    extras = []
    if option.extended:
        extras.append("goes on out of enemy ZOC")
    if option.firers:
        names = ", ".join(ruleset.unit_name(u) for u in option.firers)
        extras.append(f"fire from {names}")
    if option.river_loss:
        extras.append(f"−{option.river_loss} SP at rivers")
    bridges = sum(b.points for b in option.bridge_losses)
    if bridges:
        extras.append(f"−{bridges} SP on interdicted bridges (4.5)")
    if option.off_map and option.exit_hex is not None:
        extras.append(f"returns at {grid.id_of(option.exit_hex)}")
    more = f" — {'; '.join(extras)}" if extras else ""
    return f"{number}. {ids} ({option.length} hexes){more}"


class RetreatPage(Page):
    """[11.7] The legal retreats, drawn on the map; a click on an end picks one."""

    numbered = True

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.text = rich_label("retreatText")
        self.layout_.addWidget(self.text)
        self.list = QListWidget()
        self.list.setObjectName("retreatPaths")
        self.list.setWordWrap(True)
        self.list.setToolTip("The legal retreats, best first (11.7); numbered as on the map")
        self.list.currentRowChanged.connect(self._chosen)
        self.layout_.addWidget(self.list)
        self.go = button("&Retreat", "Retreat along the chosen path (11.7)", "retreatButton")
        self.go.clicked.connect(self.submit)
        self.buttons(self.go)
        self.options: list[RetreatPath] = []

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None and combat.pending is not None
        self.pending = combat.pending
        options = retreat_options(self.ruleset, state, self.pending)
        self.options = list(options.paths)
        notes = []
        if options.through_zoc:
            notes.append("no path avoids enemy ZOCs: their units fire at the stack (11.7)")
        if options.toward_supply:
            notes.append("paths toward a friendly supply source come first (11.7)")
        self.text.setText(
            f"<b>Retreat {self.pending.optional} hex(es)</b> away from the units that fired "
            f"{rule('11.7')}. Click a numbered end on the map, or choose below."
            + (f"<br><span style='{RULE_STYLE}'>{'; '.join(notes)}</span>" if notes else "")
            + ("" if options else f"<br><span style='{BAD_STYLE}'>{options.reason}</span>")
        )
        self.list.blockSignals(True)
        self.list.clear()
        for number, option in enumerate(self.options, start=1):
            item = QListWidgetItem(retreat_text(self.ruleset, number, option))
            self.list.addItem(item)
        self.list.blockSignals(False)
        if self.options:
            self.list.setCurrentRow(0)
        self.go.setEnabled(bool(self.options))
        rows = max(1, min(len(self.options), 5))
        height = max((self.list.sizeHintForRow(i) for i in range(rows)), default=20)
        self.list.setFixedHeight(rows * height + 2 * self.list.frameWidth() + 4)

    def _chosen(self, row: int) -> None:
        self.panel.update_marks()

    def _end(self, option: RetreatPath) -> Hex:
        return option.hexes[-1] if option.hexes else option.start

    def picks(self) -> frozenset[Hex]:
        return frozenset(self._end(o) for o in self.options)

    def pick(self, hex_: Hex) -> None:
        """The first path ending on `hex_` after the one chosen (a second click goes on to the
        next path with the same end)."""
        rows = [i for i, o in enumerate(self.options) if self._end(o) == hex_]
        if not rows:
            return
        current = self.list.currentRow()
        later = [r for r in rows if r > current] if current in rows else []
        self.list.setCurrentRow((later or rows)[0])

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        drawn = [(o.start, *o.hexes) for o in self.options]
        row = self.list.currentRow()
        return drawn, row if row >= 0 else None

    def submit(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        option = self.options[row]
        self.panel.send(Retreat(player=self.pending.player, path=(option.start, *option.hexes)))


class AdvancePage(Page):
    """[11.8] Attacking units advance into the vacated hex and, by their kind, beyond."""

    def __init__(self, panel: CombatPanel) -> None:
        super().__init__(panel)
        self.text = rich_label("advanceText")
        self.layout_.addWidget(self.text)
        self.units = unit_list("The units that advance together (11.8)", rows=4)
        self.units.setObjectName("advanceUnits")
        self.units.itemChanged.connect(self._units_changed)
        self.layout_.addWidget(self.units)
        form = QFormLayout()
        self.hex = QComboBox()
        self.hex.setObjectName("advanceHex")
        self.hex.setToolTip("Where the units end their advance; or click a shaded hex")
        self.hex.currentIndexChanged.connect(lambda _: self.panel.update_marks())
        form.addRow("&To hex:", self.hex)
        self.layout_.addLayout(form)
        self.go = button("&Advance", "Advance the ticked units (11.8)", "advanceButton")
        self.go.clicked.connect(self.submit)
        self.stay = button("&Stay", "Do not advance: the combat is over (11.8)", "stayButton")
        self.stay.clicked.connect(lambda: self.panel.send(ContinueCombat(player=self.player)))
        self.buttons(self.go, self.stay)
        self.options: dict = {}
        self.verdicts: dict = {}
        self.reachable: list[Hex] = []

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None
        self.state, self.combat, self.player = state, combat, combat.attacker
        units = advancers(self.ruleset, state, combat)
        self.options = advance_paths(
            self.ruleset,
            state,
            units,
            combat.advance_length,
            combat.target,
            combat.retreat[1:] or None,
        )
        candidates = [self._candidate(u) for u in units]
        fill_candidates(
            self.units, self.ruleset, state, candidates, self.panel.mode, lambda c: c.able
        )
        for row in range(self.units.count()):
            item = self.units.item(row)
            option = self.options[item.data(UNIT_ROLE)]
            item.setText(f"{item.text()} · {option.kind.value}")
        length = max(combat.advance_length, 1)
        self.text.setText(
            f"<b>Advance after combat: up to {length} hex(es)</b> {rule('11.8')}, the vacated "
            f"{self.ruleset.grid.id_of(combat.target)} first. Armored units go the whole way, "
            "motorized ones stop at the first enemy ZOC off the retreat path, infantry takes "
            "only the vacated hex. One advance ends the combat: tick the units that go "
            "together and click a shaded hex."
        )
        self._units_changed()

    def _candidate(self, unit_id: str) -> Candidate:
        """A unit that may advance nowhere carries its reason ("11.8: …")."""
        reason = self.options[unit_id].reason
        if reason is None:
            return Candidate(unit_id)
        number, _, text = reason.partition(": ")
        return Candidate(unit_id, (Violation(number, text or reason),))

    def _reachable(self) -> list[Hex]:
        """Where every ticked unit may end its advance, nearest first; in STRICT play
        without the hexes the engine would refuse (stacking, 9.2)."""
        units = checked_units(self.units)
        if not units:
            return []
        common = set(self.options[units[0]].hexes)
        for unit_id in units[1:]:
            common &= set(self.options[unit_id].hexes)
        self.verdicts = {}
        for hex_ in common:
            path = self.options[units[0]].paths[hex_]
            action = Advance(player=self.player, units=units, path=path)
            self.verdicts[hex_] = judge(self.ruleset, self.state, action).violations
        if self.panel.mode is Mode.STRICT:
            common = {h for h in common if not self.verdicts[h]}
        target = self.combat.target
        grid = self.ruleset.grid
        return sorted(common, key=lambda h: (distance(h, target), grid.id_of(h)))

    def _units_changed(self) -> None:
        keep = self.hex.currentData()
        hexes = self.reachable = self._reachable()
        self.hex.blockSignals(True)
        self.hex.clear()
        target = self.combat.target
        for hex_ in hexes:
            text = self.ruleset.grid.id_of(hex_)
            if hex_ == target:
                text += " (the vacated hex)"
            else:
                text += f", {distance(hex_, target) + 1} hexes"
            broken = self.verdicts.get(hex_)
            if broken:
                text += " ⚠ " + "; ".join(str(v) for v in broken)
            self.hex.addItem(text, hex_)
        if keep in hexes:
            self.hex.setCurrentIndex(hexes.index(keep))
        self.hex.blockSignals(False)
        self.go.setEnabled(bool(hexes))
        self.panel.update_marks()

    def picks(self) -> frozenset[Hex]:
        return frozenset(self.reachable)

    def pick(self, hex_: Hex) -> None:
        index = index_of(self.hex, hex_)
        if index >= 0:
            self.hex.setCurrentIndex(index)

    def _path(self) -> tuple[Hex, ...] | None:
        units = checked_units(self.units)
        end = self.hex.currentData()
        if not units or end is None:
            return None
        return self.options[units[0]].paths.get(end)

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        path = self._path()
        return ([path], 0) if path else ([], None)

    def submit(self) -> None:
        path = self._path()
        units = checked_units(self.units)
        if path is None:
            return
        self.panel.send(Advance(player=self.player, units=units, path=path))
