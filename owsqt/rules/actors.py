"""Who acts now: the players the current step waits for (3.1, 6.1, 11.2). The desktop's hints
and e-mail play's "your opponent's turn" read it."""

from __future__ import annotations

from owsqt.rules.combat.prepared import step_actor
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import determined_this_turn

BOTH = frozenset(Player)


def who_acts(state: GameState) -> frozenset[Player]:
    """The players who may act in the step under way: the player choosing a special fire
    (11.7); the side a combat step or its result waits for (11.2); in the Initiative Phase
    those who have not bid (6.1); else the active player, or both in steps that have none
    (air operations). Nobody once the game is over."""
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    if state.special_fire is not None:  # 11.7: the owner of the ZOC entered chooses
        return frozenset((state.special_fire.player,))
    if state.combat is not None:
        actor = step_actor(state, state.combat)
        return BOTH if actor is None else frozenset((actor,))
    if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
        missing = BOTH - set(state.initiative.planned_attacks)
        if missing:
            return frozenset(missing)
    return BOTH if state.active is None else frozenset((state.active,))
