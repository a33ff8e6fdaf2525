"""Victory by holding a hex and crossing a river (19.13, 19.23): the two short scenarios'
conditions, judged from the state at any time (the live standing) and at the end.

"Across the Aksai River between hexes 2331 and 3431" is the German stacking points on the
north bank of the river in the columns of those two hexes (GameMap.north_of): those of
German Army and Luftwaffe units, not Rumanian ones (reading 170). A hex is
held by the side with a unit on it when the turn ends; an empty hex stays with the side
that held it last, and a hex nobody has stood on at a turn's end since the scenario
began is the Soviet side's (docs/rulebook-readings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameResult, GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset

CONTROL_FLAG = "control {hex}"  # victory_flags: 1 German, 2 Soviet (who held it last)
_HOLDER = {1: Player.GERMAN, 2: Player.SOVIET}


@dataclass(frozen=True, slots=True)
class Standing:
    """Where the scenario stands: German stacking points across the river, who holds the
    objective hex (if the scenario has one), and the result they give now."""

    across: int
    holder: Player | None
    result: GameResult


def river_band(ruleset: Ruleset, victory: Mapping[str, Any]) -> frozenset[Hex]:
    """[19.13, 19.23] The hexes "across the river between hexes X and Y"."""
    grid = ruleset.grid
    first, last = (grid.offset_of(grid.hex_of(h))[0] for h in victory["between"])
    return ruleset.game_map.north_of(victory["river"], min(first, last), max(first, last))


def across(ruleset: Ruleset, state: GameState, victory: Mapping[str, Any]) -> int:
    """[19.13, 19.23] German stacking points across the river between the scenario's two
    hexes: the stacking values of the German units there, Rumanian units not counted
    (reading 170)."""
    catalogue = ruleset.catalogue.ground
    band = river_band(ruleset, victory)
    return sum(
        catalogue[unit_id].stacking_value(state.units[unit_id].reduced)
        for hex_, stack in state.stacks.items()
        if hex_ in band
        for unit_id in stack
        if catalogue[unit_id].german
    )


def across_seen(seen: SideView) -> bool:
    """[18.1, 19.13] Whether `seen`'s side knows the German stacking points across the
    river: they count units the Soviet side may not see (under a stack, entrenched), so
    under the fog of war only the German side (or everyone) does."""
    return seen.side in (None, Player.GERMAN)


def holder(ruleset: Ruleset, state: GameState, hex_id: str) -> Player:
    """[19.13] Who holds `hex_id`: the side standing on it, else who held it last."""
    stack = state.stack(ruleset.grid.hex_of(hex_id))
    if stack:
        return ruleset.catalogue.ground[stack[0]].player
    return _HOLDER.get(state.victory_flags.get(CONTROL_FLAG.format(hex=hex_id), 2), Player.SOVIET)


def record_control(ruleset: Ruleset, state: GameState) -> GameState:
    """At the end of a turn: the side on the scenario's objective hex holds it."""
    scenario = ruleset.scenarios.get(state.scenario)
    hex_id = scenario.victory.get("hold") if scenario else None
    if not hex_id:
        return state
    stack = state.stack(ruleset.grid.hex_of(hex_id))
    if not stack:
        return state
    side = 1 if ruleset.catalogue.ground[stack[0]].player is Player.GERMAN else 2
    flags = state.victory_flags.set(CONTROL_FLAG.format(hex=hex_id), side)
    return replace(state, victory_flags=flags)


def standing(ruleset: Ruleset, state: GameState, victory: Mapping[str, Any]) -> Standing:
    """[19.13, 19.23] The result the conditions give in `state`."""
    rule = str(victory.get("rule", "19.0"))
    points = across(ruleset, state, victory)
    river = victory["river"]
    hex_id = victory.get("hold")
    held = holder(ruleset, state, hex_id) if hex_id else None
    words = f"{points} German stacking points across the {river}"

    def win(player: Player | None, level: str, why: str) -> Standing:
        return Standing(points, held, GameResult(player, rule, f"{level}: {why}"))

    german_decisive = victory.get("german_decisive", {})
    german_marginal = victory.get("german_marginal", {})
    if hex_id and german_decisive.get("holds") and held is Player.GERMAN:
        return win(Player.GERMAN, "decisive victory", f"German units hold {hex_id}")
    if "across_at_least" in german_decisive and points >= german_decisive["across_at_least"]:
        return win(Player.GERMAN, "decisive victory", words)
    if points >= german_marginal.get("across_at_least", 10**9):
        return win(Player.GERMAN, "marginal victory", words)
    soviet_decisive = victory.get("soviet_decisive", {})
    soviet_marginal = victory.get("soviet_marginal", {})
    holds = not hex_id or held is Player.SOVIET
    below = soviet_decisive.get("across_below")
    if soviet_decisive.get("none_across") and points == 0:
        return win(Player.SOVIET, "decisive victory", f"no German unit across the {river}")
    if soviet_decisive.get("holds") and holds and (below is None or points < below):
        return win(Player.SOVIET, "decisive victory", f"Soviet units hold {hex_id}; {words}")
    marginal_below = soviet_marginal.get("across_below")
    if (
        soviet_marginal.get("holds")
        and holds
        and (marginal_below is None or points < marginal_below)
    ):
        return win(Player.SOVIET, "marginal victory", f"Soviet units hold {hex_id}")
    if marginal_below is not None and not soviet_marginal.get("holds") and points < marginal_below:
        return win(Player.SOVIET, "marginal victory", words)
    return win(None, "a draw", words)
