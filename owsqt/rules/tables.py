"""The rulebook's charts and tables as frozen data, loaded and validated from resources/rules."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Generic, TypeVar

from owsqt.rules.datafile import DataError, Node, load_yaml, resources_dir
from owsqt.rules.rounding import round_half_up

__all__ = [
    "DIE_HIGH",
    "DIE_LOW",
    "MOVEMENT_CLASSES",
    "NATIONALITIES",
    "TABLE_FILES",
    "TERRAIN_TYPES",
    "AirCombatModifiers",
    "AirCombatResult",
    "AirCombatTable",
    "AirRecoveryTable",
    "Band",
    "BandedModifier",
    "BombardmentModifiers",
    "BombardmentResult",
    "BombardmentTable",
    "Column",
    "CombatKind",
    "CombatModifiers",
    "CombatResult",
    "CombatResultsTable",
    "CounterbatteryModifiers",
    "CounterbatteryResult",
    "CounterbatteryTable",
    "DieRow",
    "HastyAttackCosts",
    "InitiativeEffects",
    "InitiativeTable",
    "Modifier",
    "MoveKind",
    "MovementCost",
    "RecoveryClass",
    "ReplacementRates",
    "ResultGrid",
    "StackingLimit",
    "StatusModifier",
    "SupplyLine",
    "SupplySegment",
    "SupplyTable",
    "Tables",
    "TerrainCombat",
    "TerrainEffectsChart",
    "TerrainType",
    "ThunderclapOutcome",
    "ThunderclapTable",
    "VictoryLevel",
    "VictoryTable",
    "default_tables",
    "iter_dataclasses",
    "load_tables",
]

R = TypeVar("R")
T = TypeVar("T")

#: The game uses one ten-sided die (every table's rows run from 1 to 10).
DIE_LOW = 1
DIE_HIGH = 10

NATIONALITIES = ("german", "soviet", "rumanian")
MOVEMENT_CLASSES = ("tracked", "motorized", "non_motorized")
#: Every row of the Terrain Effects Chart, by key.
TERRAIN_TYPES = (
    "clear",
    "elevated",
    "marsh",
    "major_river",
    "minor_river",
    "city",
    "village",
    "primary_road",
    "secondary_road",
    "railroad",
    "bridge",
    "stalingrad_pocket",
    "entrenchments",
)

#: The file in the rules directory that holds each table.
TABLE_FILES = {
    "tec": "terrain_effects.yaml",
    "crt": "crt.yaml",
    "bombardment": "bombardment.yaml",
    "counterbattery": "counterbattery.yaml",
    "air_combat": "air_combat.yaml",
    "air_recovery": "air_recovery.yaml",
    "combat_modifiers": "combat_modifiers.yaml",
    "hasty_attack": "hasty_attack.yaml",
    "stacking": "stacking.yaml",
    "initiative": "initiative.yaml",
    "replacements": "replacements.yaml",
    "supply": "supply.yaml",
    "thunderclap": "thunderclap.yaml",
    "victory": "victory.yaml",
}


def _check_roll(roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise TypeError(f"a die roll must be an integer, got {roll!r}")
    if not DIE_LOW <= roll <= DIE_HIGH:
        raise ValueError(f"a die roll must be from {DIE_LOW} to {DIE_HIGH}, got {roll}")
    return roll


def _check_int(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    return value


def _lookup(items: tuple[T, ...], key: str, what: str, name: Callable[[T], str]) -> T:
    for item in items:
        if name(item) == key:
            return item
    known = ", ".join(repr(name(i)) for i in items)
    raise KeyError(f"unknown {what} {key!r}; known: {known}")


# --------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class CombatResult:
    """One Combat Results Table cell (rule 11.5): mandatory and optional strength point results.

    ``str()`` prints the rulebook notation: ``1/3``, ``-/1``, ``-/-``.
    """

    mandatory: int
    optional: int

    @classmethod
    def parse(cls, text: str) -> CombatResult:
        """Read ``"1/3"``, ``"-/1"`` or ``"-/-"``; raises ValueError otherwise."""
        match = re.fullmatch(r"\s*(-|\d+)\s*/\s*(-|\d+)\s*", text)
        if not match:
            raise ValueError(f"not a combat result: {text!r}")
        left, right = match.groups()
        return cls(0 if left == "-" else int(left), 0 if right == "-" else int(right))

    @property
    def total(self) -> int:
        """Mandatory plus optional: all losses when retreating through a ZOC (11.7), or the
        advance when the defender is destroyed by bombardment (11.8)."""
        return self.mandatory + self.optional

    @property
    def no_effect(self) -> bool:
        """True for ``-/-``."""
        return self.total == 0

    def __str__(self) -> str:
        def side(n: int) -> str:
            return str(n) if n else "-"

        return f"{side(self.mandatory)}/{side(self.optional)}"


@dataclass(frozen=True, slots=True)
class BombardmentResult:
    """One Bombardment Table cell (12.4): strength points lost (or interdiction MP, 4.5) and
    whether the target is disrupted. ``str()`` prints ``-``, ``2`` or ``3D`` as the book does."""

    losses: int
    disrupted: bool

    @classmethod
    def parse(cls, text: str) -> BombardmentResult:
        """Read ``"-"``, ``"2"``, ``"3D"`` (or ``"D"``); raises ValueError otherwise."""
        text = text.strip()
        if text == "-":
            return cls(0, False)
        match = re.fullmatch(r"(\d*)(D?)", text)
        if not match or not text:
            raise ValueError(f"not a bombardment result: {text!r}")
        number, disrupt = match.groups()
        return cls(int(number) if number else 0, bool(disrupt))

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return self.losses == 0 and not self.disrupted

    def reduced(self, by: int) -> BombardmentResult:
        """The result with its losses reduced (never below zero); disruption is kept.

        Used for entrenched targets: "result reduced by 1 if target unit entrenched".
        """
        return BombardmentResult(max(0, self.losses - by), self.disrupted)

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return f"{self.losses or ''}{'D' if self.disrupted else ''}"


@dataclass(frozen=True, slots=True)
class CounterbatteryResult:
    """One Counterbattery Table cell (12.4): ``S`` suppressed, digits strength points lost.

    ``str()`` prints ``-``, ``S``, ``S1`` or ``S2``.
    """

    suppressed: bool
    losses: int

    @classmethod
    def parse(cls, text: str) -> CounterbatteryResult:
        """Read ``"-"``, ``"S"``, ``"S1"``, ``"S2"`` (or a bare number); raises ValueError."""
        text = text.strip()
        if text == "-":
            return cls(False, 0)
        match = re.fullmatch(r"(S?)(\d*)", text)
        if not match or not text:
            raise ValueError(f"not a counterbattery result: {text!r}")
        suppress, number = match.groups()
        return cls(bool(suppress), int(number) if number else 0)

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return not self.suppressed and self.losses == 0

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return f"{'S' if self.suppressed else ''}{self.losses or ''}"


@dataclass(frozen=True, slots=True)
class AirCombatResult:
    """One Air Combat Results Table cell (4.4): ``A`` aborts, ``D`` disrupted, ``AD`` both."""

    abort: bool
    disrupted: bool

    @classmethod
    def parse(cls, text: str) -> AirCombatResult:
        """Read ``"-"``, ``"A"``, ``"AD"`` (or ``"D"``); raises ValueError otherwise."""
        text = text.strip()
        if text == "-":
            return cls(False, False)
        if text not in ("A", "D", "AD"):
            raise ValueError(f"not an air combat result: {text!r}")
        return cls("A" in text, "D" in text)

    @property
    def no_effect(self) -> bool:
        """True for ``-``."""
        return not self.abort and not self.disrupted

    def __str__(self) -> str:
        if self.no_effect:
            return "-"
        return ("A" if self.abort else "") + ("D" if self.disrupted else "")


# --------------------------------------------------------------------------------------------
# Die-roll grids shared by the CRT, Bombardment, Counterbattery and Air Combat tables


@dataclass(frozen=True, slots=True)
class Column:
    """A printed column: its label (``"30+"``, ``"-3/-4"``) and the values it covers.

    ``high`` is None for the last column of a factor table, which covers everything above.
    """

    label: str
    low: int
    high: int | None


@dataclass(frozen=True, slots=True)
class DieRow:
    """A printed row: its label (``"10 or more"``, ``"9"``, ``"1 or less"``) and its roll."""

    label: str
    roll: int


@dataclass(frozen=True, slots=True)
class ResultGrid(Generic[R]):
    """Columns, die rows (as printed, highest roll first) and one result per cell."""

    columns: tuple[Column, ...]
    rows: tuple[DieRow, ...]
    cells: tuple[tuple[R, ...], ...]

    def row_index(self, modified_roll: int) -> int:
        """The row for a modified roll, clamped to the printed rows.

        Our reading: a modified roll above the top row uses the top row and one below the
        bottom row uses the bottom row, also where the book prints a plain ``1`` rather than
        ``1 or less`` (Bombardment and Counterbattery tables).
        """
        top, bottom = self.rows[0].roll, self.rows[-1].roll
        clamped = max(bottom, min(top, modified_roll))
        return top - clamped

    def result(self, modified_roll: int, column_index: int) -> R:
        """The cell for a modified roll (clamped) in the given column."""
        return self.cells[self.row_index(modified_roll)][column_index]

    def lookup(self, die_label: str, column_label: str) -> R:
        """The cell under printed labels, e.g. ``lookup("10 or more", "30+")``."""
        row = [r.label for r in self.rows].index(die_label)
        column = [c.label for c in self.columns].index(column_label)
        return self.cells[row][column]

    def __iter__(self) -> Iterator[tuple[DieRow, Column, R]]:
        for row, results in zip(self.rows, self.cells, strict=True):
            for column, result in zip(self.columns, results, strict=True):
                yield row, column, result


def _factor_column(grid: ResultGrid, factors: int, shifts: int, table: str) -> int:
    """Rule 11.4 column finding for factor-indexed tables (CRT, Bombardment, Counterbattery).

    A total between two printed columns uses the highest column not above it; each shift moves
    one column left. Our reading: a shift past the first column stays on the first column.
    """
    _check_int("factors", factors)
    _check_int("shifts", shifts)
    first = grid.columns[0]
    if factors < first.low:
        raise ValueError(
            f"{table}: {factors} factors is below the first column ({first.label}); "
            f"at least {first.low} factor(s) must fire"
        )
    if shifts < 0:
        raise ValueError(
            f"{table}: column shifts always move left (rule 11.4); got {shifts} (negative)"
        )
    index = max(i for i, column in enumerate(grid.columns) if column.low <= factors)
    return max(0, index - shifts)


# --------------------------------------------------------------------------------------------
# Modifiers as data


@dataclass(frozen=True, slots=True)
class Modifier:
    """A printed modifier with its rule number, so a UI can show where it comes from.

    ``drm`` is a die roll modification, ``columns_left`` a column shift to the left,
    ``drm_per_unit`` a DRM for each unit counted, ``result_reduction`` reduces the losses.
    ``only_for`` limits it to ``"artillery"`` or ``"air"`` fire; ``sides`` to the attacker
    and/or defender; ``nationality`` to one side's nationality.
    """

    key: str
    rule: str
    text: str
    drm: int = 0
    columns_left: int = 0
    drm_per_unit: int = 0
    result_reduction: int = 0
    only_for: str | None = None
    sides: tuple[str, ...] = ()
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class Band:
    """One printed step of a banded modifier: from ``at_least`` upward the DRM is ``drm``."""

    at_least: int
    drm: int
    text: str


@dataclass(frozen=True, slots=True)
class BandedModifier:
    """A modifier whose DRM grows with a count (proficiency difference, hexes, turns)."""

    key: str
    rule: str
    text: str
    bands: tuple[Band, ...]
    sides: tuple[str, ...] = ()

    def drm_for(self, count: int) -> int:
        """The DRM of the highest band not above ``count``; 0 below the first band."""
        drm = 0
        for band in self.bands:
            if count >= band.at_least:
                drm = band.drm
        return drm


@dataclass(frozen=True, slots=True)
class StatusModifier:
    """A DRM chosen by a status, e.g. supply (14.5): regular, organic or out of supply."""

    key: str
    rule: str
    text: str
    statuses: tuple[tuple[str, int, str], ...]
    sides: tuple[str, ...] = ()

    def drm_for(self, status: str) -> int:
        """The DRM for ``status``; an unknown status raises KeyError."""
        for name, drm, _text in self.statuses:
            if name == status:
                return drm
        known = ", ".join(repr(s[0]) for s in self.statuses)
        raise KeyError(f"unknown status {status!r}; known: {known}")


# --------------------------------------------------------------------------------------------
# Combat Results Table


@dataclass(frozen=True, slots=True)
class CombatResultsTable:
    """The Combat Results Table (rules 11.4, 11.5)."""

    title: str
    rule: str
    grid: ResultGrid[CombatResult]

    def column_index(self, factors: int, shifts: int = 0) -> int:
        """Index of the column used for ``factors`` after ``shifts`` columns left (11.4)."""
        return _factor_column(self.grid, factors, shifts, "Combat Results Table")

    def column_for(self, factors: int, shifts: int = 0) -> str:
        """The printed label of the column used, e.g. ``column_for(26, 1) == "20"``."""
        return self.grid.columns[self.column_index(factors, shifts)].label

    def resolve(self, factors: int, shifts: int = 0, drm: int = 0, *, roll: int) -> CombatResult:
        """Resolve fire combat (rule 11.4).

        ``factors`` is the total firing strength; ``shifts`` the column shifts left (terrain,
        entrenchments); ``drm`` the net die roll modification; ``roll`` the die (1-10). The
        modified roll is clamped to the printed rows ("10 or more", "1 or less"). Fewer than
        one factor raises ValueError.
        """
        column = self.column_index(factors, shifts)
        return self.grid.result(_check_roll(roll) + _check_int("drm", drm), column)


# --------------------------------------------------------------------------------------------
# Bombardment Table


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
class BombardmentTable:
    """The Bombardment Table: artillery (12.4), air bombardment (4.6), interdiction (4.5)."""

    title: str
    rule: str
    grid: ResultGrid[BombardmentResult]
    modifiers: BombardmentModifiers

    def column_index(self, factors: int, shifts: int = 0) -> int:
        """Index of the column used for ``factors`` after ``shifts`` columns left."""
        return _factor_column(self.grid, factors, shifts, "Bombardment Table")

    def column_for(self, factors: int, shifts: int = 0) -> str:
        """The printed label of the column used, e.g. ``column_for(5, 1) == "3"``."""
        return self.grid.columns[self.column_index(factors, shifts)].label

    def resolve(
        self, factors: int, shifts: int = 0, drm: int = 0, *, roll: int
    ) -> BombardmentResult:
        """Look up a bombardment (12.4, 4.5, 4.6) as the table prints it.

        Shifts and DRM come from :attr:`modifiers`; against an entrenched target also apply
        :meth:`BombardmentModifiers.apply_entrenchment` to the result.
        """
        column = self.column_index(factors, shifts)
        return self.grid.result(_check_roll(roll) + _check_int("drm", drm), column)


# --------------------------------------------------------------------------------------------
# Counterbattery Table


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
class CounterbatteryTable:
    """The Counterbattery Table (rule 12.4)."""

    title: str
    rule: str
    grid: ResultGrid[CounterbatteryResult]
    modifiers: CounterbatteryModifiers

    def column_index(self, factors: int, shifts: int = 0) -> int:
        """Index of the column used for ``factors`` after ``shifts`` columns left."""
        return _factor_column(self.grid, factors, shifts, "Counterbattery Table")

    def column_for(self, factors: int, shifts: int = 0) -> str:
        """The printed label of the column used."""
        return self.grid.columns[self.column_index(factors, shifts)].label

    def resolve(
        self, factors: int, shifts: int = 0, drm: int = 0, *, roll: int
    ) -> CounterbatteryResult:
        """Resolve counterbattery fire (12.4); the modified roll is clamped to the rows."""
        column = self.column_index(factors, shifts)
        return self.grid.result(_check_roll(roll) + _check_int("drm", drm), column)


# --------------------------------------------------------------------------------------------
# Air Combat Results Table


@dataclass(frozen=True, slots=True)
class AirCombatModifiers:
    """The Air Combat Results Table's printed die roll modifiers (4.4)."""

    proficiency: BandedModifier
    non_fighter_fires_on_fighter: Modifier

    def drm(
        self,
        attacker_proficiency: int,
        target_proficiency: int,
        attacker_is_fighter: bool,
        target_is_fighter: bool,
    ) -> int:
        """+1 if the firing unit's proficiency is greater, +2 if three or more greater (not
        +3: the 4.4 example modifies a six to eight), -1 if a non-fighter fires on a fighter."""
        total = self.proficiency.drm_for(attacker_proficiency - target_proficiency)
        if not attacker_is_fighter and target_is_fighter:
            total += self.non_fighter_fires_on_fighter.drm
        return total


