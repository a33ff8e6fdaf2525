"""What a counter says in words: its tooltip and the lines of the stack viewer.

Type and size, the printed factors of the side showing (combat, proficiency, movement,
stacking: 2.1, 9.1), the strength now against its full strength (2.2), its supply mode
(14.1-14.4) and every marker it carries (2.2).
"""

from __future__ import annotations

from owsqt.qt.counters.markers import unit_chits
from owsqt.rules.core.state import UnitState
from owsqt.rules.core.vocabulary import Player, Supply
from owsqt.rules.data.units import UnitDef, UnitSize

_SIZES = {
    UnitSize.ARMY: "army",
    UnitSize.CORPS: "corps",
    UnitSize.DIVISION: "division",
    UnitSize.REGIMENT: "regiment",
    UnitSize.BATTALION: "battalion",
    UnitSize.COMPANY: "company",
    UnitSize.KAMPFGRUPPE: "Kampfgruppe",
}
_SUPPLY = {
    Supply.REGULAR: "in regular supply (14.2)",
    Supply.ORGANIC: "in organic supply (14.3)",
    Supply.OUT: "out of supply (14.4)",
}


def kind(unit: UnitDef) -> str:
    """ "Soviet tank brigade"-like words: nationality, type and size; an artillery unit's
    bombardment factor and range (12.1) with them."""
    nation = unit.nationality.value.replace("_", " ").capitalize()
    unit_type = unit.type.value.replace("_", " ")
    words = f"{nation} {unit_type} {_SIZES.get(unit.size, unit.size.value)}"
    if unit.bombardment is not None:
        words += f", bombardment {unit.bombardment} range {unit.range}"
    return words


def factors(unit: UnitDef, state: UnitState | None) -> str:
    """The printed factors of the side showing, named."""
    reduced = state is not None and state.reduced and unit.combat_reduced is not None
    combat = unit.combat_reduced if reduced and unit.combat_reduced is not None else unit.combat
    return (
        f"combat {combat}, proficiency {unit.proficiency}, movement {unit.movement}, "
        f"stacking {unit.stacking_value(reduced)}"
    )


def strength(unit: UnitDef, state: UnitState | None) -> str:
    """Strength now against full strength (the front's printed combat factor)."""
    if state is None:
        return f"strength {unit.combat} (full)"
    side = ", reduced side" if state.reduced else ""
    return f"strength {state.strength} of {unit.combat}{side}"


def markers(unit: UnitDef, state: UnitState | None) -> str:
    """The markers on the counter besides strength and supply, or "no markers"."""
    if state is None:
        return "no markers"
    tips = [
        look.tip
        for look in unit_chits(unit, state)
        if not look.tip.startswith(("strength", "organic", "out of supply"))
    ]
    return "markers: " + ", ".join(tips) if tips else "no markers"


def unit_lines(unit: UnitDef, state: UnitState | None, supply_note: str | None = None) -> list[str]:
    """Every line a player asks of a counter, name first."""
    supply = _SUPPLY[state.supply] if state is not None else ""
    if supply_note:
        supply = supply_note
    lines = [unit.name, kind(unit), factors(unit, state), strength(unit, state)]
    if supply:
        lines.append(supply)
    lines.append(markers(unit, state))
    return lines


def unit_tooltip(unit: UnitDef, state: UnitState | None, supply_note: str | None = None) -> str:
    """The counter's tooltip: its lines, and how to pick it up."""
    lines = unit_lines(unit, state, supply_note)
    lines.append("Drag: the stack · Shift or Alt+drag: this unit · double-click: fan out")
    return "\n".join(lines)


def hidden_words(count: int, side: Player | None = None) -> str:
    """[18.1] Counters a side sees only as counters: "3 German units hidden (18.1)", or
    without the side (a stack already named) "3 hidden units (18.1)"."""
    units = f"unit{'s' if count != 1 else ''}"
    if side is None:
        return f"{count} hidden {units} (18.1)"
    return f"{count} {side.title} {units} hidden (18.1)"
