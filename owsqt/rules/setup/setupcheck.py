"""The set-up checker: does a side's set-up satisfy every zone of its scenario (19.0),
the stacking limit (9.2), one convoy per hex (16.3) and the pocket (8.2)?"""

from __future__ import annotations

from collections.abc import Iterable

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.map.setupzones import Choice, WithFormations
from owsqt.rules.movement.movecost import closed_hexes
from owsqt.rules.movement.stacking import convoy_violations, overstacking_violations
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, SetupGroup


def allowed_hexes(ruleset: Ruleset, state: GameState, group: SetupGroup) -> frozenset[Hex]:
    """The hexes where the group's units may stand now (a 'with formations' zone follows
    the units of those formations, not counting the group's own)."""
    zone = group.zone
    if isinstance(zone, WithFormations):
        own = set(group.units)
        wanted = set(zone.formations)
        return frozenset(
            unit.hex
            for unit_id, unit in state.units.items()
            if unit.status is UnitStatus.ON_MAP
            and unit.hex is not None  # as GameState.stacks: always, for a unit on the map
            and unit_id not in own
            and any(
                f.id in wanted
                for f in ruleset.catalogue.formation_chain(
                    ruleset.catalogue.ground[unit_id].formation
                )
            )
        )
    return zone.hexes(ruleset.game_map)


def check_setup(
    ruleset: Ruleset,
    scenario: Scenario,
    state: GameState,
    player: Player,
    options: Iterable[str] = (),
) -> list[Violation]:
    """Every way `player`'s set-up breaks its scenario, each with its rule number."""
    violations: list[Violation] = []
    for group in scenario.groups(tuple(options)):
        if group.player is player:
            violations.extend(_check_group(ruleset, state, group))
    violations.extend(overstacking_violations(ruleset, state, player))
    violations.extend(convoy_violations(ruleset, state, player))
    closed = closed_hexes(ruleset, player)  # 8.2: the pocket, to Soviet units
    for unit_id, unit in state.units.items():
        on_map = unit.status is UnitStatus.ON_MAP
        banned = closed.get(unit.hex) if on_map and unit.hex is not None else None
        if banned is not None and ruleset.catalogue.ground[unit_id].player is player:
            violations.append(
                Violation(banned.rule, f"{ruleset.unit_name(unit_id)} stands inside the pocket")
            )
    return violations


def _check_group(ruleset: Ruleset, state: GameState, group: SetupGroup) -> list[Violation]:
    rule = group.rule.split(" ")[0].rstrip(":,") or "19.0"
    names = ruleset.unit_name
    violations = []
    if group.start is UnitStatus.FORCE_POOL:
        for unit_id in group.units:
            if state.units[unit_id].status is UnitStatus.ON_MAP:
                violations.append(
                    Violation(rule, f"{names(unit_id)} starts in the force pool ({group.name})")
                )
        return violations
    allowed = allowed_hexes(ruleset, state, group)
    choice = group.zone if isinstance(group.zone, Choice) else None
    placed_points = 0
    for unit_id in group.units:
        unit = state.units[unit_id]
        if unit.status is not UnitStatus.ON_MAP:
            if choice is None or unit.status is not UnitStatus.FORCE_POOL:
                violations.append(
                    Violation(
                        rule,
                        f"{names(unit_id)} has not been set up ({group.name}: "
                        f"{group.zone.describe()})",
                    )
                )
            continue
        assert unit.hex is not None  # a unit on the map stands on a hex
        if unit.hex not in allowed:
            violations.append(
                Violation(
                    rule,
                    f"{names(unit_id)} on {ruleset.grid.id_of(unit.hex)} is outside its set-up "
                    f"zone ({group.name}: {group.zone.describe()})",
                )
            )
        placed_points += ruleset.catalogue.ground[unit_id].stacking_value(unit.reduced)
    if choice is not None and placed_points > choice.stacking_points:
        violations.append(
            Violation(
                rule,
                f"{group.name} sets up {placed_points} stacking points; at most "
                f"{choice.stacking_points} may start on the map",
            )
        )
    return violations