@dataclass(frozen=True, slots=True)
class AirCombatTable:
    """The Air Combat Results Table (rule 4.4), by differential."""

    title: str
    rule: str
    grid: ResultGrid[AirCombatResult]
    modifiers: AirCombatModifiers

    def column_index(self, differential: int) -> int:
        """Index of the column for a differential (air-to-air factor minus defence factor).

        Our reading: below the first column (-3/-4) uses the first column and above the last
        (+2) uses the last, as the book prints no columns beyond them.
        """
        _check_int("differential", differential)
        columns = self.grid.columns
        for index, column in enumerate(columns):
            if differential <= (column.high if column.high is not None else differential):
                return index
        return len(columns) - 1

    def column_for(self, differential: int) -> str:
        """The printed label of the column used, e.g. ``column_for(1) == "+1"``."""
        return self.grid.columns[self.column_index(differential)].label

    def drm(
        self,
        attacker_proficiency: int,
        target_proficiency: int,
        attacker_is_fighter: bool,
        target_is_fighter: bool,
    ) -> int:
        """The printed die roll modifiers (4.4); see :meth:`AirCombatModifiers.drm`."""
        return self.modifiers.drm(
            attacker_proficiency, target_proficiency, attacker_is_fighter, target_is_fighter
        )

    def resolve(self, differential: int, drm: int = 0, *, roll: int) -> AirCombatResult:
        """Resolve one unit's air combat fire (4.4); the modified roll is clamped to the rows."""
        column = self.column_index(differential)
        return self.grid.result(_check_roll(roll) + _check_int("drm", drm), column)


