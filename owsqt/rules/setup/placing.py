"""Placing counters at set-up (19.0): what one placement breaks of the scenario text at
once, before the whole set-up is checked when the step ends (setupcheck.check_setup), and
how far each set-up group of a side has come, for the set-up tray."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.core.actions import Action, PlaceUnits, SetMarker
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player, UnitMarker, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.map.setupzones import Choice, WithFormations
from owsqt.rules.movement.movecost import closed_hexes
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, SetupGroup, rule_number
from owsqt.rules.setup.setupcheck import (
    allowed_hexes,
    check_setup,
    group_violations,
    not_set_up,
)

# [19.1-19.4] Each scenario's own set-up sections; 19.4 "uses all elements of scenario
# 19.3" with the German optional units of 19.41 (reading 125).
_SETUP_SECTIONS = {
    "19.1": {Player.SOVIET: "19.11", Player.GERMAN: "19.12"},
    "19.2": {Player.SOVIET: "19.21", Player.GERMAN: "19.22"},
    "19.3": {Player.SOVIET: "19.31", Player.GERMAN: "19.32"},
    "19.4": {Player.SOVIET: "19.31", Player.GERMAN: "19.32, 19.41"},
}


def setup_rule(scenario: Scenario | None, player: Player) -> str:
    """[19.11, 19.12, 19.21, 19.22, 19.31, 19.32, 19.41] The rule that sets up `player`'s
    side of `scenario` (reading 125); 19.11 or 19.12 for a sandbox."""
    sections = _SETUP_SECTIONS.get(rule_number(scenario.rule) if scenario else "", {})
    return sections.get(player, "19.11" if player is Player.SOVIET else "19.12")


def zone_text(ruleset: Ruleset, group: SetupGroup) -> str:
    """Where a group sets up, in words, formations by their names (19.11 a: "attached to
    any formation")."""
    zone = group.zone
    if isinstance(zone, WithFormations):
        formations = ruleset.catalogue.formations
        names = [formations[f].name if f in formations else f for f in zone.formations]
        return "stacked with a unit of " + ", ".join(names)
    return zone.describe()


def placement_violations(ruleset: Ruleset, state: GameState, action: PlaceUnits) -> list[Violation]:
    """[19.0] What placing `action.units` on `action.to` breaks at once in set-up: a unit
    outside its group's zone (19.11-19.41), a 19.12 a choice of more stacking points than
    the scenario allows, a hex over the stacking limit (9.2), two convoys (16.3), a Soviet
    unit inside the pocket (8.2). Outside set-up and in a sandbox: nothing (reading 126)."""
    scenario = ruleset.scenarios.get(state.scenario)
    if state.phase is not Phase.SETUP or scenario is None or not scenario.setup:
        return []
    if not ruleset.grid.contains(action.to) or any(u not in state.units for u in action.units):
        return []  # the handler refuses these as invalid
    groups = {u: g for g in scenario.groups(state.options) for u in g.units}
    after = state
    for unit_id in action.units:
        moved = replace(after.units[unit_id], status=UnitStatus.ON_MAP, hex=action.to)
        after = after.with_unit(unit_id, moved)
    where = ruleset.grid.id_of(action.to)
    names = ruleset.unit_name
    violations: list[Violation] = []
    seen: set[str] = set()
    for unit_id in action.units:
        group = groups.get(unit_id)
        if group is None:
            continue  # not in the set-up at all: the manual edit's judge says so
        rule = rule_number(group.rule)
        if group.start is UnitStatus.FORCE_POOL:
            violations.append(
                Violation(rule, f"{names(unit_id)} starts in the force pool ({group.name})")
            )
        elif action.to not in allowed_hexes(ruleset, after, group):
            violations.append(
                Violation(
                    rule,
                    f"{names(unit_id)} may not set up on {where}: {group.name} sets up "
                    f"{zone_text(ruleset, group)}",
                )
            )
        if isinstance(group.zone, Choice) and group.name not in seen:
            seen.add(group.name)
            points = _placed_points(ruleset, after, group)
            if points > group.zone.stacking_points:
                violations.append(
                    Violation(
                        rule,
                        f"{group.name} would set up {points} stacking points; at most "
                        f"{group.zone.stacking_points} may start on the map, the rest in "
                        "the force pool",
                    )
                )
    violations.extend(_hex_violations(ruleset, after, action))
    return violations


def _hex_violations(ruleset: Ruleset, after: GameState, action: PlaceUnits) -> list[Violation]:
    """[9.2, 16.3, 8.2] What the target hex itself forbids."""
    where = ruleset.grid.id_of(action.to)
    catalogue = ruleset.catalogue
    violations = []
    limit = ruleset.tables.stacking_limit
    points = stacking_points(ruleset, after, action.to)
    if points > limit:
        violations.append(
            Violation(
                "9.2",
                f"{where} would hold {points} stacking points; no more than {limit} may "
                "occupy a hex",
            )
        )
    stack = after.stack(action.to)
    if sum(1 for u in stack if catalogue.ground[u].unit_class is UnitClass.CONVOY) > 1:
        violations.append(Violation("16.3", f"two convoy markers may never share a hex ({where})"))
    for player in {catalogue.ground[u].player for u in action.units}:
        banned = closed_hexes(ruleset, player).get(action.to)
        if banned is not None:
            violations.append(
                Violation(banned.rule, f"no {player.title} unit may set up on {where}")
            )
    return violations


def _placed_points(ruleset: Ruleset, state: GameState, group: SetupGroup) -> int:
    ground = ruleset.catalogue.ground
    return sum(
        ground[u].stacking_value(state.units[u].reduced)
        for u in group.units
        if state.units[u].status is UnitStatus.ON_MAP
    )


@dataclass(frozen=True, slots=True)
class GroupProgress:
    """One set-up group as the tray shows it: the units still to place and what its
    scenario text still asks of it."""

    group: SetupGroup
    waiting: tuple[str, ...]
    problems: tuple[Violation, ...]
    points_left: int | None  # a 19.12 choice: the stacking points that may still go on

    @property
    def complete(self) -> bool:
        return not self.waiting and not self.problems

    @property
    def pooled(self) -> bool:
        """[19.12 a] Whether units of the group go to the force pool: all of them, or those
        a choice leaves off the map."""
        return self.group.start is UnitStatus.FORCE_POOL or isinstance(self.group.zone, Choice)


def setup_progress(
    ruleset: Ruleset, scenario: Scenario, state: GameState, player: Player
) -> list[GroupProgress]:
    """[19.0] Each of `player`'s set-up groups: its units not yet placed (off the map, or
    for a force pool group not yet in the pool), and its group's violations."""
    progress = []
    for group in scenario.groups(state.options):
        if group.player is not player:
            continue
        wanted = group.start
        waiting = tuple(
            u
            for u in group.units
            if state.units[u].status is UnitStatus.NOT_ARRIVED
            or (wanted is UnitStatus.FORCE_POOL and state.units[u].status is not wanted)
        )
        left = None
        if isinstance(group.zone, Choice):
            left = group.zone.stacking_points - _placed_points(ruleset, state, group)
        problems = tuple(group_violations(ruleset, state, group))
        progress.append(GroupProgress(group, waiting, problems, left))
    return progress


def end_blockers(
    ruleset: Ruleset, scenario: Scenario, state: GameState, player: Player
) -> list[Violation]:
    """[19.0] What keeps `player` from ending his set-up (check_setup, as End step judges
    it), less the units still in the tray, which the tray itself shows."""
    waiting = {
        not_set_up(ruleset, progress.group, unit_id)
        for progress in setup_progress(ruleset, scenario, state, player)
        for unit_id in progress.waiting
    }
    violations = check_setup(ruleset, scenario, state, player, state.options)
    return [v for v in violations if v not in waiting]


def reserve_marks(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> list[Action]:
    """[19.11 a, 19.21 a] The reserve markers the units just placed set up with: those of a
    reserve group on the map without one."""
    scenario = ruleset.scenarios.get(state.scenario)
    if state.phase is not Phase.SETUP or scenario is None:
        return []
    groups = {u: g for g in scenario.groups(state.options) for u in g.units}
    marked = tuple(
        u
        for u in units
        if u in groups
        and groups[u].reserve
        and state.units[u].status is UnitStatus.ON_MAP
        and not state.units[u].reserve
    )
    if not marked:
        return []
    player = ruleset.catalogue.ground[marked[0]].player
    return [SetMarker(player=player, units=marked, marker=UnitMarker.RESERVE, on=True)]
