"""The sequence of play as data (3.1 and the Detailed Sequence of Play).

Each step names its phase, its segment and who acts. The engine follows the
table; code does not hide the sequence in scattered ifs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from owsqt.rules.core.events import Event, StepChanged
from owsqt.rules.core.state import GameState, MovementState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player


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


MOVEMENT_SEGMENTS = frozenset({"non_mechanized_movement", "mechanized_movement"})
# [9.3] Stacking limits apply at the end of each movement and combat segment.
STACKING_SEGMENTS = MOVEMENT_SEGMENTS | {"non_mechanized_combat", "mechanized_combat"}
PLAYER_PHASES = frozenset({"first_player", "second_player"})


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


def wrong_player(state: GameState, action_player: Player | None, what: str) -> Violation | None:
    """[3.1] Only the player whose step it is acts in it."""
    acting = acting_player(state, current_step(state).actor)
    if action_player is None or acting is None or action_player is acting:
        return None
    segment = state.segment.replace("_", " ")
    return Violation("3.1", f"it is the {acting.title} player's {segment}; {what}")


def _steps_of(state: GameState) -> tuple[Step, ...]:
    if state.phase == SETUP_PHASE:
        return setup_steps(state.setup_first)
    if state.combat_first:
        return _combat_first(TURN_STEPS, state.phase)
    return TURN_STEPS


def _combat_first(steps: tuple[Step, ...], phase: str) -> tuple[Step, ...]:
    """[7.2] The steps with `phase`'s mechanized combat segment before its movement one."""
    swapped = list(steps)
    movement = next(
        i for i, s in enumerate(steps) if s.phase == phase and s.segment == "mechanized_movement"
    )
    swapped[movement], swapped[movement + 1] = steps[movement + 1], steps[movement]
    return tuple(swapped)


def last_step_of_phase(state: GameState) -> bool:
    """Whether the current step is the last of its phase (its player phase, for 6.2)."""
    steps = _steps_of(state)
    index = _index_of(state, steps)
    return index + 1 == len(steps) or steps[index + 1].phase != state.phase


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
    new_state = replace(
        state,
        turn=turn,
        phase=step.phase,
        segment=step.segment,
        active=active,
        movement=MovementState(),  # 8.1: every segment starts with nobody moved
        combat_first=state.combat_first and step.phase == state.phase,  # 7.2: per phase
        prepared_targets=state.prepared_targets if step.phase == state.phase else frozenset(),
    )
    return new_state, [StepChanged(turn, step.phase, step.segment, active)]


def enter_game_over(state: GameState) -> tuple[GameState, list[Event]]:
    """After the last turn the game is over and victory is determined (3.1, 19.0)."""
    new_state = replace(state, phase=GAME_OVER_PHASE, segment="victory_determination", active=None)
    return new_state, [StepChanged(state.turn, GAME_OVER_PHASE, "victory_determination", None)]