# --------------------------------------------------------------------------------------------
# Air recovery


@dataclass(frozen=True, slots=True)
class RecoveryClass:
    """One line of an Air Operations Chart's recovery numbers (4.7).

    A unit recovers on a roll of 1 to ``flown`` (``disrupted`` if it is disrupted); a
    ``disrupted`` of None means a disrupted unit may not recover.
    """

    name: str
    nationality: str
    flown: int
    disrupted: int | None
    aliases: tuple[str, ...] = ()

    def threshold(self, disrupted: bool) -> int | None:
        """The highest roll that recovers, or None if it cannot recover."""
        return self.disrupted if disrupted else self.flown

    def recovers(self, disrupted: bool, roll: int) -> bool:
        """Whether a roll (1-10) returns the unit to ready status (4.7)."""
        limit = self.threshold(disrupted)
        return limit is not None and _check_roll(roll) <= limit


@dataclass(frozen=True, slots=True)
class AirRecoveryTable:
    """Recovery numbers of the German and Soviet Air Operations Charts (rule 4.7)."""

    classes: tuple[RecoveryClass, ...]

    def recovery_class(self, name: str) -> RecoveryClass:
        """Find a class by its printed name (``"STG/SG"``), either half of it, or an alias;
        case does not matter."""
        wanted = name.strip().upper()
        for entry in self.classes:
            names = {entry.name.upper(), *entry.name.upper().split("/")}
            names.update(alias.upper() for alias in entry.aliases)
            if wanted in names:
                return entry
        known = ", ".join(repr(c.name) for c in self.classes)
        raise KeyError(f"unknown air unit recovery class {name!r}; known: {known}")

    def threshold(self, recovery_class: str, disrupted: bool) -> int | None:
        """The highest roll that recovers, or None when a disrupted unit may not recover."""
        return self.recovery_class(recovery_class).threshold(disrupted)

    def recovers(self, recovery_class: str, disrupted: bool, roll: int) -> bool:
        """Whether the roll readies the unit (rule 4.7: equal to or less than the number)."""
        return self.recovery_class(recovery_class).recovers(disrupted, roll)


# --------------------------------------------------------------------------------------------
# Terrain Effects Chart


class MoveKind(StrEnum):
    """How a Terrain Effects Chart movement cell reads."""

    ENTER = "enter"  # "2 MP": the cost to enter the hex
    HEXSIDE = "hexside"  # "+4 MP": added for crossing the hexside
    PROHIBITED = "prohibited"  # "Prohibited"
    OTHER_TERRAIN = "other_terrain"  # "Other terrain in hex"


@dataclass(frozen=True, slots=True)
class MovementCost:
    """One movement cell of the Terrain Effects Chart; ``mp`` is exact (1/2 for roads)."""

    kind: MoveKind
    mp: Fraction | None = None

    @classmethod
    def parse(cls, text: str) -> MovementCost:
        """Read ``"1 MP"``, ``"1/2 MP"``, ``"+4 MP"``, ``"Prohibited"``, ``"Other terrain in
        hex"``; raises ValueError otherwise."""
        text = " ".join(text.split())
        if text.lower() == "prohibited":
            return cls(MoveKind.PROHIBITED)
        if text.lower() == "other terrain in hex":
            return cls(MoveKind.OTHER_TERRAIN)
        match = re.fullmatch(r"(\+?)(\d+(?:/\d+)?) MP", text)
        if not match:
            raise ValueError(f"not a movement cost: {text!r}")
        plus, number = match.groups()
        mp = Fraction(number)
        if mp <= 0:
            raise ValueError(f"a movement cost must be positive: {text!r}")
        return cls(MoveKind.HEXSIDE if plus else MoveKind.ENTER, mp)

    def __str__(self) -> str:
        if self.kind is MoveKind.PROHIBITED:
            return "Prohibited"
        if self.kind is MoveKind.OTHER_TERRAIN:
            return "Other terrain in hex"
        return f"{'+' if self.kind is MoveKind.HEXSIDE else ''}{self.mp} MP"


class CombatKind(StrEnum):
    """How a Terrain Effects Chart combat cell reads."""

    SHIFT = "shift"  # "None", "1 column", "2 columns"
    PROHIBITED = "prohibited"  # "Prohibited" (major river)
    AS_RIVER = "as_river"  # "See rivers" (bridge)


