"""Unit definitions: the printed values of every counter, fixed for a whole game (2.1, 9.1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from owsqt.rules.datafile import Node, load_yaml
from owsqt.rules.vocabulary import LossClass, Player, TallyNationality


class Nationality(StrEnum):
    """Counter colours of 2.1."""

    GERMAN_ARMY = "german_army"
    LUFTWAFFE = "luftwaffe"
    RUMANIAN = "rumanian"
    SOVIET = "soviet"
    SOVIET_GUARDS = "soviet_guards"
    SOVIET_AIR_FORCE = "soviet_air_force"

    @property
    def player(self) -> Player:
        if self in (Nationality.GERMAN_ARMY, Nationality.LUFTWAFFE, Nationality.RUMANIAN):
            return Player.GERMAN
        return Player.SOVIET

    @property
    def tally(self) -> TallyNationality:
        """Whose loss and replacement tallies this counter's losses count in (17.3)."""
        if self is Nationality.RUMANIAN:
            return TallyNationality.RUMANIAN
        if self.player is Player.GERMAN:
            return TallyNationality.GERMAN
        return TallyNationality.SOVIET


class UnitClass(StrEnum):
    """Unit classes as the rules use them for losses and replacements (2.1, 11.6, 17.4)."""

    ARMOR = "armor"
    INFANTRY = "infantry"
    ARTILLERY = "artillery"
    HEADQUARTERS = "headquarters"
    CONVOY = "convoy"

    @property
    def loss_class(self) -> LossClass | None:
        try:
            return LossClass(self.value)
        except ValueError:
            return None


class MovementClass(StrEnum):
    """The three movement classes of the Terrain Effects Chart (2.1)."""

    TRACKED = "tracked"
    MOTORIZED = "motorized"
    NON_MOTORIZED = "non_motorized"


@dataclass(frozen=True, slots=True)
class UnitDef:
    """The printed values of one ground counter (front and back)."""

    id: str
    name: str
    nationality: Nationality
    unit_class: UnitClass
    movement_class: MovementClass
    combat: int
    combat_reduced: int | None  # None: the counter has no reduced side
    movement: int
    proficiency: int
    stacking: int
    stacking_reduced: int

    @property
    def player(self) -> Player:
        return self.nationality.player

    def stacking_value(self, reduced: bool) -> int:
        """Stacking value of the side showing (9.1)."""
        return self.stacking_reduced if reduced else self.stacking


@dataclass(frozen=True, slots=True)
class AirUnitDef:
    """The printed values of one air counter (4.4-4.7)."""

    id: str
    name: str
    nationality: Nationality
    recovery_class: str  # JG, ZG, STG, SG, KG; IAD, SHAD, BAD, SAD
    air_to_air: int
    defense: int
    bombardment: int
    proficiency: int

    @property
    def player(self) -> Player:
        return self.nationality.player


@dataclass(frozen=True)
class UnitCatalogue:
    """Every counter definition, by id."""

    ground: Mapping[str, UnitDef] = field(default_factory=dict)
    air: Mapping[str, AirUnitDef] = field(default_factory=dict)

    def name_of(self, unit_id: str) -> str:
        definition = self.ground.get(unit_id) or self.air.get(unit_id)
        return definition.name if definition else unit_id


def load_catalogue(directory: Path) -> UnitCatalogue:
    """Every counter of resources/units/*.yaml; a DataError names file, key path and value."""
    ground: dict[str, UnitDef] = {}
    air: dict[str, AirUnitDef] = {}
    for path in sorted(directory.glob("*.yaml")):
        root = load_yaml(path)
        root.check_keys(optional=("units", "air_units"))
        for node in root.get("units").as_list() if root.has("units") else []:
            _add(ground, air, _read_unit(node), node)
        for node in root.get("air_units").as_list() if root.has("air_units") else []:
            _add(air, ground, _read_air_unit(node), node)
    return UnitCatalogue(ground, air)


def _add(into: dict, other: dict, definition: UnitDef | AirUnitDef, node: Node) -> None:
    if definition.id in into or definition.id in other:
        raise node.get("id").error("an id no other counter uses")
    into[definition.id] = definition


def _read_unit(node: Node) -> UnitDef:
    node.check_keys(
        required=(
            "id", "name", "nationality", "class", "movement_class", "combat", "movement",
            "proficiency", "stacking",
        ),
        optional=("combat_reduced", "stacking_reduced"),
    )  # fmt: skip
    combat = node.get("combat").as_int(0, 99)
    reduced_node = node.optional("combat_reduced")
    combat_reduced = reduced_node.as_int(0, combat) if reduced_node else None
    stacking = node.get("stacking").as_int(0, 18)
    stacking_reduced_node = node.optional("stacking_reduced")
    return UnitDef(
        id=node.get("id").as_str(),
        name=node.get("name").as_str(),
        nationality=Nationality(node.get("nationality").as_choice([n.value for n in Nationality])),
        unit_class=UnitClass(node.get("class").as_choice([c.value for c in UnitClass])),
        movement_class=MovementClass(
            node.get("movement_class").as_choice([m.value for m in MovementClass])
        ),
        combat=combat,
        combat_reduced=combat_reduced,
        movement=node.get("movement").as_int(0, 99),
        proficiency=node.get("proficiency").as_int(0, 10),
        stacking=stacking,
        stacking_reduced=stacking_reduced_node.as_int(0, stacking)
        if stacking_reduced_node
        else stacking,
    )


def _read_air_unit(node: Node) -> AirUnitDef:
    node.check_keys(
        required=(
            "id", "name", "nationality", "recovery_class", "air_to_air", "defense",
            "bombardment", "proficiency",
        )
    )  # fmt: skip
    return AirUnitDef(
        id=node.get("id").as_str(),
        name=node.get("name").as_str(),
        nationality=Nationality(node.get("nationality").as_choice([n.value for n in Nationality])),
        recovery_class=node.get("recovery_class").as_choice(sorted(AIR_RECOVERY_CLASSES)),
        air_to_air=node.get("air_to_air").as_int(0, 20),
        defense=node.get("defense").as_int(0, 20),
        bombardment=node.get("bombardment").as_int(0, 20),
        proficiency=node.get("proficiency").as_int(0, 10),
    )


# The classes of the two Air Operations Charts' recovery numbers (4.7).
AIR_RECOVERY_CLASSES = frozenset({"JG", "ZG", "STG", "SG", "KG", "IAD", "SHAD", "BAD", "SAD"})
