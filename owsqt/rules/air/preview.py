"""Read-only previews of air missions for the table (4.4-4.6): the solution a ground
attack or an interdiction would be rolled on, and the targets the deciding side of an air
battle is offered first. Nothing here changes the state; the handlers in `battles` and
`strikes` stay the judges."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.air.battles import deciding_units, target_units
from owsqt.rules.air.strikes import antiaircraft_near
from owsqt.rules.combat.artillery import BombardmentSolution, bombardment_solution
from owsqt.rules.combat.fire import Item
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import AirBattle, GameState
from owsqt.rules.core.steps import AirBattleStage
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class InterdictionSolution:
    """[4.5, 16.1] The bombardment strength of the aircraft, its column on the
    Bombardment Table, the Soviet antiaircraft units in the zone and the DRM they give."""

    total: int
    column: str
    antiaircraft: int
    drm: int


def ground_attack_solution(
    ruleset: Ruleset, state: GameState, air_units: tuple[str, ...], target_unit: str
) -> BombardmentSolution:
    """[4.6, 12.4, 16.1] The bombardment of `target_unit` by `air_units`, as the ground
    attack would roll it (each aircraft's bombardment factor, the target's shifts, the
    antiaircraft DRM)."""
    catalogue = ruleset.catalogue.air
    factors = tuple(Item(catalogue[a].name, catalogue[a].bombardment, "4.6") for a in air_units)
    return bombardment_solution(ruleset, state, (), target_unit, air_factors=factors)


def interdiction_solution(
    ruleset: Ruleset, state: GameState, air_units: tuple[str, ...], target: Hex
) -> InterdictionSolution:
    """[4.5] The interdiction of `target` by `air_units`, as it would be rolled."""
    table = ruleset.tables.bombardment
    total = sum(ruleset.catalogue.air[a].bombardment for a in air_units)
    guns = antiaircraft_near(ruleset, state, target)
    return InterdictionSolution(
        total, table.column_for(total, 0), guns, table.modifiers.interdiction_drm(guns)
    )


def proposed_pairs(ruleset: Ruleset, state: GameState, battle: AirBattle) -> dict[str, str]:
    """[4.4] A target for each deciding unit: every enemy fighter not yet engaged is
    covered before any is fired at twice (the bombers: one each, in turn)."""
    deciding = deciding_units(ruleset, state, battle)
    targets = list(target_units(ruleset, state, battle))
    if not targets:
        return {}
    if battle.stage is AirBattleStage.DESIGNATION:
        answered = set(_first_firers(battle))
        targets.sort(key=lambda t: t in answered)  # the uncovered ones first
    return {unit: targets[index % len(targets)] for index, unit in enumerate(deciding)}


def _first_firers(battle: AirBattle) -> list[str]:
    """The fighters of the side with the bounce that fire back at their pair already."""
    seen: dict[str, str] = {}
    for firer, target in battle.pairs.items():
        seen.setdefault(target, firer)
    return list(seen.values())
