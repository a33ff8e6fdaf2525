"""The sequence of play as data (3.1 and the Detailed Sequence of Play).

Each step names its phase, its segment, who acts, its rule and the action kinds it
allows. The engine follows the table: it refuses, in one place (`refusal`), an action
whose kind the current step does not allow; code does not hide the sequence in scattered ifs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from owsqt.rules.core.actions import (
    Action,
    Advance,
    AirEngage,
    AirStrike,
    AllocateAir,
    AnswerOptional,
    AssignReplacements,
    AttemptThunderclap,
    Bombard,
    BombardmentMission,
    BuildBridge,
    BuildEntrenchment,
    ChangeLead,
    ChooseSegmentOrder,
    ContinueCombat,
    Counterbattery,
    DeclareAttacks,
    Defend,
    DestroyBridge,
    Displace,
    EndStep,
    Fire,
    FlipUnit,
    GroundAttack,
    HastyAttack,
    Interdict,
    MoveStack,
    PlaceAirUnit,
    PlaceSixthArmy,
    PlaceUnits,
    PreparedAttack,
    Reenter,
    ReleaseRingUnit,
    ReorderStack,
    Retreat,
    RollDice,
    RollRingRelease,
    SetBridge,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetStrength,
    SetSupply,
    SetUnitStatus,
    SpecialFire,
    TakeLosses,
)
from owsqt.rules.core.events import Event, StepChanged
from owsqt.rules.core.state import GameState, MovementState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player

Kinds = frozenset[type[Action]]


class Actor(StrEnum):
    """Who acts in a step: a fixed player, the first or second player (7.1), or both."""

    GERMAN = "german"
    SOVIET = "soviet"
    FIRST = "first"
    SECOND = "second"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the sequence of play and the action kinds it allows besides ANY_STEP."""

    phase: Phase
    segment: Segment
    actor: Actor
    rule: str
    allows: Kinds = frozenset()


# Every step allows ending it and open rolls. Manual edits too: in ASSIST and STRICT play
# their own judge holds them to set-up (3.1, 19.11; freeplay.manual), in FREE play to nothing.
ANY_STEP: Kinds = frozenset(
    {
        EndStep,
        RollDice,
        PlaceUnits,
        SetUnitStatus,
        FlipUnit,
        SetStrength,
        SetMarker,
        SetSupply,
        ReorderStack,
        PlaceAirUnit,
        SetEntrenchment,
        SetBridge,
        SetInterdiction,
    }
)
# [11.2] The steps of a combat under way, taken in the segments where combats are fought:
# movement (hasty attacks, 8.4) and combat (prepared attacks, 11.1; missions, 12.2). Which
# combat step allows which is the combat machine's (combat.prepared.COMBAT_STEP_ALLOWS).
COMBAT_KINDS: Kinds = frozenset(
    {
        Defend,
        Counterbattery,
        Bombard,
        AirStrike,
        Fire,
        TakeLosses,
        AnswerOptional,
        Retreat,
        Advance,
        ContinueCombat,
        ChangeLead,
    }
)
_PHASE_START: Kinds = frozenset({BuildEntrenchment, BuildBridge})  # 15.1, 16.2
_BEFORE_MECHANIZED: Kinds = frozenset({ChooseSegmentOrder})  # 7.2
_DISPLACE: Kinds = frozenset({Displace})  # 9.3: at the end of movement and combat segments
# [11.7, 9.3] The answer to a special fire, where retreats and displacements are made; while
# one is awaited it is the only kind allowed (see `allows`).
_PASSING: Kinds = _DISPLACE | COMBAT_KINDS | {SpecialFire}
_MOVEMENT: Kinds = frozenset({MoveStack, HastyAttack, DestroyBridge}) | _PASSING
_COMBAT: Kinds = frozenset({PreparedAttack, BombardmentMission}) | _PASSING
_REPLACEMENT: Kinds = frozenset({AssignReplacements, Reenter})  # 17.4
# [5.1] The Sixth Army's special phase: placed in the pocket, then moving (displaced at
# its end when overstacked, 9.3). Its handlers judge whether Thunderclap is active.
_SIXTH_ARMY: Kinds = frozenset({PlaceSixthArmy, MoveStack, Displace})
# [5.2] The release rolls, the releases, and the moves of the Ring units they allow
_RING_FORCES: Kinds = frozenset({RollRingRelease, ReleaseRingUnit, MoveStack})


