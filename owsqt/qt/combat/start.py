"""Step 1 of a prepared attack (11.1-11.3, 12.4): the acting player picks the hex attacked,
ticks the adjacent units that attack, chooses the lead and designates artillery, and sees
his fire worked out (factors, column, shifts and DRMs, each with its rule) before the
PreparedAttack goes to the engine. Units that may not attack stay listed, greyed, with the
rule that stops them (ASSIST lets the player tick them anyway, and the log says so)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.combat.text import ODDS_LATER, stack_names
from owsqt.qt.counters.painter import CounterPixmapCache
from owsqt.qt.counters.unittext import hidden_words
from owsqt.qt.kit.text import RULE_STYLE, WARN_STYLE, rule, solution_html, violations_html
from owsqt.rules.combat.artillery import bombardment_solution
from owsqt.rules.combat.fire import Engagement, fire_factors, fire_solution
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.combat.offers import (
    Candidate,
    artillery_candidates,
    attack_candidates,
    attack_targets,
    owner_of,
)
from owsqt.rules.core.actions import Action, PreparedAttack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.engine import Outcome, judge
from owsqt.rules.fog.known import stack_seen, strengths_known
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession

ATTACK_KEYS = "Ctrl+Shift+P"  # Game ▸ Prepared attack… (the combat calculator in free play)
PANEL_KEYS = "Ctrl+Shift+K"  # View ▸ Combat panel
ICON_PIXELS = 28
UNIT_ROLE = Qt.ItemDataRole.UserRole
PIXMAPS = CounterPixmapCache(max_pixmaps=512)


def unit_line(ruleset: Ruleset, state: GameState, unit_id: str) -> str:
    """ "I/11 Pz (12-10) · 2125 · 12 SP · prof. 8": what a player weighs to choose."""
    definition = ruleset.catalogue.ground[unit_id]
    unit = state.units[unit_id]
    where = ruleset.grid.id_of(unit.hex) if unit.hex is not None else "off map"
    return f"{definition.name} · {where} · {unit.strength} SP · prof. {definition.proficiency}"


def unit_icon(ruleset: Ruleset, state: GameState, unit_id: str) -> QIcon:
    definition = ruleset.catalogue.ground[unit_id]
    return QIcon(PIXMAPS.pixmap(definition, state.units[unit_id].reduced, ICON_PIXELS * 2))


def fill_candidates(
    widget: QListWidget,
    ruleset: Ruleset,
    state: GameState,
    candidates: list[Candidate],
    mode: Mode,
    checked: Callable[[Candidate], bool],
) -> None:
    """Checkable rows, one per candidate; those with problems greyed (STRICT) or marked
    (ASSIST), the rule in the row and its tooltip."""
    widget.blockSignals(True)
    widget.clear()
    for candidate in candidates:
        text = unit_line(ruleset, state, candidate.unit)
        item = QListWidgetItem(unit_icon(ruleset, state, candidate.unit), text)
        item.setData(UNIT_ROLE, candidate.unit)
        flags = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        if candidate.problems:
            reasons = "; ".join(str(v) for v in candidate.problems)
            item.setText(f"{text}\n✗ {reasons}")
            item.setToolTip(f"{text}\nMay not: {reasons}")
            if mode is Mode.STRICT:
                flags = Qt.ItemFlag.ItemIsUserCheckable  # shown, not offered
        else:
            item.setToolTip(text)
        item.setFlags(flags)
        state_ = checked(candidate) and bool(flags & Qt.ItemFlag.ItemIsEnabled)
        item.setCheckState(Qt.CheckState.Checked if state_ else Qt.CheckState.Unchecked)
        widget.addItem(item)
    widget.blockSignals(False)
    fit_rows(widget)


def index_of(combo: QComboBox, value: object) -> int:
    """The row whose data equals `value` (-1: none). QComboBox.findData matches Python
    objects such as hexes only by identity."""
    return next((i for i in range(combo.count()) if combo.itemData(i) == value), -1)


def checked_units(widget: QListWidget) -> tuple[str, ...]:
    return tuple(
        widget.item(i).data(UNIT_ROLE)
        for i in range(widget.count())
        if widget.item(i).checkState() == Qt.CheckState.Checked
    )


def offered_units(widget: QListWidget) -> tuple[str, ...]:
    """The rows a player may tick."""
    return tuple(
        widget.item(i).data(UNIT_ROLE)
        for i in range(widget.count())
        if widget.item(i).flags() & Qt.ItemFlag.ItemIsEnabled
    )


def unit_list(tooltip: str, rows: int = 4) -> QListWidget:
    """A list of counters with their values, as tall as `rows` rows at most."""
    widget = QListWidget()
    widget.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
    widget.setToolTip(tooltip)
    widget.setWordWrap(True)
    widget.setProperty("rows", rows)
    fit_rows(widget)
    return widget


def fit_rows(widget: QListWidget) -> None:
    """Make a list just as tall as its rows (at least one, at most its "rows" property), so
    short lists leave the room to the solution below them."""
    most = int(widget.property("rows") or 4)
    shown = max(1, min(widget.count(), most))
    heights = [widget.sizeHintForRow(i) for i in range(min(widget.count(), shown))]
    row = max([ICON_PIXELS + 6, *heights])
    widget.setFixedHeight(shown * row + 2 * widget.frameWidth() + 2)


class AttackDialog(QDialog):
    """The acting player's prepared attack: hex, units, lead, artillery, and the preview.

    [18.1] Under the fog of war the defenders are what `seen` shows (the top unit's printed
    side, "and 3 hidden units"), and no odds are worked out from strengths the attacker
    does not know until the attack is declared; the attacker's own side shows in full."""

    def __init__(
        self,
        ruleset: Ruleset,
        session: GameSession,
        target: Hex,
        send: Callable[[Action], tuple[Outcome | None, str]],
        seen: SideView,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attackDialog")
        self.ruleset, self.session, self._send = ruleset, session, send
        self.state = session.state
        self.seen = seen
        self.mode = session.mode
        owner = owner_of(ruleset, self.state, target)
        self.player = owner.opponent if owner is not None else (self.state.active or Player.GERMAN)
        self.setWindowTitle(f"{self.player.title} player: prepared attack (11.1, 11.2 step 1)")
        self.target = target

        self.target_box = QComboBox()
        self.target_box.setToolTip(
            "The enemy-held hex attacked; every unit in it defends (11.1). One prepared attack "
            "a hex a player phase."
        )
        targets = attack_targets(ruleset, self.state, self.player)
        if target not in targets:
            targets.insert(0, target)
        for hex_ in targets:
            names = stack_names(ruleset, stack_seen(seen, hex_))
            self.target_box.addItem(f"{ruleset.grid.id_of(hex_)}: {names}", hex_)
        self.target_box.setCurrentIndex(targets.index(target))
        self.target_box.currentIndexChanged.connect(self._target_changed)
        self.defenders = QLabel()
        self.defenders.setWordWrap(True)
        self.units = unit_list(
            "Units next to the hex attacked (11.1); disrupted units may not attack (13.0) and "
            "each unit fights in its own combat segment (7.1)",
            rows=8,
        )
        self.units.itemChanged.connect(self._units_changed)
        self.lead = QComboBox()
        self.lead.setToolTip(
            "The lead unit's proficiency sets the engagement's proficiency DRM and it takes "
            "the first loss (11.3); artillery or headquarters lead only when nothing else can"
        )
        self.lead.currentIndexChanged.connect(self._update)
        self.guns = unit_list(
            "Artillery in range designated to bombard in step 5 (12.4): one mission a turn; it "
            "may draw counterbattery fire (step 3)",
            rows=4,
        )
        self.guns.itemChanged.connect(self._update)
        self.no_guns = QLabel(f"No artillery of yours reaches this hex {rule('12.4')}")
        self.preview = QLabel()
        self.preview.setObjectName("attackPreview")
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setWordWrap(True)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.verdict = QLabel()
        self.verdict.setObjectName("attackVerdict")
        self.verdict.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Hex &attacked:", self.target_box)
        form.addRow("Defenders:", self.defenders)
        left = QVBoxLayout()
        left.addLayout(form)
        units_label = QLabel("Attacking &units, next to the hex (11.1):")
        units_label.setBuddy(self.units)
        left.addWidget(units_label)
        left.addWidget(self.units)
        lead_form = QFormLayout()
        lead_form.addRow("&Lead unit (11.3):", self.lead)
        left.addLayout(lead_form)
        guns_label = self.guns_label = QLabel("Artillery to &bombard (12.4):")
        guns_label.setBuddy(self.guns)
        left.addWidget(guns_label)
        left.addWidget(self.guns)
        left.addWidget(self.no_guns)
        self.stuka_list = unit_list("Ju-87s withheld from the air phase (4.6)", rows=2)
        self.stuka_list.setObjectName("attackStukas")
        self.stuka_list.itemChanged.connect(self._update)
        self.stukas_label = QLabel("Withheld &Stukas to bombard (4.6):")
        self.stukas_label.setBuddy(self.stuka_list)
        left.addWidget(self.stukas_label)
        left.addWidget(self.stuka_list)
        left.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.preview)
        scroll.setMinimumWidth(360)
        right = QVBoxLayout()
        right.addWidget(scroll, 1)
        right.addWidget(self.verdict)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.attack_button = QPushButton("Attac&k")
        self.attack_button.setObjectName("attackButton")
        self.attack_button.setDefault(True)
        self.buttons.addButton(self.attack_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.buttons)
        self.resize(880, 560)
        self._load_target()
        self.attack_button.setFocus()

    # --- choices ---------------------------------------------------------------------------

    def _target_changed(self) -> None:
        self.target = self.target_box.currentData()
        self._load_target()

    def _load_target(self) -> None:
        ruleset, state = self.ruleset, self.state
        seen = stack_seen(self.seen, self.target)
        lines = [unit_line(ruleset, self.seen.state, u) for u in seen.units]
        if seen.hidden:
            lines.append(f"and {hidden_words(seen.hidden)}" if lines else hidden_words(seen.hidden))
        self.defenders.setText("<br>".join(lines) or "nobody")
        candidates = attack_candidates(ruleset, state, self.target, self.player)
        fill_candidates(self.units, ruleset, state, candidates, self.mode, lambda c: c.able)
        self._fill_stukas(state)
        guns = artillery_candidates(ruleset, state, self.target, self.player)
        fill_candidates(self.guns, ruleset, state, guns, self.mode, lambda c: c.able)
        self.guns.setVisible(bool(guns))
        self.guns_label.setVisible(bool(guns))
        self.no_guns.setVisible(not guns)
        self._fill_leads(keep=None)
        self._update()

    def _fill_stukas(self, state: GameState) -> None:
        """The player's Ju-87s in the withheld box (4.6), unticked."""
        catalogue = self.ruleset.catalogue
        stukas = sorted(
            a
            for a, unit in state.air_units.items()
            if unit.box is AirBox.WITHHELD and catalogue.air[a].player is self.player
        )
        self.stuka_list.blockSignals(True)
        self.stuka_list.clear()
        for air_id in stukas:
            item = QListWidgetItem(catalogue.air[air_id].name)
            item.setData(UNIT_ROLE, air_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.stuka_list.addItem(item)
        self.stuka_list.blockSignals(False)
        self.stuka_list.setVisible(bool(stukas))
        self.stukas_label.setVisible(bool(stukas))

    def _units_changed(self) -> None:
        self._fill_leads(keep=self.lead.currentData())
        self._update()

    def _fill_leads(self, keep: str | None) -> None:
        units = checked_units(self.units)
        self.lead.blockSignals(True)
        self.lead.clear()
        for unit_id in units:
            proficiency = self.ruleset.catalogue.ground[unit_id].proficiency
            self.lead.addItem(f"{self.ruleset.unit_name(unit_id)} (prof. {proficiency})", unit_id)
        chosen = keep if keep in units else default_lead(self.ruleset, self.state, units)
        if chosen is not None:
            self.lead.setCurrentIndex(units.index(chosen))
        self.lead.blockSignals(False)

    def action(self) -> PreparedAttack | None:
        units = checked_units(self.units)
        lead = self.lead.currentData()
        if not units or lead is None:
            return None
        return PreparedAttack(
            player=self.player,
            target=self.target,
            units=units,
            lead=lead,
            artillery=checked_units(self.guns),
            stukas=checked_units(self.stuka_list),
        )

    # --- the preview -----------------------------------------------------------------------

    def _update(self) -> None:
        action = self.action()
        self.preview.setText(self._preview_html(action))
        if action is None:
            self.attack_button.setEnabled(False)
            self.verdict.setText(f"Tick at least one attacking unit {rule('11.1')}")
            return
        violations = judge(self.ruleset, self.state, action).violations
        strict = self.mode is Mode.STRICT
        self.attack_button.setEnabled(not (strict and violations))
        self.attack_button.setText("Attac&k anyway" if violations and not strict else "Attac&k")
        if violations:
            head = "Not allowed:" if strict else "Against the rules (ASSIST applies and logs it):"
            self.verdict.setText(f"<b>{head}</b>{violations_html(violations)}")
        else:
            self.verdict.setText(
                f"<span style='{RULE_STYLE}'>A legal prepared attack: the defender chooses his "
                "lead and artillery next (11.2 step 2).</span>"
            )
        self.attack_button.setToolTip("; ".join(str(v) for v in violations) or "Declare it")

    def _preview_html(self, action: PreparedAttack | None) -> str:
        ruleset, state = self.ruleset, self.state
        defenders = state.stack(self.target)
        if action is None or not defenders:
            return "Tick the units that attack to see their fire."
        if not strengths_known(ruleset, self.seen, defenders):
            return self._fog_preview_html(action)
        defender_lead = default_lead(ruleset, state, defenders)
        assert defender_lead is not None
        engagement = Engagement(
            attacker=self.player,
            target=self.target,
            attackers=action.units,
            defenders=defenders,
            attacker_lead=action.lead,
            defender_lead=defender_lead,
        )
        firing = tuple(u for u in action.units if u not in action.artillery)
        parts = [
            f"<b>Your fire (step 7)</b>, against {ruleset.unit_name(defender_lead)} leading "
            f"the defence (his best proficiency; he chooses in step 2, 11.3):"
        ]
        crt = ruleset.tables.crt
        try:
            solution = fire_solution(ruleset, state, engagement, self.player, firing)
            parts.append(
                solution_html(solution, crt, "11.4", lambda roll: solution.result(ruleset, roll))
            )
        except ValueError as error:
            parts.append(f"<span style='{WARN_STYLE}'>{error}</span>")
        if action.artillery:
            parts.append(self._bombardment_html(action.artillery, defenders))
        try:
            answer = fire_solution(ruleset, state, engagement, self.player.opponent, defenders)
            drm = f", DRM {answer.drm:+d}" if answer.drm else ", no DRM"
            parts.append(
                f"<p><b>His fire (step 6)</b>: {answer.total_factors} factors, the "
                f"{answer.column} column{drm} {rule('11.4')}, at one of your attacking hexes.</p>"
            )
        except ValueError:
            pass
        return "".join(parts)

    def _fog_preview_html(self, action: PreparedAttack) -> str:
        """[18.1] Before the attack is declared: the attacker's own factors, and no odds, as
        they would need the defenders' identities and strengths."""
        ruleset, state = self.ruleset, self.state
        firing = tuple(u for u in action.units if u not in action.artillery)
        items = fire_factors(ruleset, state, firing)
        rows = "".join(f"<li>{escape(i.label)}: {i.value} {rule(i.rule)}</li>" for i in items)
        total = sum(i.value for i in items)
        return (
            f"<p><b>Your fire (step 7)</b>: {total} factors<ul>{rows}</ul></p>"
            f"<p style='{RULE_STYLE}'>The defenders show only what the fog of war lets you "
            f"see: {ODDS_LATER}.</p>"
        )

    def _bombardment_html(self, guns: tuple[str, ...], defenders: tuple[str, ...]) -> str:
        """[12.4] The designated artillery against each defender it may bombard."""
        ruleset, state = self.ruleset, self.state
        rows = []
        for unit_id in defenders:
            if ruleset.catalogue.ground[unit_id].unit_class is UnitClass.HEADQUARTERS:
                continue
            try:
                solution = bombardment_solution(ruleset, state, guns, unit_id)
            except ValueError:
                continue
            drm = f", DRM {solution.drm:+d}" if solution.drm else ""
            rows.append(
                f"<li>at {ruleset.unit_name(unit_id)}: {solution.total_factors} factors, the "
                f"{solution.column} column{drm}</li>"
            )
        if not rows:
            return ""
        return f"<p><b>Your bombardment (step 5)</b> {rule('12.4')}:<ul>{''.join(rows)}</ul></p>"

    # --- submitting ------------------------------------------------------------------------

    def submit(self) -> None:
        """Send the attack; the dialog closes when it is applied, else shows why not."""
        action = self.action()
        if action is None:
            return
        outcome, message = self._send(action)
        if outcome is not None and outcome.applied:
            self.accept()
            return
        if outcome is None:
            self.verdict.setText(f"<span style='color:#b3261e'>{message}</span>")
        else:
            self.verdict.setText(
                f"<b>Not allowed:</b>{violations_html(outcome.verdict.violations)}"
            )
