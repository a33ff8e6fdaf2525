"""EndStep: leave the current step of the sequence of play for the next one (3.1).

What happens between steps happens here: the initiative must be determined before
the Initiative Phase ends (6.1); the holder's player phase ends with his planned attacks
made or with his forfeit, which ends the game (6.2); a player phase ends with the
release of reserves the phasing player's units came near (19.11); a turn ends with
the conditions of conditional entries (19.12 e); a turn begins with the reserves the
Turn Record Track releases and a new round of initiative bids; the Replacement Segment
begins with the turn's replacement points (17.3) and ends with lost headquarters
returned, destroyed units permanently lost and unused points lost (17.4); the Soviet Ring
Forces Segment ends with its record of attacked armies and forced retreats cleared (5.2);
a movement segment does not end while a unit retreated off the map can return (11.7).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.air.aftermath import end_air_segment, recover_air_units
from owsqt.rules.air.allocation import allocation_due
from owsqt.rules.air.battles import battle_actor, start_battles
from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.events import Event, GameEnded
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import InvalidAction, Violation
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
from owsqt.rules.turn.initiative import (
    determined_this_turn,
    forfeit,
    forfeit_violations,
    obligation_shortfall,
    open_bidding,
)
from owsqt.rules.turn.sequence import (
    PLAYER_PHASES,
    STACKING_SEGMENTS,
    acting_player,
    current_step,
    enter_game_over,
    enter_step,
    last_step_of_phase,
    next_position,
    wrong_player,
)
from owsqt.rules.victory.crossing import record_control
from owsqt.rules.victory.result import scenario_result


def air_violations(ruleset: Ruleset, state: GameState) -> list[Violation]:
    """[4.3, 4.4] The air allocation is made by both sides, and the air battles fought,
    before their segments end."""
    if state.segment is Segment.AIR_ALLOCATION:
        due = allocation_due(ruleset, state)
        return [due] if due else []
    if state.segment is Segment.AIR_COMBAT and state.air.battles:
        actor = battle_actor(state.air.battles[0])
        return [Violation("4.4", f"the air battle waits for the {actor.title} player's targets")]
    return []


def _judge(ruleset: Ruleset, state: GameState, action: EndStep) -> list[Violation]:
    violations = []
    wrong = wrong_player(state, action.player, "only that player may end it")
    if wrong:
        violations.append(wrong)
    if state.combat is not None:
        violations.append(Violation("11.2", "the combat under way is finished first"))
    violations.extend(forfeit_violations(state, action))  # 6.2
    violations.extend(air_violations(ruleset, state))  # 4.3, 4.4
    placing = placement_due(ruleset, state)  # 5.1: the activated Sixth Army is placed
    if placing:
        violations.append(placing)
    if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
        waiting = [p.title for p in Player if p not in state.initiative.planned_attacks]
        who = " and ".join(waiting)
        violations.append(
            Violation("6.1", f"the initiative is determined first: {who} to declare attacks")
        )
    acting = acting_player(state, current_step(state).actor)
    if acting is None:
        return violations
    scenario = ruleset.scenarios.get(state.scenario)
    setting_up = state.phase is Phase.SETUP
    if setting_up and scenario is not None:
        violations.extend(check_setup(ruleset, scenario, state, acting, state.options))
    elif setting_up or state.segment in STACKING_SEGMENTS:
        # [9.3] Stacking limits apply at the end of each movement and combat segment (and
        # set-up): an overstacked hex is displaced first (the Displace action).
        violations.extend(overstacking_violations(ruleset, state, acting))
        if not setting_up:  # a retreat may have overstacked the other side
            violations.extend(overstacking_violations(ruleset, state, acting.opponent))
    violations.extend(return_violations(ruleset, state))  # 11.7: units back from off the map
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
        state, released = release_by_track(ruleset, state)
        events.extend(released)
    if step.segment is Segment.AIR_COMBAT:
        state, fought = start_battles(ruleset, state)  # 4.4: interception and the bounce
        events.extend(fought)
    if step.segment is Segment.INITIATIVE_DETERMINATION:
        state = open_bidding(state)
    if step.segment is Segment.REPLACEMENT:
        state, received = receive_replacements(ruleset, state)  # 17.3
        events.extend(received)
    phasing = state.active
    if step.segment is Segment.SUPPLY_DETERMINATION and phasing is not None:
        state, supplied = determine_supply(ruleset, state, phasing)  # 14.1-14.4
        events.extend(supplied)
        state, supplied = sixth_army_supply(ruleset, state, phasing)  # 5.1
        events.extend(supplied)
        state, turned = complete_entrenchments(state, phasing)  # 15.1
        events.extend(turned)
    return state, events


def _leave_step(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """What the end of a step, of a player phase and of a turn bring about."""
    state, events = end_air_segment(ruleset, state)  # 4.4-4.6: to the flown box
    if state.segment is Segment.AIR_RECOVERY:
        state, readied = recover_air_units(ruleset, state)  # 4.7, and zones end (4.5)
        events.extend(readied)
    if state.segment is Segment.DISRUPTION_REMOVAL:
        state, recovered = remove_disruption(ruleset, state)  # 17.2
        events.extend(recovered)
    elif state.segment is Segment.REPLACEMENT:
        state, returned = end_reentry(ruleset, state)  # 17.4: headquarters, permanent loss
        state, expired = expire_replacements(state)  # 17.4: unused points are lost
        events.extend([*returned, *expired])
    elif state.segment is Segment.SOVIET_RING_FORCES:
        state, removed = remove_if_ended(ruleset, state)  # 5.1: the pocket phase ends
        events.extend(removed)
        state = end_ring_segment(state)  # 5.2: the attacks and retreats it answered
    elif state.segment is Segment.FIRED_MARKER_REMOVAL:
        state, cleared = remove_fired_markers(state)  # 17.1
        events.extend(cleared)
    player = state.active  # the phase's player: what follows leaves it as it is
    if state.phase in PLAYER_PHASES and last_step_of_phase(state) and player is not None:
        state, shortfall = obligation_shortfall(state)
        events.extend(shortfall)
        state, released = release_by_proximity(ruleset, state, player)
        events.extend(released)
        state, bridges = finish_bridges(ruleset, state, player)  # 16.2
        events.extend(bridges)
    position = next_position(state)
    if state.phase is not Phase.SETUP and (position is None or position[0] != state.turn):
        state = record_control(ruleset, state)  # 19.13: who holds the objective hex
        state, met = check_conditions(ruleset, state)  # the turn is over
        events.extend(met)
    return state, events


HANDLERS = {EndStep: (_judge, _resolve)}