@dataclass(frozen=True, slots=True)
class Refusal:
    """How a step refuses an action kind it does not allow: the kind's rule, its words
    ({segment} names the step) and whether the kind's handler still names the other rules
    the action breaks. It does for what acts on the map (a move, an attack, a bridge); a
    bid, the 7.2 choice or a combat step means nothing more out of its step."""

    rule: str
    words: str
    judged_further: bool = True


# The words are those the handlers gave before the table held the steps, so that the
# verdicts ASSIST games recorded replay unchanged.
REFUSALS: dict[type[Action], Refusal] = {
    DeclareAttacks: Refusal(
        "6.1",
        "planned attacks are declared in the Initiative Phase, not in the {segment}",
        judged_further=False,
    ),
    BuildEntrenchment: Refusal(
        "15.1",
        "entrenchments are begun at the start of the player phase "
        "(its supply determination segment)",
    ),
    BuildBridge: Refusal(
        "16.2",
        "a bridge is begun at the start of the player phase (its supply determination segment)",
    ),
    ChooseSegmentOrder: Refusal(
        "7.2",
        "the order of the mechanized segments is chosen in the player phase, before they begin",
        judged_further=False,
    ),
    MoveStack: Refusal("3.1", "units move in movement segments, not in {segment}"),
    HastyAttack: Refusal("8.4", "hasty attacks are made during movement"),
    DestroyBridge: Refusal("16.2", "bridges are blown during movement"),
    Displace: Refusal("9.3", "units are displaced at the end of a movement or combat segment"),
    PreparedAttack: Refusal("11.1", "prepared attacks belong to combat segments"),
    BombardmentMission: Refusal(
        "12.2", "bombardment missions are fired in a combat segment, outside another combat"
    ),
    **{
        kind: Refusal("11.2", "no combat is under way", judged_further=False)
        for kind in COMBAT_KINDS
    },
    ChangeLead: Refusal(
        "11.3", "a lead is changed during a combat, after both are named", judged_further=False
    ),
    AllocateAir: Refusal(
        "4.3", "air units are allocated in the Air Allocation Segment", judged_further=False
    ),
    AirEngage: Refusal(
        "4.4", "air combat is fought in the Air Combat Segment", judged_further=False
    ),
    GroundAttack: Refusal("4.6", "ground attack missions fly in the Air Bombardment Segment"),
    Interdict: Refusal("4.5", "interdiction missions fly in the Interdiction Segment"),
    SpecialFire: Refusal(
        "11.7", "no units are passing through an enemy zone of control", judged_further=False
    ),
    AssignReplacements: Refusal("17.4", "replacements are assigned in the Replacement Segment"),
    Reenter: Refusal("17.4", "destroyed units re-enter in the Replacement Segment"),
    AttemptThunderclap: Refusal(
        "5.1",
        "Thunderclap is attempted in the Operation Thunderclap Initiation Segment",
        judged_further=False,
    ),
    PlaceSixthArmy: Refusal(
        "5.1", "Sixth Army units are placed in the Sixth Army Activation Segment"
    ),
    RollRingRelease: Refusal(
        "5.2", "release rolls are made in the Soviet Ring Forces Segment", judged_further=False
    ),
    ReleaseRingUnit: Refusal(
        "5.2",
        "Ring Forces units are released in the Soviet Ring Forces Segment",
        judged_further=False,
    ),
}
# [11.7] What may be done while a retreat or displacement waits for the special fire
# choice: the answer, open rolls and manual edits (judged by their own rules).
_WHILE_SPECIAL_FIRE: Kinds = (ANY_STEP - {EndStep}) | {SpecialFire}

