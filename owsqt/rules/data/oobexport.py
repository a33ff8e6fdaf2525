"""The order of battle for tools (export-oob JSON) and readers (docs/order-of-battle.md)."""

from __future__ import annotations

from typing import Any

from owsqt.rules.data.tankstrength import equivalent, tank_strength
from owsqt.rules.data.units import AirUnitDef, Formation, TankTable, UnitCatalogue, UnitDef


def oob_data(catalogue: UnitCatalogue, scenario_ids: list[str]) -> dict[str, Any]:
    """Every counter with all its values and its formation chain (innermost first)."""
    units: list[dict[str, Any]] = []
    for unit in catalogue.ground.values():
        entry: dict[str, Any] = {
            "id": unit.id,
            "name": unit.name,
            "nationality": unit.nationality.value,
            "formation": [f.name for f in catalogue.formation_chain(unit.formation)],
            "type": unit.type.value,
            "class": unit.unit_class.value,
            "size": unit.size.value,
            "movement_class": unit.movement_class.value,
            "combat": unit.combat,
            "combat_reduced": unit.combat_reduced,
            "movement": unit.movement,
            "proficiency": unit.proficiency,
            "stacking": unit.stacking,
            "stacking_reduced": unit.stacking_reduced,
        }
        if unit.bombardment is not None:
            entry["bombardment"] = unit.bombardment
            entry["range"] = unit.range
        if unit.antitank_88:
            entry["antitank_88"] = True
        count = catalogue.tanks.counts.get(unit.id) if catalogue.tanks else None
        if count is not None:
            entry["tanks"] = {
                "medium": count.medium,
                "light": count.light,
                "as_of": count.as_of,
                "source": count.source,
                "estimated": count.estimated,
            }
        units.append(entry)
    for air in catalogue.air.values():
        units.append(
            {
                "id": air.id,
                "name": air.name,
                "nationality": air.nationality.value,
                "formation": [f.name for f in catalogue.formation_chain(air.formation)],
                "type": air.type.value,
                "recovery_class": air.recovery_class,
                "air_to_air": air.air_to_air,
                "defense": air.defense,
                "bombardment": air.bombardment,
                "proficiency": air.proficiency,
            }
        )
    return {"units": units, "scenarios": scenario_ids}


def oob_markdown(catalogue: UnitCatalogue) -> str:
    """docs/order-of-battle.md: per formation its counters, their values, and their source."""
    lines = [
        "# Order of battle",
        "",
        "Generated from `resources/units` by `owsqt export-oob --markdown`; do not edit.",
        "Ground counters: combat (reduced) - movement, proficiency, stacking (reduced);",
        "artillery adds bombardment and range. Air counters: air-to-air / defence /",
        "bombardment, proficiency.",
        "",
    ]
    children: dict[str | None, list[Formation]] = {}
    for formation in catalogue.formations.values():
        children.setdefault(formation.parent, []).append(formation)
    ground_by: dict[str | None, list[UnitDef]] = {}
    for unit in catalogue.ground.values():
        ground_by.setdefault(unit.formation, []).append(unit)
    air_by: dict[str | None, list[AirUnitDef]] = {}
    for air in catalogue.air.values():
        air_by.setdefault(air.formation, []).append(air)

    def visit(formation: Formation, depth: int) -> None:
        heading = "#" * min(depth + 2, 6)
        kind = "mechanized" if formation.mechanized else "non-mechanized"
        lines.extend([f"{heading} {formation.name}", ""])
        lines.append(f"*{kind} formation (7.1).* {formation.source}".rstrip())
        lines.append("")
        ground = ground_by.get(formation.id, [])
        if ground:
            lines.append("| counter | type | size | combat | move | prof. | stacking | fire |")
            lines.append("|---|---|---|---|---|---|---|---|")
            for unit in ground:
                lines.append(_ground_row(unit))
            lines.append("")
        air = air_by.get(formation.id, [])
        if air:
            lines.append("| counter | type | chart | air-to-air / defence / bombardment | prof. |")
            lines.append("|---|---|---|---|---|")
            for air_unit in air:
                lines.append(
                    f"| {air_unit.name} | {air_unit.type.value.replace('_', ' ')} "
                    f"| {air_unit.recovery_class} "
                    f"| {air_unit.air_to_air} / {air_unit.defense} / {air_unit.bombardment} "
                    f"| {air_unit.proficiency} |"
                )
            lines.append("")
        for child in children.get(formation.id, []):
            visit(child, depth + 1)

    for top in children.get(None, []):
        visit(top, 0)
    if catalogue.tanks is not None:
        lines.extend(_tank_section(catalogue, catalogue.tanks))
    return "\n".join(lines).rstrip() + "\n"


def _tank_section(catalogue: UnitCatalogue, table: TankTable) -> list[str]:
    """The formula, its weights and every tank unit's count with its date and source."""
    formula = table.formula
    per = formula.tanks_per_factor
    lines = [
        "## Tank strengths",
        "",
        "Every tank and assault gun counter of both sides (assault guns fight as tanks: 11.4",
        "armor superiority and combined arms) takes its combat factors from its tanks by one",
        "formula (resources/units/tank-strengths.yaml, checked by `owsqt validate-data`):",
        "",
        f"- equivalent = medium tanks + light tanks x {formula.light_weight}",
        f"- combat = equivalent / {per}, rounded half up",
        f"- reduced side = equivalent / {2 * per}, rounded half up (half the tanks)",
        "",
        "Medium: Pz III, Pz IV, StuG III, T-34. Light: Pz II, command tanks, T-60, T-70.",
        "Anchor: the 12-10 tank battalion of the 11.8 example, a 6th Panzer Division",
        f"battalion, keeps its 12 at {per} tanks a factor. Proficiency and stacking are not",
        "priced by the formula. An estimated count rests on the source named, as its note says.",
        "",
        "| counter | medium | light | equivalent | combat | as of | source | note |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for count in table.counts.values():
        full, reduced = tank_strength(formula, count.medium, count.light)
        tanks = equivalent(formula, count.medium, count.light)
        source = count.source + (" (estimated)" if count.estimated else "")
        lines.append(
            f"| {catalogue.name_of(count.unit)} | {count.medium} | {count.light} "
            f"| {float(tanks):g} | {full} ({reduced}) | {count.as_of} | {source} "
            f"| {count.note} |"
        )
    lines.extend(["", "Sources:", ""])
    lines.extend(f"- **{key}**: {text}" for key, text in table.sources.items())
    lines.append("")
    return lines


def _ground_row(unit: UnitDef) -> str:
    reduced = "" if unit.combat_reduced is None else f" ({unit.combat_reduced})"
    stacking_reduced = (
        "" if unit.stacking_reduced == unit.stacking else f" ({unit.stacking_reduced})"
    )
    fire = "" if unit.bombardment is None else f"{unit.bombardment}, range {unit.range}"
    if unit.antitank_88:
        fire = (fire + " 88mm*").strip()
    kind = unit.type.value.replace("_", " ")
    return (
        f"| {unit.name} | {kind} | {unit.size.value} | {unit.combat}{reduced} "
        f"| {unit.movement} ({unit.movement_class.value.replace('_', '-')}) | {unit.proficiency} "
        f"| {unit.stacking}{stacking_reduced} | {fire} |"
    )
