"""Unit definitions: the printed values of every counter, fixed for a whole game (2.1, 9.1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

from owsqt.rules.core.vocabulary import LossClass, Player, TallyNationality


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
        return _SIDES[self]

    @property
    def german(self) -> bool:
        """[2.1] A "German unit" of the rules' text: German Army or Luftwaffe, never a
        Rumanian counter, which the rules name apart ("German or Rumanian ground units",
        19.11); the German player's units are both (reading 170)."""
        return self in (Nationality.GERMAN_ARMY, Nationality.LUFTWAFFE)

    @property
    def tally(self) -> TallyNationality:
        """Whose loss and replacement tallies this counter's losses count in (17.3)."""
        if self is Nationality.RUMANIAN:
            return TallyNationality.RUMANIAN
        if self.player is Player.GERMAN:
            return TallyNationality.GERMAN
        return TallyNationality.SOVIET


_SIDES = {
    nationality: Player.GERMAN
    if nationality in (Nationality.GERMAN_ARMY, Nationality.LUFTWAFFE, Nationality.RUMANIAN)
    else Player.SOVIET
    for nationality in Nationality
}
"""[2.1] Whose each counter colour is."""


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


class UnitType(StrEnum):
    """The unit types of 2.1's symbology table, plus the relief convoy (16.3)."""

    TANK = "tank"
    ASSAULT_GUN = "assault_gun"
    SELF_PROPELLED_ANTITANK = "self_propelled_antitank"
    RECONNAISSANCE = "reconnaissance"
    MECHANIZED_INFANTRY = "mechanized_infantry"
    INFANTRY = "infantry"
    MOTORCYCLE = "motorcycle"
    ENGINEER = "engineer"
    CAVALRY = "cavalry"
    ANTITANK = "antitank"
    ANTIAIRCRAFT = "antiaircraft"
    ARTILLERY = "artillery"
    MORTAR = "mortar"
    ROCKET = "rocket"
    HEADQUARTERS = "headquarters"
    CONVOY = "convoy"

    @property
    def unit_class(self) -> UnitClass:
        """[2.1] Armored, infantry and artillery units as the symbology table groups them."""
        return _CLASS_OF_TYPE[self]


_CLASS_OF_TYPE = {
    **dict.fromkeys(
        (
            UnitType.TANK,
            UnitType.ASSAULT_GUN,
            UnitType.SELF_PROPELLED_ANTITANK,
            UnitType.RECONNAISSANCE,
            UnitType.MECHANIZED_INFANTRY,
        ),
        UnitClass.ARMOR,
    ),
    **dict.fromkeys(
        (UnitType.INFANTRY, UnitType.MOTORCYCLE, UnitType.ENGINEER, UnitType.CAVALRY),
        UnitClass.INFANTRY,
    ),
    **dict.fromkeys(
        (
            UnitType.ANTITANK,
            UnitType.ANTIAIRCRAFT,
            UnitType.ARTILLERY,
            UnitType.MORTAR,
            UnitType.ROCKET,
        ),
        UnitClass.ARTILLERY,
    ),
    UnitType.HEADQUARTERS: UnitClass.HEADQUARTERS,
    UnitType.CONVOY: UnitClass.CONVOY,
}


class UnitSize(StrEnum):
    """Unit size symbols of 2.1."""

    ARMY = "XXXX"
    CORPS = "XXX"
    DIVISION = "XX"
    REGIMENT = "III"
    BATTALION = "II"
    COMPANY = "I"
    KAMPFGRUPPE = "KG"


class MovementClass(StrEnum):
    """The three movement classes of the Terrain Effects Chart (2.1)."""

    TRACKED = "tracked"
    MOTORIZED = "motorized"
    NON_MOTORIZED = "non_motorized"


class AirType(StrEnum):
    """Air unit types (2.1 abbreviations: F, B, DB, GA; and the Zerstoerer)."""

    FIGHTER = "fighter"
    HEAVY_FIGHTER = "heavy_fighter"
    DIVE_BOMBER = "dive_bomber"
    GROUND_ATTACK = "ground_attack"
    BOMBER = "bomber"

    @property
    def is_fighter(self) -> bool:
        """Only fighters fly air superiority and escort (4.2); Zerstoerer count as fighters."""
        return self in (AirType.FIGHTER, AirType.HEAVY_FIGHTER)


