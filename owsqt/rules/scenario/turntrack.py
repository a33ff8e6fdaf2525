"""The Turn Record Track (end of the rulebook): weather, roads, reinforcements,
scheduled replacements and reserve releases of each turn, from turn-record-track.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from owsqt.rules.core.state import Tally
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.datafile import Node, load_yaml
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.scenario.scenario import LAST_TURN_OF_THE_TRACK, Scenario, ScenarioReader

WEATHER = ("clear", "overcast")
ROADS = ("passable", "icy")  # 8.1: on icy turns roads count as clear terrain


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """Units that enter (or force-pool stacking points to choose), and where (Entry Area or hex)."""

    player: Player
    units: tuple[str, ...]  # empty for a force-pool draw
    force_pool: str | None  # formation whose force pool supplies `stacking_points`
    stacking_points: int
    area: str | None
    hex_id: str | None


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int
    date: str
    weather: str
    roads: str
    reinforcements: tuple[Reinforcement, ...] = ()
    replacements: tuple[tuple[Player, Tally], ...] = ()
    releases: tuple[str, ...] = ()  # units released from reserve (19.11)

    @property
    def icy(self) -> bool:
        return self.roads == "icy"


def load_turn_record_track(
    path: Path, catalogue: UnitCatalogue, game_map: GameMap
) -> tuple[TurnRecord, ...]:
    """Every turn of the track, in order; DataError names the file and key."""
    root = load_yaml(path)
    root.check_keys(required=("turns",))
    reader = ScenarioReader(catalogue, game_map)
    turns = root.get("turns").as_list(length=LAST_TURN_OF_THE_TRACK)
    records = []
    for number, node in enumerate(turns, start=1):
        node.check_keys(
            required=("turn", "date", "weather", "roads"),
            optional=("reinforcements", "replacements", "releases"),
        )
        turn = node.get("turn")
        if turn.as_int(1, LAST_TURN_OF_THE_TRACK) != number:
            raise turn.error(f"turn {number}: the track lists every turn in order")
        records.append(_record(reader, node, number, game_map))
    return tuple(records)


def _record(reader: ScenarioReader, node: Node, number: int, game_map: GameMap) -> TurnRecord:
    reinforcements = node.optional("reinforcements")
    replacements = node.optional("replacements")
    releases = node.optional("releases")
    return TurnRecord(
        turn=number,
        date=node.get("date").as_str(),
        weather=node.get("weather").as_choice(WEATHER),
        roads=node.get("roads").as_choice(ROADS),
        reinforcements=tuple(_reinforcement(reader, n, game_map) for n in reinforcements.as_list())
        if reinforcements
        else (),
        replacements=_replacements(reader, replacements) if replacements else (),
        releases=tuple(
            unit for selector in releases.as_list() for unit in reader.selector(selector)
        )
        if releases
        else (),
    )


def _reinforcement(reader: ScenarioReader, node: Node, game_map: GameMap) -> Reinforcement:
    node.check_keys(required=("side", "enter"), optional=("units", "force_pool", "stacking_points"))
    player = Player(node.get("side").as_choice(("soviet", "german")))
    units_node = node.optional("units")
    pool_node = node.optional("force_pool")
    if (units_node is None) == (pool_node is None):
        raise node.error("either 'units' or 'force_pool' with 'stacking_points'")
    enter = node.get("enter")
    enter.check_keys(optional=("area", "hex"))
    area = enter.optional("area")
    hex_node = enter.optional("hex")
    if (area is None) == (hex_node is None):
        raise enter.error("an entry 'area' or an entry 'hex'")
    area_name = area.as_scalar_text() if area else None
    if area is not None and area_name not in game_map.entry_areas:
        raise area.error("an entry area of the map: " + ", ".join(sorted(game_map.entry_areas)))
    return Reinforcement(
        player=player,
        units=reader.selector(units_node) if units_node else (),
        force_pool=reader.formation_id(pool_node) if pool_node else None,
        stacking_points=node.get("stacking_points").as_int(1, 100) if pool_node else 0,
        area=area_name,
        hex_id=reader.hex_id(hex_node) if hex_node else None,
    )


def _replacements(reader: ScenarioReader, node: Node) -> tuple[tuple[Player, Tally], ...]:
    node.check_keys(optional=("soviet", "german"))
    return tuple(
        (Player(side), reader.losses(node.get(side)))
        for side in ("soviet", "german")
        if node.has(side)
    )


def units_in_play(
    scenario: Scenario,
    track: tuple[TurnRecord, ...],
    catalogue: UnitCatalogue,
    options: tuple[str, ...] = (),
) -> frozenset[str] | None:
    """The ground counters a scenario uses: its set-up groups, the track's reinforcements of
    its turns and its conditional entries. A scenario with no set-up groups is a sandbox
    that uses every counter (None)."""
    groups = scenario.groups(options)
    if not groups:
        return None
    units = {unit for group in groups for unit in group.units}
    for record in track[scenario.first_turn - 1 : scenario.last_turn]:
        for reinforcement in record.reinforcements:
            units.update(reinforcement.units)
            if reinforcement.force_pool is not None:
                units.update(u.id for u in catalogue.units_of(reinforcement.force_pool))
    for entry in scenario.conditional:
        units.update(entry.units)
    return frozenset(units)
