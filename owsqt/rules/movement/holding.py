"""Units held in place whatever the step (5.1, 5.2, 19.11; reading 162).

A reserve not yet released "may not move", Soviet Ring Forces "may not move once placed",
and the Sixth Army's units move only in their special phase until the link-up. Each of
them may still fight where the rules let it (a held Ring unit or a reserve in a prepared
attack, the Sixth Army in the German mechanized combat segment), but none changes hex by
its player's choice: no move, no hasty attack (8.4: "conducted during movement"), no
advance after combat (11.8). Only a retreat the rules force moves it.
"""

from __future__ import annotations

from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import ThunderclapStatus
from owsqt.rules.movement.ringhold import stays_put
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army, sixth_army_wait


def reserve_hold(ruleset: Ruleset, state: GameState, unit_id: str) -> Violation | None:
    """[19.11] "Reserve units. These may not move until" released."""
    if not state.units[unit_id].reserve:
        return None
    return Violation("19.11", f"{ruleset.unit_name(unit_id)} is in reserve and may not move yet")


def ring_hold(ruleset: Ruleset, state: GameState, unit_id: str) -> Violation | None:
    """[5.2] "Soviet Ring Forces ... may not move once placed": a piece not released."""
    if not stays_put(ruleset, state, unit_id):
        return None
    return Violation("5.2", f"{ruleset.unit_name(unit_id)} is a Ring Forces unit: it may not move")


def held_in_place(ruleset: Ruleset, state: GameState, unit_id: str) -> Violation | None:
    """[19.11, 5.2, 5.1] Why `unit_id` may not leave its hex by its player's choice outside
    the steps made for it: a reserve, a held Ring Forces piece, a Sixth Army unit before
    the link-up (it moves only in the Stalingrad Pocket Phase). None when nothing holds it.
    The Soviet Ring Forces Segment's own movers are judged by the move (5.2)."""
    hold = reserve_hold(ruleset, state, unit_id) or ring_hold(ruleset, state, unit_id)
    if hold is not None:
        return hold
    if is_sixth_army(ruleset, unit_id) and state.thunderclap.status is not ThunderclapStatus.LINKED:
        return Violation("5.1", f"{ruleset.unit_name(unit_id)}: {sixth_army_wait(state, True)}")
    return None
