"""The Ruleset: everything fixed for a game (map, tables, counters, scenarios), loaded once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar, cast

from owsqt.rules.core.hexgrid import Hex, HexGrid, Hexside
from owsqt.rules.data.datafile import resources_dir, scenarios_dir
from owsqt.rules.data.tables import Tables, load_tables
from owsqt.rules.data.unitfiles import load_catalogue
from owsqt.rules.data.units import UnitCatalogue
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.map.mapfile import load_game_map
from owsqt.rules.scenario.scenario import TURN_RECORD_TRACK, Scenario, load_scenarios
from owsqt.rules.scenario.turntrack import TurnRecord, load_turn_record_track

T = TypeVar("T")


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

    def derived(self, build: Callable[[Ruleset], T]) -> T:
        """What `build` makes of these definitions, made once per ruleset on first use.

        Features keep here what they compute from the definitions alone (the move graph,
        the zones), so that the ruleset need not know them."""
        cache: dict[Callable[[Ruleset], object], object] = self.__dict__.setdefault("_derived", {})
        if build not in cache:
            cache[build] = build(self)
        return cast(T, cache[build])

    @classmethod
    def load(cls, resources: Path | None = None, scenarios: Path | None = None) -> Ruleset:
        """Read every data file; a DataError names the file, the key path and the problem."""
        resources = resources or resources_dir()
        scenarios = scenarios or scenarios_dir(resources)
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
