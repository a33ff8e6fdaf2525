"""The Soviet Ring Forces held round the Stalingrad pocket (5.2; readings 36, 100-104).

What the lower layers need to know of them: which pieces belong to a Ring army, which
are still held in place (all but those released), which may move in the Soviet Ring
Forces Segment (released in it, or forced to retreat by combat since the last one), the
record combat keeps of attacked armies and forced retreats, and the German ZOC the
Ring Forces next to the pocket are assumed to stand in. The segment's own actions (the
release roll and the release) are the pocket package's (pocket/ring.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.map.zones import pocket_band
from owsqt.rules.scenario.ruleset import Ruleset


def ring_army(ruleset: Ruleset, unit_id: str) -> str | None:
    """[5.2] The Ring army (a formation marked `stays_put`) `unit_id` belongs to, or None."""
    catalogue = ruleset.catalogue
    for formation in catalogue.formation_chain(catalogue.ground[unit_id].formation):
        if formation.stays_put:
            return formation.id
    return None


def stays_put(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[5.2] Ring Forces units may not move once placed, and defend in place: every piece
    of a Ring army but those released (reading 102: free for the rest of the game)."""
    return unit_id not in state.ring.released and ring_army(ruleset, unit_id) is not None


def ring_segment_movers(state: GameState) -> frozenset[str]:
    """[5.2] The Ring Forces units that may move in the Soviet Ring Forces Segment: those
    forced to retreat as a result of combat since the last segment and those released in
    this one (reading 103)."""
    return state.ring.retreated | frozenset(state.ring.freed.values())


def note_attacked(ruleset: Ruleset, state: GameState, units: Iterable[str]) -> GameState:
    """[5.2] A prepared or hasty attack on `units` (the target hex's stack): their Ring
    armies have been attacked, for the next Soviet Ring Forces Segment (reading 100)."""
    armies = {army for u in units if (army := ring_army(ruleset, u)) is not None}
    if armies <= state.ring.attacked:
        return state
    return replace(state, ring=replace(state.ring, attacked=state.ring.attacked | armies))


def note_retreated(ruleset: Ruleset, state: GameState, units: Iterable[str]) -> GameState:
    """[5.2] `units` retreated as a result of combat: those held in the ring may move in
    the next Soviet Ring Forces Segment (reading 103)."""
    held = {u for u in units if stays_put(ruleset, state, u)}
    if held <= state.ring.retreated:
        return state
    return replace(state, ring=replace(state.ring, retreated=state.ring.retreated | held))


def assumed_german_zoc(ruleset: Ruleset, units: Iterable[str]) -> frozenset[Hex]:
    """[5.2, 10.2] "All Soviet Ring Forces adjacent to the Stalingrad Pocket are assumed to
    be in a German ZOC": for a moving stack that holds a Ring Forces piece, the hexes next
    to the pocket are German ZOC hexes to leave (+1 MP); entering them costs nothing more
    (reading 104). Empty for any other stack."""
    ground = ruleset.catalogue.ground
    units = tuple(units)
    if not units or ground[units[0]].player is not Player.SOVIET:
        return frozenset()
    if all(ring_army(ruleset, u) is None for u in units):
        return frozenset()
    return pocket_band(ruleset.game_map, 1).hexes