@dataclass(frozen=True, slots=True)
class TerrainCombat:
    """The combat effect of a terrain type: columns to the left (11.4) or a special case."""

    kind: CombatKind
    columns_left: int = 0

    @classmethod
    def parse(cls, text: str) -> TerrainCombat:
        """Read ``"None"``, ``"1 column"``, ``"2 columns"``, ``"Prohibited"``, ``"See
        rivers"``; raises ValueError otherwise."""
        text = " ".join(text.split())
        lowered = text.lower()
        if lowered == "none":
            return cls(CombatKind.SHIFT, 0)
        if lowered == "prohibited":
            return cls(CombatKind.PROHIBITED)
        if lowered == "see rivers":
            return cls(CombatKind.AS_RIVER)
        match = re.fullmatch(r"(\d+) columns?", lowered)
        if not match or int(match.group(1)) == 0:
            raise ValueError(f"not a combat effect: {text!r}")
        return cls(CombatKind.SHIFT, int(match.group(1)))

    def __str__(self) -> str:
        if self.kind is CombatKind.PROHIBITED:
            return "Prohibited"
        if self.kind is CombatKind.AS_RIVER:
            return "See rivers"
        if self.columns_left == 0:
            return "None"
        return f"{self.columns_left} column{'s' if self.columns_left != 1 else ''}"


@dataclass(frozen=True, slots=True)
class TerrainType:
    """One row of the Terrain Effects Chart (rules 8.1, 11.4, 15.2)."""

    key: str
    name: str
    movement_costs: tuple[MovementCost, ...]  # in MOVEMENT_CLASSES order
    combat: TerrainCombat
    closed_to: tuple[str, ...] = ()
    rule: str | None = None

    def movement(self, movement_class: str) -> MovementCost:
        """The chart cell for ``tracked``, ``motorized`` or ``non_motorized``."""
        if movement_class not in MOVEMENT_CLASSES:
            raise KeyError(
                f"unknown movement class {movement_class!r}; known: {', '.join(MOVEMENT_CLASSES)}"
            )
        return self.movement_costs[MOVEMENT_CLASSES.index(movement_class)]

    def cost(self, movement_class: str) -> Fraction:
        """The MP to enter a hex of this terrain, e.g. ``marsh.cost("motorized") == 3``.

        Raises ValueError where the chart gives no entry cost: hexside features (use
        :meth:`hexside_extra`), prohibited terrain, and "other terrain in hex".
        """
        cell = self.movement(movement_class)
        if cell.kind is MoveKind.ENTER and cell.mp is not None:
            return cell.mp
        hints = {
            MoveKind.HEXSIDE: "it is a hexside cost: use hexside_extra()",
            MoveKind.PROHIBITED: "it is prohibited",
            MoveKind.OTHER_TERRAIN: "it costs the other terrain in the hex",
        }
        raise ValueError(f"{self.name} has no entry cost for {movement_class}: {hints[cell.kind]}")

    def hexside_extra(self, movement_class: str) -> Fraction:
        """The MP added for crossing this hexside, e.g. ``minor_river`` tracked -> 4."""
        cell = self.movement(movement_class)
        if cell.kind is MoveKind.HEXSIDE and cell.mp is not None:
            return cell.mp
        raise ValueError(f"{self.name} is not an additive hexside cost for {movement_class}")

    @property
    def is_hexside(self) -> bool:
        """True for features paid when crossing a hexside ("+N MP": rivers, bridges)."""
        return any(c.kind is MoveKind.HEXSIDE for c in self.movement_costs)

    @property
    def prohibited(self) -> bool:
        """True when no movement class may enter or cross it (major river)."""
        return all(c.kind is MoveKind.PROHIBITED for c in self.movement_costs)

    @property
    def uses_other_terrain(self) -> bool:
        """True when movement costs are those of the other terrain in the hex (city...)."""
        return all(c.kind is MoveKind.OTHER_TERRAIN for c in self.movement_costs)

    def can_enter(self, nationality: str) -> bool:
        """False for units the chart bars (Soviet units and the Stalingrad pocket, 8.2)."""
        return nationality not in self.closed_to and not self.prohibited

    @property
    def column_shift(self) -> int:
        """Columns left for a defender in or behind this terrain (11.4; additive).

        0 for "None", for "Prohibited" (see :attr:`combat`) and for a bridge's "See rivers":
        the river hexside it spans still gives its own shift.
        """
        return self.combat.columns_left if self.combat.kind is CombatKind.SHIFT else 0

    @property
    def combat_prohibited(self) -> bool:
        """True when combat across it is prohibited (major river)."""
        return self.combat.kind is CombatKind.PROHIBITED


@dataclass(frozen=True, slots=True)
class TerrainEffectsChart:
    """The Terrain Effects Chart (TEC) with its icy-turn note (8.1)."""

    title: str
    terrain_types: tuple[TerrainType, ...]
    icy_note: str
    icy_treat_as: str
    icy_terrain: tuple[str, ...]

    def terrain(self, key: str) -> TerrainType:
        """The row for a terrain key such as ``"marsh"`` (see :data:`TERRAIN_TYPES`)."""
        return _lookup(self.terrain_types, key, "terrain type", lambda t: t.key)

    def for_turn(self, key: str, *, icy: bool) -> TerrainType:
        """The row that applies this turn: on icy turns roads are treated as clear (8.1)."""
        if icy and key in self.icy_terrain:
            return self.terrain(self.icy_treat_as)
        return self.terrain(key)

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes printed under the chart."""
        return (self.icy_note,)


# --------------------------------------------------------------------------------------------
# Combat modifiers (11.4 and the Combat Modifications chart)


@dataclass(frozen=True, slots=True)
class CombatModifiers:
    """The Combat Modifications chart, each entry with its rule number (11.4)."""

    terrain: Modifier
    entrenchments: Modifier
    initiative: BandedModifier
    armor_superiority: Modifier
    combined_arms: Modifier
    multi_hex_attack: BandedModifier
    unit_proficiency: BandedModifier
    supply: StatusModifier
    assault_engineers: Modifier

    def entries(self) -> tuple[Modifier | BandedModifier | StatusModifier, ...]:
        """Every entry in chart order, for display."""
        return tuple(getattr(self, f.name) for f in fields(self))

    def proficiency_drm(self, own_lead: int, enemy_lead: int) -> int:
        """Unit proficiency DRM for the firing side (11.4): +1 for 1-2 better, +2 for 3-4,
        +3 for 5 or more, none when equal or worse."""
        return self.unit_proficiency.drm_for(own_lead - enemy_lead)

    def multi_hex_drm(self, hexes: int) -> int:
        """Multi-hex prepared attack DRM (11.4): 4 hexes +1, 5 +2, 6 +3."""
        return self.multi_hex_attack.drm_for(hexes)

    def initiative_drm(self, consecutive_turns: int) -> int:
        """Initiative DRM (6.3, 11.4): +1 from three consecutive turns, +2 from five."""
        return self.initiative.drm_for(consecutive_turns)

    def supply_drm(self, status: str) -> int:
        """Supply DRM (14.5): ``regular`` 0, ``organic`` -1, ``out_of_supply`` -2."""
        return self.supply.drm_for(status)

    @property
    def entrenchment_shift(self) -> int:
        """Columns left when the defender is entrenched (15.2)."""
        return self.entrenchments.columns_left


# --------------------------------------------------------------------------------------------
# Small tables


@dataclass(frozen=True, slots=True)
class HastyAttackCosts:
    """Hasty Attack Movement Costs (rule 8.4)."""

    costs: tuple[tuple[str, int], ...]
    rule: str = "8.4"

    def cost(self, nationality: str) -> int:
        """MP a unit of this nationality pays for a hasty attack: German 2, Soviet 3, Rumanian 4."""
        return _lookup(self.costs, nationality, "nationality", lambda c: c[0])[1]


@dataclass(frozen=True, slots=True)
class StackingLimit:
    """Stacking (rule 9.2): the most stacking points one hex may hold."""

    max_points_per_hex: int
    rule: str = "9.2"


@dataclass(frozen=True, slots=True)
class InitiativeEffects:
    """What holding the initiative for ``consecutive_turns`` turns gives (rule 6.3)."""

    consecutive_turns: int
    extra_mp: int
    attack_drm: int


@dataclass(frozen=True, slots=True)
class InitiativeTable:
    """Effects of gaining the initiative on consecutive turns (rule 6.3)."""

    levels: tuple[InitiativeEffects, ...]
    rule: str = "6.3"

    def effects_for_streak(self, consecutive_turns: int) -> InitiativeEffects:
        """Effects of the highest printed threshold not above the streak (4 acts as 3, 7 as 5);
        below the first threshold there are none (consecutive_turns 0 in the result)."""
        _check_int("consecutive_turns", consecutive_turns)
        found = InitiativeEffects(0, 0, 0)
        for level in self.levels:
            if consecutive_turns >= level.consecutive_turns:
                found = level
        return found


@dataclass(frozen=True, slots=True)
class ReplacementRates:
    """Combat attrition replacement rates (rule 17.3)."""

    rates: tuple[tuple[str, Fraction], ...]
    rule: str = "17.3"

    def rate(self, nationality: str) -> Fraction:
        """Soviet 1/4, German 1/2, Rumanian 1/4."""
        return _lookup(self.rates, nationality, "nationality", lambda r: r[0])[1]

    def replacement_points(self, nationality: str, losses: int) -> int:
        """Replacement points for one loss type: losses x rate, rounded by rule 2.5 (17.3).

        The 17.4 example: 9 Soviet infantry losses give 2, 1 artillery loss gives 0.
        """
        _check_int("losses", losses)
        if losses < 0:
            raise ValueError(f"losses cannot be negative, got {losses}")
        return round_half_up(self.rate(nationality) * losses)


@dataclass(frozen=True, slots=True)
class SupplySegment:
    """One leg of a supply line (14.2); ``max_hexes`` None means any length."""

    to: str
    max_hexes: int | None


@dataclass(frozen=True, slots=True)
class SupplyLine:
    """A nationality's chain of supply segments (rule 14.2)."""

    key: str
    nationality: str
    segments: tuple[SupplySegment, ...]

    @property
    def first_segment_hexes(self) -> int | None:
        """Longest first leg: Soviet 8 (tank/mechanized corps 15), Rumanian 8, German 20."""
        return self.segments[0].max_hexes


