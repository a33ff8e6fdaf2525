"""The engine: apply(ruleset, state, action, mode) -> Outcome(state, events, verdict).

Every action type has a handler: `judge` lists the rules it would break (each
with its rule number), `resolve` computes the new state and the events. The
mode decides what a non-empty verdict means: FREE does not judge, ASSIST
applies and keeps the violations, STRICT refuses.

Before any handler judges, the sequence-of-play table says whether the current
step allows the action's kind at all (3.1); an action it does not allow is
refused here, once, with the rule of its kind. What acts on the map (a move, an
attack) is then judged on, so ASSIST names every rule it breaks; a bid, the 7.2
choice or a combat step out of its step is judged no further.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from owsqt.rules import endstep
from owsqt.rules.air import allocation, engage, strikes
from owsqt.rules.combat import bombard, displace, hasty, prepared, results, specialfire
from owsqt.rules.core.actions import Action, PlaceUnits
from owsqt.rules.core.events import Event
from owsqt.rules.core.rolls import begin_action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Mode, Verdict, Violation
from owsqt.rules.engineering import bridging, entrenchment
from owsqt.rules.freeplay import manual, openrolls
from owsqt.rules.idlesteps import pass_idle
from owsqt.rules.movement import moveaction
from owsqt.rules.pocket import placement, ring, thunderclap
from owsqt.rules.pocket.linkup import follow_up
from owsqt.rules.recovery import reentry, replacements
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.placing import placement_violations
from owsqt.rules.turn import initiative
from owsqt.rules.turn.sequence import refusal
from owsqt.rules.victory.ledger import progress

Judge = Callable[[Ruleset, GameState, Action], Sequence[Violation]]
Resolve = Callable[[Ruleset, GameState, Action], tuple[GameState, Sequence[Event]]]


@dataclass(frozen=True, slots=True)
class Handler:
    judge: Judge
    resolve: Resolve


HANDLERS: dict[type[Action], Handler] = {
    action_type: Handler(judge, resolve)
    for module in (
        manual,
        openrolls,
        endstep,
        moveaction,
        initiative,
        displace,
        entrenchment,
        prepared,
        bombard,
        results,
        specialfire,
        hasty,
        bridging,
        allocation,
        engage,
        strikes,
        replacements,
        reentry,
        thunderclap,
        placement,
        ring,
    )
    for action_type, (judge, resolve) in module.HANDLERS.items()
}


def _judge_place(ruleset: Ruleset, state: GameState, action: Action) -> list[Violation]:
    """[19.0] A placement in set-up: the manual edit's judge, then the scenario text's zone,
    choice and stacking, each placement as it is made (setup/placing.py)."""
    assert isinstance(action, PlaceUnits)  # registered for PlaceUnits only
    return [
        *manual.judge_manual_edit(ruleset, state, action),
        *placement_violations(ruleset, state, action),
    ]


HANDLERS[PlaceUnits] = Handler(_judge_place, HANDLERS[PlaceUnits].resolve)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What submitting an action did. `applied` is False when STRICT refused it."""

    state: GameState
    events: tuple[Event, ...]
    verdict: Verdict
    applied: bool


def judge(ruleset: Ruleset, state: GameState, action: Action) -> Verdict:
    """The rules' verdict on `action`, whatever the mode."""
    handler = _handler_for(action)
    _check_references(ruleset, state, action)
    return _verdict(ruleset, state, action, handler)


def apply(ruleset: Ruleset, state: GameState, action: Action, mode: Mode) -> Outcome:
    """Apply `action` in `mode`. Raises InvalidAction for actions no mode can accept."""
    handler = _handler_for(action)
    _check_references(ruleset, state, action)
    verdict = Verdict() if mode is Mode.FREE else _verdict(ruleset, state, action, handler)
    if mode is Mode.STRICT and not verdict.legal:
        return Outcome(state, (), verdict, applied=False)
    new_state, events = handler.resolve(ruleset, begin_action(state), action)  # 18.1: keyed die
    new_state, followed = follow_up(ruleset, new_state, action)  # 5.1: link-up or end
    new_state, earned = progress(ruleset, state, new_state)  # 19.33: points "at any time"
    acted = new_state
    new_state, passed = pass_idle(ruleset, acted)  # 3.1: steps that need nobody
    new_state, later = progress(ruleset, acted, new_state) if passed else (new_state, [])
    events = (*events, *followed, *earned, *passed, *later)
    return Outcome(new_state, events, verdict, applied=True)


def _verdict(ruleset: Ruleset, state: GameState, action: Action, handler: Handler) -> Verdict:
    """[3.1] The one place where a step refuses the kinds it does not allow, first; the
    handler judges the rest (for a refused kind, only if its refusal says so)."""
    refused = refusal(state, action)
    if refused is None:
        return Verdict(tuple(handler.judge(ruleset, state, action)))
    violation, how = refused
    rest = handler.judge(ruleset, state, action) if how.judged_further else ()
    return Verdict((violation, *rest))


def _handler_for(action: Action) -> Handler:
    try:
        return HANDLERS[type(action)]
    except KeyError:
        raise InvalidAction(f"no rules handle the action {type(action).__name__}") from None


def _check_references(ruleset: Ruleset, state: GameState, action: Action) -> None:
    for unit_id in action.unit_references():
        if unit_id not in state.units:
            raise InvalidAction(f"there is no ground unit {unit_id!r} in this game")
