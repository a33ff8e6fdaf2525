"""Who acts now: the players the current step waits for (3.1, 6.1, 11.2). The desktop's hints
and e-mail play's "your opponent's turn" read it."""

from __future__ import annotations

from owsqt.rules.air.allocation import allocation_step
from owsqt.rules.air.battles import battle_actor
from owsqt.rules.combat.prepared import step_actor
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.stacking import overstacked_hexes
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.rules.turn.sequence import STACKING_SEGMENTS

BOTH = frozenset(Player)

TARGETS = ("target_unit",)
"""[11.2, 12.4, 4.6] The fields of an action that name the enemy unit its player fires at;
every other unit an action names is one its player acts with, his own."""


def air_actor(ruleset: Ruleset, state: GameState) -> Player | None:
    """[4.3, 4.4] The one side the Air Operations Phase waits for: the side allocating
    (the German side places fighters after the reveal), or the side choosing targets in
    the air battle under way."""
    if state.segment is Segment.AIR_ALLOCATION:
        step = allocation_step(ruleset, state)
        return step[0] if step is not None else None
    if state.segment is Segment.AIR_COMBAT and state.air.battles:
        return battle_actor(state.air.battles[0])
    return None


def who_acts(ruleset: Ruleset, state: GameState) -> frozenset[Player]:
    """The players who may act in the step under way: the player choosing a special fire
    (11.7); the side a combat step or its result waits for (11.2); in the Initiative Phase
    those who have not bid (6.1); else the active player, or both in steps that have none
    (air operations) and when the other side must displace units a retreat overstacked
    before the step may end (9.3). Nobody once the game is over."""
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    if state.special_fire is not None:  # 11.7: the owner of the ZOC entered chooses
        return frozenset((state.special_fire.player,))
    if state.combat is not None:
        actor = step_actor(state, state.combat)
        return BOTH if actor is None else frozenset((actor,))
    air = air_actor(ruleset, state)
    if air is not None:
        return frozenset((air,))
    if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
        missing = BOTH - set(state.initiative.planned_attacks)
        if missing:
            return frozenset(missing)
    if state.active is None:
        return BOTH
    other = state.active.opponent
    if state.segment in STACKING_SEGMENTS and overstacked_hexes(ruleset, state, other):
        return BOTH  # 9.3: a retreat overstacked the other side, who displaces before the end
    return frozenset((state.active,))


def acting_side(ruleset: Ruleset, state: GameState, action: Action) -> Player | None:
    """[3.1, 12.4] The side that makes `action`: its player; else the owner of the first unit
    it acts with, not the one it fires at (`TARGETS`: a counterbattery names no single
    actor, 12.4, and is fired by the guns' owner); else the active player."""
    if action.player is not None:
        return action.player
    ground = ruleset.catalogue.ground
    fired_at = {getattr(action, name, None) for name in TARGETS}
    for unit_id in action.unit_references():
        if unit_id in ground and unit_id not in fired_at:
            return ground[unit_id].player
    return state.active
