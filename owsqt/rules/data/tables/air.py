"""The Air Combat Results Table (4.4) and the Air Operations Charts' recovery numbers (4.7)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import (
    DIE_HIGH,
    DIE_LOW,
    ResultGrid,
    check_int,
    check_roll,
    read_differential_columns,
    read_grid,
    read_rule,
)
from owsqt.rules.data.tables.modifiers import BandedModifier, Modifier, read_bands, read_modifier
from owsqt.rules.data.tables.results import AirCombatResult


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
        check_int("differential", differential)
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
        return self.grid.result(check_roll(roll) + check_int("drm", drm), column)


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
        return limit is not None and check_roll(roll) <= limit


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


def read_air_combat(root: Node) -> AirCombatTable:
    """The Air Combat Results Table and its modifiers, from its YAML root."""
    root.keys_exactly("air_combat")
    node = root.get("air_combat")
    node.keys_exactly("title", "rule", "columns", "rows", "modifiers")
    columns = read_differential_columns(node.get("columns"))
    grid = read_grid(node, columns, AirCombatResult.parse, "a result such as '-', 'A' or 'AD'")
    mods = node.get("modifiers")
    mods.keys_exactly("proficiency", "non_fighter_fires_on_fighter")
    proficiency = mods.get("proficiency")
    proficiency.keys_exactly("rule", "bands")
    modifiers = AirCombatModifiers(
        BandedModifier(
            key="proficiency",
            rule=read_rule(proficiency),
            text="Proficiency",
            bands=read_bands(proficiency.get("bands"), "greater_by"),
        ),
        read_modifier(mods.get("non_fighter_fires_on_fighter"), "non_fighter_fires_on_fighter"),
    )
    return AirCombatTable(node.get("title").as_str(), read_rule(node), grid, modifiers)


def _parse_recovery_range(text: str) -> int | None:
    text = text.strip()
    if text == "never":
        return None
    match = re.fullmatch(r"1-(\d+)", text)
    if not match or not DIE_LOW <= int(match.group(1)) <= DIE_HIGH:
        raise ValueError(text)
    return int(match.group(1))


def read_air_recovery(root: Node) -> AirRecoveryTable:
    """The recovery numbers of both Air Operations Charts, from its YAML root."""
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
