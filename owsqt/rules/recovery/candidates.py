"""The replacement actions a fuzzer (or a hint) may try in the Replacement Segment
(17.4): a few units raised by one point, a few destroyed units brought back, and every
lost headquarters returned. Built to be legal; the engine's judge has the last word."""

from __future__ import annotations

import random
from collections.abc import Iterator

from owsqt.rules.core.actions import Action, AssignReplacements, Reenter
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Supply, UnitStatus
from owsqt.rules.recovery.reentry import is_headquarters, reentry_hexes, return_hexes
from owsqt.rules.recovery.replacements import in_sixth_army
from owsqt.rules.scenario.ruleset import Ruleset

SAMPLE = 3  # units raised and units re-entering offered per call


def replacement_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    """[17.4] One point to some eligible units on the map, one to some destroyed units on
    an allowed hex, and each lost headquarters on one of its hexes."""
    raised: list[Action] = []
    back: list[Action] = []
    for unit_id, hexes in _choices(ruleset, state):
        player = ruleset.catalogue.ground[unit_id].player
        if hexes is None:
            raised.append(AssignReplacements(player=player, unit=unit_id))
        elif is_headquarters(ruleset.catalogue, unit_id):
            back.append(Reenter(player=player, unit=unit_id, hex=rng.choice(hexes), points=0))
        else:
            back.append(Reenter(player=player, unit=unit_id, hex=rng.choice(hexes)))
    return [
        *rng.sample(raised, min(SAMPLE, len(raised))),
        *rng.sample(back, min(SAMPLE, len(back))),
    ]


def any_replacement(ruleset: Ruleset, state: GameState) -> bool:
    """[17.4] Whether either side may raise a unit or bring one back now."""
    return next(_choices(ruleset, state), None) is not None


def _choices(ruleset: Ruleset, state: GameState) -> Iterator[tuple[str, list[Hex] | None]]:
    """[17.4] Each unit a replacement may serve now, in id order: a unit on the map in
    regular supply below its strength that its nationality has points for (None), or a
    destroyed one with the hexes it may come back on (a headquarters for nothing)."""
    catalogue = ruleset.catalogue
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        definition = catalogue.ground[unit_id]
        if is_headquarters(catalogue, unit_id):
            if unit.status is UnitStatus.ELIMINATED:
                hexes = return_hexes(ruleset, state, unit_id)
                if hexes:
                    yield unit_id, hexes
            continue
        loss_class = definition.unit_class.loss_class
        if loss_class is None or in_sixth_army(ruleset, unit_id):
            continue
        if not state.replacement_points[definition.nationality.tally].of(loss_class):
            continue
        if unit.status is UnitStatus.ON_MAP and unit.supply is Supply.REGULAR:
            if unit.strength < definition.combat:
                yield unit_id, None
        elif unit.status is UnitStatus.ELIMINATED:
            hexes = reentry_hexes(ruleset, state, unit_id, 1)
            if hexes:
                yield unit_id, hexes
