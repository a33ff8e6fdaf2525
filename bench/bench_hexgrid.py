"""Benchmark the hex grid's hot paths, neighbours and distance, against plain table lookups."""

from __future__ import annotations

import random

from bench.harness import Measurement, measure
from owsqt.rules.core.hexgrid import HexGrid, distance

PAIRS = 20_000
SEED = 1942


def run() -> list[Measurement]:
    grid = HexGrid(1, 50, 1, 55, shifted_columns="even")
    hexes = grid.hexes()
    rng = random.Random(SEED)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(PAIRS)]

    # The floors answer the same questions from tables built here, outside the timed region.
    neighbour_table = {h: grid.neighbours(h) for h in hexes}
    distance_table = {pair: distance(*pair) for pair in pairs}

    def all_neighbours() -> None:
        neighbours = grid.neighbours
        for h in hexes:
            neighbours(h)

    def all_neighbours_floor() -> None:
        for h in hexes:
            neighbour_table[h]

    def sample_distances() -> None:
        for a, b in pairs:
            distance(a, b)

    def sample_distances_floor() -> None:
        for pair in pairs:
            distance_table[pair]

    return [
        measure("hexgrid.neighbours", all_neighbours, all_neighbours_floor),
        measure("hexgrid.distance", sample_distances, sample_distances_floor),
    ]
