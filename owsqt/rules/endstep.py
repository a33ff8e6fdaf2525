"""EndStep: leave the current step of the sequence of play for the next one (3.1).

The step ends when its player ends it, with no combat under way (11.2), the holder's
planned attacks made or forfeited, which ends the game (6.2), and what its segment asks
before it ends done. Leaving it runs the hooks of the steps it leaves and enters, from the
tables of `stephooks`; after the scenario's last step the game is over and its result
determined (19.0).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.events import Event, GameEnded
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.stephooks import (
    PLAYER_PHASE_END,
    TURN_BEGIN,
    TURN_END,
    end_violations,
    hooks_of,
    run_hooks,
)
from owsqt.rules.turn.initiative import forfeit, forfeit_violations
from owsqt.rules.turn.sequence import (
    PLAYER_PHASES,
    enter_game_over,
    enter_step,
    last_step_of_phase,
    next_position,
    wrong_player,
)
from owsqt.rules.victory.result import scenario_result


def _judge(ruleset: Ruleset, state: GameState, action: EndStep) -> list[Violation]:
    violations = []
    wrong = wrong_player(state, action.player, "only that player may end it")
    if wrong:
        violations.append(wrong)
    if state.combat is not None:
        violations.append(Violation("11.2", "the combat under way is finished first"))
    violations.extend(forfeit_violations(state, action))  # 6.2
    violations.extend(end_violations(ruleset, state))
    return violations


def _resolve(ruleset: Ruleset, state: GameState, action: EndStep) -> tuple[GameState, list[Event]]:
    if state.phase is Phase.GAME_OVER:
        why = state.result.text() if state.result else "the scenario's last turn has been played"
        raise InvalidAction(f"the game is over: {why}")
    if action.forfeit:
        return forfeit(state, action)  # 6.2: the game ends here
    state, events = _leave_step(ruleset, state)
    position = next_position(state)
    if position is None:
        state, entered = enter_game_over(state)
        result = scenario_result(ruleset, state)  # 19.13, 19.23, 19.33, 19.42
        if result is not None:
            state = replace(state, result=result)
            entered.append(GameEnded(result))
        return state, [*events, *entered]
    turn, step = position
    new_turn = turn != state.turn or state.phase is Phase.SETUP
    state, entered = enter_step(state, turn, step)
    events.extend(entered)
    if new_turn:
        state, begun = run_hooks(TURN_BEGIN, ruleset, state)
        events.extend(begun)
    state, begun = run_hooks(hooks_of(step.segment).on_begin, ruleset, state)
    return state, [*events, *begun]


def _leave_step(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """What the end of a step, of a player phase and of a turn bring about."""
    state, events = run_hooks(hooks_of(state.segment).on_end, ruleset, state)
    if state.phase in PLAYER_PHASES and last_step_of_phase(state) and state.active is not None:
        state, ended = run_hooks(PLAYER_PHASE_END, ruleset, state)
        events.extend(ended)
    position = next_position(state)
    if state.phase is not Phase.SETUP and (position is None or position[0] != state.turn):
        state, ended = run_hooks(TURN_END, ruleset, state)
        events.extend(ended)
    return state, events


HANDLERS = {EndStep: (_judge, _resolve)}
