"""Benchmark the areas the rules measure (issue 17 item 8): laying four interdiction zones
on the map and finding the penalty of 400 units, against the plain floor of one hex
distance per unit and zone (4.5)."""

from __future__ import annotations

import random

from bench.harness import Measurement, measure
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.state import InterdictionZone
from owsqt.rules.map.zones import disc
from owsqt.rules.movement.interdiction import interdiction_cover
from owsqt.rules.scenario.ruleset import default_ruleset

UNITS = 400
ZONES = 4
SEED = 1942


def run() -> list[Measurement]:
    game_map = default_ruleset().game_map
    rng = random.Random(SEED)
    hexes = game_map.grid.hexes()
    units = [rng.choice(hexes) for _ in range(UNITS)]
    zones = tuple(InterdictionZone(rng.choice(hexes), rng.randint(1, 4), 1) for _ in range(ZONES))

    def floor() -> list[int]:
        return [
            sum(z.penalty for z in zones if distance(z.center, hex_) <= z.radius) for hex_ in units
        ]

    def lookups() -> list[int]:
        penalty = interdiction_cover(game_map, zones).penalty
        return [penalty(hex_) for hex_ in units]

    def built_and_looked_up() -> list[int]:
        # A new marker: nothing of it cached yet, its discs included.
        disc.cache_clear()
        interdiction_cover.cache_clear()
        return lookups()

    if built_and_looked_up() != floor():
        raise AssertionError("the interdiction cover disagrees with hex distance")
    return [
        measure("zones.interdiction built, 400 units", built_and_looked_up, floor),
        measure("zones.interdiction cached, 400 units", lookups, floor),
    ]
