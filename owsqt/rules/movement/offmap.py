"""Units retreated off the map (11.7): from which turn and at which hexes they return.

"Units forced to retreat off the edge of the map are not eliminated. If possible, they
return on the exit hex during their next Player Phase. If this hex is enemy occupied, the
affected units return at the nearest hex not in an enemy ZOC and closest to their supply
source." (11.7; readings 35, 48 and 174.) They come back by moving, as reinforcements
do (movement/arrivals.py); movement/returnsdue.py says which returns a movement segment
owes before it ends.
"""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.movecost import closed_hexes
from owsqt.rules.movement.zoc import zoc_of
from owsqt.rules.scenario.ruleset import Ruleset

# Phases of a turn that come before both Player Phases (3.1)
_BEFORE_PLAYER_PHASES = frozenset(
    {Phase.SETUP, Phase.AIR_OPERATIONS, Phase.STALINGRAD_POCKET, Phase.INITIATIVE}
)


def return_turn(state: GameState, player: Player) -> int:
    """[11.7] The turn of `player`'s next Player Phase, for his units retreated off the map
    now (reading 174): this turn's when his phase is still to come (the retreat is made
    before the Player Phases, or in the first one and it is the enemy's), else the next
    turn's (the retreat is made in his own phase or in the second one)."""
    if state.phase in _BEFORE_PLAYER_PHASES:
        return state.turn
    if state.phase is Phase.FIRST_PLAYER and state.active is not player:
        return state.turn
    return state.turn + 1


def supply_edge_distance(ruleset: Ruleset, player: Player, hex_: Hex) -> int:
    """Hexes, as the crow flies, from `hex_` to the nearest of `player`'s supply edge hexes
    (14.2): how near a hex is to his supply source (readings 46 and 174)."""
    return min(distance(hex_, source) for source in ruleset.game_map.supply_edges[player.value])


def return_hexes(ruleset: Ruleset, state: GameState, unit_id: str) -> tuple[Hex, ...]:
    """[11.7] Where `unit_id`, retreated off the map, comes back: its exit hex; if the
    enemy holds it, the hexes nearest it neither held by the enemy, nor in his ZOC, nor
    closed to the unit (8.2), and among them those nearest the unit's supply edge (14.2);
    the player chooses among hexes equally near both (reading 35)."""
    exit_hex = state.units[unit_id].return_hex
    if exit_hex is None:
        return ()
    player = ruleset.catalogue.ground[unit_id].player
    enemy_held = {
        h
        for h, stack in state.stacks.items()
        if ruleset.catalogue.ground[stack[0]].player is not player
    }
    if exit_hex not in enemy_held:
        return (exit_hex,)
    enemy_zoc = zoc_of(ruleset, state, player.opponent)
    closed = closed_hexes(ruleset, player).keys()  # 8.2: the pocket, to Soviet units
    blocked = enemy_held | enemy_zoc | closed
    free = [h for h in ruleset.game_map.hexes if h not in blocked]
    if not free:
        return ()
    nearest = min(distance(exit_hex, h) for h in free)
    ring = [h for h in free if distance(exit_hex, h) == nearest]
    to_source = {h: supply_edge_distance(ruleset, player, h) for h in ring}
    closest = min(to_source.values())
    return tuple(sorted(h for h in ring if to_source[h] == closest))
