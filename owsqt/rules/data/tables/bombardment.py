"""The Bombardment and Counterbattery Tables with their modifiers (12.4, 4.5, 4.6, 16.1)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import (
    FactorTable,
    ResultGrid,
    read_factor_columns,
    read_grid,
    read_rule,
)
from owsqt.rules.data.tables.modifiers import Modifier, read_modifier
from owsqt.rules.data.tables.results import BombardmentResult, CounterbatteryResult


@dataclass(frozen=True, slots=True)
class BombardmentModifiers:
    """The Bombardment Table's printed modifiers (12.4, 15.2, 4.6) and antiaircraft (16.1)."""

    no_friendly_adjacent: Modifier
    target_entrenched: Modifier
    target_armored: Modifier
    antiaircraft_in_target_hex: Modifier
    antiaircraft_in_interdiction_zone: Modifier

    def entries(self) -> tuple[Modifier, ...]:
        """All modifiers in chart order."""
        return tuple(getattr(self, f.name) for f in fields(self))

    def column_shifts(self, *, entrenched: bool = False, armored: bool = False) -> int:
        """Columns left for the target: one if entrenched, one if armored (cumulative)."""
        shifts = self.target_entrenched.columns_left if entrenched else 0
        return shifts + (self.target_armored.columns_left if armored else 0)

    def drm(
        self, *, by_air: bool, friendly_adjacent: bool = True, antiaircraft_present: bool = False
    ) -> int:
        """The bombardment DRM: -1 for artillery with no friendly unit adjacent to the target
        (12.4); -1 for air units attacking a hex with an enemy antiaircraft unit (16.1)."""
        total = 0
        if not by_air and not friendly_adjacent:
            total += self.no_friendly_adjacent.drm
        if by_air and antiaircraft_present:
            total += self.antiaircraft_in_target_hex.drm
        return total

    def interdiction_drm(self, antiaircraft_units: int) -> int:
        """Interdiction DRM (16.1): -1 for each antiaircraft unit in the potential zone."""
        return self.antiaircraft_in_interdiction_zone.drm_per_unit * antiaircraft_units

    def apply_entrenchment(self, result: BombardmentResult) -> BombardmentResult:
        """Reduce a result against an entrenched target ("result reduced by 1")."""
        return result.reduced(self.target_entrenched.result_reduction)


@dataclass(frozen=True, slots=True)
class BombardmentTable(FactorTable[BombardmentResult]):
    """The Bombardment Table: artillery (12.4), air bombardment (4.6), interdiction (4.5)."""

    title: str
    rule: str
    grid: ResultGrid[BombardmentResult]
    modifiers: BombardmentModifiers


@dataclass(frozen=True, slots=True)
class CounterbatteryModifiers:
    """The Counterbattery Table's printed modifiers (12.4, 15.2)."""

    friendly_adjacent: Modifier
    target_entrenched: Modifier

    def entries(self) -> tuple[Modifier, ...]:
        """All modifiers in chart order."""
        return (self.friendly_adjacent, self.target_entrenched)

    def drm(self, *, friendly_adjacent: bool) -> int:
        """+1 when a friendly unit is adjacent to the target hex."""
        return self.friendly_adjacent.drm if friendly_adjacent else 0

    def column_shifts(self, *, entrenched: bool) -> int:
        """One column left when the target unit is entrenched."""
        return self.target_entrenched.columns_left if entrenched else 0


@dataclass(frozen=True, slots=True)
class CounterbatteryTable(FactorTable[CounterbatteryResult]):
    """The Counterbattery Table (rule 12.4)."""

    title: str
    rule: str
    grid: ResultGrid[CounterbatteryResult]
    modifiers: CounterbatteryModifiers


def read_bombardment(root: Node) -> BombardmentTable:
    """The Bombardment Table and its modifiers, from its YAML root."""
    root.keys_exactly("bombardment")
    node = root.get("bombardment")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = read_factor_columns(node.get("columns"))
    grid = read_grid(node, columns, BombardmentResult.parse, "a result such as '-', 2 or '3D'")
    mods = node.get("modifiers")
    names = [f.name for f in fields(BombardmentModifiers)]
    mods.keys_exactly(*names)
    modifiers = BombardmentModifiers(*(read_modifier(mods.get(n), n) for n in names))
    return BombardmentTable(node.get("title").as_str(), read_rule(node), grid, modifiers)


def read_counterbattery(root: Node) -> CounterbatteryTable:
    """The Counterbattery Table and its modifiers, from its YAML root."""
    root.keys_exactly("counterbattery")
    node = root.get("counterbattery")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = read_factor_columns(node.get("columns"))
    grid = read_grid(node, columns, CounterbatteryResult.parse, "a result such as '-', 'S' or 'S1'")
    mods = node.get("modifiers")
    mods.keys_exactly("friendly_adjacent", "target_entrenched")
    modifiers = CounterbatteryModifiers(
        read_modifier(mods.get("friendly_adjacent"), "friendly_adjacent"),
        read_modifier(mods.get("target_entrenched"), "target_entrenched"),
    )
    return CounterbatteryTable(node.get("title").as_str(), read_rule(node), grid, modifiers)
