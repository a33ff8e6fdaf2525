"""Replacement points (17.3) and their assignment to units on the map (17.4).

- When the Replacement Segment begins, each nationality's losses of the turn, by armor,
  infantry and artillery, times its rate (Soviet and Rumanian 1/4, German 1/2) and
  rounded by 2.5, plus the Turn Record Track's scheduled infantry points, become its
  replacement points (readings 82, 83); the tally of losses starts again at nothing.
- `AssignReplacements` spends points of a unit's own nationality and class on it: on the
  map, in regular supply, up to its original strength; never a Sixth Army unit (5.1).
- When the segment ends, the points left are lost (17.4).
Destroyed units and headquarters re-enter in `reentry`.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import AssignReplacements
from owsqt.rules.core.events import Event, ReplacementPointsChanged, StrengthChanged
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState, Tally, empty_tallies
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import LossClass, Player, Supply, TallyNationality, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset

SIXTH_ARMY = "de-6a"  # 5.1: "Sixth Army units do not receive replacement points"


def attrition_points(ruleset: Ruleset, nationality: TallyNationality, losses: Tally) -> Tally:
    """[17.3] Losses of each class times the nationality's rate, rounded by 2.5: the
    17.4 example's 9 Soviet infantry and 1 artillery give 2 and 0."""
    rates = ruleset.tables.replacements
    return Tally(
        **{c.value: rates.replacement_points(nationality.value, losses.of(c)) for c in LossClass}
    )


def scheduled_points(ruleset: Ruleset, turn: int) -> dict[TallyNationality, int]:
    """[17.3] The Turn Record Track's infantry replacements of `turn`, by nationality: the
    track names the players, and a player's points are his own nationality's (reading 83)."""
    track = ruleset.turn_record_track
    if not 1 <= turn <= len(track):
        return {}
    return {
        TallyNationality(player.value): tally.infantry
        for player, tally in track[turn - 1].replacements
    }


def receive_replacements(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[17.3, sequence of play VI b 1-2] Scheduled plus attrition points for each
    nationality, shown to both players; the losses of the next turn start at nothing."""
    scheduled = scheduled_points(ruleset, state.turn)
    points: dict[TallyNationality, Tally] = {}
    events: list[Event] = []
    for nationality in TallyNationality:
        lost = state.losses[nationality]
        tally = attrition_points(ruleset, nationality, lost)
        extra = scheduled.get(nationality, 0)
        tally = tally.add(LossClass.INFANTRY, extra)
        points[nationality] = tally
        if tally.total:
            why = f"losses {lost.armor}/{lost.infantry}/{lost.artillery}, {extra} scheduled"
            events.append(ReplacementPointsChanged(nationality, tally, why))
    state = replace(state, replacement_points=FrozenMap(points), losses=empty_tallies())
    return state, events


def expire_replacements(state: GameState) -> tuple[GameState, list[Event]]:
    """[17.4] "If not used immediately during the Replacement Phase, they are lost"."""
    events: list[Event] = [
        ReplacementPointsChanged(nationality, Tally(), "unused points are lost, 17.4")
        for nationality, tally in state.replacement_points.items()
        if tally.total
    ]
    return replace(state, replacement_points=empty_tallies()), events


def in_sixth_army(ruleset: Ruleset, unit_id: str) -> bool:
    """[5.1] Whether the unit belongs to the Sixth Army."""
    formation = ruleset.catalogue.ground[unit_id].formation
    return any(f.id == SIXTH_ARMY for f in ruleset.catalogue.formation_chain(formation))


def owner_violations(ruleset: Ruleset, unit_id: str, player: Player | None) -> list[Violation]:
    """[17.4] A player assigns replacements to his own units."""
    owner = ruleset.catalogue.ground[unit_id].player
    if player is not None and player is not owner:
        return [Violation("17.4", f"the {owner.title} player assigns his own replacements")]
    return []


def points_violations(
    ruleset: Ruleset, state: GameState, unit_id: str, points: int
) -> list[Violation]:
    """[17.4, 5.1] Points of the unit's own nationality and class, as many as are left;
    none for the Sixth Army."""
    definition = ruleset.catalogue.ground[unit_id]
    if in_sixth_army(ruleset, unit_id):
        return [Violation("5.1", "Sixth Army units do not receive replacement points")]
    loss_class = definition.unit_class.loss_class
    if loss_class is None:
        return [Violation("17.4", "replacements augment armor, infantry and artillery class units")]
    nationality = definition.nationality.tally
    left = state.replacement_points[nationality].of(loss_class)
    if points > left:
        return [
            Violation(
                "17.4",
                f"{left} {nationality.value.capitalize()} {loss_class.value} replacement "
                f"point(s) left; {loss_class.value} points augment {loss_class.value} units only",
            )
        ]
    return []


def spend(ruleset: Ruleset, state: GameState, unit_id: str, points: int) -> tuple[GameState, Event]:
    """The state with `points` of the unit's nationality and class spent (never below 0)."""
    definition = ruleset.catalogue.ground[unit_id]
    loss_class = definition.unit_class.loss_class
    nationality = definition.nationality.tally
    if loss_class is None or points < 0:
        raise InvalidAction(f"{definition.name} cannot take {points} replacement points")
    tally = state.replacement_points[nationality]
    left = tally.add(loss_class, -min(points, tally.of(loss_class)))
    state = replace(state, replacement_points=state.replacement_points.set(nationality, left))
    why = f"{points} to {definition.name}"
    return state, ReplacementPointsChanged(nationality, left, why)


def _judge(ruleset: Ruleset, state: GameState, action: AssignReplacements) -> list[Violation]:
    unit = state.units[action.unit]
    definition = ruleset.catalogue.ground[action.unit]
    violations = owner_violations(ruleset, action.unit, action.player)
    if unit.status is not UnitStatus.ON_MAP:
        violations.append(
            Violation("17.4", f"{definition.name} is not on the map; a destroyed unit re-enters")
        )
    elif unit.supply is not Supply.REGULAR:
        violations.append(
            Violation("17.4", "to receive replacements, a unit must be in regular supply")
        )
    if action.points < 1:
        violations.append(Violation("17.4", "at least one replacement point is assigned"))
    if unit.strength + action.points > definition.combat:
        violations.append(
            Violation(
                "17.4",
                f"{definition.name} is at {unit.strength} of its original {definition.combat}; "
                "replacements go no higher",
            )
        )
    violations.extend(points_violations(ruleset, state, action.unit, action.points))
    return violations


def _resolve(
    ruleset: Ruleset, state: GameState, action: AssignReplacements
) -> tuple[GameState, list[Event]]:
    definition = ruleset.catalogue.ground[action.unit]
    unit = state.units[action.unit]
    strength = unit.strength + action.points
    if unit.status is not UnitStatus.ON_MAP or not 0 < strength <= definition.combat:
        raise InvalidAction(f"{definition.name} cannot be raised to {strength}")
    state, spent = spend(ruleset, state, action.unit, action.points)
    reduced = definition.combat_reduced is not None and strength <= definition.combat_reduced
    state = state.with_unit(action.unit, replace(unit, strength=strength, reduced=reduced))
    return state, [spent, StrengthChanged(action.unit, strength, unit.strength)]


HANDLERS = {AssignReplacements: (_judge, _resolve)}