_PLAYER_PHASE_SEGMENTS: tuple[tuple[Segment, str, Kinds], ...] = (
    (Segment.SUPPLY_DETERMINATION, "14.1", _PHASE_START | _BEFORE_MECHANIZED),
    (Segment.NON_MECHANIZED_COMBAT, "7.1", _COMBAT | _BEFORE_MECHANIZED),
    (Segment.NON_MECHANIZED_MOVEMENT, "7.1", _MOVEMENT | _BEFORE_MECHANIZED),
    (Segment.MECHANIZED_MOVEMENT, "7.2", _MOVEMENT),
    (Segment.MECHANIZED_COMBAT, "7.2", _COMBAT),
)

TURN_STEPS: tuple[Step, ...] = (
    Step(Phase.AIR_OPERATIONS, Segment.AIR_ALLOCATION, Actor.BOTH, "4.3", frozenset({AllocateAir})),
    Step(Phase.AIR_OPERATIONS, Segment.AIR_COMBAT, Actor.BOTH, "4.4", frozenset({AirEngage})),
    Step(
        Phase.AIR_OPERATIONS, Segment.AIR_BOMBARDMENT, Actor.BOTH, "4.6", frozenset({GroundAttack})
    ),
    Step(Phase.AIR_OPERATIONS, Segment.INTERDICTION, Actor.GERMAN, "4.5", frozenset({Interdict})),
    Step(
        Phase.STALINGRAD_POCKET,
        Segment.THUNDERCLAP_INITIATION,
        Actor.GERMAN,
        "5.1",
        frozenset({AttemptThunderclap}),
    ),
    Step(Phase.STALINGRAD_POCKET, Segment.SIXTH_ARMY_ACTIVATION, Actor.GERMAN, "5.1", _SIXTH_ARMY),
    Step(Phase.STALINGRAD_POCKET, Segment.SOVIET_RING_FORCES, Actor.SOVIET, "5.2", _RING_FORCES),
    Step(
        Phase.INITIATIVE,
        Segment.INITIATIVE_DETERMINATION,
        Actor.BOTH,
        "6.1",
        frozenset({DeclareAttacks}),
    ),
    *(
        Step(Phase.FIRST_PLAYER, segment, Actor.FIRST, rule, allows)
        for segment, rule, allows in _PLAYER_PHASE_SEGMENTS
    ),
    *(
        Step(Phase.SECOND_PLAYER, segment, Actor.SECOND, rule, allows)
        for segment, rule, allows in _PLAYER_PHASE_SEGMENTS
    ),
    Step(Phase.RECOVERY, Segment.DISRUPTION_REMOVAL, Actor.BOTH, "17.2"),
    Step(Phase.RECOVERY, Segment.REPLACEMENT, Actor.BOTH, "17.3", _REPLACEMENT),
    Step(Phase.RECOVERY, Segment.FIRED_MARKER_REMOVAL, Actor.BOTH, "17.1"),
    Step(Phase.RECOVERY, Segment.AIR_RECOVERY, Actor.BOTH, "4.7"),
)


MOVEMENT_SEGMENTS = frozenset({Segment.NON_MECHANIZED_MOVEMENT, Segment.MECHANIZED_MOVEMENT})
# [7.1] Each movement segment's combat segment: its units fight there.
COMBAT_SEGMENTS = {
    Segment.NON_MECHANIZED_COMBAT: Segment.NON_MECHANIZED_MOVEMENT,
    Segment.MECHANIZED_COMBAT: Segment.MECHANIZED_MOVEMENT,
}
# [9.3] Stacking limits apply at the end of each movement and combat segment (5.1: and of
# the Sixth Army's special phase).
STACKING_SEGMENTS = MOVEMENT_SEGMENTS | set(COMBAT_SEGMENTS) | {Segment.SIXTH_ARMY_ACTIVATION}
PLAYER_PHASES = frozenset({Phase.FIRST_PLAYER, Phase.SECOND_PLAYER})


