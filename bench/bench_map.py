"""Loading the compiled battle map at start-up, against plainly parsing the same JSON file."""

from __future__ import annotations

import json

from bench.harness import Measurement, measure
from owsqt.rules.data.datafile import resources_dir
from owsqt.rules.map.mapfile import load_game_map, split_compiled


def run() -> list[Measurement]:
    path = resources_dir() / "map" / "compiled.json"

    def parse_only():
        return json.loads(split_compiled(path.read_text(encoding="utf-8"))[1])

    def load_and_decode_everything():
        load_game_map(path).validate()

    return [
        measure("map.load_compiled", lambda: load_game_map(path), parse_only, repeats=15),
        # What the first full use costs on top: every hex, river and road decoded.
        measure("map.load_and_decode_all", load_and_decode_everything, parse_only, repeats=15),
    ]