@dataclass(frozen=True, slots=True)
class Formation:
    """A division, corps, army or group that units belong to (7.1)."""

    id: str
    name: str
    parent: str | None
    mechanized: bool  # 7.1: moves and fights in the mechanized segments
    source: str = ""  # where the numbers of its counters come from
    stays_put: bool = False  # 5.2: the Soviet Ring Forces may not move once placed


@dataclass(frozen=True, slots=True)
class UnitDef:
    """The printed values of one ground counter (front and back)."""

    id: str
    name: str
    nationality: Nationality
    type: UnitType
    movement_class: MovementClass
    combat: int
    combat_reduced: int | None  # None: the counter has no reduced side
    movement: int
    proficiency: int
    stacking: int
    stacking_reduced: int
    size: UnitSize = UnitSize.BATTALION
    formation: str | None = None
    bombardment: int | None = None  # artillery with a range factor (12.1), e.g. the 4 of 4(3)4
    range: int | None = None
    antitank_88: bool = False  # 16.1: the asterisk of the German 88mm antiaircraft units

    @property
    def player(self) -> Player:
        return self.nationality.player

    @property
    def german(self) -> bool:
        """[2.1] A "German unit" of the rules' text, not a Rumanian one (reading 170)."""
        return self.nationality.german

    @property
    def unit_class(self) -> UnitClass:
        return self.type.unit_class

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
    type: AirType = AirType.FIGHTER
    formation: str | None = None

    @property
    def player(self) -> Player:
        return self.nationality.player


@dataclass(frozen=True, slots=True)
class TankFormula:
    """How a tank unit's combat factors follow from its tanks (resources/units/tank-strengths.yaml):
    medium tanks count 1, light tanks ``light_weight``; one factor per ``tanks_per_factor``."""

    tanks_per_factor: int
    light_weight: Fraction


@dataclass(frozen=True, slots=True)
class TankCount:
    """The tanks of one tank or assault gun counter, when, and from which source."""

    unit: str
    medium: int  # Pz III, Pz IV, StuG III, T-34: a gun that fights tanks
    light: int  # Pz II, command tanks, T-60, T-70
    as_of: str
    source: str  # a key of TankTable.sources
    estimated: bool = False
    note: str = ""


@dataclass(frozen=True)
class TankTable:
    """The formula, the sources it cites and every tank unit's count, by unit id."""

    formula: TankFormula
    sources: Mapping[str, str] = field(default_factory=dict)
    counts: Mapping[str, TankCount] = field(default_factory=dict)


@dataclass(frozen=True)
class UnitCatalogue:
    """Every counter definition and formation, by id."""

    ground: Mapping[str, UnitDef] = field(default_factory=dict)
    air: Mapping[str, AirUnitDef] = field(default_factory=dict)
    formations: Mapping[str, Formation] = field(default_factory=dict)
    tanks: TankTable | None = None  # None: the manifest gives no tank counts

    def name_of(self, unit_id: str) -> str:
        definition = self.ground.get(unit_id) or self.air.get(unit_id)
        return definition.name if definition else unit_id

    def formation_chain(self, formation_id: str | None) -> list[Formation]:
        """The formation and every formation above it, innermost first."""
        chain = []
        while formation_id is not None:
            formation = self.formations[formation_id]
            chain.append(formation)
            formation_id = formation.parent
        return chain

    def units_of(self, formation_id: str) -> list[UnitDef]:
        """Ground units of a formation and of every formation under it."""
        return list(self._members.get(formation_id, ()))

    @cached_property
    def _members(self) -> dict[str, list[UnitDef]]:
        """Each formation's units, its own and its sub-formations', in catalogue order:
        built once, for the set-up groups of the scenarios ask for them by the hundred."""
        members: dict[str, list[UnitDef]] = {}
        for unit in self.ground.values():
            for formation in self.formation_chain(unit.formation):
                members.setdefault(formation.id, []).append(unit)
        return members
