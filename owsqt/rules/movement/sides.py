"""Where a side's stacks stand against the enemy's in one state (8.1, 8.3, 16.3): sorted
once per state and side, for every stack of that side that moves in it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState, stacks_of
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.unitfacts import convoys, neighbour_hexes, side_of
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Sides:
    """How a side's stacks see the map in one state: the enemy's hexes (those held only
    by convoys apart, which Soviet units move through, 16.3), the hexes next to them, and
    the side's own hexes and those holding a convoy."""

    enemy_hexes: frozenset[Hex]
    enemy_convoys: Mapping[Hex, tuple[str, ...]]
    near_enemy: frozenset[Hex]
    own_hexes: frozenset[Hex]
    convoy_hexes: frozenset[Hex]


def sides_of(ruleset: Ruleset, state: GameState, player: Player) -> Sides:
    """How `player`'s stacks see the map in `state`: derived from its units alone, once
    per units map, like zoc_of; every stack of the side sees the same."""
    return sides_in(ruleset, state.units, player)


def sides_in(ruleset: Ruleset, units: FrozenMap[str, UnitState], player: Player) -> Sides:
    """`sides_of` any state whose units are `units`."""
    return units.derived(_sort_sides, ruleset, player)


def _sort_sides(units: FrozenMap[str, UnitState], ruleset: Ruleset, player: Player) -> Sides:
    whose, convoy = side_of(ruleset), convoys(ruleset)
    enemy: set[Hex] = set()
    enemy_convoys: dict[Hex, tuple[str, ...]] = {}
    own: set[Hex] = set()
    own_convoys: set[Hex] = set()
    for hex_, stack in units.derived(stacks_of).items():
        if whose[stack[0]] is player:
            own.add(hex_)
            if not convoy.isdisjoint(stack):
                own_convoys.add(hex_)
        elif player is Player.SOVIET and convoy.issuperset(stack):
            enemy_convoys[hex_] = stack  # 16.3: Soviet units move through them
        else:
            enemy.add(hex_)
    around = neighbour_hexes(ruleset)
    near = set(enemy)
    for hex_ in enemy:
        near.update(around.get(hex_, ()))
    return Sides(
        frozenset(enemy),
        MappingProxyType(enemy_convoys),
        frozenset(near),
        frozenset(own),
        frozenset(own_convoys),
    )
