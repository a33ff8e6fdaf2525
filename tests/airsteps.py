"""Walking a game through the Air Allocation Segment (4.3) in tests that are not about air
operations: each side whose secret allocation is due allocates nothing."""

from __future__ import annotations

from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.core.actions import AllocateAir
from owsqt.rules.core.frozenmap import FrozenMap


def allocate_nothing(session) -> None:
    """[4.3] Steps 1 and 2 made with no missions, so the segment may end."""
    while True:
        step = allocation_step(session.ruleset, session.state)
        if step is None or step[1] == STEP_THREE:
            return
        outcome = session.submit(AllocateAir(player=step[0], missions=FrozenMap()))
        assert outcome.applied, outcome.verdict
