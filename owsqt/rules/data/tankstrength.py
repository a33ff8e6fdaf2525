"""Tank strengths from tank counts (issue 23): one formula for every tank and assault gun counter.

A counter's combat factor (attack and defence alike, 2.1) is its medium-tank equivalent divided
by the formula's tanks per factor, rounded half up; its reduced side is the same for half the
tanks. Medium tanks (Pz III, Pz IV, StuG III, T-34) count 1, light tanks (Pz II, command
tanks, T-60, T-70) the formula's light weight. Assault guns are counted because the rules fight
them as tanks (11.4 armor superiority: "a tank, panzer or assault gun unit"; 11.4 combined
arms); self-propelled antitank guns are not, since 11.4 lets them only negate armor
superiority. The numbers are in resources/units/tank-strengths.yaml; the formula is anchored on
the 12-10 tank battalion of the 11.8 example, a battalion of the 6th Panzer Division.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Protocol

from owsqt.rules.data.units import TankCount, TankFormula, UnitCatalogue, UnitDef, UnitType

# 11.4: the unit types that generate armor superiority, and so fight as tanks.
TANK_TYPES = frozenset({UnitType.TANK, UnitType.ASSAULT_GUN})


class _HasCatalogue(Protocol):
    @property
    def catalogue(self) -> UnitCatalogue: ...


def is_tank_unit(unit: UnitDef) -> bool:
    """[11.4] Tank, panzer and assault gun counters: the ones the formula prices."""
    return unit.type in TANK_TYPES


def equivalent(formula: TankFormula, medium: int, light: int) -> Fraction:
    """Medium-tank equivalent of a count: medium tanks 1, light tanks the formula's weight."""
    return medium + light * formula.light_weight


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def tank_strength(formula: TankFormula, medium: int, light: int) -> tuple[int, int]:
    """[2.1] (full, reduced) combat factors of a tank unit with these tanks: the equivalent
    over tanks per factor, rounded half up; the reduced side is the same for half the tanks."""
    tanks = equivalent(formula, medium, light)
    return (
        _half_up(tanks / formula.tanks_per_factor),
        _half_up(tanks / (2 * formula.tanks_per_factor)),
    )


def problems(data: UnitCatalogue | _HasCatalogue) -> list[str]:
    """One line for every tank unit whose printed combat factors are not the formula's for its
    tank count, that lacks a count, and for every count that names no tank unit."""
    catalogue = data if isinstance(data, UnitCatalogue) else data.catalogue
    table = catalogue.tanks
    found: list[str] = []
    tank_units = [unit for unit in catalogue.ground.values() if is_tank_unit(unit)]
    if table is None:
        return [f"{_label(unit)}: a tank unit without a tank count" for unit in tank_units]
    for unit in tank_units:
        count = table.counts.get(unit.id)
        if count is None:
            found.append(f"{_label(unit)}: a tank unit without a tank count")
            continue
        full, reduced = tank_strength(table.formula, count.medium, count.light)
        if (unit.combat, unit.combat_reduced) != (full, reduced):
            found.append(
                f"{_label(unit)}: printed {_sides(unit.combat, unit.combat_reduced)}, "
                f"the formula gives {_sides(full, reduced)} for {_tanks(count)}"
            )
    for unit_id in table.counts:
        counted = catalogue.ground.get(unit_id)
        if counted is not None and not is_tank_unit(counted):
            found.append(f"{_label(counted)}: has a tank count but is a {counted.type.value} unit")
    return found


def _label(unit: UnitDef) -> str:
    return f"{unit.name} ({unit.id})"


def _sides(full: int, reduced: int | None) -> str:
    return f"{full}" if reduced is None else f"{full} ({reduced})"


def _tanks(count: TankCount) -> str:
    return f"{count.medium} medium and {count.light} light tanks"
