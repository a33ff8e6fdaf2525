"""Zones of control (10.1-10.2): who exerts them, where they reach, and what they cost."""

from __future__ import annotations

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.state import GameState, UnitState, stacks_of
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.gamemap import RiverClass
from owsqt.rules.movement.unitfacts import side_of, zoc_capable
from owsqt.rules.scenario.ruleset import Ruleset

ENTER_ZOC_COST = 2  # [10.2] MP to enter an enemy ZOC
LEAVE_ZOC_COST = 1  # [10.2] MP to leave an enemy ZOC


def exerts_zoc(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[10.1] Headquarters, company-sized and disrupted units have no ZOC."""
    return unit_id in zoc_capable(ruleset) and not state.units[unit_id].disrupted


def stack_exerts_zoc(ruleset: Ruleset, state: GameState, hex_: Hex) -> bool:
    """[10.1, 13.0] A stack has a ZOC when any of its units has one: a mixed stack of
    disrupted and undisrupted units keeps its ZOC."""
    return any(exerts_zoc(ruleset, state, unit_id) for unit_id in state.stack(hex_))


def zoc_crosses(ruleset: Ruleset, from_hex: Hex, to_hex: Hex) -> bool:
    """[10.1] ZOCs do not extend across major river hexsides or major river bridges."""
    river = ruleset.game_map.rivers.get(Hexside.between(from_hex, to_hex))
    return river is None or river.river is not RiverClass.MAJOR


def zoc_of(ruleset: Ruleset, state: GameState, player: Player) -> frozenset[Hex]:
    """Every hex in the ZOC of `player`'s units: the six hexes around each stack that has
    a ZOC, except across major rivers (10.1). Derived from the units alone, once per
    units map."""
    return zoc_in(ruleset, state.units, player)


def zoc_in(ruleset: Ruleset, units: FrozenMap[str, UnitState], player: Player) -> frozenset[Hex]:
    """`zoc_of` any state whose units are `units`."""
    return units.derived(_zone_of, ruleset, player)


def zoc_reach(ruleset: Ruleset, hex_: Hex) -> tuple[Hex, ...]:
    """[10.1] The neighbours a ZOC from `hex_` reaches: every one but those across a major
    river hexside."""
    return tuple(n for _, n in ruleset.grid.neighbours(hex_) if zoc_crosses(ruleset, hex_, n))


def _zoc_reaches(ruleset: Ruleset) -> dict[Hex, tuple[Hex, ...]]:
    """`zoc_reach` of every map hex, once per map (ruleset.derived)."""
    return {hex_: zoc_reach(ruleset, hex_) for hex_ in ruleset.game_map.hexes}


def _zone_of(units: FrozenMap[str, UnitState], ruleset: Ruleset, player: Player) -> frozenset[Hex]:
    whose, capable = side_of(ruleset), zoc_capable(ruleset)
    reaches = ruleset.derived(_zoc_reaches)
    zone: set[Hex] = set()
    for hex_, stack in units.derived(stacks_of).items():
        if whose[stack[0]] is not player:
            continue
        if not any(u in capable and not units[u].disrupted for u in stack):  # 10.1, 13.0
            continue
        reach = reaches.get(hex_)
        zone.update(zoc_reach(ruleset, hex_) if reach is None else reach)
    return frozenset(zone)


def zoc_holders(ruleset: Ruleset, state: GameState, player: Player, hex_: Hex) -> tuple[str, ...]:
    """`player`'s units whose own ZOC covers `hex_`: adjacent, not across a major river,
    and having a ZOC (10.1; 13.0: a disrupted unit neither has one nor fires)."""
    catalogue = ruleset.catalogue
    return tuple(
        unit_id
        for _, other in ruleset.grid.neighbours(hex_)
        if zoc_crosses(ruleset, other, hex_)
        for unit_id in state.stack(other)
        if catalogue.ground[unit_id].player is player and exerts_zoc(ruleset, state, unit_id)
    )
