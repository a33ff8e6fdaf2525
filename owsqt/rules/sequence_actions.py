"""EndStep: leave the current step of the sequence of play for the next one (3.1)."""

from __future__ import annotations

from owsqt.rules.actions import EndStep
from owsqt.rules.events import Event
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.sequence import (
    GAME_OVER_PHASE,
    SETUP_PHASE,
    acting_player,
    current_step,
    enter_game_over,
    enter_step,
    next_position,
)
from owsqt.rules.setupcheck import check_setup
from owsqt.rules.stacking import overstacking_violations
from owsqt.rules.state import GameState
from owsqt.rules.verdict import InvalidAction, Violation
from owsqt.rules.vocabulary import Player

# [9.3] Stacking limits apply at the end of each movement segment (and of set-up).
_STACKING_CHECKED_AT = {"non_mechanized_movement", "mechanized_movement"}


def wrong_player_violation(
    state: GameState, action_player: Player | None, what: str
) -> Violation | None:
    """[3.1] Only the player whose step it is acts in it."""
    acting = acting_player(state, current_step(state).actor)
    if action_player is None or acting is None or action_player is acting:
        return None
    segment = state.segment.replace("_", " ")
    return Violation("3.1", f"it is the {acting.title} player's {segment}; {what}")


def _judge(ruleset: Ruleset, state: GameState, action: EndStep) -> list[Violation]:
    violations = []
    wrong = wrong_player_violation(state, action.player, "only that player may end it")
    if wrong:
        violations.append(wrong)
    acting = acting_player(state, current_step(state).actor)
    if acting is None:
        return violations
    scenario = ruleset.scenarios.get(state.scenario)
    if state.phase == SETUP_PHASE and scenario is not None:
        violations.extend(check_setup(ruleset, scenario, state, acting, state.options))
    elif state.phase == SETUP_PHASE or state.segment in _STACKING_CHECKED_AT:
        violations.extend(overstacking_violations(ruleset, state, acting))
    return violations


def _resolve(ruleset: Ruleset, state: GameState, action: EndStep) -> tuple[GameState, list[Event]]:
    if state.phase == GAME_OVER_PHASE:
        raise InvalidAction("the game is over: the scenario's last turn has been played")
    position = next_position(state)
    if position is None:
        return enter_game_over(state)
    turn, step = position
    return enter_step(state, turn, step)


HANDLERS = {EndStep: (_judge, _resolve)}
