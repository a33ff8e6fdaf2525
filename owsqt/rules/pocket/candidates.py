"""The Stalingrad Pocket Phase actions a fuzzer (or a hint) may try (5.1): the attempt at
Operation Thunderclap while it may be made, and the activated Sixth Army's placements.
Built to be legal; the engine's judge has the last word. The Sixth Army's moves in its
special phase are legalactions' stack moves."""

from __future__ import annotations

import random

from owsqt.rules.core.actions import Action, AttemptThunderclap, PlaceSixthArmy
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.pocket.placement import placement_hexes, placing_now, waiting_units
from owsqt.rules.pocket.thunderclap import may_attempt
from owsqt.rules.scenario.ruleset import Ruleset

SAMPLE = 3  # placements offered per call


def pocket_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[5.1] The attempt, when allowed; a few units placed on pocket hexes with room."""
    german = Player.GERMAN
    if may_attempt(ruleset, state):
        return [AttemptThunderclap(player=german)]
    if not placing_now(state):
        return []
    actions: list[Action] = []
    waiting = waiting_units(ruleset, state)
    for unit_id in rng.sample(waiting, min(SAMPLE, len(waiting))):
        hexes = placement_hexes(ruleset, state, unit_id)
        if hexes:
            actions.append(PlaceSixthArmy(player=german, unit=unit_id, hex=rng.choice(hexes)))
    return actions