@dataclass(frozen=True, slots=True)
class SupplyTable:
    """Supply line lengths (14.2) and movement effect of supply status (14.5)."""

    lines: tuple[SupplyLine, ...]
    movement: tuple[tuple[str, Fraction], ...]

    def line(self, key: str) -> SupplyLine:
        """``soviet_non_mechanized``, ``soviet_tank_mechanized_corps``, ``rumanian``, ``german``."""
        return _lookup(self.lines, key, "supply line", lambda s: s.key)

    def movement_factor(self, status: str) -> Fraction:
        """Movement allowance multiplier (14.5): out of supply halves it."""
        return _lookup(self.movement, status, "supply status", lambda m: m[0])[1]


@dataclass(frozen=True, slots=True)
class ThunderclapOutcome:
    """A line of the Operation Thunderclap Initiation Table (5.1)."""

    low: int
    high: int
    activated: bool
    text: str


@dataclass(frozen=True, slots=True)
class ThunderclapTable:
    """Operation Thunderclap Initiation Table and its conditions (rule 5.1)."""

    eligibility_stacking_points: int
    eligibility_within_hexes: int
    outcomes: tuple[ThunderclapOutcome, ...]
    near_pocket: Modifier
    near_pocket_hexes: int
    rule: str = "5.1"

    def is_eligible(self, stacking_points_near_pocket: int) -> bool:
        """True once at least 12 stacking points of the 57th Panzer Corps are within 10 hexes
        of the pocket (the caller counts the points within that range)."""
        return stacking_points_near_pocket >= self.eligibility_stacking_points

    def drm(self, *, german_unit_near_pocket: bool) -> int:
        """+1 if any German unit is within five hexes of the pocket."""
        return self.near_pocket.drm if german_unit_near_pocket else 0

    def outcome(self, roll: int, *, german_unit_near_pocket: bool = False) -> ThunderclapOutcome:
        """The table line for a roll; the modified roll is clamped to 1-10."""
        modified = _check_roll(roll) + self.drm(german_unit_near_pocket=german_unit_near_pocket)
        modified = max(DIE_LOW, min(DIE_HIGH, modified))
        for entry in self.outcomes:
            if entry.low <= modified <= entry.high:
                return entry
        raise AssertionError("validated outcomes cover every roll")  # pragma: no cover

    def activates(self, roll: int, *, german_unit_near_pocket: bool = False) -> bool:
        """True on a modified 6-10: Sixth Army units are activated."""
        return self.outcome(roll, german_unit_near_pocket=german_unit_near_pocket).activated


@dataclass(frozen=True, slots=True)
class VictoryLevel:
    """A row of the Victory Table (19.33); ``winner`` None and ``degree`` None for a draw."""

    vp: int
    result: str
    winner: str | None
    degree: str | None


@dataclass(frozen=True, slots=True)
class VictoryTable:
    """The Victory Table (rule 19.33), highest row first."""

    levels: tuple[VictoryLevel, ...]
    rule: str = "19.33"

    def level_for(self, net_vp: int) -> VictoryLevel:
        """The highest printed row not above the net VP; the bottom row covers all below it
        (so 7 is German significant, 3 German marginal, -5 Soviet decisive)."""
        _check_int("net_vp", net_vp)
        for level in self.levels:
            if net_vp >= level.vp:
                return level
        return self.levels[-1]


@dataclass(frozen=True, slots=True)
class Tables:
    """Every rulebook table, as loaded by :func:`load_tables`."""

    tec: TerrainEffectsChart
    crt: CombatResultsTable
    bombardment: BombardmentTable
    counterbattery: CounterbatteryTable
    air_combat: AirCombatTable
    air_recovery: AirRecoveryTable
    combat_modifiers: CombatModifiers
    hasty_attack: HastyAttackCosts
    stacking: StackingLimit
    initiative: InitiativeTable
    replacements: ReplacementRates
    supply: SupplyTable
    thunderclap: ThunderclapTable
    victory: VictoryTable

    @property
    def stacking_limit(self) -> int:
        """The most stacking points one hex may hold (9.2): 18."""
        return self.stacking.max_points_per_hex


def iter_dataclasses(obj: object) -> Iterator[object]:
    """Every dataclass instance reachable from ``obj`` (itself included), for checks."""
    if is_dataclass(obj) and not isinstance(obj, type):
        yield obj
        for f in fields(obj):
            yield from iter_dataclasses(getattr(obj, f.name))
    elif isinstance(obj, tuple):
        for item in obj:
            yield from iter_dataclasses(item)


# --------------------------------------------------------------------------------------------
# Loading


def _read_rule(node: Node, default: str | None = None) -> str:
    rule = node.optional("rule")
    if rule is None:
        if default is None:
            raise DataError(node.file, node.key_path, "key 'rule'", line=node.line)
        return default
    return rule.as_parsed(_parse_rule_number, "a rule number such as '11.4'")


def _parse_rule_number(text: str) -> str:
    if not re.fullmatch(r"\d+(\.\d+)*", text.strip()):
        raise ValueError(text)
    return text.strip()


