"""Fire combat arithmetic (11.4, 12.1, Combat Modifications chart): one side's fire in an
engagement, its factors, its column on the Combat Results Table and its die roll modifiers,
every item with the rule that sets it. No dice are rolled here and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.rounding import round_half_up
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply
from owsqt.rules.data.tables.results import CombatResult
from owsqt.rules.data.units import MovementClass, UnitClass, UnitType
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.initiative import attack_drm

ARMOR_TYPES = frozenset({UnitType.TANK, UnitType.ASSAULT_GUN})  # 11.4: tank, panzer, assault gun
SUPPLY_KEYS = {Supply.REGULAR: "regular", Supply.ORGANIC: "organic", Supply.OUT: "out_of_supply"}


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a combat calculation: what it is, its value and its rule."""

    label: str
    value: int
    rule: str


@dataclass(frozen=True, slots=True)
class Engagement:
    """A hasty or prepared attack on one hex (11.1-11.3): who fights, and their leads."""

    attacker: Player
    target: Hex
    attackers: tuple[str, ...]  # every attacking unit, from one or more adjacent hexes
    defenders: tuple[str, ...]
    attacker_lead: str
    defender_lead: str
    prepared: bool = True


@dataclass(frozen=True, slots=True)
class Solution:
    """A fire on one of the factor tables: its factors, column shifts and DRMs, each an
    Item with its rule, and the column they give."""

    factors: tuple[Item, ...]
    shifts: tuple[Item, ...]
    drms: tuple[Item, ...]
    column: str

    @property
    def total_factors(self) -> int:
        return sum(i.value for i in self.factors)

    @property
    def total_shift(self) -> int:
        return sum(i.value for i in self.shifts)

    @property
    def drm(self) -> int:
        return sum(i.value for i in self.drms)


@dataclass(frozen=True, slots=True)
class FireSolution(Solution):
    """One side's fire on the Combat Results Table."""

    def result(self, ruleset: Ruleset, roll: int) -> CombatResult:
        """The CRT result for a die `roll` (the DRM is added here)."""
        return ruleset.tables.crt.resolve(self.total_factors, self.total_shift, self.drm, roll=roll)


