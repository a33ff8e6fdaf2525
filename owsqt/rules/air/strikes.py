"""Air missions against the ground: ground attack in the Air Bombardment Segment (4.6)
and German interdiction in the Interdiction Segment (4.5).

The mission aircraft that survived the Air Combat Segment fly, with the escorts of their
mission that fought no air combat (4.6: their bombardment factors are added). After its
mission every aircraft goes to the flown box. Under the fog of war (18.1) a ground attack
names a unit its side sees, or strikes a hidden unit of a hex drawn at random (fog/draw.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.air.charts import ESCORT_OF, units_in
from owsqt.rules.combat.artillery import (
    BombardmentSolution,
    bombardment_result,
    bombardment_solution,
)
from owsqt.rules.combat.casualties import disrupt, lose_points
from owsqt.rules.combat.fire import Item
from owsqt.rules.combat.targets import ground_attack_reach
from owsqt.rules.core.actions import GroundAttack, Interdict
from owsqt.rules.core.events import (
    AirUnitMoved,
    Event,
    FireResolved,
    InterdictionChanged,
)
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState, InterdictionZone
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player, UnitStatus
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.fog.draw import draw_target, one_target, random_target_problems, unseen_target
from owsqt.rules.scenario.ruleset import Ruleset

ZONE_RADIUS = 5  # 4.5: "an interdiction zone of five hexes from the target hex"


def mission_aircraft(
    ruleset: Ruleset, state: GameState, player: Player, mission: AirBox
) -> tuple[str, ...]:
    """[4.5, 4.6] The aircraft that may fly `mission` now: those in its box, and the escorts
    of it that were not involved in air combat."""
    escorts = units_in(ruleset, state, player, ESCORT_OF[mission])
    free = tuple(u for u in escorts if u not in state.air.engaged)
    return (*units_in(ruleset, state, player, mission), *free)


def _aircraft_problems(
    ruleset: Ruleset, state: GameState, air_units: tuple[str, ...], mission: AirBox, rule: str
) -> tuple[Player | None, list[Violation]]:
    if not air_units:
        raise InvalidAction("name the aircraft that fly the mission")
    for air_id in air_units:
        if air_id not in ruleset.catalogue.air:
            raise InvalidAction(f"there is no air unit {air_id!r} in this game")
    players = {ruleset.catalogue.air[a].player for a in air_units}
    if len(players) != 1:
        raise InvalidAction("one side's aircraft fly a mission together")
    player = players.pop()
    allowed = mission_aircraft(ruleset, state, player, mission)
    violations = [
        Violation(rule, f"{ruleset.catalogue.air[a].name} does not fly this mission now")
        for a in air_units
        if a not in allowed
    ]
    return player, violations


def _flown(state: GameState, air_units: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """[4.5, 4.6] After its mission an aircraft goes to the flown box."""
    events: list[Event] = []
    for air_id in air_units:
        state = state.with_air_unit(air_id, AirBox.FLOWN)
        events.append(AirUnitMoved(air_id, AirBox.FLOWN, None))
    return state, events


def ground_attack_solution(
    ruleset: Ruleset, state: GameState, air_units: tuple[str, ...], target_unit: str
) -> BombardmentSolution:
    """[4.6, 12.4, 16.1] The bombardment of `target_unit` by `air_units`: each aircraft's
    bombardment factor, the target's column shifts, the antiaircraft DRM."""
    catalogue = ruleset.catalogue.air
    factors = tuple(Item(catalogue[a].name, catalogue[a].bombardment, "4.6") for a in air_units)
    return bombardment_solution(ruleset, state, (), target_unit, air_factors=factors)


@dataclass(frozen=True, slots=True)
class InterdictionSolution:
    """[4.5, 16.1] The bombardment strength of the aircraft, its column on the
    Bombardment Table, the Soviet antiaircraft units in the zone and the DRM they give."""

    total: int
    column: str
    antiaircraft: int
    drm: int


def interdiction_solution(
    ruleset: Ruleset, state: GameState, air_units: tuple[str, ...], target: Hex
) -> InterdictionSolution:
    """[4.5] The interdiction of `target` by `air_units`, as it is rolled."""
    table = ruleset.tables.bombardment
    total = sum(ruleset.catalogue.air[a].bombardment for a in air_units)
    guns = antiaircraft_near(ruleset, state, target)
    drm = table.modifiers.interdiction_drm(guns)
    return InterdictionSolution(total, table.column_for(total, 0), guns, drm)


# --- ground attack (4.6) -------------------------------------------------------------------


def _judge_attack(ruleset: Ruleset, state: GameState, action: GroundAttack) -> list[Violation]:
    player, violations = _aircraft_problems(
        ruleset, state, action.air_units, AirBox.GROUND_ATTACK, "4.6"
    )
    one_target(action.target_unit, action.hidden_in)
    if action.hidden_in is not None:  # 18.1: a hidden unit of the hex, drawn at random
        hex_ = action.hidden_in
        if hex_ not in ruleset.game_map.hexes:
            raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")
        violations.extend(random_target_problems(ruleset, state, player, hex_))
        return [*violations, *_reach_problems(ruleset, state, player, hex_)]
    assert action.target_unit is not None  # one_target
    target = state.units[action.target_unit]
    defn = ruleset.catalogue.ground[action.target_unit]
    if target.hex is None or target.status is not UnitStatus.ON_MAP:
        return [*violations, Violation("4.6", f"{defn.name} is not on the map")]
    if defn.player is player:
        violations.append(Violation("4.6", "aircraft attack enemy ground units"))
    elif unseen := unseen_target(ruleset, state, player, action.target_unit):
        violations.append(unseen)
    if defn.unit_class is UnitClass.HEADQUARTERS:
        violations.append(Violation("12.4", "headquarters units may not be bombarded"))
    return [*violations, *_reach_problems(ruleset, state, player, target.hex)]