def setup_steps(first: Player) -> tuple[Step, ...]:
    """Set-up before the first turn: one player sets up first, then the other (19.11, 19.12)."""
    return (
        Step(Phase.SETUP, Segment.setup_of(first), Actor(first.value), "19.11"),
        Step(Phase.SETUP, Segment.setup_of(first.opponent), Actor(first.opponent.value), "19.12"),
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
    return Violation("3.1", f"it is the {acting.title} player's {state.segment.title}; {what}")


def _steps_of(state: GameState) -> tuple[Step, ...]:
    if state.phase is Phase.SETUP:
        return setup_steps(state.setup_first)
    if state.combat_first:
        return _combat_first(TURN_STEPS, state.phase)
    return TURN_STEPS


def _combat_first(steps: tuple[Step, ...], phase: Phase) -> tuple[Step, ...]:
    """[7.2] The steps with `phase`'s mechanized combat segment before its movement one."""
    swapped = list(steps)
    movement = next(
        i
        for i, s in enumerate(steps)
        if s.phase is phase and s.segment is Segment.MECHANIZED_MOVEMENT
    )
    swapped[movement], swapped[movement + 1] = steps[movement + 1], steps[movement]
    return tuple(swapped)


def last_step_of_phase(state: GameState) -> bool:
    """Whether the current step is the last of its phase (its player phase, for 6.2)."""
    steps = _steps_of(state)
    index = _index_of(state, steps)
    return index + 1 == len(steps) or steps[index + 1].phase is not state.phase


def steps_left_in_phase(state: GameState) -> tuple[Step, ...]:
    """The current step and those after it in its phase, in the order of play (7.2)."""
    steps = _steps_of(state)
    index = _index_of(state, steps)
    return tuple(step for step in steps[index:] if step.phase is state.phase)


def _index_of(state: GameState, steps: tuple[Step, ...]) -> int:
    for index, step in enumerate(steps):
        if step.phase is state.phase and step.segment is state.segment:
            return index
    raise ValueError(f"unknown step {state.phase}/{state.segment}")


def current_step(state: GameState) -> Step:
    if state.phase is Phase.GAME_OVER:
        return Step(Phase.GAME_OVER, state.segment, Actor.BOTH, "19.0")
    steps = _steps_of(state)
    return steps[_index_of(state, steps)]


def next_position(state: GameState) -> tuple[int, Step] | None:
    """The turn and step after the current one, or None after the scenario's last step."""
    steps = _steps_of(state)
    index = _index_of(state, steps)
    if index + 1 < len(steps):
        return state.turn, steps[index + 1]
    if state.phase is Phase.SETUP:
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
        combat_first=state.combat_first and step.phase is state.phase,  # 7.2: per phase
        prepared_targets=state.prepared_targets if step.phase is state.phase else frozenset(),
    )
    return new_state, [StepChanged(turn, step.phase, step.segment, active)]


def enter_game_over(state: GameState) -> tuple[GameState, list[Event]]:
    """After the last turn the game is over and victory is determined (3.1, 19.0)."""
    over, victory = Phase.GAME_OVER, Segment.VICTORY_DETERMINATION
    new_state = replace(state, phase=over, segment=victory, active=None)
    return new_state, [StepChanged(state.turn, over, victory, None)]


def allows(state: GameState, kind: type[Action]) -> bool:
    """Whether the current step allows actions of `kind` (3.1). A combat under way is
    fought out whatever the step (11.2): ASSIST play may have opened one out of its step."""
    if state.special_fire is not None:  # 11.7: the passing units wait for the answer
        return kind in _WHILE_SPECIAL_FIRE
    if kind in ANY_STEP or kind in current_step(state).allows:
        return True
    return kind in COMBAT_KINDS and state.combat is not None


def refusal(state: GameState, action: Action) -> tuple[Violation, Refusal] | None:
    """[3.1] Why the current step does not allow `action`'s kind, by the rule the kind
    belongs to, and how it was refused; None when the step allows it."""
    kind = type(action)
    choice = state.special_fire
    if choice is not None and kind not in _WHILE_SPECIAL_FIRE:
        waits = Violation(
            "11.7",
            f"the passing units wait for the {choice.player.title} player to choose "
            "whether his units fire at them",
        )
        return waits, Refusal(waits.rule, waits.message, judged_further=False)
    if allows(state, kind):
        return None
    refused = REFUSALS[kind]
    return Violation(refused.rule, refused.words.format(segment=state.segment.title)), refused
