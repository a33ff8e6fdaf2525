"""The cost of one step of movement (8.1, 8.2 and the Terrain Effects Chart).

A step from a hex to an adjacent hex costs the terrain of the hex entered by the
unit's movement class, or the road's rate when a road joins the two hexes, plus
what the hexside between them adds: a minor river (+3/+4/+6 MP), or a bridge
(+1 MP) where a road crosses it. Major rivers are prohibited (8.2: no unit
crosses the Don, bridges included), and Soviet units may not enter the pocket.
"""

from __future__ import annotations

from fractions import Fraction

from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables import Tables
from owsqt.rules.data.units import MovementClass
from owsqt.rules.map.gamemap import ConnectionKind, GameMap, RiverClass

_ROAD_TERRAIN = {
    ConnectionKind.PRIMARY_ROAD: "primary_road",
    ConnectionKind.SECONDARY_ROAD: "secondary_road",
}


class Prohibited(ValueError):
    """A step no unit of that kind may take; the message cites the rule."""


def road_between(game_map: GameMap, a: Hex, b: Hex) -> ConnectionKind | None:
    """The best road joining two adjacent hexes, if any (the railroad is not a road)."""
    kinds = {c.kind for c in game_map.connections_of(a) if b in (c.a, c.b)}
    for kind in (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD):
        if kind in kinds:
            return kind
    return None


def step_items(
    tables: Tables,
    game_map: GameMap,
    from_hex: Hex,
    to_hex: Hex,
    movement_class: MovementClass,
    player: Player,
    *,
    icy: bool = False,
    road_allowed: bool = True,
    bridged: bool | None = None,
) -> list[tuple[str, Fraction]]:
    """What moving from `from_hex` into the adjacent `to_hex` costs, item by item (TEC).

    `icy`: the Turn Record Track's icy roads, when road hexes count as clear terrain (8.1).
    `road_allowed`: False where the road rate may not be used (16.3: a hex with a convoy).
    `bridged`: a Bridge (True) or Bridge Out (False) marker on the hexside (16.2); None
    for the map's own bridges.
    Raises Prohibited, citing the rule, for a step no unit may take.
    """
    tec = tables.tec
    kind = movement_class.value
    river = game_map.rivers.get(Hexside.between(from_hex, to_hex))
    if river is not None and river.river is RiverClass.MAJOR:
        raise Prohibited(f"8.2: no unit may cross the {river.name}, bridges included")
    if player is Player.SOVIET and game_map.hexes[to_hex].pocket:
        raise Prohibited("8.2: no Soviet unit may enter a hex of the Stalingrad pocket")
    road = road_between(game_map, from_hex, to_hex) if road_allowed else None
    if road is not None and icy:  # 8.1: on icy turns roads count as clear
        items = [("icy road, as clear terrain", tec.terrain("clear").cost(kind))]
    elif road is not None:
        row = tec.terrain(_ROAD_TERRAIN[road])
        items = [(row.name.lower(), row.cost(kind))]
    else:
        row = tec.terrain(game_map.terrain(to_hex).value)
        items = [(row.name.lower(), row.cost(kind))]
    has_bridge = river is not None and (river.bridge if bridged is None else bridged)
    if river is not None and has_bridge:  # a bridge carries anyone stepping across it
        items.append((f"bridge over the {river.name}", tec.terrain("bridge").hexside_extra(kind)))
    elif river is not None:
        extra = tec.terrain("minor_river").hexside_extra(kind)
        items.append((f"across the {river.name}", extra))
    return items


def step_cost(
    tables: Tables,
    game_map: GameMap,
    from_hex: Hex,
    to_hex: Hex,
    movement_class: MovementClass,
    player: Player,
    *,
    icy: bool = False,
    road_allowed: bool = True,
    bridged: bool | None = None,
) -> Fraction:
    """The MP cost of moving from `from_hex` into the adjacent `to_hex` (TEC); see
    step_items for the parts."""
    items = step_items(
        tables,
        game_map,
        from_hex,
        to_hex,
        movement_class,
        player,
        icy=icy,
        road_allowed=road_allowed,
        bridged=bridged,
    )
    return sum((points for _, points in items), Fraction(0))
