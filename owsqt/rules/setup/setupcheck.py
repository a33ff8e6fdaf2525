"""The set-up checker: does a side's set-up satisfy every zone of its scenario (19.0),
its reserves (19.11 a), starting losses (19.21 a, 19.22 a), air boxes (19.11 b, 19.12 c,
19.21 b, 19.22 c), entrenchments (19.11 a), interdiction (4.5), arrivals (19.11 c,
19.12 d), the stacking limit (9.2), one convoy per hex (16.3) and the pocket (8.2)?"""

from __future__ import annotations

from collections.abc import Iterable

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import AirBox, LossClass, Player, UnitStatus
from owsqt.rules.map.setupzones import Choice, WithFormations
from owsqt.rules.movement.movecost import closed_hexes
from owsqt.rules.movement.stacking import convoy_violations, overstacking_violations
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, SetupGroup, rule_number


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
    """[19.0] Every way `player`'s set-up breaks its scenario text (19.11, 19.12, 19.21,
    19.22, 19.31, 19.32, 19.41), each with its rule number."""
    violations: list[Violation] = []
    groups = scenario.groups(tuple(options))
    for group in groups:
        if group.player is player:
            violations.extend(group_violations(ruleset, state, group))
    if scenario.setup:  # a sandbox (no set-up groups) has every counter and no arrivals
        violations.extend(_check_arrivals(ruleset, scenario, state, player, groups))
    violations.extend(_check_air(ruleset, scenario, state, player))
    violations.extend(_check_entrenchments(ruleset, scenario, state, player))
    violations.extend(_check_interdiction(ruleset, state, player))
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


def group_violations(ruleset: Ruleset, state: GameState, group: SetupGroup) -> list[Violation]:
    """[19.0] What one set-up group still breaks: its zone, reserves and losses."""
    return [
        *_check_group(ruleset, state, group),
        *_check_reserve(ruleset, state, group),
        *_check_losses(ruleset, state, group),
    ]


def _check_group(ruleset: Ruleset, state: GameState, group: SetupGroup) -> list[Violation]:
    """[19.0] Every unit of a group stands in the group's zone (or its force pool)."""
    rule = _rule_of(group)
    names = ruleset.unit_name
    violations: list[Violation] = []
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
        if unit.status is UnitStatus.ELIMINATED and group.losses is not None:
            continue  # 19.21 a: a loss may take a whole unit (reading 68); _check_losses counts it
        if unit.status is not UnitStatus.ON_MAP:
            if choice is None or unit.status is not UnitStatus.FORCE_POOL:
                violations.append(not_set_up(ruleset, group, unit_id))
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


def not_set_up(ruleset: Ruleset, group: SetupGroup, unit_id: str) -> Violation:
    """[19.0] A unit of a group that has not been set up yet."""
    return Violation(
        _rule_of(group),
        f"{ruleset.unit_name(unit_id)} has not been set up ({group.name}: {group.zone.describe()})",
    )


def _rule_of(group: SetupGroup) -> str:
    return rule_number(group.rule)


def _check_reserve(ruleset: Ruleset, state: GameState, group: SetupGroup) -> list[Violation]:
    """[19.11 a, 19.21 a] The units listed under "Reserve units" start as reserves (they may
    not move until released); no other unit starts as one."""
    violations = []
    for unit_id in group.units:
        unit = state.units[unit_id]
        if unit.status is not UnitStatus.ON_MAP or unit.reserve is group.reserve:
            continue
        name = ruleset.unit_name(unit_id)
        if group.reserve:
            message = f"{name} is a reserve unit ({group.name}) and sets up with a reserve marker"
        else:
            message = f"{name} is not a reserve unit ({group.name}) and carries no reserve marker"
        violations.append(Violation(_rule_of(group), message))
    return violations


