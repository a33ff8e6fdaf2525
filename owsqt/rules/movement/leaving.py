"""What units leave behind when they move, attack or die: engineering work that stops and
entrenchments left empty (15.1, 15.3, 16.2). Every handler that changes a unit's hex or
takes it off the map calls `units_left`; every attack calls `attack_begun`.

The markers belong to engineering; the rules that end them fire on movement and combat,
so they live below both.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    """[15.3] An entrenchment goes when its hex is vacated of all friendly units: the
    marker stays only while a unit of its owner is on the hex. A hex entered by the
    other side's units alone holds none of the owner's, so they never gain it."""
    marker = state.entrenchments.get(hex_)
    if marker is None:
        return state, []
    owners = {ruleset.catalogue.ground[u].player for u in state.stack(hex_)}
    if marker.owner in owners:
        return state, []
    state = replace(state, entrenchments=state.entrenchments.remove(hex_))
    return state, [EntrenchmentChanged(hex_, None, None)]


def units_left(
    ruleset: Ruleset,
    state: GameState,
    left: Iterable[Hex | None],
    entered: Iterable[Hex | None] = (),
    *,
    moved: bool = True,
) -> tuple[GameState, list[Event]]:
    """[15.1, 15.3] What every way of leaving a hex leaves behind, called wherever units
    change hex or leave the map (movement, retreat, advance, displacement, elimination).

    On each hex `left`: builders that moved (`moved`; not when they were eliminated)
    give up the marker under construction (15.1), and a hex vacated of all friendly
    units loses its marker (15.3). On each hex `entered`: friendly units gain the marker
    there as it stands; enemy units do not, and a marker left there with none of its
    owner's units goes (15.3)."""
    events: list[Event] = []
    for hex_ in dict.fromkeys(h for h in left if h is not None):
        if moved:
            state, abandoned = abandon_construction(ruleset, state, hex_)
            events.extend(abandoned)
        state, lifted = lift_entrenchment(ruleset, state, hex_)
        events.extend(lifted)
    for hex_ in dict.fromkeys(h for h in entered if h is not None):
        state, lifted = lift_entrenchment(ruleset, state, hex_)
        events.extend(lifted)
    return state, events


def attack_begun(
    ruleset: Ruleset,
    state: GameState,
    attacking: Iterable[Hex | None],
    target: Hex,
    *,
    prepared: bool,
) -> tuple[GameState, list[Event]]:
    """[15.1] Builders must not engage in combat: a hex whose units make a prepared or
    hasty attack gives up its marker under construction; so does a hex that comes under
    prepared attack (not a hasty attack, not bombardment: see the rulebook readings).
    Artillery that only bombards for the attack does not engage its hex."""
    events: list[Event] = []
    hexes = [h for h in attacking if h is not None]
    if prepared:
        hexes.append(target)
    for hex_ in dict.fromkeys(hexes):
        state, abandoned = abandon_construction(ruleset, state, hex_)
        events.extend(abandoned)
    return state, events
