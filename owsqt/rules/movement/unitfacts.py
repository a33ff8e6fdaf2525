"""What the printed counters say that every state asks of them by the thousand (whose each
unit is, which are convoys, which may have a ZOC), made once per ruleset into tables: the
stacks, sides and zones of control of each new state are sorted from them."""

from __future__ import annotations

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass, UnitSize
from owsqt.rules.scenario.ruleset import Ruleset


def side_of(ruleset: Ruleset) -> dict[str, Player]:
    """[2.1] Whose each ground unit is, by id."""
    return ruleset.derived(_sides)


def convoys(ruleset: Ruleset) -> frozenset[str]:
    """[16.3] The convoys."""
    return ruleset.derived(_convoys)


def zoc_capable(ruleset: Ruleset) -> frozenset[str]:
    """[10.1] The units that have a ZOC while undisrupted: every one but the headquarters,
    the convoys and the company-sized units."""
    return ruleset.derived(_zoc_capable)


def neighbour_hexes(ruleset: Ruleset) -> dict[Hex, tuple[Hex, ...]]:
    """The neighbours on the map of each map hex."""
    return ruleset.derived(_neighbour_hexes)


def _sides(ruleset: Ruleset) -> dict[str, Player]:
    return {unit_id: unit.player for unit_id, unit in ruleset.catalogue.ground.items()}


def _convoys(ruleset: Ruleset) -> frozenset[str]:
    ground = ruleset.catalogue.ground.items()
    return frozenset(u for u, unit in ground if unit.unit_class is UnitClass.CONVOY)


def _zoc_capable(ruleset: Ruleset) -> frozenset[str]:
    no_zoc = (UnitClass.HEADQUARTERS, UnitClass.CONVOY)
    return frozenset(
        unit_id
        for unit_id, unit in ruleset.catalogue.ground.items()
        if unit.unit_class not in no_zoc and unit.size is not UnitSize.COMPANY
    )


def _neighbour_hexes(ruleset: Ruleset) -> dict[Hex, tuple[Hex, ...]]:
    grid = ruleset.grid
    return {h: tuple(n for _, n in grid.neighbours(h)) for h in ruleset.game_map.hexes}
