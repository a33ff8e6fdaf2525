"""The bill of a move, line by line: the allowance and what each step costs (terrain, road,
river, ZOC, interdiction, entrenchment, initiative, administrative movement) with its rule,
or the rule that closes the hex; shown in a small panel in a corner of the map."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget

from owsqt.rules.combat.offers import HastyOffer
from owsqt.rules.movement.moveplan import Route
from owsqt.rules.movement.stackmove import CostItem
from owsqt.rules.scenario.ruleset import Ruleset

MAX_ROWS = 12  # longer paths show their first and last steps around a summary
PANEL_WIDTH = 460
MARGIN = 10
_RULE = "color:#6b6250"
_BAD = "color:#b3261e"
_GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}


def mp_text(points: Fraction) -> str:
    """Movement points as a player writes them: 3, ½, 2½, 7/3."""
    points = Fraction(points)
    if points < 0:
        return "−" + mp_text(-points)
    whole, part = divmod(points, 1)
    if part == 0:
        return str(whole)
    if part in _GLYPHS:
        return (str(whole) if whole else "") + _GLYPHS[part]
    return f"{points.numerator}/{points.denominator}"


def _item(item: CostItem, sign: bool = False) -> str:
    points = ("+" if sign and item.points > 0 else "") + mp_text(item.points)
    return f"{escape(item.label)} {points} <span style='{_RULE}'>({escape(item.rule)})</span>"


def _units(ruleset: Ruleset, units: tuple[str, ...]) -> str:
    first = escape(ruleset.unit_name(units[0]))
    return first if len(units) == 1 else f"{first} and {len(units) - 1} more"


def bill_html(ruleset: Ruleset, route: Route) -> str:
    """The panel's text for `route`: who, where to, the allowance, each step, the verdict."""
    grid = ruleset.grid
    move, price = route.move, route.price
    where = grid.id_of(route.target)
    origin = "entering the map" if move.entry is not None else grid.id_of(move.start)
    how = " · administrative" if move.administrative else ""
    if price.violation is None:
        left = price.allowance - price.total
        verdict = f"{mp_text(price.total)} of {mp_text(price.allowance)} MP, {mp_text(left)} left"
    else:
        verdict = f"<span style='{_BAD}'>out of reach</span>"
    head = f"<b>{_units(ruleset, move.units)}</b><br>{origin} → <b>{where}</b>{how} · {verdict}"
    # 8.1: the bill is the pacing unit's, the one with the least left on this path.
    items = move.allowance_items if price.pacer is None else move.allowance_items_for(price.pacer)
    allowance = f"Allowance {mp_text(price.allowance)} MP: " + ", ".join(
        _item(i, sign=n > 0) for n, i in enumerate(items)
    )
    html = f"<div>{head}</div><div style='margin-top:3px'>{allowance}</div>"
    table = _step_rows(ruleset, route)
    if table:
        html += "<table cellspacing='0' cellpadding='1' style='margin-top:3px'>" + table
        html += "</table>"
    if price.violation is not None:
        html += (
            f"<div style='{_BAD};margin-top:3px'><b>✗ {escape(price.violation.rule)}</b>: "
            f"{escape(price.violation.message)}</div>"
        )
    return html


def hasty_html(ruleset: Ruleset, offer: HastyOffer) -> str:
    """The text of a hasty attack a drop would make (8.4): on what, its cost by nationality
    and terrain, what the stack has and what it keeps, the lead, the rules it breaks."""
    action = offer.action
    ground = ruleset.catalogue.ground
    nations = sorted({ground[u].nationality.tally.value.capitalize() for u in action.units})
    terrain = ruleset.game_map.terrain(action.target).value.replace("_", " ")
    where = ruleset.grid.id_of(action.target)
    left = (
        f"{mp_text(offer.left)} MP left after it"
        if offer.left >= 0
        else f"<span style='{_BAD}'>{mp_text(-offer.left)} MP short</span>"
    )
    html = (
        f"<div><b>Hasty attack on {where}</b> <span style='{_RULE}'>(8.4)</span><br>"
        f"<b>{_units(ruleset, action.units)}</b>, led by "
        f"{escape(ruleset.unit_name(action.lead))} <span style='{_RULE}'>(11.3)</span></div>"
        f"<div style='margin-top:3px'>{' and '.join(nations)} attack "
        f"{mp_text(offer.nationality_cost)} MP + {escape(terrain)} "
        f"{mp_text(offer.terrain_cost)} MP = <b>{mp_text(offer.cost)} MP</b> of "
        f"{mp_text(offer.points)}: {left}</div>"
    )
    for problem in offer.problems:
        html += (
            f"<div style='{_BAD};margin-top:3px'><b>✗ {escape(problem.rule)}</b>: "
            f"{escape(problem.message)}</div>"
        )
    return html


