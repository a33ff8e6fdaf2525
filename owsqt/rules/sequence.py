"""The sequence of play as data (3.1 and the Detailed Sequence of Play).

Each step names its phase, its segment and who acts. The engine follows the
table; code does not hide the sequence in scattered ifs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from owsqt.rules.events import Event, StepChanged
from owsqt.rules.state import GameState
from owsqt.rules.vocabulary import Player


class Actor(StrEnum):
    """Who acts in a step: a fixed player, the first or second player (7.1), or both."""

    GERMAN = "german"
    SOVIET = "soviet"
    FIRST = "first"
    SECOND = "second"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Step:
    phase: str
    segment: str
    actor: Actor
    rule: str


SETUP_PHASE = "setup"
GAME_OVER_PHASE = "game_over"

_PLAYER_PHASE_SEGMENTS = (
    ("supply_determination", "14.1"),
    ("non_mechanized_combat", "7.1"),
    ("non_mechanized_movement", "7.1"),
    ("mechanized_movement", "7.2"),
    ("mechanized_combat", "7.2"),
)

TURN_STEPS: tuple[Step, ...] = (
    Step("air_operations", "air_allocation", Actor.BOTH, "4.3"),
    Step("air_operations", "air_combat", Actor.BOTH, "4.4"),
    Step("air_operations", "air_bombardment", Actor.BOTH, "4.6"),
    Step("air_operations", "interdiction", Actor.GERMAN, "4.5"),
    Step("stalingrad_pocket", "thunderclap_initiation", Actor.GERMAN, "5.1"),
    Step("stalingrad_pocket", "sixth_army_activation", Actor.GERMAN, "5.1"),
    Step("stalingrad_pocket", "soviet_ring_forces", Actor.SOVIET, "5.2"),
    Step("initiative", "initiative_determination", Actor.BOTH, "6.1"),
    *(Step("first_player", segment, Actor.FIRST, rule) for segment, rule in _PLAYER_PHASE_SEGMENTS),
    *(
        Step("second_player", segment, Actor.SECOND, rule)
        for segment, rule in _PLAYER_PHASE_SEGMENTS
    ),
    Step("recovery", "disruption_removal", Actor.BOTH, "17.2"),
    Step("recovery", "replacement", Actor.BOTH, "17.3"),
    Step("recovery", "fired_marker_removal", Actor.BOTH, "17.1"),
    Step("recovery", "air_recovery", Actor.BOTH, "4.7"),
)


def setup_steps(first: Player) -> tuple[Step, ...]:
    """Set-up before the first turn: one player sets up first, then the other (19.11, 19.12)."""
    return (
        Step(SETUP_PHASE, f"{first.value}_setup", Actor(first.value), "19.11"),
        Step(SETUP_PHASE, f"{first.opponent.value}_setup", Actor(first.opponent.value), "19.12"),
    )


def first_player(state: GameState) -> Player:
    """The player who holds the initiative this turn; the German player until it is rolled."""
    return state.initiative.holder or Player.GERMAN


def acting_player(state: GameState, actor: Actor) -> Player | None:
    """The single player who acts in a step, or None when both do."""
    if actor is Actor.BOTH:
        return None
    if actor is Actor.FIRST:
        return first_player(state)
    if actor is Actor.SECOND:
        return first_player(state).opponent
    return Player(actor.value)


def _steps_of(state: GameState) -> tuple[Step, ...]:
    if state.phase == SETUP_PHASE:
        return setup_steps(state.setup_first)
    return TURN_STEPS


def _index_of(state: GameState, steps: tuple[Step, ...]) -> int:
    for index, step in enumerate(steps):
        if step.phase == state.phase and step.segment == state.segment:
            return index
    raise ValueError(f"unknown step {state.phase}/{state.segment}")


def current_step(state: GameState) -> Step:
    if state.phase == GAME_OVER_PHASE:
        return Step(GAME_OVER_PHASE, state.segment, Actor.BOTH, "19.0")
    steps = _steps_of(state)
    return steps[_index_of(state, steps)]


def next_position(state: GameState) -> tuple[int, Step] | None:
    """The turn and step after the current one, or None after the scenario's last step."""
    steps = _steps_of(state)
    index = _index_of(state, steps)
    if index + 1 < len(steps):
        return state.turn, steps[index + 1]
    if state.phase == SETUP_PHASE:
        return state.first_turn, TURN_STEPS[0]
    if state.turn >= state.last_turn:
        return None
    return state.turn + 1, TURN_STEPS[0]


def enter_step(state: GameState, turn: int, step: Step) -> tuple[GameState, list[Event]]:
    """Move the state to `step` of `turn`."""
    active = acting_player(state, step.actor)
    new_state = replace(state, turn=turn, phase=step.phase, segment=step.segment, active=active)
    return new_state, [StepChanged(turn, step.phase, step.segment, active)]


def enter_game_over(state: GameState) -> tuple[GameState, list[Event]]:
    """After the last turn the game is over and victory is determined (3.1, 19.0)."""
    new_state = replace(state, phase=GAME_OVER_PHASE, segment="victory_determination", active=None)
    return new_state, [StepChanged(state.turn, GAME_OVER_PHASE, "victory_determination", None)]
