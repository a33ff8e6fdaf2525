"""Loading the compiled battle map at start-up, against plainly parsing the same JSON file."""

from __future__ import annotations

import json

from bench.harness import Measurement, measure
from owsqt.rules.datafile import resources_dir
from owsqt.rules.mapfile import load_game_map


def run() -> list[Measurement]:
    path = resources_dir() / "map" / "compiled.json"
    return [
        measure(
            "map.load_compiled",
            lambda: load_game_map(path),
            lambda: json.loads(path.read_text(encoding="utf-8")),
            repeats=15,
        )
    ]
