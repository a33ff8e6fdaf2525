"""The relief's drive of the random player (the fuzzer's) in the campaigns: now and then
the German player makes, of the legal moves sampled, the one that brings a stack nearest
the Stalingrad pocket.

Random moves alone never bring 12 stacking points of the 57th Panzer Corps within 10
hexes of the pocket in 23 turns, so Operation Thunderclap (5.1), the Ring Forces' release
rolls (5.2) and the points for approaching the pocket (19.33) would go unplayed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from owsqt.players.evaluate import distances_to
from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.gamemap import GameMap
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS

PUSH_CHANCE = 0.5  # of a German move in a campaign's movement segment


@lru_cache(maxsize=2)
def pocket_distances(game_map: GameMap) -> dict[Hex, int]:
    """Each map hex's distance in hexes to the nearest pocket hex (0 in the pocket)."""
    return distances_to(game_map, game_map.pocket)


def push_toward_pocket(
    ruleset: Ruleset, state: GameState, legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """In a campaign's German movement segment, half the time, the legal move of a relief
    stack that gains the most ground toward the pocket; None otherwise."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or scenario.victory.get("evaluator") != "victory_points":
        return None
    if state.active is not Player.GERMAN or state.segment not in MOVEMENT_SEGMENTS:
        return None
    if rng.random() >= PUSH_CHANCE:
        return None
    distances = pocket_distances(ruleset.game_map)
    far = len(distances)
    best: tuple[int, MoveStack] | None = None
    for action in legal:
        if not isinstance(action, MoveStack) or is_sixth_army(ruleset, action.units[0]):
            continue
        start = state.units[action.units[0]].hex
        if start is None or not action.path:
            continue
        gain = distances.get(start, far) - distances.get(action.path[-1], far)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best else None
