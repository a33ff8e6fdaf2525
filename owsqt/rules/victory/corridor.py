"""The corridor into the Stalingrad pocket (19.33): "a path of hexes free of Soviet units
and their ZOCs (German units block Soviet ZOCs for this purpose)".

A corridor is open when such a path joins a hex of the pocket to the relief force's
headquarters (the scenario's `corridor_to`, the 57th Panzer Corps HQ), as Operation
Thunderclap's link runs (5.1): the line search of 10.3 (supply/lines.py), which never
enters a hex held by a Soviet unit nor a Soviet zone of control without a German unit on
it: a German Army or Luftwaffe unit, not a Rumanian one (reading 170). With that
headquarters off the map there is no corridor (docs/rulebook-readings.md).
"""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.lines import line_between, line_gap


def pocket_order(ruleset: Ruleset) -> tuple[Hex, ...]:
    """The pocket's hexes in a fixed order, so that the hex named is the same each time."""
    return tuple(sorted(ruleset.game_map.pocket, key=ruleset.grid.id_of))


def corridor(ruleset: Ruleset, state: GameState) -> Hex | None:
    """[19.33] The pocket hex the corridor enters if one is open in `state`, else None."""
    end = _far_end(ruleset, state)
    if end is None:
        return None
    pocket = ruleset.derived(pocket_order)
    return line_between(ruleset, state, Player.GERMAN, pocket, (end,), _negating(ruleset, state))


def corridor_gap(ruleset: Ruleset, state: GameState) -> int | None:
    """[19.33] How far the German is from a corridor (supply.lines.line_gap): the fewest
    hexes between the pocket and the relief's headquarters that shut it, 2 for one held by
    a Soviet unit, 1 for one only in a Soviet ZOC; 0 while one is open, None without the
    headquarters on the map or outside a campaign."""
    end = _far_end(ruleset, state)
    if end is None:
        return None
    pocket = ruleset.derived(pocket_order)
    return line_gap(ruleset, state, Player.GERMAN, (end,), pocket, _negating(ruleset, state))


def _far_end(ruleset: Ruleset, state: GameState) -> Hex | None:
    """The hex of the headquarters a corridor joins to the pocket (`corridor_to`)."""
    scenario = ruleset.scenarios.get(state.scenario)
    target = scenario.victory.get("corridor_to") if scenario else None
    unit = state.units.get(target) if isinstance(target, str) else None
    if unit is None or unit.hex is None or unit.status is not UnitStatus.ON_MAP:
        return None
    return unit.hex


def _negating(ruleset: Ruleset, state: GameState) -> frozenset[Hex]:
    """The hexes whose units negate Soviet ZOCs for a corridor: German, not Rumanian."""
    catalogue = ruleset.catalogue.ground
    return frozenset(
        hex_ for hex_, stack in state.stacks.items() if any(catalogue[u].german for u in stack)
    )
