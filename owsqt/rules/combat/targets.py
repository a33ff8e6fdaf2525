"""Where bombardment may strike, as areas of the map: an artillery unit's range (12.4), the
hexes within two of a friendly unit (12.4), and the reach of Soviet ground attack missions
(4.6). The rules test a target against these areas; the map draws the same ones.
"""

from __future__ import annotations

from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.zones import Area, disc, reach, whole_map
from owsqt.rules.movement.sides import sides_of
from owsqt.rules.scenario.ruleset import Ruleset

SPOTTING_LIMIT = 2  # 12.4: targets within two hexes of a friendly unit
GROUND_ATTACK_REACH = 5  # 4.6: Soviet air targets within five hexes of any Soviet unit


def units_reach(ruleset: Ruleset, state: GameState, player: Player, radius: int) -> Area:
    """Every hex within `radius` hexes of a unit of `player` on the map."""
    return reach(ruleset.game_map, sides_of(ruleset, state, player).own_hexes, radius)


def artillery_range(ruleset: Ruleset, state: GameState, unit_id: str) -> Area:
    """[12.4] The hexes `unit_id` reaches with its range factor: counted without its own
    hex and with the target's, so every hex at most `range` away. Empty for a unit with
    no range factor (12.1) or off the map."""
    hex_ = state.units[unit_id].hex
    weapon_range = ruleset.catalogue.ground[unit_id].range
    if hex_ is None or weapon_range is None:
        return Area(ruleset.game_map, frozenset())
    return disc(ruleset.game_map, hex_, weapon_range)


def spotting_area(ruleset: Ruleset, state: GameState, player: Player) -> Area:
    """[12.4] Where `player`'s bombardment may strike: within two hexes of his units."""
    return units_reach(ruleset, state, player, SPOTTING_LIMIT)


def ground_attack_reach(ruleset: Ruleset, state: GameState, player: Player) -> Area:
    """[4.6] Where `player`'s ground attack missions may strike: for Soviet air units
    within five hexes of any Soviet unit, for German air units any hex on the map."""
    if player is Player.GERMAN:
        return whole_map(ruleset.game_map)
    return units_reach(ruleset, state, player, GROUND_ATTACK_REACH)
