"""The counter manifest (resources/units/*.yaml): formations, templates, units, air units.

A template holds the values a counter type shares; a unit names its template
and overrides what differs. Every value is read through a Node, so an error
names the file and key where the value was written, template or unit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import TypeVar, overload

from owsqt.rules.data.datafile import DataError, Node, load_yaml
from owsqt.rules.data.units import (
    AirType,
    AirUnitDef,
    Formation,
    MovementClass,
    Nationality,
    TankCount,
    TankFormula,
    TankTable,
    UnitCatalogue,
    UnitDef,
    UnitSize,
    UnitType,
)

# The recovery lines of the two Air Operations Charts (4.7).
AIR_RECOVERY_CLASSES = ("JG", "ZG", "STG", "SG", "KG", "IAD", "SHAD", "BAD", "SAD")

_GROUND_FIELDS = (
    "name",
    "nationality",
    "type",
    "size",
    "movement_class",
    "combat",
    "combat_reduced",
    "movement",
    "proficiency",
    "stacking",
    "stacking_reduced",
    "formation",
    "bombardment",
    "range",
    "antitank_88",
)
_GROUND_REQUIRED = (
    "name",
    "nationality",
    "type",
    "size",
    "movement_class",
    "combat",
    "movement",
    "proficiency",
    "stacking",
)
_AIR_FIELDS = (
    "name",
    "nationality",
    "type",
    "recovery_class",
    "air_to_air",
    "defense",
    "bombardment",
    "proficiency",
    "formation",
)

Fields = dict[str, Node]

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)
D = TypeVar("D", UnitDef, AirUnitDef)


def load_catalogue(directory: Path) -> UnitCatalogue:
    """Every counter of the manifest; a DataError names file, key path and what was expected."""
    roots = [load_yaml(path) for path in sorted(directory.glob("*.yaml"))]
    for root in roots:
        root.check_keys(
            optional=("formations", "templates", "units", "air_units", "tank_strengths")
        )
    formations = _formations(roots)
    templates = _templates(roots)
    ground: dict[str, UnitDef] = {}
    air: dict[str, AirUnitDef] = {}
    for root in roots:
        for node in _items(root, "units"):
            fields = _merged(node, templates, _GROUND_FIELDS)
            _add(ground, air, node, _ground_unit(node, fields, formations))
        for node in _items(root, "air_units"):
            fields = _merged(node, templates, _AIR_FIELDS)
            _add(air, ground, node, _air_unit(node, fields, formations))
    return UnitCatalogue(ground, air, formations, _tank_table(roots, ground))


def _items(root: Node, key: str) -> list[Node]:
    return root.get(key).as_list() if root.has(key) else []


def _formations(roots: list[Node]) -> dict[str, Formation]:
    found: dict[str, tuple[Formation, Node]] = {}
    for root in roots:
        for node in _items(root, "formations"):
            node.check_keys(
                required=("id", "name", "mechanized"), optional=("parent", "source", "stays_put")
            )
            formation_id = node.get("id").as_str()
            if formation_id in found:
                raise node.get("id").error("a formation id no other formation uses")
            parent = node.optional("parent")
            source = node.optional("source")
            stays_put = node.optional("stays_put")
            formation = Formation(
                id=formation_id,
                name=node.get("name").as_str(),
                parent=parent.as_str() if parent else None,
                mechanized=node.get("mechanized").as_bool(),
                source=source.as_str() if source else "",
                stays_put=stays_put.as_bool() if stays_put else False,
            )
            found[formation_id] = (formation, node)
    for formation, node in found.values():
        if formation.parent is not None and formation.parent not in found:
            raise node.get("parent").error("the id of a formation in resources/units")
        _check_no_cycle(formation, found, node)
    return {formation_id: formation for formation_id, (formation, _) in found.items()}


def _check_no_cycle(
    formation: Formation, found: dict[str, tuple[Formation, Node]], node: Node
) -> None:
    seen = {formation.id}
    parent = formation.parent
    while parent is not None:
        if parent in seen:
            raise node.get("parent").error("a parent that is not the formation itself or below it")
        seen.add(parent)
        parent = found[parent][0].parent


def _templates(roots: list[Node]) -> dict[str, Fields]:
    raw: dict[str, Node] = {}
    for root in roots:
        for node in _items(root, "templates"):
            template_id = node.get("id").as_str()
            if template_id in raw:
                raise node.get("id").error("a template id no other template uses")
            raw[template_id] = node
    resolved: dict[str, Fields] = {}

    def resolve(template_id: str, chain: tuple[str, ...]) -> Fields:
        if template_id in resolved:
            return resolved[template_id]
        node = raw[template_id]
        fields: Fields = {}
        extends = node.optional("extends")
        if extends is not None:
            parent = extends.as_str()
            if parent not in raw or parent in chain:
                raise extends.error("the id of another template, without a cycle")
            fields.update(resolve(parent, (*chain, parent)))
        mapping = node.as_mapping()
        fields.update({k: v for k, v in mapping.items() if k not in ("id", "extends")})
        resolved[template_id] = fields
        return fields

    for template_id in raw:
        resolve(template_id, (template_id,))
    return resolved


def _merged(node: Node, templates: dict[str, Fields], allowed: tuple[str, ...]) -> Fields:
    """The unit's values: its template's, overridden by its own."""
    mapping = node.as_mapping()
    fields: Fields = {}
    template = mapping.get("template")
    if template is not None:
        template_id = template.as_str()
        if template_id not in templates:
            raise template.error("the id of a template in resources/units")
        fields.update(templates[template_id])
    fields.update({k: v for k, v in mapping.items() if k not in ("id", "template")})
    for key, value in fields.items():
        if key not in allowed:
            raise DataError(value.file, value.key_path, f"one of the keys {', '.join(allowed)}")
    return fields


def _need(node: Node, fields: Fields, key: str) -> Node:
    if key not in fields:
        raise node.error(f"a value for '{key}', in the unit or its template")
    return fields[key]


@overload
def _read(fields: Fields, key: str, read: Callable[[Node], T]) -> T | None: ...
@overload
def _read(fields: Fields, key: str, read: Callable[[Node], T], default: T) -> T: ...
def _read(
    fields: Fields, key: str, read: Callable[[Node], T], default: T | None = None
) -> T | None:
    value = fields.get(key)
    return default if value is None or value.is_null else read(value)


def _choice(enum: type[E]) -> Callable[[Node], E]:
    return lambda value: enum(value.as_choice([member.value for member in enum]))


def _ground_unit(node: Node, fields: Fields, formations: dict[str, Formation]) -> UnitDef:
    for key in _GROUND_REQUIRED:
        _need(node, fields, key)
    combat = fields["combat"].as_int(0, 60)
    stacking = fields["stacking"].as_int(0, 18)
    unit_type = _choice(UnitType)(fields["type"])
    bombardment = _read(fields, "bombardment", lambda v: v.as_int(1, 30))
    weapon_range = _read(fields, "range", lambda v: v.as_int(1, 20))
    if (bombardment is None) != (weapon_range is None):
        raise node.error("both a bombardment factor and a range (12.1), or neither")
    return UnitDef(
        id=node.get("id").as_id(),
        name=fields["name"].as_str(),
        nationality=_choice(Nationality)(fields["nationality"]),
        type=unit_type,
        movement_class=_choice(MovementClass)(fields["movement_class"]),
        combat=combat,
        combat_reduced=_read(fields, "combat_reduced", lambda v: v.as_int(0, combat)),
        movement=fields["movement"].as_int(0, 40),
        proficiency=fields["proficiency"].as_int(1, 10),
        stacking=stacking,
        stacking_reduced=_read(
            fields, "stacking_reduced", lambda v: v.as_int(0, stacking), stacking
        ),
        size=_choice(UnitSize)(fields["size"]),
        formation=_formation(fields, formations),
        bombardment=bombardment,
        range=weapon_range,
        antitank_88=_read(fields, "antitank_88", lambda v: v.as_bool(), False),
    )


def _air_unit(node: Node, fields: Fields, formations: dict[str, Formation]) -> AirUnitDef:
    for key in (
        "name",
        "nationality",
        "type",
        "recovery_class",
        "air_to_air",
        "defense",
        "bombardment",
        "proficiency",
    ):
        _need(node, fields, key)
    return AirUnitDef(
        id=node.get("id").as_id(),
        name=fields["name"].as_str(),
        nationality=_choice(Nationality)(fields["nationality"]),
        recovery_class=fields["recovery_class"].as_choice(AIR_RECOVERY_CLASSES),
        air_to_air=fields["air_to_air"].as_int(0, 20),
        defense=fields["defense"].as_int(0, 20),
        bombardment=fields["bombardment"].as_int(0, 20),
        proficiency=fields["proficiency"].as_int(1, 10),
        type=_choice(AirType)(fields["type"]),
        formation=_formation(fields, formations),
    )


def _formation(fields: Fields, formations: dict[str, Formation]) -> str | None:
    value = fields.get("formation")
    if value is None:
        return None
    formation_id = value.as_str()
    if formation_id not in formations:
        raise value.error("the id of a formation in resources/units")
    return formation_id


def _add(into: dict[str, D], other: Mapping[str, object], node: Node, definition: D) -> None:
    if definition.id in into or definition.id in other:
        raise node.get("id").error("an id no other counter uses")
    into[definition.id] = definition


def _tank_table(roots: list[Node], ground: Mapping[str, UnitDef]) -> TankTable | None:
    """The tank strength formula and counts (issue 23); one file holds them, if any does."""
    nodes = [root.get("tank_strengths") for root in roots if root.has("tank_strengths")]
    if not nodes:
        return None
    if len(nodes) > 1:
        raise nodes[1].error("the only 'tank_strengths' of resources/units", "a second one")
    node = nodes[0]
    node.check_keys(required=("formula", "sources", "counts"))
    formula_node = node.get("formula")
    formula_node.check_keys(required=("tanks_per_factor", "light_weight"))
    formula = TankFormula(
        tanks_per_factor=formula_node.get("tanks_per_factor").as_int(1, 100),
        light_weight=formula_node.get("light_weight").as_fraction(0, 1),
    )
    sources = {key: value.as_str() for key, value in node.get("sources").as_mapping().items()}
    counts: dict[str, TankCount] = {}
    for item in node.get("counts").as_list():
        count = _tank_count(item, sources, ground)
        if count.unit in counts:
            raise item.get("unit").error("a unit no other tank count names")
        counts[count.unit] = count
    return TankTable(formula, sources, counts)


def _tank_count(node: Node, sources: Mapping[str, str], ground: Mapping[str, UnitDef]) -> TankCount:
    node.check_keys(
        required=("unit", "medium", "light", "as_of", "source"), optional=("estimated", "note")
    )
    unit = node.get("unit").as_str()
    if unit not in ground:
        raise node.get("unit").error("the id of a ground unit in resources/units")
    source = node.get("source").as_str()
    if source not in sources:
        raise node.get("source").error("a key of tank_strengths.sources")
    estimated = node.optional("estimated")
    note = node.optional("note")
    count = TankCount(
        unit=unit,
        medium=node.get("medium").as_int(0, 500),
        light=node.get("light").as_int(0, 500),
        as_of=node.get("as_of").as_str(),
        source=source,
        estimated=estimated.as_bool() if estimated else False,
        note=note.as_str() if note else "",
    )
    if count.medium + count.light == 0:
        raise node.error("a count of at least one tank", "no tanks")
    return count
