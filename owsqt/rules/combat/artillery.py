"""Artillery and air bombardment arithmetic (12.1-12.4, 4.6, 16.1): who may fire, at what,
and with which column and DRMs. Every item carries its rule; no dice are rolled here.

- Range is counted without the firing unit's hex and with the target's (12.4).
- A bombardment target must lie within two hexes of a friendly unit (the spotting limit);
  counterbattery may reach beyond it.
- One mission per turn: a unit with a fired marker does not bombard (12.2, 12.4).
- An artillery unit next to an enemy unit bombards only when stacked with a friendly
  non-artillery unit (12.1).
- German artillery that moved up to half its allowance (Moved marker) bombards with half
  its factors (12.3).
- Not both bombardment and fire combat in one Player Phase (12.1): a gun that joined an
  attack's fire this phase does not bombard.
- German artillery moving with a stack supports its hasty attack at full strength, whatever
  marker its move gave it: the only exception to 12.3 (8.4).
- Mortar and rocket units neither fire counterbattery nor suffer it (12.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.combat.fire import SUPPLY_KEYS, Item, Solution, escorted
from owsqt.rules.combat.targets import (
    SPOTTING_LIMIT,
    artillery_range,
    spotting_area,
    units_reach,
)
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.rounding import round_half_up
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Entrenchment, Player, Supply
from owsqt.rules.data.tables.results import BombardmentResult, CounterbatteryResult
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.scenario.ruleset import Ruleset

NOT_COUNTERBATTERY = frozenset({UnitType.MORTAR, UnitType.ROCKET})  # 12.4


@dataclass(frozen=True, slots=True)
class BombardmentSolution(Solution):
    """Bombardment (or counterbattery) of one target unit; `entrenched` reduces the
    result by one (15.2)."""

    entrenched: bool = False


def _hex(state: GameState, unit_id: str) -> Hex:
    hex_ = state.units[unit_id].hex
    if hex_ is None:
        raise ValueError(f"{unit_id} is not on the map")
    return hex_


def _player(ruleset: Ruleset, unit_id: str) -> Player:
    return ruleset.catalogue.ground[unit_id].player


def friendly_near(
    ruleset: Ruleset, state: GameState, player: Player, hex_: Hex, reach: int
) -> bool:
    """Whether a unit of `player` stands within `reach` hexes of `hex_`."""
    return hex_ in units_reach(ruleset, state, player, reach)


def _enemy_adjacent(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    player = _player(ruleset, unit_id)
    return friendly_near(ruleset, state, player.opponent, _hex(state, unit_id), 1)


def marked_by_its_move(state: GameState, unit_id: str) -> bool:
    """[8.4, 12.3] Whether the gun's fired or moved marker was placed by its own move this
    Player Phase, and it has fired no mission since: the marker 8.4 sets aside for a gun
    supporting the hasty attack of the stack it moves with."""
    record = state.artillery
    return unit_id in record.marked_moving and unit_id not in record.bombarded


def bombardment_problems(
    ruleset: Ruleset,
    state: GameState,
    unit_id: str,
    target: Hex,
    *,
    counterbattery: bool = False,
    with_stack: bool = False,
) -> list[Violation]:
    """Why `unit_id` may not bombard (or fire counterbattery at) `target` now.
    `with_stack`: the gun supports the hasty attack of the stack it moves with (8.4)."""
    definition = ruleset.catalogue.ground[unit_id]
    name = ruleset.unit_name(unit_id)
    unit = state.units[unit_id]
    problems: list[Violation] = []
    if definition.range is None or definition.bombardment is None:
        return [Violation("12.1", f"{name} has no range factor: it does not bombard")]
    if counterbattery and definition.type in NOT_COUNTERBATTERY:
        return [Violation("12.4", f"{name}: mortar and rocket units fire no counterbattery")]
    if unit.fired and not (with_stack and marked_by_its_move(state, unit_id)):
        problems.append(Violation("12.4", f"{name} has fired its one mission this turn"))
    if unit_id in state.artillery.fought:
        problems.append(
            Violation("12.1", f"{name} joined fire combat this phase: it does not bombard too")
        )
    if target not in artillery_range(ruleset, state, unit_id):
        problems.append(
            Violation(
                "12.4",
                f"{ruleset.grid.id_of(target)} is beyond {name}'s range of {definition.range}",
            )
        )
    if not counterbattery and target not in spotting_area(ruleset, state, definition.player):
        problems.append(
            Violation(
                "12.4",
                f"no friendly unit within {SPOTTING_LIMIT} hexes of {ruleset.grid.id_of(target)}",
            )
        )
    if _enemy_adjacent(ruleset, state, unit_id) and not escorted(ruleset, state, unit_id):
        problems.append(
            Violation("12.1", f"{name} is next to the enemy without a non-artillery unit")
        )
    return problems


def bombardment_factors(
    ruleset: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    with_stack: frozenset[str] = frozenset(),
) -> tuple[Item, ...]:
    """[12.3] Each unit's bombardment factor; German artillery that has moved (Moved
    marker) fires with half, rounded by 2.5. [8.4] A gun in `with_stack` supports the hasty
    attack of the stack it moves with: its full factor, the only exception to 12.3."""
    items: list[Item] = []
    for unit_id in units:
        definition = ruleset.catalogue.ground[unit_id]
        factor = definition.bombardment or 0
        name = ruleset.unit_name(unit_id)
        if unit_id in with_stack and marked_by_its_move(state, unit_id):
            items.append(Item(f"{name}, full: moving with the hasty attack", factor, "8.4"))
        elif state.units[unit_id].moved:
            half = round_half_up(Fraction(factor, 2))
            items.append(Item(f"{name}, half: moved this phase", half, "12.3"))
        else:
            items.append(Item(name, factor, "12.4"))
    return tuple(items)


def _entrenched(state: GameState, target_unit: str, owner: Player) -> bool:
    hex_ = state.units[target_unit].hex
    marker = state.entrenchments.get(hex_) if hex_ is not None else None
    return marker is not None and marker.owner is owner and marker.status is Entrenchment.COMPLETE


def _supply_item(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> list[Item]:
    """[14.5] Supply DRMs apply to bombardment too: the worst status among the firers."""
    order = [Supply.REGULAR, Supply.ORGANIC, Supply.OUT]
    worst = max((state.units[u].supply for u in units), key=order.index)
    drm = ruleset.tables.combat_modifiers.supply_drm(SUPPLY_KEYS[worst])
    return [Item(f"{worst.value} supply", drm, "14.5")] if drm else []


def bombardment_solution(
    ruleset: Ruleset,
    state: GameState,
    firing: tuple[str, ...],
    target_unit: str,
    *,
    air_factors: tuple[Item, ...] = (),
    with_stack: frozenset[str] = frozenset(),
) -> BombardmentSolution:
    """Artillery `firing` (or air units, given as `air_factors`) against one unit (12.4,
    4.6): one column left for an armored or an entrenched target; -1 for artillery with
    no friendly unit adjacent to the target hex; -1 for air units against a hex with an
    enemy antiaircraft unit (16.1); the firers' supply (14.5). `with_stack`: guns
    supporting the hasty attack of the stack they move with (8.4)."""
    table = ruleset.tables.bombardment
    modifiers = table.modifiers
    catalogue = ruleset.catalogue
    target = _hex(state, target_unit)
    owner = catalogue.ground[target_unit].player
    by_air = bool(air_factors)
    factors = air_factors if by_air else bombardment_factors(ruleset, state, firing, with_stack)
    shifts = []
    if catalogue.ground[target_unit].unit_class is UnitClass.ARMOR:
        shifts.append(Item("armored target", modifiers.target_armored.columns_left, "12.4"))
    entrenched = _entrenched(state, target_unit, owner)
    if entrenched:
        shifts.append(Item("entrenched target", modifiers.target_entrenched.columns_left, "15.2"))
    drms = []
    if not by_air and not friendly_near(ruleset, state, owner.opponent, target, 1):
        drms.append(
            Item(
                "no friendly unit adjacent to the target",
                modifiers.drm(by_air=False, friendly_adjacent=False),
                "12.4",
            )
        )
    if by_air and any(
        catalogue.ground[u].type is UnitType.ANTIAIRCRAFT for u in state.stack(target)
    ):
        drms.append(
            Item(
                "antiaircraft in the target hex",
                modifiers.drm(by_air=True, antiaircraft_present=True),
                "16.1",
            )
        )
    if not by_air:
        drms.extend(_supply_item(ruleset, state, firing))
    total = sum(i.value for i in factors)
    column = table.column_for(total, sum(i.value for i in shifts))
    return BombardmentSolution(factors, tuple(shifts), tuple(drms), column, entrenched)


def bombardment_result(
    ruleset: Ruleset, solution: BombardmentSolution, roll: int
) -> BombardmentResult:
    """The table's result for `roll`, reduced by one against an entrenched target (15.2)."""
    table = ruleset.tables.bombardment
    result = table.resolve(solution.total_factors, solution.total_shift, solution.drm, roll=roll)
    return table.modifiers.apply_entrenchment(result) if solution.entrenched else result


