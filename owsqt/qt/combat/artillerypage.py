"""The Combat panel's page for counterbattery and bombardment (11.2 steps 3-5, 12.4, 4.6).
Under the fog of war a mission's target list holds the units the firing side sees (and the
table's side: bridge.seen), and "a hidden unit, drawn at random" when the hex hides one
from the firing side (18.1)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
)

from owsqt.qt.combat.page import CombatHost, CombatPage
from owsqt.qt.combat.start import checked_units, fill_candidates, unit_list
from owsqt.qt.combat.text import gun_solution
from owsqt.qt.kit.drawn import AT_RANDOM, HiddenIn, drawn_target_html
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import RULE_STYLE
from owsqt.rules.combat.artillery import (
    NOT_COUNTERBATTERY,
    bombardment_solution,
)
from owsqt.rules.combat.bombard import designated_guns
from owsqt.rules.combat.offers import Candidate, artillery_candidates
from owsqt.rules.combat.prepared import (
    alive,
    defenders,
)
from owsqt.rules.core.actions import (
    AirStrike,
    Bombard,
    ContinueCombat,
    Counterbattery,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.fog.draw import hidden_targets
from owsqt.rules.fog.view import view

# --- steps 3 to 5 ---------------------------------------------------------------------------


class ArtilleryPage(CombatPage):
    """[11.2 steps 3-5, 12.4] Counterbattery, then defensive and offensive bombardment."""

    _actor: Player | None  # the side that fires now, set by load()

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
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
        self.done.clicked.connect(lambda: self.host.send(ContinueCombat(player=self._actor)))
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
        if isinstance(target, str) and remaining:
            self.host.send(
                AirStrike(player=self.combat.attacker, air_units=remaining, target_unit=target)
            )

    def load(self, state: GameState, combat: CombatState | None) -> None:
        assert combat is not None
        self.state, self.combat = state, combat
        self.stukas.setVisible(
            combat.step is CombatStep.OFFENSIVE_BOMBARDMENT
            and any(a not in combat.bombarded for a in combat.stukas)
        )
        self.counter = combat.step is CombatStep.COUNTERBATTERY
        ruleset = self.ruleset
        catalogue = ruleset.catalogue
        self._firing_side: Player | None = None
        drawn: Hex | None = None
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
            defensive = combat.step is CombatStep.DEFENSIVE_BOMBARDMENT
            self._actor = combat.attacker.opponent if defensive else combat.attacker
            pool = alive(state, combat.attackers) if defensive else defenders(state, combat)
            # 18.1: a mission names the units both the table's side and the firing side see
            seen, firing = self.host.seen(state), view(ruleset, state, self._actor)
            targets = [
                u
                for u in pool
                if catalogue.ground[u].unit_class is not UnitClass.HEADQUARTERS
                and seen.knows(u)
                and firing.knows(u)
            ]
            if not combat.attackers and hidden_targets(ruleset, state, firing, combat.target):
                drawn = combat.target  # 18.1, 12.4: or a hidden unit drawn at random
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
        if drawn is not None:
            self.target.addItem(f"{AT_RANDOM}, {ruleset.hex_name(drawn)}", HiddenIn(drawn))
        if best is not None:
            self.target.setCurrentIndex(targets.index(best))
        self.target.blockSignals(False)
        self._target_changed()

    def _designated(self) -> tuple[str, ...]:
        combat = self.combat
        guns = designated_guns(combat, defensive=combat.step is CombatStep.DEFENSIVE_BOMBARDMENT)
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

    def _candidates(self, target: str | HiddenIn | None) -> list[Candidate]:
        state = self.state
        if not self.counter:
            return [Candidate(u) for u in self._designated()]
        if not isinstance(target, str):
            return []
        where = state.units[target].hex
        firing_side = self.ruleset.catalogue.ground[target].player.opponent
        assert where is not None
        candidates = artillery_candidates(
            self.ruleset, state, where, firing_side, counterbattery=True
        )
        seen = self.host.seen(state)  # 18.1: the guns that may answer are their owner's
        return [c for c in candidates if seen.knows(c.unit)]

    def _target_changed(self) -> None:
        target = self.target.currentData()
        candidates = self._candidates(target)
        fill_candidates(
            self.guns, self.ruleset, self.state, candidates, self.host.mode, lambda c: c.able
        )
        self.guns.setVisible(bool(candidates))
        if self.counter and isinstance(target, str):
            side = self.ruleset.catalogue.ground[target].player.opponent
            viewer = self.host.seen(self.state).side
            if candidates:
                text = f"{side.title} artillery in range (12.4):"
            elif viewer is not None and viewer is not side:  # 18.1: his guns are hidden
                text = (
                    f"The {side.title} player names his own artillery (12.4, 18.1): "
                    "he fires, or Done"
                )
            else:
                text = f"No {side.title} artillery reaches it (12.4): nothing to fire, Done"
            self.guns_label.setText(text)
            self._firing_side = side
        elif not self.counter:
            self.guns_label.setText("Designated artillery that has not fired (12.4):")
        self._update()

    def _update(self) -> None:
        target = self.target.currentData()
        guns = checked_units(self.guns)
        self.fire.setEnabled(target is not None and bool(guns))
        if target is None:
            self.preview.setText("No target left for this step.")
            return
        if not guns:
            self.preview.setText("Tick the artillery that fires." if self.guns.count() else "")
            return
        ruleset, state = self.ruleset, self.state
        if isinstance(target, HiddenIn):  # 18.1: the unit struck is not known before the draw
            self.preview.setText(drawn_target_html(ruleset.hex_name(target.hex)))
            return
        try:
            _, html, _ = gun_solution(ruleset, state, guns, target, counter=self.counter)
            if self.counter:
                html += (
                    f"<p style='{RULE_STYLE}'>Before firing, each unit passes a proficiency "
                    "check: a roll not above its proficiency (12.4).</p>"
                )
        except ValueError as error:
            html = escape(str(error))
        self.preview.setText(html)

    def submit(self) -> None:
        target = self.target.currentData()
        guns = checked_units(self.guns)
        if target is None or not guns:
            return
        if isinstance(target, HiddenIn):  # 18.1: a hidden unit of the mission's hex, drawn
            self.host.send(Bombard(player=self._actor, units=guns, hidden_in=target.hex))
        elif self.counter:
            self.host.send(Counterbattery(player=self._firing_side, units=guns, target_unit=target))
        else:
            self.host.send(Bombard(player=self._actor, units=guns, target_unit=target))
