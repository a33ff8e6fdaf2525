"""The rulebook's charts and tables as frozen data, loaded and validated from resources/rules."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

from owsqt.rules.data.datafile import Node, load_yaml, resources_dir
from owsqt.rules.data.tables.air import (
    AirCombatModifiers,
    AirCombatTable,
    AirRecoveryTable,
    RecoveryClass,
    read_air_combat,
    read_air_recovery,
)
from owsqt.rules.data.tables.bombardment import (
    BombardmentModifiers,
    BombardmentTable,
    CounterbatteryModifiers,
    CounterbatteryTable,
    read_bombardment,
    read_counterbattery,
)
from owsqt.rules.data.tables.campaign import (
    InitiativeEffects,
    InitiativeTable,
    ThunderclapOutcome,
    ThunderclapTable,
    VictoryLevel,
    VictoryTable,
    read_initiative,
    read_thunderclap,
    read_victory,
)
from owsqt.rules.data.tables.combat import (
    CombatModifiers,
    CombatResultsTable,
    read_combat_modifiers,
    read_crt,
)
from owsqt.rules.data.tables.grid import (
    DIE_HIGH,
    DIE_LOW,
    NATIONALITIES,
    Column,
    DieRow,
    ResultGrid,
)
from owsqt.rules.data.tables.logistics import (
    HastyAttackCosts,
    ReplacementRates,
    StackingLimit,
    SupplyLine,
    SupplySegment,
    SupplyTable,
    read_hasty,
    read_replacements,
    read_stacking,
    read_supply,
)
from owsqt.rules.data.tables.modifiers import Band, BandedModifier, Modifier, StatusModifier
from owsqt.rules.data.tables.results import (
    AirCombatResult,
    BombardmentResult,
    CombatResult,
    CounterbatteryResult,
)
from owsqt.rules.data.tables.terrain import (
    MOVEMENT_CLASSES,
    TERRAIN_TYPES,
    CombatKind,
    MoveKind,
    MovementCost,
    TerrainCombat,
    TerrainEffectsChart,
    TerrainType,
    read_tec,
)

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


def load_tables(directory: Path) -> Tables:
    """Load and validate every table from the YAML files in ``directory`` (see TABLE_FILES).

    Raises :class:`~owsqt.rules.data.datafile.DataError` naming the file, the key path and what
    was expected for the first problem found.
    """
    directory = Path(directory)
    roots = {name: load_yaml(directory / filename) for name, filename in TABLE_FILES.items()}
    tables = Tables(
        tec=read_tec(roots["tec"]),
        crt=read_crt(roots["crt"]),
        bombardment=read_bombardment(roots["bombardment"]),
        counterbattery=read_counterbattery(roots["counterbattery"]),
        air_combat=read_air_combat(roots["air_combat"]),
        air_recovery=read_air_recovery(roots["air_recovery"]),
        combat_modifiers=read_combat_modifiers(roots["combat_modifiers"]),
        hasty_attack=read_hasty(roots["hasty_attack"]),
        stacking=read_stacking(roots["stacking"]),
        initiative=read_initiative(roots["initiative"]),
        replacements=read_replacements(roots["replacements"]),
        supply=read_supply(roots["supply"]),
        thunderclap=read_thunderclap(roots["thunderclap"]),
        victory=read_victory(roots["victory"]),
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
