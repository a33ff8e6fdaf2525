"""The Combat panel's pages for no combat, the defence (11.2 step 2) and the fires (steps 6
and 7)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
)

from owsqt.qt.combat.page import CombatHost, CombatPage
from owsqt.qt.combat.start import ATTACK_KEYS, checked_units, fill_candidates, index_of, unit_list
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import RULE_STYLE, rule, solution_html
from owsqt.rules.combat.fire import Engagement, fire_solution
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.combat.offers import artillery_candidates
from owsqt.rules.combat.prepared import (
    alive,
    defenders,
    firing_units,
    step_actor,
)
from owsqt.rules.combat.results import engagement
from owsqt.rules.core.actions import (
    ContinueCombat,
    Defend,
    Fire,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS

# --- no combat -----------------------------------------------------------------------------


class IdlePage(CombatPage):
    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
        self.text = rich_label("idleText")
        self.attack = button(
            f"Prepared &attack… ({ATTACK_KEYS})",
            "Choose an enemy stack next to your units, the attacking units, the lead and the "
            "artillery (11.1-11.3)",
            "attackButton",
        )
        self.attack.clicked.connect(host.request_attack)
        self.layout_.addWidget(self.text)
        self.buttons(self.attack)

    def load(self, state: GameState, combat: CombatState | None) -> None:
        mode = self.host.mode
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


class DefendPage(CombatPage):
    """[11.2 step 2, 11.3] The defender's lead unit and artillery."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        viewer = self.host.seen(state).side
        guns = artillery_candidates(self.ruleset, state, combat.target, player)
        if viewer not in (None, player):  # 18.1: his guns are his until he designates them
            guns = []
            label = f"The {player.title} player chooses his artillery {rule('12.4, 18.1')}"
        elif guns:
            label = "Artillery for defensive bombardment (12.4):"
        else:
            label = f"No artillery of yours reaches this hex {rule('12.4')}"
        fill_candidates(self.guns, self.ruleset, state, guns, self.host.mode, lambda c: c.able)
        self.guns.setVisible(bool(guns))
        self.guns_label.setText(label)
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
        self.host.send(Defend(player=player, lead=lead, artillery=checked_units(self.guns)))


# --- steps 6 and 7 ---------------------------------------------------------------------------


class FirePage(CombatPage):
    """[11.2 steps 6-7, 11.4] A side's fire; the defender names the attacking hex."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
        self.form = QFormLayout()
        self.at = QComboBox()
        self.at.setObjectName("fireAt")
        self.at.setToolTip(
            "The attacking hex you fire at: its units take the result (11.2 step 6). "
            "Or click one of the shaded hexes on the map."
        )
        self.at.currentIndexChanged.connect(lambda _: self.host.update_marks())
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
        self.hold.clicked.connect(lambda: self.host.send(ContinueCombat(player=self.side)))
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
                hex_
                for u in firing_units(state, combat, combat.attacker)
                if (hex_ := state.units[u].hex) is not None
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
        self.host.send(Fire(player=self.side, at=at))
