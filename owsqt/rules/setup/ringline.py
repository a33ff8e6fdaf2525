"""The default set-up of a Ring Forces army (5.2, 19.31 d): a line that closes its face of
the Stalingrad pocket.

The armies "man the inner ring of the Stalingrad Pocket ... preventing a breakout": in
the default set-up every hex of the army's zone next to the pocket holds a Soviet unit
or lies in a Soviet zone of control, so that no path leaves the pocket through it
(reading 116). Units with a ZOC go first, each to the hex that closes the most hexes
still open (nearest the pocket on a tie); the rest of the army then stands on the face,
the lightest hex first, so that every face hex holds a unit while the army has units
enough, up to `limit` stacking points a hex.
"""

from __future__ import annotations

from collections.abc import Sequence

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.movement.zoc import exerts_zoc, zoc_crosses
from owsqt.rules.scenario.ruleset import Ruleset


def pocket_face(ruleset: Ruleset, usable: Sequence[Hex]) -> frozenset[Hex]:
    """The hexes of `usable` next to a pocket hex: the army's face of the ring."""
    grid, pocket = ruleset.grid, ruleset.game_map.pocket
    return frozenset(h for h in usable if any(n in pocket for _, n in grid.neighbours(h)))


def ring_line(
    ruleset: Ruleset,
    state: GameState,
    usable: Sequence[Hex],
    units: Sequence[str],
    limit: int,
) -> dict[Hex, list[str]]:
    """Where the army's `units` stand on its face of the pocket (at most `limit` stacking
    points a hex, counting what `state` already has there); units left over are not
    placed."""
    catalogue = ruleset.catalogue.ground
    grid = ruleset.grid
    face = pocket_face(ruleset, usable)
    occupied = {h for h in face if state.stack(h)}
    closing = {h: _closes(ruleset, h, face) for h in usable}
    open_ = set(face) - occupied - {c for h in occupied for c in closing[h]}
    batches: dict[Hex, list[str]] = {}
    load = {h: sum(catalogue[u].stacking for u in state.stack(h)) for h in usable}
    rest = []
    for unit_id in units:
        best = _best(closing, open_, load, catalogue[unit_id].stacking, limit)
        if best is None or not exerts_zoc(ruleset, state, unit_id):
            rest.append(unit_id)
            continue
        batches.setdefault(best, []).append(unit_id)
        load[best] += catalogue[unit_id].stacking
        open_ -= closing[best]
    line = sorted(face, key=grid.offset_of)
    for unit_id in rest:
        value = catalogue[unit_id].stacking
        room = [h for h in line if load[h] + value <= limit]
        if not room:
            continue
        target = min(room, key=lambda h: load[h])
        batches.setdefault(target, []).append(unit_id)
        load[target] += value
    return batches


def _closes(ruleset: Ruleset, hex_: Hex, face: frozenset[Hex]) -> frozenset[Hex]:
    """[10.1] The face hexes a unit with a ZOC on `hex_` closes: its own and those its ZOC
    reaches."""
    reached = {
        n for _, n in ruleset.grid.neighbours(hex_) if n in face and zoc_crosses(ruleset, hex_, n)
    }
    return frozenset(reached | ({hex_} & face))


def _best(
    closing: dict[Hex, frozenset[Hex]],
    open_: set[Hex],
    load: dict[Hex, int],
    value: int,
    limit: int,
) -> Hex | None:
    """The hex closing the most open face hexes with room for `value`; None when the
    face is closed."""
    if not open_:
        return None
    candidates = [h for h in closing if closing[h] & open_ and load[h] + value <= limit]
    if not candidates:
        return None
    return max(candidates, key=lambda h: (len(closing[h] & open_), h in open_, -load[h], h))