def counterbattery_solution(
    ruleset: Ruleset, state: GameState, firing: tuple[str, ...], target_unit: str
) -> BombardmentSolution:
    """[12.4] Counterbattery against one enemy artillery unit: +1 with a friendly unit
    adjacent to the target, one column left when the target is entrenched."""
    table = ruleset.tables.counterbattery
    owner = ruleset.catalogue.ground[target_unit].player
    target = _hex(state, target_unit)
    factors = bombardment_factors(ruleset, state, firing)
    entrenched = _entrenched(state, target_unit, owner)
    shifts = (
        (Item("entrenched target", table.modifiers.column_shifts(entrenched=True), "15.2"),)
        if entrenched
        else ()
    )
    drms = (
        (
            Item(
                "friendly unit adjacent to the target",
                table.modifiers.drm(friendly_adjacent=True),
                "12.4",
            ),
        )
        if friendly_near(ruleset, state, owner.opponent, target, 1)
        else ()
    )
    total = sum(i.value for i in factors)
    column = table.column_for(total, sum(i.value for i in shifts))
    return BombardmentSolution(factors, shifts, drms, column, entrenched)


def counterbattery_result(
    ruleset: Ruleset, solution: BombardmentSolution, roll: int
) -> CounterbatteryResult:
    return ruleset.tables.counterbattery.resolve(
        solution.total_factors, solution.total_shift, solution.drm, roll=roll
    )


def proficiency_check(ruleset: Ruleset, unit_id: str, roll: int) -> bool:
    """[11.5, 12.4] A check passes when the die is not above the unit's proficiency."""
    return roll <= ruleset.catalogue.ground[unit_id].proficiency
