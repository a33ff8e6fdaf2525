"""The words and numbers of a prepared attack as the combat dialogs show them: the 11.2 step
names, who acts now (hot seat: "Soviet player: …"), the leads by 11.3, and a fire,
bombardment or counterbattery solution as an HTML table, every number with its rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from owsqt.qt.counters.unittext import hidden_words
from owsqt.rules.combat.artillery import (
    BombardmentSolution,
    bombardment_result,
    bombardment_solution,
    counterbattery_result,
    counterbattery_solution,
)
from owsqt.rules.combat.fire import Item, Solution
from owsqt.rules.combat.prepared import first_firer, step_actor
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables.grid import DIE_HIGH, DIE_LOW, FactorTable
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.known import StackSeen
from owsqt.rules.scenario.ruleset import Ruleset

RULE_STYLE = "color:#6b6250"
BAD_STYLE = "color:#b3261e"
WARN_STYLE = "color:#8a5a00"
SIDE_COLOURS = {Player.GERMAN: "#4d5347", Player.SOVIET: "#7a4a1c"}


def rule(text: str) -> str:
    """A rule number in the muted ink of the move bill: "(11.4)"."""
    return f"<span style='{RULE_STYLE}'>({escape(text)})</span>"


ODDS_LATER = "odds shown once the attack is declared (18.1)"


def stack_names(ruleset: Ruleset, stack: StackSeen, empty: str = "nobody") -> str:
    """A stack as the viewer sees it (18.1): "I/11 Pz (12-10), II/4 PzGr (6-12)", or under
    the fog of war "I/11 Pz (12-10) and 3 hidden units (18.1)"."""
    names = ", ".join(ruleset.unit_name(u) for u in stack.units)
    if not stack.hidden:
        return names or empty
    hidden = hidden_words(stack.hidden)
    return f"{names} and {hidden}" if names else hidden


def step_title(state: GameState, combat: CombatState) -> str:
    """The 11.2 step the combat is at, as the rulebook numbers it."""
    firer = first_firer(state, combat)
    defender_first = firer is not combat.attacker
    titles = {
        CombatStep.DEFENSE: "Step 2 – the defender's lead and artillery (11.2, 11.3)",
        CombatStep.COUNTERBATTERY: "Step 3 – counterbattery fire (11.2, 12.4)",
        CombatStep.DEFENSIVE_BOMBARDMENT: "Step 4 – defensive bombardment (11.2, 12.4)",
        CombatStep.OFFENSIVE_BOMBARDMENT: "Step 5 – the attacker's bombardment (11.2, 12.4)",
        CombatStep.FIRST_FIRE: "Step 6 – the defender's fire (11.2)"
        if defender_first
        else "Step 6 – every defender disrupted: the attacker fires first (11.2, 13.0)",
        CombatStep.SECOND_FIRE: "Step 7 – the attacker's fire (11.2)"
        if defender_first
        else "Step 6 – the surviving defenders fire (11.2, 13.0)",
        CombatStep.ADVANCE: "Step 8 – advance after combat (11.2, 11.8)",
    }
    return titles.get(combat.step, combat.step.title)


def actor_line(ruleset: Ruleset, state: GameState, combat: CombatState) -> str:
    """Whose turn it is in the combat and what he does, for the players at one screen."""
    pending = combat.pending
    actor = step_actor(state, combat)
    if pending is not None:
        who = f"{pending.player.title} player"
        hit = "your units were hit" if pending.units else "a result"
        if pending.stage is ResultStage.MANDATORY:
            return f"{who}: {hit}; distribute {pending.mandatory} mandatory point(s) (11.5, 11.6)"
        if pending.stage is ResultStage.OPTIONAL:
            return f"{who}: take the optional {pending.optional} as a check or a retreat (11.5)"
        if pending.stage is ResultStage.RETREAT:
            return f"{who}: choose the retreat path of {pending.optional} hexes (11.7)"
        return f"{who}: distribute {pending.optional} point(s) of the optional result (11.5, 11.6)"
    if actor is None:
        return "Both players: counterbattery against the designated artillery, then Done (12.4)"
    who = f"{actor.title} player"
    return {
        CombatStep.DEFENSE: (
            f"{who}: choose your lead unit and the artillery to bombard (11.2, 11.3)"
        ),
        CombatStep.DEFENSIVE_BOMBARDMENT: f"{who}: bombard one attacking unit, or Done (12.4)",
        CombatStep.OFFENSIVE_BOMBARDMENT: f"{who}: bombard one defending unit, or Done (12.4)",
        CombatStep.FIRST_FIRE: f"{who}: fire, or hold your fire (11.2, 11.1)",
        CombatStep.SECOND_FIRE: f"{who}: fire, or hold your fire (11.2, 11.1)",
        CombatStep.ADVANCE: f"{who}: advance into the vacated hex and beyond, or stay (11.8)",
    }.get(combat.step, who)


def _item_row(item: Item, sign: bool) -> str:
    value = f"{item.value:+d}" if sign else str(item.value)
    return (
        f"<tr><td>{escape(item.label)}</td><td align='right'>{value}</td>"
        f"<td>{rule(item.rule)}</td></tr>"
    )


def solution_html(
    solution: Solution,
    table: FactorTable,
    sums_rule: str,
    result_of: Callable[[int], object] | None = None,
    roll: int | None = None,
) -> str:
    """Factors, column shifts and DRMs, each with its rule, the column they give on `table`
    and, with `result_of`, the result of every roll (the `roll` marked). `sums_rule` is the
    rule that totals the factors and nets the DRMs (11.4 for fire, 12.4 for artillery)."""
    table_rule = getattr(table, "rule", sums_rule)
    rows = ["<table cellspacing='0' cellpadding='1'>"]
    rows.append("<tr><td colspan='3'><b>Factors firing</b></td></tr>")
    rows.extend(_item_row(i, sign=False) for i in solution.factors)
    total = solution.total_factors
    rows.append(
        f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td>"
        f"<td>{rule(sums_rule)}</td></tr>"
    )
    name = escape(table.title)
    try:
        plain = table.column_for(total, 0)
    except ValueError:
        plain = "?"
    rows.append(
        f"<tr><td colspan='3'>{name}: the {escape(plain)} column {rule(table_rule)}</td></tr>"
    )
    if solution.shifts:
        rows.append("<tr><td colspan='3'><b>Column shifts, left</b></td></tr>")
        rows.extend(_item_row(i, sign=False) for i in solution.shifts)
    rows.append(
        f"<tr><td><b>Column</b></td><td align='right'><b>{escape(solution.column)}</b></td>"
        f"<td>{rule(sums_rule)}</td></tr>"
    )
    if solution.drms:
        rows.append("<tr><td colspan='3'><b>Die roll modifiers</b></td></tr>")
        rows.extend(_item_row(i, sign=True) for i in solution.drms)
    rows.append(
        f"<tr><td><b>Net DRM</b></td><td align='right'><b>{solution.drm:+d}</b></td>"
        f"<td>{rule(sums_rule)}</td></tr>"
    )
    rows.append("</table>")
    html = "".join(rows)
    if result_of is not None:
        html += results_row(result_of, solution.drm, roll)
    return html


def results_row(result_of: Callable[[int], object], drm: int, roll: int | None = None) -> str:
    """What each roll of the die gives on the column (the DRM included), in one small table."""
    cells = []
    for value in range(DIE_LOW, DIE_HIGH + 1):
        text = escape(str(result_of(value)))
        style = " style='background:#f3d98b'" if value == roll else ""
        cells.append(f"<td align='center'{style}>{value}<br><b>{text}</b></td>")
    return (
        f"<div style='margin-top:4px'>Each roll {f'{drm:+d} ' if drm else ''}gives:</div>"
        "<table cellspacing='0' cellpadding='2' border='1' style='border-color:#c9bfa5'>"
        f"<tr>{''.join(cells)}</tr></table>"
    )


def violations_html(violations: Iterable[object], prefix: str = "✗") -> str:
    """Each broken rule on a line of its own, its number first."""
    lines = []
    for violation in violations:
        rule_number = escape(getattr(violation, "rule", ""))
        message = escape(getattr(violation, "message", str(violation)))
        lines.append(f"<div style='{BAD_STYLE}'>{prefix} <b>{rule_number}</b>: {message}</div>")
    return "".join(lines)


def gun_solution(
    ruleset: Ruleset,
    state: GameState,
    guns: tuple[str, ...],
    target: str,
    *,
    counter: bool,
    roll: int | None = None,
) -> tuple[BombardmentSolution, str, Callable[[int], object]]:
    """[12.4] Counterbattery or bombardment by `guns` at `target`: the solution, its HTML
    (every item with its rule, each roll's result, `roll` marked) and its result function.
    Raises ValueError for factors the table cannot take."""
    if counter:
        solution = counterbattery_solution(ruleset, state, guns, target)
        table: FactorTable = ruleset.tables.counterbattery

        def result_of(value: int) -> object:
            return counterbattery_result(ruleset, solution, value)
    else:
        solution = bombardment_solution(ruleset, state, guns, target)
        table = ruleset.tables.bombardment

        def result_of(value: int) -> object:
            return bombardment_result(ruleset, solution, value)

    return solution, solution_html(solution, table, "12.4", result_of, roll), result_of


def outcome_html(outcome: Outcome | None, message: str) -> str | None:
    """What a panel shows under its buttons after sending an action: why it could not be
    sent, the rules that refused it (STRICT) or that it broke (ASSIST); None when it went
    through cleanly."""
    if outcome is None:
        return f"<div style='{BAD_STYLE}'><b>Not possible:</b> {escape(message)}</div>"
    violations = outcome.verdict.violations
    if not outcome.applied:
        return f"<b style='{BAD_STYLE}'>Not allowed:</b>{violations_html(violations)}"
    if violations:
        return (
            f"<b style='{WARN_STYLE}'>Done, against the rules (see the log):</b>"
            f"{violations_html(violations, '⚠')}"
        )
    return None
