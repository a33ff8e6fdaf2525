"""Stacking (9.0): stacking points of a hex and the 18-point limit."""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.scenario.ruleset import Ruleset


def stacking_points(ruleset: Ruleset, state: GameState, hex_: Hex) -> int:
    """[9.1] The sum of the stacking values of the sides showing; air units stack freely."""
    total = 0
    for unit_id in state.stack(hex_):
        total += ruleset.catalogue.ground[unit_id].stacking_value(state.units[unit_id].reduced)
    return total


def overstacked_hexes(ruleset: Ruleset, state: GameState, player: Player) -> list[Hex]:
    """[9.2] The hexes where `player` has more than the stacking limit, by hex id."""
    limit = ruleset.tables.stacking_limit
    catalogue = ruleset.catalogue
    return sorted(
        (
            hex_
            for hex_, stack in state.stacks.items()
            if catalogue.ground[stack[0]].player is player
            and stacking_points(ruleset, state, hex_) > limit
        ),
        key=ruleset.grid.id_of,
    )


def overstacking_violations(ruleset: Ruleset, state: GameState, player: Player) -> list[Violation]:
    """[9.2] No more than 18 stacking points of `player` may occupy a single hex."""
    limit = ruleset.tables.stacking_limit
    return [
        Violation(
            "9.2",
            f"{ruleset.grid.id_of(hex_)} holds {stacking_points(ruleset, state, hex_)} "
            f"stacking points; no more than {limit} may occupy a hex",
        )
        for hex_ in overstacked_hexes(ruleset, state, player)
    ]


def convoy_violations(ruleset: Ruleset, state: GameState, player: Player) -> list[Violation]:
    """[16.3] Convoy markers have no stacking value, but two may never share a hex."""
    catalogue = ruleset.catalogue
    violations = []
    for hex_, stack in state.stacks.items():
        convoys = [u for u in stack if catalogue.ground[u].unit_class is UnitClass.CONVOY]
        if len(convoys) > 1 and catalogue.ground[convoys[0]].player is player:
            violations.append(
                Violation(
                    "16.3",
                    f"{ruleset.grid.id_of(hex_)} holds {len(convoys)} convoys; "
                    "two convoy markers may never share a hex",
                )
            )
    return violations