def _check_losses(ruleset: Ruleset, state: GameState, group: SetupGroup) -> list[Violation]:
    """[19.21 a, 19.22 a] A group starts with exactly its -X arm, -X inf and -X art, "allocated
    in any way desired among the units of the parent formation"; a group without losses
    starts at full strength (19.11 a, 19.12 a list no losses). A unit eliminated at set-up
    absorbs its whole strength (reading 68)."""
    catalogue = ruleset.catalogue
    rule = _rule_of(group)
    violations = []
    taken: dict[LossClass, int] = {loss_class: 0 for loss_class in LossClass}
    for unit_id in group.units:
        unit = state.units[unit_id]
        definition = catalogue.ground[unit_id]
        if unit.status is UnitStatus.ON_MAP:
            lost = definition.combat - unit.strength
        elif unit.status is UnitStatus.ELIMINATED and group.losses is not None:
            lost = definition.combat
        else:
            continue  # not set up: _check_group names it
        loss_class = definition.unit_class.loss_class
        if lost and loss_class is None:
            violations.append(
                Violation(rule, f"{ruleset.unit_name(unit_id)} starts at full strength")
            )
        elif lost and loss_class is not None:
            taken[loss_class] += lost
    owed = group.losses
    for loss_class in LossClass:
        expected = owed.of(loss_class) if owed is not None else 0
        if taken[loss_class] != expected:
            violations.append(
                Violation(
                    rule,
                    f"{group.name} starts with {taken[loss_class]} {loss_class.value} points "
                    f"lost; the scenario says {expected}",
                )
            )
    return violations


def _check_arrivals(
    ruleset: Ruleset,
    scenario: Scenario,
    state: GameState,
    player: Player,
    groups: tuple[SetupGroup, ...],
) -> list[Violation]:
    """[19.11 c, 19.12 d, 19.12 e] Reinforcements enter by the Turn Record Track and
    conditional entries by their condition: a unit of no set-up group stays off the map,
    not yet arrived."""
    placed = {unit_id for group in groups for unit_id in group.units}
    rule = "19.11" if player is Player.SOVIET else "19.12"
    violations = []
    for unit_id, unit in state.units.items():
        if unit_id in placed or unit.status is UnitStatus.NOT_ARRIVED:
            continue
        if ruleset.catalogue.ground[unit_id].player is not player:
            continue
        violations.append(
            Violation(
                rule,
                f"{ruleset.unit_name(unit_id)} is not in the set-up of {scenario.title}: it "
                "arrives by the Turn Record Track or its condition",
            )
        )
    return violations


def _check_air(
    ruleset: Ruleset, scenario: Scenario, state: GameState, player: Player
) -> list[Violation]:
    """[19.11 b, 19.12 c] All air units start ready; [19.21 b, 19.22 c] Hoth's Last Gasp
    starts 4 Soviet and 10 German units ready, the rest in the flown box. No air unit
    starts on a mission (4.1: missions are allocated in the Air Operations Phase)."""
    ready = scenario.air_ready.get(player)
    rule = rule_number(scenario.air_rule.get(player, "4.7"))
    own = [a for a in ruleset.catalogue.air.values() if a.player is player]
    boxes = [state.air_units[a.id] for a in own if a.id in state.air_units]
    violations = []
    for air in own:
        if air.id not in state.air_units:
            continue
        air_state = state.air_units[air.id]
        if air_state.box not in (AirBox.READY, AirBox.FLOWN) or air_state.target is not None:
            violations.append(
                Violation(rule, f"{air.name} starts in the ready or the flown box, on no mission")
            )
    in_ready = sum(1 for b in boxes if b.box is AirBox.READY)
    wanted = len(boxes) if ready is None else min(ready, len(boxes))
    if in_ready != wanted:
        violations.append(
            Violation(
                rule,
                f"{in_ready} {player.title} air units start ready; the scenario says {wanted}"
                + ("" if ready is None else ", the rest in the flown box"),
            )
        )
    return violations


def _check_entrenchments(
    ruleset: Ruleset, scenario: Scenario, state: GameState, player: Player
) -> list[Violation]:
    """[19.11 a] "No units start entrenched" (19.1, and 19.3 and 19.4 by 19.31 a); a side
    starts entrenched only where its scenario says so (reading 67)."""
    if scenario.setup_entrenchments.get(player, False):
        return []
    return [
        Violation(
            rule_number(scenario.entrenchment_rule.get(player, "19.0")),
            f"no {player.title} unit starts entrenched in {scenario.title}: "
            f"remove the marker on {ruleset.grid.id_of(hex_)}",
        )
        for hex_, marker in state.entrenchments.items()
        if marker.owner is player
    ]


def _check_interdiction(ruleset: Ruleset, state: GameState, player: Player) -> list[Violation]:
    """[4.5] An interdiction zone is made only by a German air mission in the Air
    Interdiction Segment; no scenario sets one up (reading 67). Either side's set-up
    ends without one: whoever put it there, it may not start the game."""
    return [
        Violation(
            "4.5",
            f"no interdiction zone starts on the map: remove the INT marker on "
            f"{ruleset.grid.id_of(zone.center)}",
        )
        for zone in state.interdiction_zones
    ]
