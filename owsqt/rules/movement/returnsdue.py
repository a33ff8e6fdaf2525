"""[11.7] The returns from off the map that a movement segment owes before it ends.

"If possible, they return on the exit hex during their next Player Phase" (11.7; reading
174): a unit retreated off the map must come back in the movement segment of its kind
(7.1) of each Player Phase of its side from its return turn on, when it can. It can when
its move onto a return hex (movement/offmap.py) is one the judge accepts and the hex has
room for it (9.2); a unit that cannot (in reserve, a held Ring Forces unit, no return hex
with room) stays off the map, not eliminated, until a phase where it can.
"""

from __future__ import annotations

from owsqt.rules.core.actions import MoveStack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.movement.arrivals import arrival_of
from owsqt.rules.movement.moveaction import judge_move
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS, PLAYER_PHASES


def owed_returns(ruleset: Ruleset, state: GameState) -> list[MoveStack]:
    """The phasing player's units retreated off the map that must return in this movement
    segment, each with a return the judge accepts: the unit alone entering at the first
    return hex (in id order) with room for it. Empty outside the movement segments of a
    Player Phase."""
    player = state.active
    if player is None or state.phase not in PLAYER_PHASES or state.segment not in MOVEMENT_SEGMENTS:
        return []
    catalogue = ruleset.catalogue
    owed = []
    for unit_id in sorted(state.units):
        unit = state.units[unit_id]
        if (
            unit.status is not UnitStatus.OFF_MAP_RETURN
            or catalogue.ground[unit_id].player is not player
        ):
            continue
        arrival = arrival_of(ruleset, state, unit_id)
        if arrival is None or arrival.turn > state.turn:
            continue
        for hex_ in sorted(arrival.hexes, key=ruleset.grid.id_of):
            move = MoveStack(player=player, units=(unit_id,), path=(hex_,))
            if _has_room(ruleset, state, unit_id, hex_) and not judge_move(ruleset, state, move):
                owed.append(move)
                break
    return owed


def return_violations(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[11.7] Why the movement segment may not end yet: a unit that can return has not."""
    return [
        Violation(
            "11.7",
            f"{ruleset.unit_name(move.units[0])} was retreated off the map: it returns in "
            f"this Player Phase, as it can (at {ruleset.grid.id_of(move.path[0])}), before "
            "this segment ends",
        )
        for move in owed_returns(ruleset, state)
    ]


def _has_room(ruleset: Ruleset, state: GameState, unit_id: str, hex_: Hex) -> bool:
    """[9.2] Whether `hex_` can take the unit within the stacking limit."""
    unit = state.units[unit_id]
    points = ruleset.catalogue.ground[unit_id].stacking_value(unit.reduced)
    return stacking_points(ruleset, state, hex_) + points <= ruleset.tables.stacking_limit