def _parse_die_label(text: str) -> tuple[int, str]:
    match = re.fullmatch(r"\s*(\d+)(?:\s+or\s+(more|less))?\s*", text)
    if not match:
        raise ValueError(text)
    return int(match.group(1)), match.group(2) or ""


def _parse_factor_label(text: str) -> tuple[int, bool]:
    match = re.fullmatch(r"\s*(\d+)(\+?)\s*", text)
    if not match:
        raise ValueError(text)
    return int(match.group(1)), bool(match.group(2))


def _parse_differential_label(text: str) -> tuple[int, int]:
    text = text.strip()
    match = re.fullmatch(r"([+-]?\d+)/([+-]?\d+)", text)
    if match:
        a, b = int(match.group(1)), int(match.group(2))
        return min(a, b), max(a, b)
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text), int(text)
    raise ValueError(text)


def _read_factor_columns(node: Node) -> tuple[Column, ...]:
    items = node.as_list(min_length=1)
    parsed = [
        item.as_parsed(_parse_factor_label, "a factor column such as 5 or '30+'") for item in items
    ]
    columns: list[Column] = []
    for i, (item, (low, plus)) in enumerate(zip(items, parsed, strict=True)):
        if low < 1:
            raise item.error("a factor column of at least 1")
        if plus and i != len(items) - 1:
            raise item.error("'N+' only on the last column")
        if i and low <= parsed[i - 1][0]:
            raise item.error(f"a column above {parsed[i - 1][0]} (columns must ascend)")
        high = parsed[i + 1][0] - 1 if i + 1 < len(parsed) else None
        columns.append(Column(item.as_scalar_text().strip(), low, high))
    return tuple(columns)


def _read_differential_columns(node: Node) -> tuple[Column, ...]:
    columns: list[Column] = []
    next_low: int | None = None
    for item in node.as_list(min_length=1):
        low, high = item.as_parsed(
            _parse_differential_label, "a differential column such as '+1' or '-3/-4'"
        )
        if next_low is not None and low != next_low:
            raise item.error(
                f"a column starting at {next_low:+d} (columns must ascend without gaps)"
            )
        columns.append(Column(item.as_scalar_text().strip(), low, high))
        next_low = high + 1
    return tuple(columns)


def _read_grid(
    node: Node,
    columns: tuple[Column, ...],
    parse: Callable[[str], R],
    expected: str,
) -> ResultGrid[R]:
    rows: list[DieRow] = []
    cells: list[tuple[R, ...]] = []
    row_nodes = node.get("rows").as_list(min_length=1)
    for i, row in enumerate(row_nodes):
        row.keys_exactly("die", "results")
        die = row.get("die")
        roll, open_end = die.as_parsed(
            _parse_die_label, "a die roll such as 7, '10 or more' or '1 or less'"
        )
        if open_end == "more" and i != 0:
            raise die.error("'or more' only on the first (highest) row")
        if open_end == "less" and i != len(row_nodes) - 1:
            raise die.error("'or less' only on the last (lowest) row")
        if i == 0 and roll != DIE_HIGH:
            raise die.error(f"the first row to be {DIE_HIGH} (the highest die roll)")
        if i and roll != rows[-1].roll - 1:
            raise die.error(f"roll {rows[-1].roll - 1} (rows must run down one roll at a time)")
        results = row.get("results")
        if not isinstance(results.value, list) or len(results.value) != len(columns):
            found = f"{len(results.value)} results" if isinstance(results.value, list) else None
            raise results.error(f"{len(columns)} results, one per column", found)
        cells.append(tuple(cell.as_parsed(parse, expected) for cell in results.as_list()))
        rows.append(DieRow(die.as_scalar_text().strip(), roll))
    if rows[-1].roll != DIE_LOW:
        raise row_nodes[-1].get("die").error(f"the last row to be {DIE_LOW} (the lowest roll)")
    return ResultGrid(columns, tuple(rows), tuple(cells))


def _read_modifier(node: Node, key: str, default_rule: str | None = None) -> Modifier:
    node.check_keys(
        required=("text",),
        optional=(
            "rule",
            "drm",
            "columns_left",
            "drm_per_unit",
            "result_reduction",
            "only_for",
            "sides",
            "nationality",
        ),
    )

    def number(name: str, minimum: int | None = None) -> int:
        child = node.optional(name)
        return child.as_int(minimum=minimum) if child is not None else 0

    only_for = node.optional("only_for")
    nationality = node.optional("nationality")
    return Modifier(
        key=key,
        rule=_read_rule(node, default_rule),
        text=node.get("text").as_str(),
        drm=number("drm"),
        columns_left=number("columns_left", 0),
        drm_per_unit=number("drm_per_unit"),
        result_reduction=number("result_reduction", 0),
        only_for=only_for.as_choice(("artillery", "air")) if only_for else None,
        sides=_read_sides(node),
        nationality=nationality.as_choice(NATIONALITIES) if nationality else None,
    )


def _read_sides(node: Node) -> tuple[str, ...]:
    sides = node.optional("sides")
    if sides is None:
        return ()
    return tuple(item.as_choice(("attacker", "defender")) for item in sides.as_list(min_length=1))


def _read_bands(node: Node, count_key: str) -> tuple[Band, ...]:
    bands: list[Band] = []
    for item in node.as_list(min_length=1):
        item.keys_exactly(count_key, "drm", "text")
        count = item.get(count_key)
        at_least = count.as_int()
        if bands and at_least <= bands[-1].at_least:
            raise count.error(f"a value above {bands[-1].at_least} (bands must ascend)")
        bands.append(Band(at_least, item.get("drm").as_int(), item.get("text").as_str()))
    return tuple(bands)


def _read_banded(node: Node, key: str, count_key: str = "at_least") -> BandedModifier:
    node.check_keys(required=("rule", "text", "bands"), optional=("sides",))
    return BandedModifier(
        key=key,
        rule=_read_rule(node),
        text=node.get("text").as_str(),
        bands=_read_bands(node.get("bands"), count_key),
        sides=_read_sides(node),
    )


def _read_crt(root: Node) -> CombatResultsTable:
    root.keys_exactly("crt")
    node = root.get("crt")
    node.keys_exactly("title", "rule", "columns", "rows")
    columns = _read_factor_columns(node.get("columns"))
    grid = _read_grid(node, columns, CombatResult.parse, "a result such as '1/3' or '-/1'")
    return CombatResultsTable(node.get("title").as_str(), _read_rule(node), grid)


def _read_bombardment(root: Node) -> BombardmentTable:
    root.keys_exactly("bombardment")
    node = root.get("bombardment")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = _read_factor_columns(node.get("columns"))
    grid = _read_grid(node, columns, BombardmentResult.parse, "a result such as '-', 2 or '3D'")
    mods = node.get("modifiers")
    names = [f.name for f in fields(BombardmentModifiers)]
    mods.keys_exactly(*names)
    modifiers = BombardmentModifiers(*(_read_modifier(mods.get(n), n) for n in names))
    return BombardmentTable(node.get("title").as_str(), _read_rule(node), grid, modifiers)


def _read_counterbattery(root: Node) -> CounterbatteryTable:
    root.keys_exactly("counterbattery")
    node = root.get("counterbattery")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = _read_factor_columns(node.get("columns"))
    grid = _read_grid(
        node, columns, CounterbatteryResult.parse, "a result such as '-', 'S' or 'S1'"
    )
    mods = node.get("modifiers")
    mods.keys_exactly("friendly_adjacent", "target_entrenched")
    modifiers = CounterbatteryModifiers(
        _read_modifier(mods.get("friendly_adjacent"), "friendly_adjacent"),
        _read_modifier(mods.get("target_entrenched"), "target_entrenched"),
    )
    return CounterbatteryTable(node.get("title").as_str(), _read_rule(node), grid, modifiers)


