"""The Combat Results Table and the Combat Modifications chart (11.4, 11.5), with loaders."""

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
from owsqt.rules.data.tables.modifiers import (
    BandedModifier,
    Modifier,
    StatusModifier,
    read_banded,
    read_modifier,
    read_sides,
)
from owsqt.rules.data.tables.results import CombatResult


@dataclass(frozen=True, slots=True)
class CombatResultsTable(FactorTable[CombatResult]):
    """The Combat Results Table (rules 11.4, 11.5)."""

    title: str
    rule: str
    grid: ResultGrid[CombatResult]


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


def read_crt(root: Node) -> CombatResultsTable:
    """The Combat Results Table, from its YAML root."""
    root.keys_exactly("crt")
    node = root.get("crt")
    node.keys_exactly("title", "rule", "columns", "rows")
    columns = read_factor_columns(node.get("columns"))
    grid = read_grid(node, columns, CombatResult.parse, "a result such as '1/3' or '-/1'")
    return CombatResultsTable(node.get("title").as_str(), read_rule(node), grid)


def read_combat_modifiers(root: Node) -> CombatModifiers:
    """The Combat Modifications chart, from its YAML root."""
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
        terrain=read_modifier(shifts.get("terrain"), "terrain"),
        entrenchments=read_modifier(shifts.get("entrenchments"), "entrenchments"),
        initiative=read_banded(drms.get("initiative"), "initiative"),
        armor_superiority=read_modifier(drms.get("armor_superiority"), "armor_superiority"),
        combined_arms=read_modifier(drms.get("combined_arms"), "combined_arms"),
        multi_hex_attack=read_banded(drms.get("multi_hex_attack"), "multi_hex_attack"),
        unit_proficiency=read_banded(drms.get("unit_proficiency"), "unit_proficiency"),
        supply=StatusModifier(
            key="supply",
            rule=read_rule(supply),
            text=supply.get("text").as_str(),
            statuses=tuple(statuses),
            sides=read_sides(supply),
        ),
        assault_engineers=read_modifier(drms.get("assault_engineers"), "assault_engineers"),
    )
