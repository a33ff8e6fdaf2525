"""The hooks of the sequence of play (3.1): what a step asks before it ends and does when
it begins and ends, as tables.

The steps themselves are `turn/sequence.py`'s table (`TURN_STEPS`); their hooks call the
features (air, supply, recovery...), which sit above `turn`, so the hooks are kept here,
keyed by segment and written in the sequence's order. `endstep` runs them, in this order:
leaving a step, the segment's `on_end` hooks, then `PLAYER_PHASE_END` after the last step
of a player phase, then `TURN_END` after the last step of a turn; entering one,
`TURN_BEGIN` for a new turn, then the new segment's `on_begin` hooks. The order is the one
games were always played in: a hook may roll dice, and old game files replay line by line
only while the hooks roll them in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from owsqt.rules.air.aftermath import end_air_segment, recover_air_units
from owsqt.rules.air.allocation import allocation_due
from owsqt.rules.air.battles import battle_actor, start_battles
from owsqt.rules.core.events import Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engineering.bridging import finish_bridges
from owsqt.rules.movement.arrivals import check_conditions, release_by_proximity, release_by_track
from owsqt.rules.movement.returnsdue import return_violations
from owsqt.rules.movement.stacking import overstacking_violations
from owsqt.rules.pocket.linkup import remove_if_ended, sixth_army_supply
from owsqt.rules.pocket.placement import placement_due
from owsqt.rules.pocket.ring import end_ring_segment
from owsqt.rules.recovery.phase import (
    complete_entrenchments,
    remove_disruption,
    remove_fired_markers,
)
from owsqt.rules.recovery.reentry import end_reentry
from owsqt.rules.recovery.replacements import expire_replacements, receive_replacements
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.setup.setupcheck import check_setup
from owsqt.rules.supply.determination import determine_supply
from owsqt.rules.turn.initiative import determined_this_turn, obligation_shortfall, open_bidding
from owsqt.rules.turn.sequence import acting_player, current_step
from owsqt.rules.victory.crossing import record_control

Effect = Callable[[Ruleset, GameState], tuple[GameState, list[Event]]]
Check = Callable[[Ruleset, GameState], list[Violation]]
PlayerEffect = Callable[[Ruleset, GameState, Player], tuple[GameState, list[Event]]]


@dataclass(frozen=True, slots=True)
class Hook:
    """What a step does when it begins or ends, by its rule."""

    rule: str
    run: Effect


@dataclass(frozen=True, slots=True)
class Condition:
    """Why a step may not end yet, by its rule: the violations `check` finds."""

    rule: str
    check: Check


@dataclass(frozen=True, slots=True)
class StepHooks:
    """A segment's hooks: what it asks before it ends, does when it begins and when it ends,
    each in the order it runs."""

    before_end: tuple[Condition, ...] = ()
    on_begin: tuple[Hook, ...] = ()
    on_end: tuple[Hook, ...] = ()


def _of_phasing(effect: PlayerEffect) -> Effect:
    """`effect` for the phasing player (the step's active one); nothing when both act."""

    def run(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
        player = state.active
        return effect(ruleset, state, player) if player is not None else (state, [])

    return run


def _without_ruleset(effect: Callable[[GameState], tuple[GameState, list[Event]]]) -> Effect:
    """`effect`, which needs no ruleset."""
    return lambda _ruleset, state: effect(state)


def _acting(state: GameState) -> Player | None:
    """The single player who acts in the current step (3.1), or None when both do."""
    return acting_player(state, current_step(state).actor)


def _allocated(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[4.3] Both sides have allocated their air units."""
    due = allocation_due(ruleset, state)
    return [due] if due else []


def _battles_fought(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[4.4] The air battles are fought."""
    if not state.air.battles:
        return []
    actor = battle_actor(state.air.battles[0])
    return [Violation("4.4", f"the air battle waits for the {actor.title} player's targets")]


def _sixth_army_placed(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[5.1] The activated Sixth Army is placed."""
    placing = placement_due(ruleset, state)
    return [placing] if placing else []


def _initiative_determined(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[6.1] The initiative is determined before the Initiative Phase ends."""
    if determined_this_turn(state):
        return []
    waiting = " and ".join(p.title for p in Player if p not in state.initiative.planned_attacks)
    return [Violation("6.1", f"the initiative is determined first: {waiting} to declare attacks")]


def _set_up(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[19.0, 9.3] The acting player's set-up follows the scenario's text (only the stacking
    limits when the game has no scenario)."""
    acting = _acting(state)
    if acting is None:
        return []
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None:
        return overstacking_violations(ruleset, state, acting)
    return check_setup(ruleset, scenario, state, acting, state.options)


def _not_overstacked(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[9.3] Stacking limits apply at the end of each movement and combat segment (and of the
    Sixth Army's special phase): an overstacked hex is displaced first (the Displace action).
    A retreat may have overstacked the other side."""
    acting = _acting(state)
    if acting is None:
        return []
    return [
        *overstacking_violations(ruleset, state, acting),
        *overstacking_violations(ruleset, state, acting.opponent),
    ]


def _open_bidding(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[6.1] A new round of initiative bids."""
    return open_bidding(state), []


def _end_ring_segment(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[5.2] The record of attacked armies and forced retreats is cleared."""
    return end_ring_segment(state), []


def _record_control(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[19.13] Who holds the objective hex at the end of the turn."""
    return record_control(ruleset, state), []


def _complete_entrenchments(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[15.1] The phasing player's entrenchments begun on an earlier turn are completed."""
    player = state.active
    return complete_entrenchments(state, player) if player is not None else (state, [])


_SET_UP = StepHooks(before_end=(Condition("19.0", _set_up),))
_STACKING = Condition("9.3", _not_overstacked)
_MOVEMENT = StepHooks(before_end=(_STACKING, Condition("11.7", return_violations)))
_COMBAT = StepHooks(before_end=(_STACKING,))

SEGMENT_HOOKS: dict[Segment, StepHooks] = {
    Segment.GERMAN_SETUP: _SET_UP,
    Segment.SOVIET_SETUP: _SET_UP,
    Segment.AIR_ALLOCATION: StepHooks(before_end=(Condition("4.3", _allocated),)),
    Segment.AIR_COMBAT: StepHooks(
        before_end=(Condition("4.4", _battles_fought),),
        on_begin=(Hook("4.4", start_battles),),  # interception and the bounce
        on_end=(Hook("4.4", end_air_segment),),  # the fighters to the flown box
    ),
    Segment.AIR_BOMBARDMENT: StepHooks(on_end=(Hook("4.6", end_air_segment),)),
    Segment.INTERDICTION: StepHooks(on_end=(Hook("4.5", end_air_segment),)),
    Segment.SIXTH_ARMY_ACTIVATION: StepHooks(
        before_end=(Condition("5.1", _sixth_army_placed), _STACKING)
    ),
    Segment.SOVIET_RING_FORCES: StepHooks(
        on_end=(
            Hook("5.1", remove_if_ended),  # the pocket phase after Thunderclap ended
            Hook("5.2", _end_ring_segment),
        )
    ),
    Segment.INITIATIVE_DETERMINATION: StepHooks(
        before_end=(Condition("6.1", _initiative_determined),),
        on_begin=(Hook("6.1", _open_bidding),),
    ),
    Segment.SUPPLY_DETERMINATION: StepHooks(
        on_begin=(
            Hook("14.1", _of_phasing(determine_supply)),  # 14.1-14.4
            Hook("5.1", _of_phasing(sixth_army_supply)),
            Hook("15.1", _complete_entrenchments),
        )
    ),
    Segment.NON_MECHANIZED_COMBAT: _COMBAT,
    Segment.NON_MECHANIZED_MOVEMENT: _MOVEMENT,
    Segment.MECHANIZED_MOVEMENT: _MOVEMENT,
    Segment.MECHANIZED_COMBAT: _COMBAT,
    Segment.DISRUPTION_REMOVAL: StepHooks(on_end=(Hook("17.2", remove_disruption),)),
    Segment.REPLACEMENT: StepHooks(
        on_begin=(Hook("17.3", receive_replacements),),
        on_end=(
            Hook("17.4", end_reentry),  # headquarters return, the others permanently lost
            Hook("17.4", _without_ruleset(expire_replacements)),  # unused points are lost
        ),
    ),
    Segment.FIRED_MARKER_REMOVAL: StepHooks(
        on_end=(Hook("17.1", _without_ruleset(remove_fired_markers)),)
    ),
    # The recovery rolls; the turn's interdiction zones end (4.5)
    Segment.AIR_RECOVERY: StepHooks(on_end=(Hook("4.7", recover_air_units),)),
}

# After the last step of a player phase, for the phase's player
PLAYER_PHASE_END: tuple[Hook, ...] = (
    Hook("6.2", _without_ruleset(obligation_shortfall)),  # fewer attacks than planned
    Hook("19.11", _of_phasing(release_by_proximity)),  # reserves the enemy came near
    Hook("16.2", _of_phasing(finish_bridges)),  # the engineers' proficiency checks
)
# After the last step of a turn (not of set-up)
TURN_END: tuple[Hook, ...] = (
    Hook("19.13", _record_control),
    Hook("19.12 e", check_conditions),  # conditional entries
)
# Before the first step of a turn (and of the second player's set-up)
TURN_BEGIN: tuple[Hook, ...] = (Hook("19.11", release_by_track),)  # the Turn Record Track


def hooks_of(segment: Segment) -> StepHooks:
    """The hooks of `segment`'s step; none for a step that has none."""
    return SEGMENT_HOOKS.get(segment, StepHooks())


def run_hooks(
    hooks: tuple[Hook, ...], ruleset: Ruleset, state: GameState
) -> tuple[GameState, list[Event]]:
    """Run `hooks` in order, each on the state the one before left."""
    events: list[Event] = []
    for hook in hooks:
        state, done = hook.run(ruleset, state)
        events.extend(done)
    return state, events


def end_violations(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """Why the current step may not end yet, by its segment's conditions in order."""
    return [v for c in hooks_of(state.segment).before_end for v in c.check(ruleset, state)]
