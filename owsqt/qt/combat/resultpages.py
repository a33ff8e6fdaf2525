"""The Combat panel's pages for a fire's result (11.5-11.8): losses by the 11.6 priorities,
the optional result, the retreat and the advance."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
)

from owsqt.qt.combat.page import CombatHost, CombatPage
from owsqt.qt.combat.start import UNIT_ROLE, checked_units, fill_candidates, index_of, unit_list
from owsqt.qt.counters.unittext import hidden_words
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import BAD_STYLE, RULE_STYLE, rule, violations_html
from owsqt.rules.combat.advance import advance_paths
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.offers import Candidate
from owsqt.rules.combat.prepared import (
    advancers,
    alive,
)
from owsqt.rules.combat.results import points_due, retreat_options
from owsqt.rules.combat.retreat import Blocked, RetreatPath
from owsqt.rules.core.actions import (
    Advance,
    AnswerOptional,
    ContinueCombat,
    Retreat,
    TakeLosses,
)
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import ResultStage
from owsqt.rules.core.verdict import Mode, Violation
from owsqt.rules.engine import judge
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset

# --- results -----------------------------------------------------------------------------------


class LossesPage(CombatPage):
    """[11.5, 11.6] One unit per strength point, in order, pre-filled by the priorities."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        asked = pending.mandatory if pending.stage is ResultStage.MANDATORY else pending.optional
        what = {
            ResultStage.MANDATORY: (
                f"Mandatory result: {asked} strength point(s), at once {rule('11.5')}"
            ),
            ResultStage.OPTIONAL_LOSSES: (
                f"Check passed: the optional {asked} taken as strength points {rule('11.5')}"
            ),
            ResultStage.FAILED_LOSSES: (
                f"The optional {asked} taken as strength points, and the stack is "
                f"disrupted {rule('11.5, 11.7, 13.0')}"
            ),
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
        self.host.send(TakeLosses(player=self.pending.player, hits=self.hits()))


class OptionalPage(CombatPage):
    """[11.5, 11.7] The optional result taken as a proficiency check or a retreat."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        self.retreat.setEnabled(not (surrounded and self.host.mode is Mode.STRICT))
        self.retreat.setToolTip(options.reason or "Choose the path next (11.7)")

    def _answer(self, check: bool) -> None:
        self.host.send(AnswerOptional(player=self.pending.player, check=check))


def retreat_text(ruleset: Ruleset, number: int, option: RetreatPath, seen: SideView) -> str:
    """One line per path, with what it costs: ZOC fire, rivers, bridges, leaving the map.
    [18.1] The enemy units that would fire are named as far as `seen` shows them."""
    grid = ruleset.grid
    ids = " → ".join(grid.id_of(h) for h in (option.start, *option.hexes))
    if option.off_map:
        ids += " → off the map"
    extras = []
    if option.extended:
        extras.append("goes on out of enemy ZOC")
    if option.firers:
        known = [ruleset.unit_name(u) for u in option.firers if seen.knows(u)]
        unknown = len(option.firers) - len(known)
        if unknown:
            known.append(hidden_words(unknown))
        extras.append(f"fire from {', '.join(known)}")
    if option.river_loss:
        extras.append(f"−{option.river_loss} SP at rivers")
    bridges = sum(b.points for b in option.bridge_losses)
    if bridges:
        extras.append(f"−{bridges} SP on interdicted bridges (4.5)")
    if option.off_map and option.exit_hex is not None:
        extras.append(f"returns at {grid.id_of(option.exit_hex)}")
    more = f" — {'; '.join(extras)}" if extras else ""
    return f"{number}. {ids} ({option.length} hexes){more}"


class RetreatPage(CombatPage):
    """[11.7] The legal retreats, drawn on the map; a click on an end picks one."""

    numbered = True

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        seen = self.host.seen(state)
        for number, option in enumerate(self.options, start=1):
            item = QListWidgetItem(retreat_text(self.ruleset, number, option, seen))
            self.list.addItem(item)
        self.list.blockSignals(False)
        if self.options:
            self.list.setCurrentRow(0)
        self.go.setEnabled(bool(self.options))
        rows = max(1, min(len(self.options), 5))
        height = max((self.list.sizeHintForRow(i) for i in range(rows)), default=20)
        self.list.setFixedHeight(rows * height + 2 * self.list.frameWidth() + 4)

    def _chosen(self, row: int) -> None:
        self.host.update_marks()

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
        self.host.send(Retreat(player=self.pending.player, path=(option.start, *option.hexes)))


class AdvancePage(CombatPage):
    """[11.8] Attacking units advance into the vacated hex and, by their kind, beyond."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        self.hex.currentIndexChanged.connect(lambda _: self.host.update_marks())
        form.addRow("&To hex:", self.hex)
        self.layout_.addLayout(form)
        self.go = button("&Advance", "Advance the ticked units (11.8)", "advanceButton")
        self.go.clicked.connect(self.submit)
        self.stay = button("&Stay", "Do not advance: the combat is over (11.8)", "stayButton")
        self.stay.clicked.connect(lambda: self.host.send(ContinueCombat(player=self.player)))
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
            self.units, self.ruleset, state, candidates, self.host.mode, lambda c: c.able
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
        if self.host.mode is Mode.STRICT:
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
        self.host.update_marks()

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
        self.host.send(Advance(player=self.player, units=units, path=path))
