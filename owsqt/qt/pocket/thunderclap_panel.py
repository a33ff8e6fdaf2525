"""The Operation Thunderclap panel (5.1): the condition and its numbers (the 57th Panzer
Corps' stacking points within 10 hexes of the pocket, a German unit within 5), the
attempt with its odds, the operation's status, and the activated Sixth Army's units to
place (choose one, then a shaded pocket hex on the map or here). Every control's tooltip
is the rules' verdict on its action; the panel decides nothing itself."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.core.actions import Action, AttemptThunderclap, PlaceSixthArmy
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus
from owsqt.rules.engine import judge
from owsqt.rules.fog.view import SideView, whole
from owsqt.rules.pocket.placement import placement_hexes, placing_now, waiting_units
from owsqt.rules.pocket.thunderclap import readiness
from owsqt.rules.scenario.ruleset import Ruleset

UNIT_ROLE = Qt.ItemDataRole.UserRole  # a waiting unit's line: its id
_MET, _UNMET = "#2e6b2e", "#9a3324"
PLACE_HINT = "Choose a unit, then click a shaded pocket hex on the map to place it (5.1)."


def status_text(state: GameState) -> str:
    """[5.1] The operation's status in a sentence."""
    thunderclap = state.thunderclap
    since = thunderclap.activated_turn
    return {
        ThunderclapStatus.NOT_ATTEMPTED: "Not attempted yet: once a game (5.1).",
        ThunderclapStatus.DENIED: "Denied: the attempt failed; never again this game.",
        ThunderclapStatus.ACTIVE: f"Active since turn {since}: the Sixth Army moves in the "
        "Stalingrad Pocket Phase until the 14th Panzer HQ links up with the 57th Panzer "
        "Corps HQ.",
        ThunderclapStatus.LINKED: f"Linked (activated on turn {since}): the Sixth Army moves "
        "in the German mechanized movement segment.",
        ThunderclapStatus.ENDED: "Ended: a Sixth Army unit went back into the pocket; its "
        "units are removed when the Stalingrad Pocket Phase ends.",
    }[thunderclap.status]


class ThunderclapPanel(QWidget):
    """The condition, the attempt, the status and the units to place."""

    chosen_changed = Signal()  # another waiting unit (or none) is chosen

    def __init__(self, ruleset: Ruleset, send: Callable[[Action], None]) -> None:
        super().__init__()
        self.setObjectName("thunderclapPanel")
        self.ruleset, self._send = ruleset, send
        self.state: GameState | None = None
        self.seen: SideView  # set by show_state (18.1)
        self.status = self._label("thunderclapStatus")
        self.condition = self._label("thunderclapCondition")
        self.condition.setToolTip(
            "5.1: at least 12 stacking points of the 57th Panzer Corps within 10 hexes of "
            "the pocket at the start of a Stalingrad Pocket Phase; +1 to the roll when any "
            "German unit is within 5 hexes of it"
        )
        self.attempt = QPushButton("&Attempt Thunderclap")
        self.attempt.setObjectName("attemptThunderclap")
        self.attempt.clicked.connect(lambda: self._send(AttemptThunderclap(player=Player.GERMAN)))
        self.place_note = self._label("thunderclapPlaceNote")
        self.units = QListWidget()
        self.units.setObjectName("sixthArmyUnits")
        self.units.setToolTip(PLACE_HINT)
        self.units.currentItemChanged.connect(lambda *_: self.chosen_changed.emit())
        layout = QVBoxLayout(self)
        for widget in (self.status, self.condition, self.attempt, self.place_note, self.units):
            layout.addWidget(widget)
        layout.addStretch(1)

    @staticmethod
    def _label(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        return label

    def show_state(self, state: GameState, seen: SideView | None = None) -> None:
        """Show `state`; `seen` is what the table's viewer may know of it (18.1)."""
        self.state = state
        self.seen = seen or whole(state)
        self.status.setText(f"<b>Operation Thunderclap</b> (5.1)<br>{escape(status_text(state))}")
        self._show_condition(state)
        # the condition and the roll matter until the one attempt of the game (5.1)
        untried = state.thunderclap.status is ThunderclapStatus.NOT_ATTEMPTED
        self.condition.setVisible(untried)
        self.attempt.setVisible(untried)
        action = AttemptThunderclap(player=Player.GERMAN)
        violations = judge(self.ruleset, state, action).violations
        self.attempt.setEnabled(not violations)
        self.attempt.setToolTip(
            "\n".join(f"{v.rule}: {v.message}" for v in violations)
            or "Roll one die on the Operation Thunderclap Initiation Table (5.1)"
        )
        self._show_units(state)

    def _show_condition(self, state: GameState) -> None:
        if self.seen.side is Player.SOVIET:  # 18.1: counted from German units he may not see
            self.condition.setText(
                "The German player weighs his own units against the condition (5.1, 18.1)."
            )
            return
        ready = readiness(self.ruleset, state)
        colour = _MET if ready.eligible else _UNMET
        low = next(o.low for o in self.ruleset.tables.thunderclap.outcomes if o.activated)
        near = (
            f"yes, {escape(self.ruleset.unit_name(ready.near_unit))}: +{ready.drm}"
            if ready.near_unit
            else "no: +0"
        )
        lowest = max(1, low - ready.drm)
        self.condition.setText(
            f"57th Panzer Corps within {ready.within} hexes of the pocket: "
            f"<b style='color:{colour}'>{ready.corps_points}</b> of {ready.needed} "
            f"stacking points<br>A German unit within {ready.near_within} hexes: {near}"
            f"<br>Activated on a roll of {lowest}-10: "
            f"<b>{ready.activation_chance(low)}%</b>"
        )

    def _show_units(self, state: GameState) -> None:
        chosen = self.chosen_unit()
        self.units.clear()
        waiting = waiting_units(self.ruleset, state) if placing_now(state) else []
        self.place_note.setText(PLACE_HINT if waiting else "")
        self.units.setVisible(bool(waiting))
        for unit_id in waiting:
            item = QListWidgetItem(self.ruleset.unit_name(unit_id))
            item.setData(UNIT_ROLE, unit_id)
            item.setToolTip(PLACE_HINT)
            self.units.addItem(item)
            if unit_id == chosen or self.units.currentItem() is None:
                self.units.setCurrentItem(item)

    def chosen_unit(self) -> str | None:
        item = self.units.currentItem()
        return None if item is None else item.data(UNIT_ROLE)

    def chosen_hexes(self) -> list[Hex]:
        """[5.1] Where the chosen unit may be placed, for the map to shade."""
        unit_id = self.chosen_unit()
        if unit_id is None or self.state is None:
            return []
        return placement_hexes(self.ruleset, self.state, unit_id)

    def place_at(self, hex_: Hex) -> bool:
        """A pocket hex clicked on the map: the chosen unit is placed there."""
        unit_id = self.chosen_unit()
        if unit_id is None:
            return False
        self._send(PlaceSixthArmy(player=Player.GERMAN, unit=unit_id, hex=hex_))
        return True