def _step_rows(ruleset: Ruleset, route: Route) -> str:
    """One row per run of steps that cost the same, with the running total."""
    grid = ruleset.grid
    runs: list[tuple[list[str], tuple[CostItem, ...], Fraction]] = []
    spent = Fraction(0)
    for hex_, items in route.price.steps:
        spent += sum((i.points for i in items), Fraction(0))
        if runs and runs[-1][1] == items and spent <= route.price.allowance:
            runs[-1][0].append(grid.id_of(hex_))
            runs[-1] = (runs[-1][0], items, spent)
        else:
            runs.append(([grid.id_of(hex_)], items, spent))
    rows = []
    for hexes, items, total in runs:
        over = total > route.price.allowance
        style = f" style='{_BAD}'" if over else ""
        name = hexes[0] if len(hexes) == 1 else f"{hexes[0]}–{hexes[-1]}"
        bill = ", ".join(_item(i, sign=n > 0) for n, i in enumerate(items))
        if len(hexes) > 1:
            bill = f"{len(hexes)} × {bill}"
        rows.append(
            f"<tr{style}><td style='padding-right:8px'>{name}</td><td>{bill}</td>"
            f"<td align='right' style='padding-left:8px'><b>{mp_text(total)}</b></td></tr>"
        )
    if len(rows) > MAX_ROWS:
        keep = MAX_ROWS // 2 - 1
        hidden = len(rows) - 2 * keep
        gap = f"<tr><td></td><td style='{_RULE}'>… {hidden} more rows …</td><td></td></tr>"
        rows = [*rows[:keep], gap, *rows[-keep:]]
    return "".join(rows)


class MoveBill(QLabel):
    """The bill panel, in the corner of the map farthest from the path and the pointer; it
    never takes a click from the map."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("moveBill")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setFixedWidth(PANEL_WIDTH)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet(
            "QLabel#moveBill { background: rgba(255, 252, 240, 238); color: #1d1814;"
            " border: 1px solid #8a7a5a; border-radius: 4px; padding: 6px; }"
        )
        self.hide()

    def show_html(self, html: str, area: QRect, pointer: QPoint | None, path: list[QPoint]) -> None:
        """Show `html` inside `area` (the map's visible rectangle, in the parent's pixels),
        clear of the pointer and the path where it can be."""
        self.setText(html)
        self.setFixedHeight(self.heightForWidth(PANEL_WIDTH))
        self.place(area, pointer, path)
        self.show()
        self.raise_()

    def place(self, area: QRect, pointer: QPoint | None, path: list[QPoint]) -> None:
        """Lower left, lower right, upper left or upper right: the first clear of the
        pointer that hides fewest points of the path."""
        top = area.top() + MARGIN
        bottom = area.bottom() - MARGIN - self.height()
        left = area.left() + MARGIN
        right = area.right() - MARGIN - self.width()
        corners = [QPoint(left, bottom), QPoint(right, bottom), QPoint(left, top)]
        corners.append(QPoint(right, top))

        def covered(corner: QPoint) -> tuple[bool, int]:
            rect = QRect(corner, self.size()).adjusted(-24, -24, 24, 24)
            hides_pointer = pointer is not None and rect.contains(pointer)
            return (hides_pointer, sum(rect.contains(p) for p in path))

        self.move(min(corners, key=covered))
