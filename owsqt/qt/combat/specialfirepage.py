"""The Combat panel's page for the special fire of 11.7: a retreating or displaced stack
entered the ZOC of the player's units, and he chooses whether they fire at it."""

from __future__ import annotations

from html import escape

from owsqt.qt.combat.page import CombatHost, CombatPage
from owsqt.qt.kit.page import button, rich_label
from owsqt.qt.kit.text import rule, solution_html
from owsqt.rules.combat.fire import retreat_fire_solution
from owsqt.rules.combat.prepared import alive
from owsqt.rules.core.actions import SpecialFire
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import CombatState, GameState, SpecialFireChoice
from owsqt.rules.core.steps import PassageKind
from owsqt.rules.scenario.ruleset import Ruleset

MOVING = {PassageKind.RETREAT: "retreating", PassageKind.DISPLACEMENT: "displaced"}
RULES = {PassageKind.RETREAT: "11.7", PassageKind.DISPLACEMENT: "9.3, 11.7"}


def special_fire_line(ruleset: Ruleset, choice: SpecialFireChoice) -> str:
    """Whose choice it is and what he chooses, for the panel's header and the status bar."""
    where = ruleset.grid.id_of(choice.zocs[0])
    return (
        f"{choice.player.title} player: the {MOVING[choice.kind]} stack enters your zone of "
        f"control at {where}; fire at it or hold fire ({RULES[choice.kind]})"
    )


class SpecialFirePage(CombatPage):
    """[11.7, 9.3] Fire at the passing stack from one ZOC it entered, or hold fire."""

    def __init__(self, host: CombatHost) -> None:
        super().__init__(host)
        self.text = rich_label("specialFireText")
        self.layout_.addWidget(self.text)
        self.fire = button("&Fire", "", "specialFireButton")
        self.fire.clicked.connect(lambda: self._answer(True))
        self.hold = button(
            "&Hold fire", "Let the stack pass this zone of control (11.7)", "holdFireButton"
        )
        self.hold.clicked.connect(lambda: self._answer(False))
        self.buttons(self.fire, self.hold)
        self.choice: SpecialFireChoice | None = None

    def load(self, state: GameState, combat: CombatState | None) -> None:
        choice = self.choice = state.special_fire
        assert choice is not None
        ruleset = self.ruleset
        names = ", ".join(escape(ruleset.unit_name(u)) for u in alive(state, choice.units))
        firers = tuple(u for u in choice.firers[0] if state.units[u].hex is not None)
        solution = retreat_fire_solution(ruleset, state, firers)
        route = " › ".join(ruleset.grid.id_of(h) for h in choice.path)
        where = ruleset.grid.id_of(choice.zocs[0])
        later = len(choice.zocs) - 1
        more = (
            f"<p>The path enters {later} more zone(s) of control of your units after this "
            "one; you choose at each.</p>"
            if later
            else ""
        )
        self.text.setText(
            f"<b>Special fire at the {MOVING[choice.kind]} stack</b> {rule(RULES[choice.kind])}"
            f"<p>{names} ({escape(route)}) enter the zone of control of your units at "
            f"<b>{where}</b>. They may fire at it without any combat modification; every "
            f"result is strength point losses, and the stack cannot fire back "
            f"{rule('11.7')}.</p>"
            + solution_html(
                solution, ruleset.tables.crt, "11.7", lambda roll: solution.result(ruleset, roll)
            )
            + more
        )
        self.fire.setText(f"&Fire ({solution.total_factors} factors, {solution.column} column)")
        self.fire.setToolTip(f"Roll on the {solution.column} column of the Combat Results Table")

    def paths(self) -> tuple[list[tuple[Hex, ...]], int | None]:
        if self.choice is None:
            return [], None
        return [self.choice.path], 0

    def _answer(self, fire: bool) -> None:
        if self.choice is not None:
            self.host.send(SpecialFire(player=self.choice.player, fire=fire))
