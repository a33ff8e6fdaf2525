"""The cost of one step of movement, and the steps terrain forbids (8.1, 8.2, the TEC).

A step from a hex to an adjacent hex costs the terrain of the hex entered by the
unit's movement class, or the road's rate when a road joins the two hexes, plus
what the hexside between them adds: a minor river, or a bridge where one spans it.
Every figure and every prohibition, with its rule, is the Terrain Effects Chart's;
this module only reads the map for it: the river a step crosses (8.2: no unit
crosses the Don, bridges included) and the hexes of the pocket (8.2: closed to
Soviet units). The prohibitions are asked of the chart once per ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import MovementClass
from owsqt.rules.map.gamemap import ConnectionKind, GameMap
from owsqt.rules.scenario.ruleset import Ruleset

POCKET = "stalingrad_pocket"  # the chart's row for the hexes the map marks as the pocket


@dataclass(frozen=True, slots=True)
class Prohibition:
    """What the chart forbids a step: the rule, and what it says."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class Prohibited(ValueError):
    """A step no unit of that kind may take; the message cites the rule."""

    def __init__(self, prohibition: Prohibition) -> None:
        super().__init__(str(prohibition))
        self.prohibition = prohibition


@dataclass(frozen=True, slots=True)
class _Bans:
    """The map's hexsides and hexes the chart forbids, asked once per ruleset."""

    hexsides: dict[Hexside, Prohibition]
    hexes: dict[Player, dict[Hex, Prohibition]]


def _bans_of(ruleset: Ruleset) -> _Bans:
    tec = ruleset.tables.tec
    game_map = ruleset.game_map
    hexsides = {}
    for side, river in game_map.rivers.items():
        rule = tec.crossing_rule(river.river.value)
        if rule is not None:
            text = f"no unit may cross the {river.name}, bridges included"
            hexsides[side] = Prohibition(rule, text)
    hexes: dict[Player, dict[Hex, Prohibition]] = {}
    for player in Player:
        # The chart names nationalities; a side's own name is the nationality of its units.
        rule = tec.entry_rule(POCKET, player.value)
        text = f"no {player.title} unit may enter a hex of the Stalingrad pocket"
        hexes[player] = dict.fromkeys(game_map.pocket, Prohibition(rule, text)) if rule else {}
    return _Bans(hexsides, hexes)


def closed_crossing(ruleset: Ruleset, a: Hex, b: Hex) -> Prohibition | None:
    """Why no unit may cross the hexside between adjacent `a` and `b` (8.2: the Don,
    bridges included); None where units may."""
    return ruleset.derived(_bans_of).hexsides.get(Hexside.between(a, b))


def closed_hexes(ruleset: Ruleset, player: Player) -> Mapping[Hex, Prohibition]:
    """The hexes `player`'s units may never enter, and why (8.2: the pocket, to Soviet
    units)."""
    return ruleset.derived(_bans_of).hexes[player]


def closed_hex(ruleset: Ruleset, hex_: Hex, player: Player) -> Prohibition | None:
    """Why `player`'s units may not enter `hex_`; None where they may."""
    return closed_hexes(ruleset, player).get(hex_)


def step_prohibition(ruleset: Ruleset, a: Hex, b: Hex, player: Player) -> Prohibition | None:
    """Why `player`'s units may not step from `a` into the adjacent `b`, whatever they
    pay (8.2); None where terrain lets them."""
    return closed_crossing(ruleset, a, b) or closed_hex(ruleset, b, player)


def open_area(ruleset: Ruleset, start: Hex) -> frozenset[Hex]:
    """[8.2] Every hex reachable from `start` by crossings the chart allows: the ground a
    unit there can ever move over (the battle's side of the Don)."""
    return ruleset.game_map.connected(start, lambda a, b: closed_crossing(ruleset, a, b) is None)


def road_between(game_map: GameMap, a: Hex, b: Hex) -> ConnectionKind | None:
    """The best road joining two adjacent hexes, if any (the railroad is not a road)."""
    kinds = {c.kind for c in game_map.connections_of(a) if b in (c.a, c.b)}
    for kind in (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD):
        if kind in kinds:
            return kind
    return None


def step_items(
    ruleset: Ruleset,
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
    banned = step_prohibition(ruleset, from_hex, to_hex, player)
    if banned is not None:
        raise Prohibited(banned)
    tec = ruleset.tables.tec
    game_map = ruleset.game_map
    kind = movement_class.value
    road = road_between(game_map, from_hex, to_hex) if road_allowed else None
    key = road.value if road is not None else game_map.terrain(to_hex).value
    row, points = tec.entering(key, kind, icy=icy)
    label = row.name.lower()
    if row.key != key:  # 8.1: on icy turns roads count as clear
        label = f"icy road, as {label} terrain"
    items = [(label, points)]
    river = game_map.rivers.get(Hexside.between(from_hex, to_hex))
    if river is not None:
        has_bridge = river.bridge if bridged is None else bridged
        _, extra = tec.crossing(river.river.value, kind, bridged=has_bridge)
        # A bridge carries anyone stepping across it.
        label = f"bridge over the {river.name}" if has_bridge else f"across the {river.name}"
        items.append((label, extra))
    return items


def step_cost(
    ruleset: Ruleset,
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
        ruleset,
        from_hex,
        to_hex,
        movement_class,
        player,
        icy=icy,
        road_allowed=road_allowed,
        bridged=bridged,
    )
    return sum((points for _, points in items), Fraction(0))
