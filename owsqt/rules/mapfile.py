"""The compiled map file (resources/map/compiled.json) and the export-map format.

The compiled file is compact JSON read at every start, so loading it costs
little more than parsing it. The export format is the documented one other
tools read: every hex, hexside feature, connection, place and area by CCRR id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from owsqt.rules.gamemap import (
    Connection,
    ConnectionKind,
    GameMap,
    HexFeature,
    MapHex,
    Place,
    RiverClass,
    RiverSide,
    Terrain,
)
from owsqt.rules.hexgrid import HexGrid

FORMAT = "owsqt compiled map"
VERSION = 1
_TERRAIN_CODES = {Terrain.CLEAR: "c", Terrain.ELEVATED: "e", Terrain.MARSH: "m"}
_TERRAIN_BY_CODE = {code: terrain for terrain, code in _TERRAIN_CODES.items()}


class MapFileError(ValueError):
    """A compiled map that cannot be read; names the file and the part."""


def compiled_text(game_map: GameMap) -> str:
    """The compiled map as deterministic JSON text (one line per hex column and record)."""
    grid = game_map.grid
    columns = {}
    for column in range(grid.first_column, grid.last_column + 1):
        codes = []
        for row in range(grid.first_row, grid.last_row + 1):
            info = game_map.hexes[grid.hex_from_offset(column, row)]
            codes.append(_TERRAIN_CODES[info.terrain] + ("p" if info.pocket else ""))
        columns[f"{column:02d}"] = " ".join(codes)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "grid": _grid_data(grid),
        "metadata": game_map.metadata,
        "terrain_by_column": columns,
        "places": [
            [p.name, grid.id_of(p.hex), p.kind.value, p.latitude, p.longitude, p.approximate]
            for p in game_map.places
        ],
        "rivers": [
            [grid.hexside_id(s.hexside), s.river.value, s.name, s.bridge]
            for s in game_map.rivers.values()
        ],
        "connections": [
            [grid.id_of(c.a), grid.id_of(c.b), c.kind.value, c.name] for c in game_map.connections
        ],
        "entry_areas": {k: [grid.id_of(h) for h in v] for k, v in game_map.entry_areas.items()},
        "supply_edges": {k: [grid.id_of(h) for h in v] for k, v in game_map.supply_edges.items()},
        "start_lines": {
            side: [[grid.id_of(h) for h in segment] for segment in segments]
            for side, segments in game_map.start_lines.items()
        },
    }
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def _grid_data(grid: HexGrid) -> dict[str, Any]:
    return {
        "first_column": grid.first_column,
        "last_column": grid.last_column,
        "first_row": grid.first_row,
        "last_row": grid.last_row,
        "shifted_columns": grid.shifted_columns,
    }


def load_game_map(path: Path) -> GameMap:
    """Read the compiled map; MapFileError names the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise MapFileError(f"{path}: cannot read the compiled map ({error})") from None
    try:
        return _from_data(data)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise MapFileError(
            f"{path}: the compiled map is damaged ({type(error).__name__}: {error}); "
            "rebuild it with 'owsqt compile-map'"
        ) from None


def _from_data(data: dict[str, Any]) -> GameMap:
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"expected {FORMAT} version {VERSION}")
    grid = HexGrid(**data["grid"])
    hex_of = grid.hex_of
    names: dict = {}
    features: dict = {}
    places = []
    for name, hex_id, kind, latitude, longitude, approximate in data["places"]:
        hex_ = hex_of(hex_id)
        feature = HexFeature(kind)
        places.append(Place(name, hex_, feature, latitude, longitude, approximate))
        features.setdefault(hex_, set()).add(feature)
        if hex_ not in names or feature is HexFeature.CITY:
            names[hex_] = name
    hexes = {}
    for column_text, codes in data["terrain_by_column"].items():
        column = int(column_text)
        for row, code in enumerate(codes.split(" "), start=grid.first_row):
            hex_ = grid.hex_from_offset(column, row)
            hexes[hex_] = MapHex(
                hex_,
                _TERRAIN_BY_CODE[code[0]],
                frozenset(features.get(hex_, ())),
                names.get(hex_),
                code.endswith("p"),
            )
    if len(hexes) != len(grid.hexes()):
        raise ValueError(f"{len(hexes)} hexes for a grid of {len(grid.hexes())}")
    rivers = {}
    for side_id, river, name, bridge in data["rivers"]:
        side = grid.hexside_of(side_id)
        rivers[side] = RiverSide(side, RiverClass(river), name, bridge)
    connections = tuple(
        Connection(hex_of(a), hex_of(b), ConnectionKind(kind), name)
        for a, b, kind, name in data["connections"]
    )
    return GameMap(
        grid=grid,
        hexes=hexes,
        rivers=rivers,
        connections=connections,
        places=tuple(places),
        entry_areas={k: tuple(map(hex_of, v)) for k, v in data["entry_areas"].items()},
        supply_edges={k: tuple(map(hex_of, v)) for k, v in data["supply_edges"].items()},
        start_lines={
            side: tuple(tuple(map(hex_of, segment)) for segment in segments)
            for side, segments in data["start_lines"].items()
        },
        metadata=data["metadata"],
    )


def export_data(game_map: GameMap) -> dict[str, Any]:
    """The documented export-map JSON: everything keyed by CCRR ids."""
    grid = game_map.grid
    return {
        "grid": _grid_data(grid),
        "hexes": {
            grid.id_of(hex_): {
                "terrain": info.terrain.value,
                "features": sorted(feature.value for feature in info.features),
                "name": info.name,
                "pocket": info.pocket,
            }
            for hex_, info in game_map.hexes.items()
        },
        "hexsides": [
            {
                "a": grid.id_of(side.hexside.a),
                "b": grid.id_of(side.hexside.b),
                "feature": side.river.value,
                "name": side.name,
                "bridge": side.bridge,
            }
            for side in game_map.rivers.values()
        ],
        "connections": [
            {"a": grid.id_of(c.a), "b": grid.id_of(c.b), "kind": c.kind.value, "name": c.name}
            for c in game_map.connections
        ],
        "places": [
            {"name": p.name, "hex": grid.id_of(p.hex), "kind": p.kind.value}
            for p in game_map.places
        ],
        "pocket": sorted(grid.id_of(hex_) for hex_ in game_map.pocket),
        "entry_areas": {k: [grid.id_of(h) for h in v] for k, v in game_map.entry_areas.items()},
        "supply_edges": {k: [grid.id_of(h) for h in v] for k, v in game_map.supply_edges.items()},
        "start_lines": {
            side: [[grid.id_of(h) for h in segment] for segment in segments]
            for side, segments in game_map.start_lines.items()
        },
        "metadata": game_map.metadata,
    }
