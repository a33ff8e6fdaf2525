"""Zones of control (10.1-10.2): who exerts them, where they reach, and what they cost."""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass, UnitSize
from owsqt.rules.map.gamemap import RiverClass
from owsqt.rules.scenario.ruleset import Ruleset

ENTER_ZOC_COST = 2  # [10.2] MP to enter an enemy ZOC
LEAVE_ZOC_COST = 1  # [10.2] MP to leave an enemy ZOC


def exerts_zoc(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[10.1] Headquarters, company-sized and disrupted units have no ZOC."""
    unit = ruleset.catalogue.ground[unit_id]
    if unit.unit_class in (UnitClass.HEADQUARTERS, UnitClass.CONVOY):
        return False
    if unit.size is UnitSize.COMPANY:
        return False
    return not state.units[unit_id].disrupted


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
    a ZOC, except across major rivers (10.1)."""
    # Derived once per state and side, like GameState.stacks: states never change. The
    # entry keeps its ruleset alive, so that the ruleset's id cannot be reused meanwhile.
    cache: dict[tuple[int, Player], tuple[Ruleset, frozenset[Hex]]] = state.__dict__.setdefault(
        "_zoc_cache", {}
    )
    key = (id(ruleset), player)
    if key not in cache:
        cache[key] = (ruleset, _zone_of(ruleset, state, player))
    return cache[key][1]


def zoc_reach(ruleset: Ruleset, hex_: Hex) -> tuple[Hex, ...]:
    """[10.1] The neighbours a ZOC from `hex_` reaches: every one but those across a major
    river hexside."""
    return tuple(n for _, n in ruleset.grid.neighbours(hex_) if zoc_crosses(ruleset, hex_, n))


def _zoc_reaches(ruleset: Ruleset) -> dict[Hex, tuple[Hex, ...]]:
    """`zoc_reach` of every map hex, once per map (ruleset.derived)."""
    return {hex_: zoc_reach(ruleset, hex_) for hex_ in ruleset.game_map.hexes}


def _zone_of(ruleset: Ruleset, state: GameState, player: Player) -> frozenset[Hex]:
    catalogue = ruleset.catalogue
    reaches = ruleset.derived(_zoc_reaches)
    zone: set[Hex] = set()
    for hex_, stack in state.stacks.items():
        if catalogue.ground[stack[0]].player is not player:
            continue
        if not stack_exerts_zoc(ruleset, state, hex_):
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
