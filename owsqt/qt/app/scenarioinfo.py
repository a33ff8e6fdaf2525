"""What the New Game dialog says of a scenario: its dates and length from the Turn Record
Track, its rule, and what wins, from the scenario's victory data (19.13, 19.23, 19.33)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario

# The German points of 19.33 and 19.42, as the rulebook words them.
GERMAN_POINTS = {
    "within_18": "a German unit within 18 hexes of the pocket",
    "within_5": "one within 5 hexes",
    "corridor_opened": "a corridor opened into the pocket during the game",
    "convoy_in_pocket": "each relief convoy entering the pocket",
    "corridor_at_end": "a corridor open at the end",
}
SOVIET_POINTS = {
    "per_50_german_strength_points": "every 50 German strength points destroyed",
    "thunderclap_failed": "Operation Thunderclap begun and failed",
}


FOG_LINE = (
    "Fog of war (18.1): each side sees only the top unit of each enemy stack, no strength "
    "markers and no entrenched units, except in combat."
)


def turn_date(ruleset: Ruleset, turn: int) -> str:
    """'AM 12 December 1942', the date of `turn` on the Turn Record Track ('turn N' off it)."""
    for record in ruleset.turn_record_track:
        if record.turn == turn:
            return record.date
    return f"turn {turn}"


def scenario_length(scenario: Scenario) -> int:
    return scenario.last_turn - scenario.first_turn + 1


def describe(ruleset: Ruleset, scenario: Scenario, fog: bool = False) -> str:
    """A few lines of plain text: the dates, the length, the rule and what wins; with `fog`,
    that the game is played with the fog of war (18.1)."""
    turns = scenario_length(scenario)
    lines = [
        f"Rule {scenario.rule}: {turn_date(ruleset, scenario.first_turn)} to "
        f"{turn_date(ruleset, scenario.last_turn)}, {turns} turn{'s' if turns != 1 else ''} "
        f"(turns {scenario.first_turn}-{scenario.last_turn}); "
        f"the {scenario.sets_up_first.title} player sets up first.",
    ]
    lines.extend(victory_lines(scenario.victory))
    if fog:
        lines.append(FOG_LINE)
    return "\n".join(lines)


def victory_lines(victory: Mapping[str, Any]) -> list[str]:
    """What wins, after the scenario's evaluator; an unknown one names its rule only."""
    rule = victory.get("rule", "19")
    evaluator = victory.get("evaluator")
    if evaluator == "hold_and_cross":
        return _hold_and_cross(victory, rule)
    if evaluator == "cross_river":
        return _cross_river(victory, rule)
    if evaluator == "victory_points":
        return _points(victory, rule)
    return [f"Victory: see rule {rule}."]


def _between(victory: Mapping[str, Any]) -> str:
    first, last = victory.get("between", ("?", "?"))
    return f"across the {victory.get('river', 'river')} between hexes {first} and {last}"


def _hold_and_cross(victory: Mapping[str, Any], rule: str) -> list[str]:
    hold = victory.get("hold", "?")
    across = _between(victory)
    german_marginal = victory.get("german_marginal", {}).get("across_at_least", "?")
    soviet_decisive = victory.get("soviet_decisive", {}).get("across_below", "?")
    return [
        f"Victory ({rule}):",
        f"• German decisive: he controls hex {hold} at the end.",
        f"• German marginal: {german_marginal} stacking points {across}.",
        f"• Soviet decisive: he holds hex {hold} and fewer than {soviet_decisive} stacking "
        f"points are {across}.",
        f"• Soviet marginal: he holds hex {hold}.",
    ]


def _cross_river(victory: Mapping[str, Any], rule: str) -> list[str]:
    across = _between(victory)
    return [
        f"Victory ({rule}):",
        f"• German decisive: {victory['german_decisive']['across_at_least']} stacking points "
        f"{across}.",
        f"• German marginal: {victory['german_marginal']['across_at_least']} stacking points.",
        "• Soviet decisive: no German unit across.",
        f"• Soviet marginal: fewer than {victory['soviet_marginal']['across_below']} German "
        "stacking points across.",
    ]


def _points(victory: Mapping[str, Any], rule: str) -> list[str]:
    german = victory.get("german", {})
    soviet = victory.get("soviet", {})
    lines = [f"Victory points ({rule}):"]
    if german:
        lines.append(
            "• German: "
            + "; ".join(
                f"{points} for {GERMAN_POINTS.get(key, key.replace('_', ' '))}"
                for key, points in german.items()
            )
            + "."
        )
    if soviet:
        lines.append(
            "• Soviet: "
            + "; ".join(
                f"{points} for {SOVIET_POINTS.get(key, key.replace('_', ' '))}"
                for key, points in soviet.items()
            )
            + "."
        )
    table = victory.get("table", ())
    if table:
        lines.append("• German points minus Soviet: " + "; ".join(_table_rows(table)) + ".")
    return lines


def _table_rows(table: list[Mapping[str, Any]]) -> list[str]:
    """'8 or more: German decisive victory', '5 to 7: ...', ..., '-2 or less: ...' (the
    highest row not above the net points counts; the bottom row covers all below it)."""
    rows = []
    for index, row in enumerate(table):
        vp = int(row["vp"])
        if index == 0:
            span = f"{vp} or more"
        elif index == len(table) - 1:
            span = f"{vp} or less"
        else:
            top = int(table[index - 1]["vp"]) - 1
            span = str(vp) if top == vp else f"{vp} to {top}"
        rows.append(f"{span}: {row['result']}")
    return rows
