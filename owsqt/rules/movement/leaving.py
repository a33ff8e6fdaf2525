"""What units leave behind when they move or attack: engineering work that stops and
entrenchments left empty (15.1, 15.3, 16.2).

The markers belong to engineering; the rules that end them fire on movement and combat,
so they live below both.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.events import EntrenchmentChanged, Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Entrenchment
from owsqt.rules.scenario.ruleset import Ruleset


def abandon_bridges(state: GameState, units: tuple[str, ...]) -> GameState:
    """[16.2] An engineer that moves leaves its bridge unbuilt."""
    if not any(u in state.bridge_works for u in units):
        return state
    works = FrozenMap({u: h for u, h in state.bridge_works.items() if u not in units})
    return replace(state, bridge_works=works)


def abandon_construction(
    ruleset: Ruleset, state: GameState, hex_: Hex
) -> tuple[GameState, list[Event]]:
    """[15.1] Builders that move leave their work: a marker under construction goes."""
    marker = state.entrenchments.get(hex_)
    if marker is None or marker.status is not Entrenchment.UNDER_CONSTRUCTION:
        return state, []
    state = replace(state, entrenchments=state.entrenchments.remove(hex_))
    return state, [EntrenchmentChanged(hex_, None, None)]


def lift_entrenchment(
    ruleset: Ruleset, state: GameState, hex_: Hex
) -> tuple[GameState, list[Event]]:
    """[15.3] An entrenchment goes when its hex is vacated of all friendly units."""
    marker = state.entrenchments.get(hex_)
    if marker is None:
        return state, []
    owners = {ruleset.catalogue.ground[u].player for u in state.stack(hex_)}
    if marker.owner in owners:
        return state, []
    state = replace(state, entrenchments=state.entrenchments.remove(hex_))
    return state, [EntrenchmentChanged(hex_, None, None)]