def _read_air_combat(root: Node) -> AirCombatTable:
    root.keys_exactly("air_combat")
    node = root.get("air_combat")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = _read_differential_columns(node.get("columns"))
    grid = _read_grid(node, columns, AirCombatResult.parse, "a result such as '-', 'A' or 'AD'")
    mods = node.get("modifiers")
    mods.keys_exactly("proficiency", "non_fighter_fires_on_fighter")
    proficiency = mods.get("proficiency")
    proficiency.keys_exactly("rule", "bands")
    modifiers = AirCombatModifiers(
        BandedModifier(
            key="proficiency",
            rule=_read_rule(proficiency),
            text="Proficiency",
            bands=_read_bands(proficiency.get("bands"), "greater_by"),
        ),
        _read_modifier(mods.get("non_fighter_fires_on_fighter"), "non_fighter_fires_on_fighter"),
    )
    return AirCombatTable(node.get("title").as_str(), _read_rule(node), grid, modifiers)


def _parse_recovery_range(text: str) -> int | None:
    text = text.strip()
    if text == "never":
        return None
    match = re.fullmatch(r"1-(\d+)", text)
    if not match or not DIE_LOW <= int(match.group(1)) <= DIE_HIGH:
        raise ValueError(text)
    return int(match.group(1))


def _read_air_recovery(root: Node) -> AirRecoveryTable:
    root.keys_exactly("air_recovery")
    node = root.get("air_recovery")
    node.keys_exactly("german", "soviet")
    classes: list[RecoveryClass] = []
    expected = "a die range from 1 such as '1-7', or 'never'"
    for nationality in ("german", "soviet"):
        for name, entry in node.get(nationality).as_mapping().items():
            entry.check_keys(required=("flown", "disrupted"), optional=("aliases",))
            flown_node = entry.get("flown")
            flown = flown_node.as_parsed(_parse_recovery_range, expected)
            if flown is None:
                raise flown_node.error("a die range such as '1-7' (flown units recover)")
            disrupted_node = entry.get("disrupted")
            disrupted = disrupted_node.as_parsed(_parse_recovery_range, expected)
            if disrupted is not None and disrupted > flown:
                raise disrupted_node.error(f"a range no wider than the flown range 1-{flown}")
            aliases_node = entry.optional("aliases")
            aliases = tuple(a.as_str() for a in aliases_node.as_list()) if aliases_node else ()
            classes.append(RecoveryClass(name, nationality, flown, disrupted, aliases))
    return AirRecoveryTable(tuple(classes))


def _read_tec(root: Node) -> TerrainEffectsChart:
    root.keys_exactly("terrain_effects")
    node = root.get("terrain_effects")
    node.keys_exactly("title", "movement_classes", "terrain", "icy_turns")
    classes_node = node.get("movement_classes")
    classes = tuple(item.as_str() for item in classes_node.as_list())
    if classes != MOVEMENT_CLASSES:
        raise classes_node.error(f"the movement classes {list(MOVEMENT_CLASSES)}")
    terrain_node = node.get("terrain")
    terrain_node.keys_exactly(*TERRAIN_TYPES)
    cost_expected = "a movement cost such as '2 MP', '1/2 MP', '+4 MP' or 'Prohibited'"
    types: list[TerrainType] = []
    for key, entry in terrain_node.as_mapping().items():
        entry.check_keys(required=("name", "movement", "combat"), optional=("closed_to", "rule"))
        movement = entry.get("movement")
        if isinstance(movement.value, list):
            cells = movement.as_list(length=len(MOVEMENT_CLASSES))
            costs = tuple(c.as_parsed(MovementCost.parse, cost_expected) for c in cells)
        else:
            spanning = movement.as_parsed(MovementCost.parse, cost_expected)
            if spanning.kind in (MoveKind.ENTER, MoveKind.HEXSIDE):
                raise movement.error(
                    f"a list of {len(MOVEMENT_CLASSES)} costs, one per movement class"
                )
            costs = (spanning,) * len(MOVEMENT_CLASSES)
        closed = entry.optional("closed_to")
        rule = entry.optional("rule")
        types.append(
            TerrainType(
                key=key,
                name=entry.get("name").as_str(),
                movement_costs=costs,
                combat=entry.get("combat").as_parsed(
                    TerrainCombat.parse, "'None', 'N column(s)', 'Prohibited' or 'See rivers'"
                ),
                closed_to=tuple(c.as_choice(NATIONALITIES) for c in closed.as_list())
                if closed
                else (),
                rule=_read_rule(entry) if rule else None,
            )
        )
    icy = node.get("icy_turns")
    icy.keys_exactly("note", "treat_as", "terrain")
    return TerrainEffectsChart(
        title=node.get("title").as_str(),
        terrain_types=tuple(types),
        icy_note=icy.get("note").as_str(),
        icy_treat_as=icy.get("treat_as").as_choice(TERRAIN_TYPES),
        icy_terrain=tuple(t.as_choice(TERRAIN_TYPES) for t in icy.get("terrain").as_list()),
    )


def _read_combat_modifiers(root: Node) -> CombatModifiers:
    root.keys_exactly("combat_modifiers")
    node = root.get("combat_modifiers")
    node.keys_exactly("column_shifts", "die_roll_modifiers")
    shifts = node.get("column_shifts")
    shifts.keys_exactly("terrain", "entrenchments")
    drms = node.get("die_roll_modifiers")
    drms.keys_exactly(
        "initiative",
        "armor_superiority",
        "combined_arms",
        "multi_hex_attack",
        "unit_proficiency",
        "supply",
        "assault_engineers",
    )
    supply = drms.get("supply")
    supply.keys_exactly("rule", "text", "sides", "statuses")
    statuses_node = supply.get("statuses")
    statuses_node.keys_exactly("regular", "organic", "out_of_supply")
    statuses = []
    for status, entry in statuses_node.as_mapping().items():
        entry.keys_exactly("drm", "text")
        statuses.append((status, entry.get("drm").as_int(), entry.get("text").as_str()))
    return CombatModifiers(
        terrain=_read_modifier(shifts.get("terrain"), "terrain"),
        entrenchments=_read_modifier(shifts.get("entrenchments"), "entrenchments"),
        initiative=_read_banded(drms.get("initiative"), "initiative"),
        armor_superiority=_read_modifier(drms.get("armor_superiority"), "armor_superiority"),
        combined_arms=_read_modifier(drms.get("combined_arms"), "combined_arms"),
        multi_hex_attack=_read_banded(drms.get("multi_hex_attack"), "multi_hex_attack"),
        unit_proficiency=_read_banded(drms.get("unit_proficiency"), "unit_proficiency"),
        supply=StatusModifier(
            key="supply",
            rule=_read_rule(supply),
            text=supply.get("text").as_str(),
            statuses=tuple(statuses),
            sides=_read_sides(supply),
        ),
        assault_engineers=_read_modifier(drms.get("assault_engineers"), "assault_engineers"),
    )


def _read_nationality_map(node: Node, read: Callable[[Node], T]) -> tuple[tuple[str, T], ...]:
    node.keys_exactly(*NATIONALITIES)
    return tuple((nationality, read(value)) for nationality, value in node.as_mapping().items())


def _read_hasty(root: Node) -> HastyAttackCosts:
    root.keys_exactly("hasty_attack_costs")
    costs = _read_nationality_map(root.get("hasty_attack_costs"), lambda n: n.as_int(minimum=0))
    return HastyAttackCosts(costs)


def _read_stacking(root: Node) -> StackingLimit:
    root.keys_exactly("stacking")
    node = root.get("stacking")
    node.keys_exactly("max_points_per_hex")
    return StackingLimit(node.get("max_points_per_hex").as_int(minimum=1))


