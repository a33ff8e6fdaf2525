"""The words a panel shows of the rules: a rule number in muted ink, a fire, bombardment or
air solution as an HTML table (every factor, shift and modifier with its rule, and what each
roll gives), the rules an action broke, and what an action sent came to; the sides' colours."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from owsqt.rules.combat.fire import Item, Solution
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables.grid import DIE_HIGH, DIE_LOW, FactorTable
from owsqt.rules.engine import Outcome

RULE_STYLE = "color:#6b6250"
BAD_STYLE = "color:#b3261e"
WARN_STYLE = "color:#8a5a00"
SIDE_COLOURS = {Player.GERMAN: "#4d5347", Player.SOVIET: "#7a4a1c"}


def rule(text: str) -> str:
    """A rule number in the muted ink of the move bill: "(11.4)"."""
    return f"<span style='{RULE_STYLE}'>({escape(text)})</span>"


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
