"""The Soviet Ring Forces Segment (5.2; readings 100-104): the release roll for each Ring
army attacked since the last segment, the release of one piece of an army that rolled
"eight" or more, and the end of the segment, which clears the record of attacks and
forced retreats. Which Ring units may move in the segment, and what they pay to leave
the pocket's side, is movement's (movement/ringhold.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from owsqt.rules.core.actions import Action, ReleaseRingUnit, RollRingRelease
from owsqt.rules.core.events import Event, RingReleaseRolled, RingUnitReleased
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.movement.ringhold import ring_army, stays_put
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import wrong_player

RELEASE_ROLL = 8  # [5.2] "If the roll is 'eight' or greater": on the ten-sided die, 3 in 10


def ring_armies(ruleset: Ruleset) -> tuple[str, ...]:
    """[5.2] The Ring armies: the formations whose units stay put, by id."""
    return tuple(sorted(f.id for f in ruleset.catalogue.formations.values() if f.stays_put))


def army_name(ruleset: Ruleset, army: str) -> str:
    return ruleset.catalogue.formations[army].name


def rolls_due(state: GameState) -> tuple[str, ...]:
    """[5.2] The attacked Ring armies not yet rolled for in this segment."""
    return tuple(sorted(state.ring.attacked - set(state.ring.rolls)))


def releases_due(state: GameState) -> tuple[str, ...]:
    """[5.2] The armies whose roll of "eight" or more has not released a piece yet."""
    ring = state.ring
    return tuple(
        sorted(a for a, roll in ring.rolls.items() if roll >= RELEASE_ROLL and a not in ring.freed)
    )


def releasable(ruleset: Ruleset, state: GameState, army: str) -> tuple[str, ...]:
    """[5.2] The pieces of `army` a release may free: on the map and still held."""
    return tuple(
        sorted(
            u.id
            for u in ruleset.catalogue.units_of(army)
            if u.id in state.units
            and state.units[u.id].status is UnitStatus.ON_MAP
            and stays_put(ruleset, state, u.id)
        )
    )


# --- the release roll -------------------------------------------------------------------


def _army_of_action(ruleset: Ruleset, army: str) -> str:
    formation = ruleset.catalogue.formations.get(army)
    if formation is None or not formation.stays_put:
        known = ", ".join(ring_armies(ruleset)) or "none in this game"
        raise InvalidAction(f"{army!r} is not a Ring Forces army (5.2); they are: {known}")
    return army


def _judge_roll(ruleset: Ruleset, state: GameState, action: RollRingRelease) -> list[Violation]:
    army = _army_of_action(ruleset, action.army)
    name = army_name(ruleset, army)
    violations = []
    wrong = wrong_player(state, action.player, "the Soviet player rolls for his Ring armies")
    if wrong:
        violations.append(wrong)
    if army not in state.ring.attacked:
        violations.append(
            Violation(
                "5.2",
                f"the {name} has not been attacked since the last Soviet Ring Forces Segment: "
                "it has no release roll",
            )
        )
    elif army in state.ring.rolls:
        violations.append(
            Violation("5.2", f"the {name} has had its release roll this segment (one a segment)")
        )
    return violations


def _resolve_roll(
    ruleset: Ruleset, state: GameState, action: RollRingRelease
) -> tuple[GameState, list[Event]]:
    army = _army_of_action(ruleset, action.army)
    roll, state, rolled = roll_die(
        state,
        f"release roll, {army_name(ruleset, army)}",
        Player.SOVIET,
        key=f"release roll, {army}",
    )
    ring = replace(state.ring, rolls=state.ring.rolls.set(army, roll))
    event = RingReleaseRolled(army, army_name(ruleset, army), roll, RELEASE_ROLL)
    return replace(state, ring=ring), [rolled, event]


# --- the release ------------------------------------------------------------------------


def _judge_release(ruleset: Ruleset, state: GameState, action: ReleaseRingUnit) -> list[Violation]:
    name = ruleset.unit_name(action.unit)
    army = ring_army(ruleset, action.unit)
    violations = []
    wrong = wrong_player(state, action.player, "the Soviet player releases his Ring Forces")
    if wrong:
        violations.append(wrong)
    if army is None:
        return [*violations, Violation("5.2", f"{name} is not a Ring Forces unit")]
    if action.unit in state.ring.released:
        return [*violations, Violation("5.2", f"{name} has already been released")]
    if state.units[action.unit].status is not UnitStatus.ON_MAP:
        violations.append(Violation("5.2", f"{name} is not on the map: only a piece there is"))
    army_title = army_name(ruleset, army)
    roll = state.ring.rolls.get(army)
    if army in state.ring.freed:
        freed = ruleset.unit_name(state.ring.freed[army])
        violations.append(
            Violation("5.2", f"the {army_title} has released {freed} this segment: one piece")
        )
    elif roll is None:
        violations.append(Violation("5.2", f"the {army_title} has no release roll this segment"))
    elif roll < RELEASE_ROLL:
        violations.append(
            Violation(
                "5.2",
                f"the {army_title} rolled {roll}: a release needs {RELEASE_ROLL} or more",
            )
        )
    return violations


def _resolve_release(
    ruleset: Ruleset, state: GameState, action: ReleaseRingUnit
) -> tuple[GameState, list[Event]]:
    army = ring_army(ruleset, action.unit)
    if army is None:
        raise InvalidAction(f"{ruleset.unit_name(action.unit)} is not a Ring Forces unit (5.2)")
    ring = state.ring
    freed = ring.freed if army in ring.freed else ring.freed.set(army, action.unit)
    ring = replace(ring, freed=freed, released=ring.released | {action.unit})
    return replace(state, ring=ring), [RingUnitReleased(action.unit, army_name(ruleset, army))]


# --- the end of the segment -------------------------------------------------------------


def end_ring_segment(state: GameState) -> GameState:
    """[5.2] When the Soviet Ring Forces Segment ends, the attacks and forced retreats it
    answered are cleared, with its rolls; the released units stay released (reading 102)."""
    ring = state.ring
    ring = replace(
        ring, attacked=frozenset(), retreated=frozenset(), rolls=FrozenMap(), freed=FrozenMap()
    )
    return replace(state, ring=ring)


# Each handler takes its own kind of action: the engine dispatches by type.
HANDLERS: dict[type[Action], tuple[Callable[..., Any], Callable[..., Any]]] = {
    RollRingRelease: (_judge_roll, _resolve_roll),
    ReleaseRingUnit: (_judge_release, _resolve_release),
}
