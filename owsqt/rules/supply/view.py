"""What the map's supply overlay shows of one side (14.2): each headquarters' link up its
chain (division to top headquarters, top headquarters to the nearest friendly map edge
hex), whether the line is open, and the hexes of the units cut off now."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.chains import chains_of
from owsqt.rules.supply.lines import trace_supply


@dataclass(frozen=True, slots=True)
class ChainLink:
    """One link of a chain of command as the overlay draws it, and whether it holds."""

    start: Hex
    end: Hex
    open: bool


@dataclass(frozen=True, slots=True)
class SupplyView:
    links: tuple[ChainLink, ...]
    cut_off: frozenset[Hex]  # hexes holding a unit with no line now


def supply_view(ruleset: Ruleset, state: GameState, player: Player) -> SupplyView:
    """[14.2] The chains of `player`'s headquarters on the map and the units cut off."""
    chains = chains_of(ruleset)
    trace = trace_supply(ruleset, state, player)
    edges = ruleset.game_map.supply_edges[player.value]
    hexes = {
        unit_id: unit.hex
        for unit_id, unit in state.units.items()
        if unit.hex is not None and ruleset.catalogue.ground[unit_id].player is player
    }
    links = []
    for hq in sorted(chains.tops & hexes.keys()):
        at = hexes[hq]
        nearest = min(edges, key=lambda edge: distance(at, edge))
        links.append(ChainLink(at, nearest, hq in trace.supplied))
    for hq, top in sorted(chains.division_tops.items()):
        if top is not None and hq in hexes and top in hexes:
            links.append(ChainLink(hexes[hq], hexes[top], hq in trace.supplied))
    cut = frozenset(hexes[u] for u in trace.why_not if u in hexes)
    return SupplyView(tuple(links), cut)
