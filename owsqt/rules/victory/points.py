"""The campaigns' victory points (19.33, 19.42): what each side has earned, the net German
minus Soviet, and its row of the Victory Table.

The ledger (ledger.py) holds what was earned during play; the rest is counted from the
state when asked, so that the same count gives the live standing during the game and the
result at its end: the corridor at the end (5 VP, and then the corridor opened earlier
gives nothing), the German strength points lost (1 VP a full 50), Operation Thunderclap
commenced without a corridor ever opened, and the penalties of the optional units chosen
(19.42, from the scenario's options).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from owsqt.rules.core.state import Award, GameResult, GameState
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.data.tables import VictoryLevel
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.corridor import corridor
from owsqt.rules.victory.ledger import (
    CORRIDOR_SOURCE,
    SIXTH_ARMY,
    WITHIN,
    points_victory,
    radius_of,
    relief_units,
)

COMMENCED = (ThunderclapStatus.ACTIVE, ThunderclapStatus.LINKED, ThunderclapStatus.ENDED)
ON_THE_MAP = (UnitStatus.ON_MAP, UnitStatus.OFF_MAP_RETURN)
DESTROYED = (UnitStatus.ELIMINATED, UnitStatus.PERMANENTLY_LOST)


@dataclass(frozen=True, slots=True)
class Line:
    """One source of victory points: its side, its points, what earned them, whether they
    count (the corridor opened does not when one exists at the end) and the award of the
    ledger it comes from, if it was earned during play."""

    source: str
    player: Player
    points: int
    text: str
    counted: bool = True
    award: Award | None = None


@dataclass(frozen=True, slots=True)
class Count:
    """[19.33] Every source, each side's sum, the net and the result it gives."""

    lines: tuple[Line, ...]
    german: int
    soviet: int
    level: VictoryLevel
    result: GameResult
    strength_lost: int

    @property
    def net(self) -> int:
        return self.german - self.soviet


def strength_lost(ruleset: Ruleset, state: GameState) -> int:
    """[19.33] German strength points lost: each German unit's printed strength minus its
    strength at the end; a destroyed unit loses all of it; a unit never in play nothing.
    Rumanian units are not German units (reading 170)."""
    catalogue = ruleset.catalogue.ground
    lost = 0
    for unit_id in ruleset.derived(german_units):
        unit = state.units.get(unit_id)
        if unit is None:
            continue
        original = catalogue[unit_id].combat
        if unit.status in ON_THE_MAP:
            lost += max(0, original - unit.strength)
        elif unit.status in DESTROYED:
            lost += original
    return lost


def german_units(ruleset: Ruleset) -> frozenset[str]:
    """The German (not Rumanian) ground units, the Sixth Army's included."""
    sixth = {unit.id for unit in ruleset.catalogue.units_of(SIXTH_ARMY)}
    return relief_units(ruleset) | sixth


def penalties(ruleset: Ruleset, state: GameState) -> list[Line]:
    """[19.42] The Soviet points for the optional groups chosen: an option's points, once
    for all the chosen options of one penalty group (the 15th Luftwaffe Field Division and
    the support units: 1 VP for either or both)."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None:
        return []
    groups: dict[str, list[tuple[str, int]]] = {}
    for option in scenario.options:
        if option.id in state.options and option.victory_points_to_soviet:
            group = option.penalty_group or option.id
            groups.setdefault(group, []).append((option.title, option.victory_points_to_soviet))
    return [
        Line(
            "penalty",
            Player.SOVIET,
            max(points for _, points in chosen),
            f"{' and '.join(title for title, _ in chosen)} employed (19.42)",
        )
        for chosen in groups.values()
    ]


def _earned_text(ruleset: Ruleset, award: Award, seen: SideView | None) -> str:
    """What earned `award`; [18.1] a unit `seen`'s side does not see now is not named."""
    name = ruleset.unit_name(award.detail) if award.detail in ruleset.catalogue.ground else ""
    if name and seen is not None and not seen.knows(award.detail):
        name = f"A {award.player.title} unit"
    if award.source == CORRIDOR_SOURCE:
        return f"A corridor opened into the pocket (at {award.detail})"
    if award.source.startswith(WITHIN):
        return f"{name} within {radius_of(award.source)} hexes of the pocket"
    return f"{name} entered the pocket"


def count(ruleset: Ruleset, state: GameState, seen: SideView | None = None) -> Count | None:
    """[19.33, 19.42] The points as they stand in `state` and the result they give;
    None for a scenario not judged by points. [18.1] With `seen`, the lines say only what
    its side may know: no unit it does not see, and for the Soviet side not the German
    strength points lost (its strength markers), only the points they give."""
    victory = points_victory(ruleset, state)
    if victory is None:
        return None
    german: Mapping[str, Any] = victory.get("german", {})
    soviet: Mapping[str, Any] = victory.get("soviet", {})
    open_now = corridor(ruleset, state)
    lines = []
    for award in state.victory_ledger:
        counted = not (award.source == CORRIDOR_SOURCE and open_now is not None)
        text = _earned_text(ruleset, award, seen)
        if not counted:
            text += " (not counted: a corridor exists at the end)"
        lines.append(Line(award.source, award.player, award.points, text, counted, award))
    if open_now is not None and "corridor_at_end" in german:
        at = ruleset.grid.id_of(open_now)
        text = f"A corridor into the pocket at the end (at {at})"
        lines.append(Line("corridor_at_end", Player.GERMAN, german["corridor_at_end"], text))
    lost = strength_lost(ruleset, state)
    per_50 = soviet.get("per_50_german_strength_points", 0)
    if per_50:
        text = f"{lost} German strength points lost (1 VP for each full 50)"
        if seen is not None and seen.side not in (None, Player.GERMAN):
            text = "German strength points lost, not seen under the fog of war (1 VP for "
            text += "each full 50; 18.1)"
        lines.append(Line("losses", Player.SOVIET, per_50 * (lost // 50), text))
    ever = open_now is not None or any(a.source == CORRIDOR_SOURCE for a in state.victory_ledger)
    failed = soviet.get("thunderclap_failed", 0)
    if failed and state.thunderclap.status in COMMENCED and not ever:
        text = "Operation Thunderclap commenced and no corridor opened"
        lines.append(Line("thunderclap_failed", Player.SOVIET, failed, text))
    lines.extend(penalties(ruleset, state))
    sums = {
        player: sum(line.points for line in lines if line.player is player and line.counted)
        for player in Player
    }
    net = sums[Player.GERMAN] - sums[Player.SOVIET]
    level = ruleset.tables.victory.level_for(net)
    winner = Player(level.winner.lower()) if level.winner else None
    degree = f"{level.degree} victory" if level.degree else "a draw"
    why = f"{degree}: net {net} VP (German {sums[Player.GERMAN]}, Soviet {sums[Player.SOVIET]})"
    result = GameResult(winner, str(victory.get("rule", "19.33")), why)
    return Count(tuple(lines), sums[Player.GERMAN], sums[Player.SOVIET], level, result, lost)
