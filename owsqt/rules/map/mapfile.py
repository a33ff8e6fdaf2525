"""The compiled map file (resources/map/compiled.json) and the export-map format.

The compiled file is one checksum line and the map's compact JSON data. Start-up
checks the checksum and parses the JSON; the parts are decoded when first used,
so loading costs little more than parsing. The export format is the documented
one other tools read: every hex, hexside feature, connection, place and area.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

from owsqt.rules.map.gamemap import GameMap

_CHECK_PREFIX = "crc32:"


class MapFileError(ValueError):
    """A compiled map that cannot be read; names the file and says how to rebuild it."""


def compiled_text(game_map: GameMap) -> str:
    """The compiled file's text: a CRC-32 line, then deterministic JSON."""
    body = json.dumps(game_map.data, indent=1, ensure_ascii=False) + "\n"
    return f"{_CHECK_PREFIX}{zlib.crc32(body.encode('utf-8')):08x}\n{body}"


def split_compiled(text: str) -> tuple[str, str]:
    """The checksum line's value and the JSON body of a compiled file."""
    first, _, body = text.partition("\n")
    return first.removeprefix(_CHECK_PREFIX), body


def load_game_map(path: Path) -> GameMap:
    """Read the compiled map; MapFileError names the file and what to do."""
    try:
        text = path.read_text(encoding="utf-8")
        check, body = split_compiled(text)
        if f"{zlib.crc32(body.encode('utf-8')):08x}" != check:
            raise ValueError("its checksum does not match its content")
        return GameMap(json.loads(body))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise MapFileError(
            f"{path}: cannot read the compiled map ({error}); rebuild it with 'owsqt compile-map'"
        ) from None


def export_data(game_map: GameMap) -> dict[str, Any]:
    """The documented export-map JSON: everything keyed by CCRR ids."""
    grid = game_map.grid
    return {
        "grid": dict(game_map.data["grid"]),
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
        "fronts": {side: [grid.id_of(h) for h in front] for side, front in game_map.fronts.items()},
        "metadata": game_map.metadata,
    }
