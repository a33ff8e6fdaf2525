"""The Ruleset: everything fixed for a game (map, tables, counters, scenarios), loaded once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from owsqt.rules.datafile import Node, load_yaml, resources_dir
from owsqt.rules.gamemap import GameMap
from owsqt.rules.hexgrid import Hex, HexGrid, Hexside
from owsqt.rules.mapfile import load_game_map
from owsqt.rules.movegraph import MoveGraph
from owsqt.rules.scenario import TURN_RECORD_TRACK, Scenario, load_scenarios
from owsqt.rules.tables import Tables, load_tables
from owsqt.rules.turntrack import TurnRecord, load_turn_record_track
from owsqt.rules.unitfiles import load_catalogue
from owsqt.rules.units import UnitCatalogue


@dataclass(frozen=True)
class Ruleset:
    game_map: GameMap
    tables: Tables
    catalogue: UnitCatalogue
    scenarios: Mapping[str, Scenario]
    turn_record_track: tuple[TurnRecord, ...] = ()

    @property
    def grid(self) -> HexGrid:
        return self.game_map.grid

    @cached_property
    def move_graph(self) -> MoveGraph:
        """The terrain cost of every step, built once per ruleset on first use (8.1)."""
        return MoveGraph(self.tables, self.game_map)

    @classmethod
    def load(cls, resources: Path | None = None, scenarios: Path | None = None) -> Ruleset:
        """Read every data file; a DataError names the file, the key path and the problem."""
        resources = resources or resources_dir()
        scenarios = scenarios or resources.parent / "scenarios"
        game_map = load_game_map(resources / "map" / "compiled.json")
        catalogue = load_catalogue(resources / "units")
        return cls(
            game_map=game_map,
            tables=load_tables(resources / "rules"),
            catalogue=catalogue,
            scenarios=load_scenarios(scenarios, catalogue, game_map),
            turn_record_track=load_turn_record_track(
                scenarios / TURN_RECORD_TRACK, catalogue, game_map
            ),
        )

    # The Narrator protocol of events: names as players read them in the log.
    def unit_name(self, unit_id: str) -> str:
        return self.catalogue.name_of(unit_id)

    def hex_name(self, hex_: Hex | None) -> str:
        return "off map" if hex_ is None else self.grid.id_of(hex_)

    def hexside_name(self, hexside: Hexside) -> str:
        return self.grid.hexside_id(hexside)


@cache
def default_ruleset() -> Ruleset:
    """The ruleset of the shipped data, read once per process."""
    return Ruleset.load()


def load_grid(path: Path) -> HexGrid:
    """The grid the map compiler lays the sources on (resources/map/grid.yaml)."""
    root: Node = load_yaml(path)
    keys = ("first_column", "last_column", "first_row", "last_row", "shifted_columns")
    root.check_keys(required=keys)
    try:
        return HexGrid(
            first_column=root.get("first_column").as_int(0, 99),
            last_column=root.get("last_column").as_int(0, 99),
            first_row=root.get("first_row").as_int(0, 99),
            last_row=root.get("last_row").as_int(0, 99),
            shifted_columns=root.get("shifted_columns").as_choice(["odd", "even"]),
        )
    except ValueError as error:
        raise root.error(
            "a grid whose last column and row are not before the first", str(error)
        ) from None