def _reach_problems(
    ruleset: Ruleset, state: GameState, player: Player | None, hex_: Hex
) -> list[Violation]:
    """[4.6] A Soviet target lies within five hexes of a Soviet unit."""
    if player is not None and hex_ not in ground_attack_reach(ruleset, state, player):
        where = ruleset.grid.id_of(hex_)
        return [Violation("4.6", f"{where} is not within five hexes of a Soviet unit")]
    return []


def _resolve_attack(
    ruleset: Ruleset, state: GameState, action: GroundAttack
) -> tuple[GameState, list[Event]]:
    player, _ = _aircraft_problems(ruleset, state, action.air_units, AirBox.GROUND_ATTACK, "4.6")
    one_target(action.target_unit, action.hidden_in)
    drawn: list[Event] = []
    if action.hidden_in is not None:  # 18.1: the unit is drawn before the aircraft strike
        if player is None:
            raise InvalidAction("one side's aircraft fly a mission together")
        target, state, drawn = draw_target(
            ruleset, state, player, action.hidden_in, "ground attack"
        )
    else:
        assert action.target_unit is not None  # one_target
        target = action.target_unit
    if state.units[target].hex is None:
        raise InvalidAction("the target is not on the map")
    solution = ground_attack_solution(ruleset, state, action.air_units, target)
    roll, state, rolled = roll_die(state, "ground attack", player)
    result = bombardment_result(ruleset, solution, roll)
    events: list[Event] = [
        *drawn,
        rolled,
        FireResolved(
            "ground attack",
            solution.total_factors,
            solution.column,
            solution.drm,
            roll,
            str(result),
        ),
    ]
    state, lost = lose_points(ruleset, state, target, result.losses)
    events.extend(lost)
    if result.disrupted:
        state, disrupted = disrupt(ruleset, state, (target,))
        events.extend(disrupted)
    state, flown = _flown(state, action.air_units)
    return state, [*events, *flown]


# --- interdiction (4.5) --------------------------------------------------------------------


def antiaircraft_near(ruleset: Ruleset, state: GameState, target: Hex) -> int:
    """[16.1] The Soviet antiaircraft units in the potential interdiction zone."""
    catalogue = ruleset.catalogue.ground
    return sum(
        1
        for unit_id, unit in state.units.items()
        if unit.hex is not None
        and unit.status is UnitStatus.ON_MAP
        and catalogue[unit_id].player is Player.SOVIET
        and catalogue[unit_id].type is UnitType.ANTIAIRCRAFT
        and distance(unit.hex, target) <= ZONE_RADIUS
    )


def _judge_interdict(ruleset: Ruleset, state: GameState, action: Interdict) -> list[Violation]:
    player, violations = _aircraft_problems(
        ruleset, state, action.air_units, AirBox.INTERDICTION, "4.5"
    )
    if player is not Player.GERMAN:
        violations.append(Violation("4.2", "only German air units fly interdiction"))
    if action.target not in ruleset.game_map.hexes:
        raise InvalidAction(f"hex {ruleset.grid.id_of(action.target)} is not on the map")
    return violations


def _resolve_interdict(
    ruleset: Ruleset, state: GameState, action: Interdict
) -> tuple[GameState, list[Event]]:
    player, _ = _aircraft_problems(ruleset, state, action.air_units, AirBox.INTERDICTION, "4.5")
    solution = interdiction_solution(ruleset, state, action.air_units, action.target)
    total, drm = solution.total, solution.drm
    roll, state, rolled = roll_die(state, "interdiction", player)
    result = ruleset.tables.bombardment.resolve(total, 0, drm, roll=roll)
    events: list[Event] = [
        rolled,
        FireResolved("interdiction", total, solution.column, drm, roll, str(result)),
    ]
    if result.losses > 0:  # 4.5: a number is the movement points the zone costs
        state, penalty = _with_zone(state, action.target, result.losses)
        events.append(InterdictionChanged(action.target, penalty))
    state, flown = _flown(state, action.air_units)
    return state, [*events, *flown]


def _with_zone(state: GameState, center: Hex, penalty: int) -> tuple[GameState, int]:
    """[4.5] A new zone; a second success on the same hex adds to its penalty, as
    overlapping zones add up."""
    zones = state.interdiction_zones
    same = [z for z in zones if z.center == center]
    total = penalty + sum(z.penalty for z in same)
    rest = tuple(z for z in zones if z.center != center)
    zone = InterdictionZone(center, total, state.turn, ZONE_RADIUS)
    return replace(state, interdiction_zones=(*rest, zone)), total


HANDLERS = {
    GroundAttack: (_judge_attack, _resolve_attack),
    Interdict: (_judge_interdict, _resolve_interdict),
}