def _read_initiative(root: Node) -> InitiativeTable:
    root.keys_exactly("initiative")
    levels: list[InitiativeEffects] = []
    for item in root.get("initiative").as_list(min_length=1):
        item.keys_exactly("consecutive_turns", "extra_mp", "attack_drm")
        turns = item.get("consecutive_turns")
        count = turns.as_int(minimum=1)
        if levels and count <= levels[-1].consecutive_turns:
            raise turns.error(f"more than {levels[-1].consecutive_turns} (rows must ascend)")
        levels.append(
            InitiativeEffects(
                count,
                item.get("extra_mp").as_int(minimum=0),
                item.get("attack_drm").as_int(minimum=0),
            )
        )
    return InitiativeTable(tuple(levels))


def _read_replacements(root: Node) -> ReplacementRates:
    root.keys_exactly("replacement_rates")
    rates = _read_nationality_map(
        root.get("replacement_rates"), lambda n: n.as_fraction(minimum=0, maximum=1)
    )
    return ReplacementRates(rates)


def _read_supply(root: Node) -> SupplyTable:
    root.keys_exactly("supply")
    node = root.get("supply")
    node.keys_exactly("lines", "movement")
    lines_node = node.get("lines")
    lines_node.keys_exactly(
        "soviet_non_mechanized", "soviet_tank_mechanized_corps", "rumanian", "german"
    )
    lines: list[SupplyLine] = []
    for key, entry in lines_node.as_mapping().items():
        entry.keys_exactly("nationality", "segments")
        segments = []
        for segment in entry.get("segments").as_list(min_length=1):
            segment.keys_exactly("to", "hexes")
            segments.append(
                SupplySegment(
                    segment.get("to").as_str(), segment.get("hexes").as_optional_int(minimum=1)
                )
            )
        lines.append(
            SupplyLine(key, entry.get("nationality").as_choice(NATIONALITIES), tuple(segments))
        )
    movement_node = node.get("movement")
    movement_node.keys_exactly("regular", "organic", "out_of_supply")
    movement = tuple(
        (status, value.as_fraction(minimum=0, maximum=1))
        for status, value in movement_node.as_mapping().items()
    )
    return SupplyTable(tuple(lines), movement)


def _parse_die_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not match:
        raise ValueError(text)
    low, high = int(match.group(1)), int(match.group(2))
    if not DIE_LOW <= low <= high <= DIE_HIGH:
        raise ValueError(text)
    return low, high


def _read_thunderclap(root: Node) -> ThunderclapTable:
    root.keys_exactly("thunderclap")
    node = root.get("thunderclap")
    node.keys_exactly("eligibility", "results", "modifiers")
    eligibility = node.get("eligibility")
    eligibility.keys_exactly("stacking_points", "within_hexes")
    outcomes: list[ThunderclapOutcome] = []
    results = node.get("results").as_list(min_length=1)
    for item in results:
        item.keys_exactly("die", "activated", "text")
        die = item.get("die")
        low, high = die.as_parsed(_parse_die_range, "a die range such as '1-5'")
        start = outcomes[-1].high + 1 if outcomes else DIE_LOW
        if low != start:
            raise die.error(f"a range starting at {start} (ranges must cover every roll)")
        activated = item.get("activated").as_bool()
        outcomes.append(ThunderclapOutcome(low, high, activated, item.get("text").as_str()))
    if outcomes[-1].high != DIE_HIGH:
        raise results[-1].get("die").error(f"the last range to end at {DIE_HIGH}")
    mods = node.get("modifiers")
    mods.keys_exactly("german_unit_near_pocket")
    near = mods.get("german_unit_near_pocket")
    near.keys_exactly("text", "within_hexes", "drm")
    return ThunderclapTable(
        eligibility_stacking_points=eligibility.get("stacking_points").as_int(minimum=1),
        eligibility_within_hexes=eligibility.get("within_hexes").as_int(minimum=1),
        outcomes=tuple(outcomes),
        near_pocket=Modifier(
            "german_unit_near_pocket", "5.1", near.get("text").as_str(), near.get("drm").as_int()
        ),
        near_pocket_hexes=near.get("within_hexes").as_int(minimum=1),
    )


def _parse_victory_result(text: str) -> tuple[str | None, str | None]:
    text = text.strip()
    if text == "Draw":
        return None, None
    match = re.fullmatch(r"(German|Soviet) (decisive|significant|marginal) victory", text)
    if not match:
        raise ValueError(text)
    return match.group(1).lower(), match.group(2)


def _read_victory(root: Node) -> VictoryTable:
    root.keys_exactly("victory")
    levels: list[VictoryLevel] = []
    for item in root.get("victory").as_list(min_length=1):
        item.keys_exactly("vp", "result")
        vp_node = item.get("vp")
        vp = vp_node.as_int()
        if levels and vp >= levels[-1].vp:
            raise vp_node.error(f"less than {levels[-1].vp} (rows must descend)")
        result = item.get("result")
        winner, degree = result.as_parsed(
            _parse_victory_result, "'Draw' or e.g. 'German decisive victory'"
        )
        levels.append(VictoryLevel(vp, result.as_str(), winner, degree))
    return VictoryTable(tuple(levels))


def load_tables(directory: Path) -> Tables:
    """Load and validate every table from the YAML files in ``directory`` (see TABLE_FILES).

    Raises :class:`~owsqt.rules.datafile.DataError` naming the file, the key path and what
    was expected for the first problem found.
    """
    directory = Path(directory)
    roots = {name: load_yaml(directory / filename) for name, filename in TABLE_FILES.items()}
    tables = Tables(
        tec=_read_tec(roots["tec"]),
        crt=_read_crt(roots["crt"]),
        bombardment=_read_bombardment(roots["bombardment"]),
        counterbattery=_read_counterbattery(roots["counterbattery"]),
        air_combat=_read_air_combat(roots["air_combat"]),
        air_recovery=_read_air_recovery(roots["air_recovery"]),
        combat_modifiers=_read_combat_modifiers(roots["combat_modifiers"]),
        hasty_attack=_read_hasty(roots["hasty_attack"]),
        stacking=_read_stacking(roots["stacking"]),
        initiative=_read_initiative(roots["initiative"]),
        replacements=_read_replacements(roots["replacements"]),
        supply=_read_supply(roots["supply"]),
        thunderclap=_read_thunderclap(roots["thunderclap"]),
        victory=_read_victory(roots["victory"]),
    )
    _cross_check(tables, roots)
    return tables


def _cross_check(tables: Tables, roots: dict[str, Node]) -> None:
    # The chart repeats the 6.3 initiative DRMs; a disagreement between the two files would
    # silently give different answers depending on which one a caller asked.
    highest = max(level.consecutive_turns for level in tables.initiative.levels) + 1
    for turns in range(highest + 1):
        chart = tables.combat_modifiers.initiative_drm(turns)
        table = tables.initiative.effects_for_streak(turns).attack_drm
        if chart != table:
            node = (
                roots["combat_modifiers"]
                .get("combat_modifiers")
                .get("die_roll_modifiers")
                .get("initiative")
                .get("bands")
            )
            raise node.error(
                f"the same DRM as initiative.yaml ({table} at {turns} consecutive turns)",
                f"{chart}",
            )
    tec_root = roots["tec"].get("terrain_effects")
    if tables.tec.icy_treat_as in tables.tec.icy_terrain:
        raise tec_root.get("icy_turns").get("treat_as").error("a terrain that is not a road")


@functools.cache
def default_tables() -> Tables:
    """The tables shipped in ``resources_dir() / "rules"``, loaded once and cached.

    Set OWSQT_RESOURCES before the first call to use another resources directory (call
    ``default_tables.cache_clear()`` to reload).
    """
    return load_tables(resources_dir() / "rules")
