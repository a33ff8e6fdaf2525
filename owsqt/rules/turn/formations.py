"""Mechanized and non-mechanized formations (7.1): which segment a unit moves and fights in;
the Sixth Army's own segment while Operation Thunderclap is active (5.1)."""

from __future__ import annotations

from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import ThunderclapStatus
from owsqt.rules.scenario.ruleset import Ruleset

SIXTH_ARMY = "de-6a"  # 5.1, 19.32 f: the attack group's formations sit under it
_MOVING = (Segment.NON_MECHANIZED_MOVEMENT, Segment.MECHANIZED_MOVEMENT)


def is_mechanized(ruleset: Ruleset, unit_id: str) -> bool:
    """[7.1] A unit belongs to a mechanized formation: its own formation's flag."""
    catalogue = ruleset.catalogue
    chain = catalogue.formation_chain(catalogue.ground[unit_id].formation)
    return bool(chain) and chain[0].mechanized


def may_move_in_segment(ruleset: Ruleset, unit_id: str, segment: Segment) -> bool:
    """[7.1] Units move only in the movement segment of their formation's kind."""
    return is_mechanized(ruleset, unit_id) == (segment is Segment.MECHANIZED_MOVEMENT)


def is_sixth_army(ruleset: Ruleset, unit_id: str) -> bool:
    """[5.1] A unit of the Sixth Army: its formation chain reaches the Sixth Army."""
    return unit_id in sixth_army(ruleset)


def sixth_army(ruleset: Ruleset) -> frozenset[str]:
    """[5.1] Every unit of the Sixth Army, found once per ruleset."""
    return ruleset.derived(_sixth_army)


def _sixth_army(ruleset: Ruleset) -> frozenset[str]:
    catalogue = ruleset.catalogue
    return frozenset(
        unit_id
        for unit_id, unit in catalogue.ground.items()
        if any(f.id == SIXTH_ARMY for f in catalogue.formation_chain(unit.formation))
    )


def units_move(state: GameState) -> bool:
    """Whether units move in the current step: the movement segments (7.1), the Sixth
    Army Activation Segment while Thunderclap is active (5.1: the special phase), and the
    Soviet Ring Forces Segment (5.2: the units released in it or forced to retreat)."""
    if state.segment is Segment.SIXTH_ARMY_ACTIVATION:
        return state.thunderclap.status is ThunderclapStatus.ACTIVE
    return state.segment in _MOVING or state.segment is Segment.SOVIET_RING_FORCES


def may_move_now(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[7.1, 5.1] Whether a unit moves in the current step: Sixth Army units only in the
    special phase while Thunderclap is active, then, once linked, in the mechanized
    movement segment; every other unit in its formation's movement segment."""
    segment = state.segment
    status = state.thunderclap.status
    if is_sixth_army(ruleset, unit_id):
        if segment is Segment.SIXTH_ARMY_ACTIVATION:
            return status is ThunderclapStatus.ACTIVE
        if status is not ThunderclapStatus.LINKED:
            return False
    elif segment is Segment.SIXTH_ARMY_ACTIVATION:
        return False
    return segment in _MOVING and may_move_in_segment(ruleset, unit_id, segment)


def sixth_army_wait(state: GameState, sixth_army: bool) -> str:
    """[5.1] Why a unit may not move in this step, for a Sixth Army unit or (in the
    special phase) any other."""
    if not sixth_army:
        return "only Sixth Army units move in the Sixth Army Activation Segment"
    status = state.thunderclap.status
    if status is ThunderclapStatus.ACTIVE:
        return "Sixth Army units move in the Stalingrad Pocket Phase until they link up"
    if status is ThunderclapStatus.LINKED:
        return "Sixth Army units move in the mechanized movement segment"
    return "Sixth Army units move only once Operation Thunderclap is activated"