def fire_factors(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> tuple[Item, ...]:
    """[12.1] Each firing unit's current strength; an artillery class unit not stacked with
    a friendly non-artillery unit fires with half its factors (rounded by 2.5)."""
    catalogue = ruleset.catalogue
    items = []
    for unit_id in units:
        strength = state.units[unit_id].strength
        name = ruleset.unit_name(unit_id)
        if catalogue.ground[unit_id].unit_class is UnitClass.ARTILLERY and not escorted(
            ruleset, state, unit_id
        ):
            items.append(
                Item(
                    f"{name}, half: not stacked with a non-artillery unit",
                    round_half_up(Fraction(strength, 2)),
                    "12.1",
                )
            )
        else:
            items.append(Item(name, strength, "11.4"))
    return tuple(items)


def escorted(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[12.1] Whether a friendly non-artillery unit shares the unit's hex."""
    catalogue = ruleset.catalogue
    hex_ = state.units[unit_id].hex
    player = catalogue.ground[unit_id].player
    return hex_ is not None and any(
        catalogue.ground[u].player is player
        and catalogue.ground[u].unit_class is not UnitClass.ARTILLERY
        for u in state.stack(hex_)
    )


def attacking_hexes(state: GameState, engagement: Engagement) -> frozenset[Hex]:
    return frozenset(h for h in (state.units[u].hex for u in engagement.attackers) if h is not None)


def terrain_shifts(ruleset: Ruleset, state: GameState, engagement: Engagement) -> list[Item]:
    """[11.4, TEC, 15.2] Columns left for the attacker's fire: the defender's terrain and
    features, a minor river when every attacking hex fires across one (bridged or not:
    the bridge takes the river's shift), and the defender's entrenchment. All add up."""
    tec = ruleset.tables.tec
    game_map = ruleset.game_map
    target = engagement.target
    shifts = []
    terrain = tec.terrain(game_map.terrain(target).value)
    if terrain.column_shift:
        shifts.append(Item(terrain.name.lower(), terrain.column_shift, "11.4"))
    for feature in sorted(game_map.hexes[target].features):
        row = tec.terrain(feature.value)
        if row.column_shift:
            shifts.append(Item(row.name.lower(), row.column_shift, "11.4"))
    sides = [
        game_map.rivers.get(Hexside.between(h, target)) for h in attacking_hexes(state, engagement)
    ]
    rivers = [side for side in sides if side is not None]
    if sides and len(rivers) == len(sides):  # every attacking hex across a river
        river = tec.terrain(rivers[0].river.value)  # minor: none attacks across the Don
        shifts.append(Item(f"across the {rivers[0].name}", river.column_shift, "11.4"))
    marker = state.entrenchments.get(target)
    defender = engagement.attacker.opponent
    if marker is not None and marker.owner is defender and marker.status is Entrenchment.COMPLETE:
        shifts.append(
            Item("entrenched", ruleset.tables.combat_modifiers.entrenchment_shift, "15.2")
        )
    return shifts


def _has_type(ruleset: Ruleset, units: tuple[str, ...], types: frozenset[UnitType]) -> bool:
    return any(ruleset.catalogue.ground[u].type in types for u in units)


def _negates_armor(ruleset: Ruleset, units: tuple[str, ...]) -> bool:
    """[11.4] German self-propelled antitank, antitank and antiaircraft units and Soviet
    antitank units negate armor superiority without generating it."""
    for unit_id in units:
        unit = ruleset.catalogue.ground[unit_id]
        if unit.type is UnitType.ANTITANK:
            return True
        if unit.player is Player.GERMAN and unit.type in (
            UnitType.SELF_PROPELLED_ANTITANK,
            UnitType.ANTIAIRCRAFT,
        ):
            return True
    return False


def _combined_arms(ruleset: Ruleset, state: GameState, engagement: Engagement) -> bool:
    """[11.4] A German attacking stack with an armor or assault gun unit and a mechanized
    or motorized infantry unit in the same hex."""
    catalogue = ruleset.catalogue
    for hex_ in attacking_hexes(state, engagement):
        stack = [u for u in engagement.attackers if state.units[u].hex == hex_]
        armor = any(catalogue.ground[u].type in ARMOR_TYPES for u in stack)
        infantry = any(
            catalogue.ground[u].type is UnitType.MECHANIZED_INFANTRY
            or (
                catalogue.ground[u].type is UnitType.INFANTRY
                and catalogue.ground[u].movement_class is MovementClass.MOTORIZED
            )
            for u in stack
        )
        if armor and infantry:
            return True
    return False


def fire_drms(
    ruleset: Ruleset, state: GameState, engagement: Engagement, firing_side: Player
) -> list[Item]:
    """[11.4] The DRMs of `firing_side`'s fire in the engagement, each with its rule."""
    modifiers = ruleset.tables.combat_modifiers
    catalogue = ruleset.catalogue
    attacking = firing_side is engagement.attacker
    own, enemy = (
        (engagement.attackers, engagement.defenders)
        if attacking
        else (engagement.defenders, engagement.attackers)
    )
    own_lead, enemy_lead = (
        (engagement.attacker_lead, engagement.defender_lead)
        if attacking
        else (engagement.defender_lead, engagement.attacker_lead)
    )
    drms = []
    if attacking:  # 6.3: each of the holder's attacks
        initiative = attack_drm(ruleset, state, firing_side)
        if initiative:
            drms.append(Item("initiative held turns running", initiative, "6.3"))
    proficiency = modifiers.proficiency_drm(
        catalogue.ground[own_lead].proficiency, catalogue.ground[enemy_lead].proficiency
    )
    if proficiency:
        drms.append(Item("lead unit proficiency", proficiency, "11.4"))
    if _has_type(ruleset, own, ARMOR_TYPES) and not (
        _has_type(ruleset, enemy, ARMOR_TYPES) or _negates_armor(ruleset, enemy)
    ):
        drms.append(Item("armor superiority", modifiers.armor_superiority.drm, "11.4"))
    if attacking and firing_side is Player.GERMAN and _combined_arms(ruleset, state, engagement):
        drms.append(Item("combined arms", modifiers.combined_arms.drm, "11.4"))
    if attacking and engagement.prepared:
        multi = modifiers.multi_hex_drm(len(attacking_hexes(state, engagement)))
        if multi:
            drms.append(Item("multi-hex attack", multi, "11.4"))
    supply = state.units[own_lead].supply
    supply_drm = modifiers.supply_drm(SUPPLY_KEYS[supply])
    if supply_drm:
        drms.append(Item(f"lead unit {supply.value.replace('_', ' ')} supply", supply_drm, "14.5"))
    if attacking and catalogue.ground[own_lead].type is UnitType.ENGINEER:
        marker = state.entrenchments.get(engagement.target)
        if marker is not None and marker.status is Entrenchment.COMPLETE:
            drms.append(Item("assault engineers", modifiers.assault_engineers.drm, "16.2"))
    return drms


def fire_solution(
    ruleset: Ruleset,
    state: GameState,
    engagement: Engagement,
    firing_side: Player,
    firing: tuple[str, ...],
) -> FireSolution:
    """The fire of `firing` (units of `firing_side` in the engagement): factors, shifts
    (the attacker's fire only), DRMs and the CRT column."""
    factors = fire_factors(ruleset, state, firing)
    shifts = (
        tuple(terrain_shifts(ruleset, state, engagement))
        if firing_side is engagement.attacker
        else ()
    )
    drms = tuple(fire_drms(ruleset, state, engagement, firing_side))
    total = sum(i.value for i in factors)
    column = ruleset.tables.crt.column_for(total, sum(i.value for i in shifts))
    return FireSolution(factors, shifts, drms, column)


def retreat_fire_solution(
    ruleset: Ruleset, state: GameState, firing: tuple[str, ...]
) -> FireSolution:
    """[11.7] Fire at units retreating through the firers' ZOC: their factors alone,
    "without reference to any combat modifications"."""
    factors = fire_factors(ruleset, state, firing)
    column = ruleset.tables.crt.column_for(sum(i.value for i in factors), 0)
    return FireSolution(factors, (), (), column)
