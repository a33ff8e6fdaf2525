"""ManualEdit handlers: moving, flipping, marking and removing anything by hand.

In FREE play these are the whole game. In ASSIST and STRICT play they belong
to set-up (19.11, 19.12); afterwards units change only through the rules of
the current step, so a manual edit is a violation of 3.1 (ASSIST logs it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from owsqt.rules.core.actions import (
    FlipUnit,
    ManualEdit,
    PlaceAirUnit,
    PlaceUnits,
    ReorderStack,
    SetBridge,
    SetEntrenchment,
    SetInterdiction,
    SetMarker,
    SetStrength,
    SetSupply,
    SetUnitStatus,
)
from owsqt.rules.core.events import (
    AirUnitMoved,
    BridgeChanged,
    EntrenchmentChanged,
    Event,
    InterdictionChanged,
    MarkerChanged,
    StackReordered,
    StrengthChanged,
    SupplyChanged,
    UnitFlipped,
    UnitPlaced,
    UnitStatusChanged,
)
from owsqt.rules.core.hexgrid import Hex, Hexside
from owsqt.rules.core.state import EntrenchmentState, GameState, InterdictionZone
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import AirBox, Player, UnitMarker, UnitStatus
from owsqt.rules.fog.option import fog_on
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import Scenario, SetupGroup, rule_number

Result = tuple[GameState, list[Event]]


def judge_manual_edit(ruleset: Ruleset, state: GameState, action: ManualEdit) -> list[Violation]:
    """[3.1] Outside set-up, units change only by the rules of the sequence of play.
    [19.11] During set-up, each player places only his own units, in his own turn to set up."""
    if state.phase is not Phase.SETUP:
        if isinstance(action, ReorderStack) and _shows_own_stack(ruleset, state, action):
            return []
        return [
            Violation(
                "3.1",
                "a manual edit changes the game outside the sequence of play "
                "(use FREE mode to move counters by hand)",
            )
        ]
    setting_up = state.active
    violations = _judge_setup_edit(ruleset, state, action, setting_up)
    for unit_id in _units_touched(ruleset, state, action):
        owner = _owner(ruleset, unit_id)
        if setting_up is not None and owner is not setting_up:
            violations.append(
                Violation(
                    "19.11",
                    f"{ruleset.unit_name(unit_id)} is a {owner.title} unit; "
                    f"the {setting_up.title} player is setting up",
                )
            )
    return violations


def _shows_own_stack(ruleset: Ruleset, state: GameState, action: ReorderStack) -> bool:
    """[18.1] With fog of war, the owner chooses which of his largest units a stack shows
    on top: he may order his own stack at any time (the order changes nothing else)."""
    player = action.player or state.active
    stack = state.stack(action.hex)
    return (
        fog_on(state)
        and player is not None
        and bool(stack)
        and all(_owner(ruleset, unit_id) is player for unit_id in stack)
    )


def _judge_setup_edit(
    ruleset: Ruleset, state: GameState, action: ManualEdit, setting_up: Player | None
) -> list[Violation]:
    """The set-up edits no set-up may contain, refused when made; what depends on the whole
    set-up is judged when the step ends (`setup.setupcheck.check_setup`)."""
    if isinstance(action, SetInterdiction):
        return [_interdiction_at_setup(setting_up)]
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or not scenario.setup:
        return []  # a sandbox: no scenario text to hold the set-up to
    if isinstance(action, SetEntrenchment) and action.status is not None:
        owner = action.owner or setting_up
        if owner is not None and not scenario.setup_entrenchments.get(owner, False):
            return [
                Violation(
                    rule_number(scenario.entrenchment_rule.get(owner, "19.0")),
                    f"no {owner.title} unit starts entrenched in {scenario.title}",
                )
            ]
    groups = {u: g for g in scenario.groups(state.options) for u in g.units}
    if isinstance(action, PlaceUnits):
        return [
            Violation(
                "19.11" if _owner(ruleset, u) is Player.SOVIET else "19.12",
                f"{ruleset.unit_name(u)} is not in the set-up of {scenario.title}: it arrives "
                "by the Turn Record Track or its condition",
            )
            for u in action.units
            if u not in groups
        ]
    if isinstance(action, (SetStrength, FlipUnit)):
        return _reduced_at_setup(ruleset, state, action, groups)
    if isinstance(action, SetMarker) and action.marker is UnitMarker.RESERVE and action.on:
        return [
            Violation(
                rule_number(groups[u].rule) if u in groups else "19.11",
                f"{ruleset.unit_name(u)} is not a reserve unit of {scenario.title}",
            )
            for u in action.units
            if u not in groups or not groups[u].reserve
        ]
    if isinstance(action, PlaceAirUnit):
        return _air_at_setup(ruleset, scenario, action)
    return []


def _interdiction_at_setup(setting_up: Player | None) -> Violation:
    """[4.5] An interdiction zone is made only by German air units on an interdiction mission
    of the Air Interdiction Segment; no scenario starts with one (reading 67)."""
    if setting_up is Player.SOVIET:
        return Violation("4.5", "only German air units make interdiction zones")
    return Violation(
        "4.5",
        "an interdiction zone is made by an air mission of the Air Interdiction Segment; "
        "none starts on the map",
    )


def _reduced_at_setup(
    ruleset: Ruleset,
    state: GameState,
    action: SetStrength | FlipUnit,
    groups: dict[str, SetupGroup],
) -> list[Violation]:
    """[19.21 a, 19.22 a] Only a group with starting losses starts below full strength;
    19.11 a and 19.12 a give none."""
    group = groups.get(action.unit)
    if group is not None and group.losses is not None:
        return []
    definition = ruleset.catalogue.ground[action.unit]
    if isinstance(action, SetStrength):
        reducing = action.strength < definition.combat
    else:
        reducing = not state.units[action.unit].reduced
    if not reducing:
        return []
    return [
        Violation(
            rule_number(group.rule) if group is not None else "19.0",
            f"{definition.name} starts at full strength: its scenario gives it no losses",
        )
    ]


def _air_at_setup(ruleset: Ruleset, scenario: Scenario, action: PlaceAirUnit) -> list[Violation]:
    """[19.11 b, 19.12 c] Air units start ready (19.21 b, 19.22 c: some in the flown box),
    on no mission."""
    definition = ruleset.catalogue.air.get(action.air_unit)
    if definition is None:
        return []  # the resolver refuses an unknown air unit
    rule = rule_number(scenario.air_rule.get(definition.player, "4.7"))
    all_ready = scenario.air_ready.get(definition.player) is None
    allowed = (AirBox.READY,) if all_ready else (AirBox.READY, AirBox.FLOWN)
    if action.box in allowed and action.target is None:
        return []
    where = " or the flown box" if not all_ready else ""
    return [Violation(rule, f"{definition.name} starts in the ready box{where}, on no mission")]


def _units_touched(ruleset: Ruleset, state: GameState, action: ManualEdit) -> tuple[str, ...]:
    if isinstance(action, PlaceAirUnit):
        return (action.air_unit,)
    if isinstance(action, ReorderStack):
        return action.order
    return action.unit_references()


def _owner(ruleset: Ruleset, unit_id: str) -> Player:
    definition = ruleset.catalogue.ground.get(unit_id) or ruleset.catalogue.air.get(unit_id)
    if definition is None:  # a hand-made or e-mailed edit naming no counter of the game
        raise InvalidAction(f"there is no unit {unit_id!r} in this game")
    return definition.player


def _check_on_map(ruleset: Ruleset, hex_: Hex | None) -> None:
    if hex_ is not None and not ruleset.grid.contains(hex_):
        raise InvalidAction(f"hex {ruleset.grid.id_of(hex_)} is not on the map")


def _place(ruleset: Ruleset, state: GameState, action: PlaceUnits) -> Result:
    _check_on_map(ruleset, action.to)
    if len(set(action.units)) != len(action.units):
        raise InvalidAction("a unit is named twice")
    bottom = max((state.units[u].stack_order for u in state.stack(action.to)), default=-1)
    events: list[Event] = []
    for offset, unit_id in enumerate(action.units, start=1):
        unit = state.units[unit_id]
        if unit.status is UnitStatus.ON_MAP and unit.hex == action.to:
            continue
        events.append(UnitPlaced(unit_id, action.to, unit.hex, unit.status))
        moved = replace(
            unit,
            status=UnitStatus.ON_MAP,
            hex=action.to,
            stack_order=bottom + offset,
            return_hex=None,
            return_turn=0,
        )
        state = state.with_unit(unit_id, moved)
    return state, events


def _set_status(ruleset: Ruleset, state: GameState, action: SetUnitStatus) -> Result:
    if action.status is UnitStatus.ON_MAP:
        raise InvalidAction("to put units on the map, place them on a hex")
    _check_on_map(ruleset, action.return_hex)
    if action.status is UnitStatus.OFF_MAP_RETURN and action.return_hex is None:
        raise InvalidAction("a unit retreated off the map needs the hex it returns at (11.7)")
    events: list[Event] = []
    for unit_id in action.units:
        unit = state.units[unit_id]
        if unit.status is action.status:
            continue
        events.append(UnitStatusChanged(unit_id, action.status, unit.hex))
        return_hex = action.return_hex if action.status is UnitStatus.OFF_MAP_RETURN else None
        state = state.with_unit(
            unit_id,
            replace(unit, status=action.status, hex=None, return_hex=return_hex, return_turn=0),
        )
    return state, events


def _flip(ruleset: Ruleset, state: GameState, action: FlipUnit) -> Result:
    definition = ruleset.catalogue.ground[action.unit]
    if definition.combat_reduced is None:
        raise InvalidAction(f"{definition.name} has no reduced side")
    unit = state.units[action.unit]
    reduced = not unit.reduced
    strength = definition.combat_reduced if reduced else definition.combat
    state = state.with_unit(action.unit, replace(unit, reduced=reduced, strength=strength))
    return state, [UnitFlipped(action.unit, reduced, strength)]


def _set_strength(ruleset: Ruleset, state: GameState, action: SetStrength) -> Result:
    """[2.2] Strength markers show the points left, from 1 to the unit's full strength."""
    definition = ruleset.catalogue.ground[action.unit]
    if not 1 <= action.strength <= definition.combat:
        raise InvalidAction(
            f"{definition.name} can have 1 to {definition.combat} strength points, "
            f"not {action.strength} (2.2; eliminate it to remove it)"
        )
    unit = state.units[action.unit]
    reduced = definition.combat_reduced is not None and action.strength <= definition.combat_reduced
    state = state.with_unit(action.unit, replace(unit, strength=action.strength, reduced=reduced))
    return state, [StrengthChanged(action.unit, action.strength, unit.strength)]


def _set_marker(ruleset: Ruleset, state: GameState, action: SetMarker) -> Result:
    field = action.marker.value  # each marker is the UnitState flag of the same name
    events: list[Event] = []
    for unit_id in action.units:
        unit = state.units[unit_id]
        if getattr(unit, field) != action.on:
            # Any, not bool: mypy cannot tell which field a name known only at run time is.
            flag: dict[str, Any] = {field: action.on}
            state = state.with_unit(unit_id, replace(unit, **flag))
            events.append(MarkerChanged(unit_id, action.marker, action.on))
    return state, events


def _set_supply(ruleset: Ruleset, state: GameState, action: SetSupply) -> Result:
    events: list[Event] = []
    for unit_id in action.units:
        unit = state.units[unit_id]
        if unit.supply is not action.supply:
            state = state.with_unit(unit_id, replace(unit, supply=action.supply))
            events.append(SupplyChanged(unit_id, action.supply, unit.supply))
    return state, events


def _reorder(ruleset: Ruleset, state: GameState, action: ReorderStack) -> Result:
    current = state.stack(action.hex)
    if sorted(current) != sorted(action.order):
        raise InvalidAction(
            f"the new order must name exactly the units on {ruleset.grid.id_of(action.hex)}"
        )
    for position, unit_id in enumerate(action.order):
        state = state.with_unit(unit_id, replace(state.units[unit_id], stack_order=position))
    return state, [StackReordered(action.hex, action.order)]


def _place_air(ruleset: Ruleset, state: GameState, action: PlaceAirUnit) -> Result:
    if action.air_unit not in state.air_units:
        raise InvalidAction(f"there is no air unit {action.air_unit!r} in this game")
    _check_on_map(ruleset, action.target)
    unit = replace(state.air_units[action.air_unit], box=action.box, target=action.target)
    state = replace(state, air_units=state.air_units.set(action.air_unit, unit))
    return state, [AirUnitMoved(action.air_unit, action.box, action.target)]


def _set_entrenchment(ruleset: Ruleset, state: GameState, action: SetEntrenchment) -> Result:
    _check_on_map(ruleset, action.hex)
    if action.status is None:
        if action.hex not in state.entrenchments:
            raise InvalidAction(f"there is no entrenchment on {ruleset.grid.id_of(action.hex)}")
        entrenchments = state.entrenchments.remove(action.hex)
        owner = None
    else:
        owner = action.owner or _owner_of_stack(ruleset, state, action.hex)
        marker = EntrenchmentState(owner, action.status, state.turn)
        entrenchments = state.entrenchments.set(action.hex, marker)
    state = replace(state, entrenchments=entrenchments)
    return state, [EntrenchmentChanged(action.hex, action.status, owner)]


def _owner_of_stack(ruleset: Ruleset, state: GameState, hex_: Hex) -> Player:
    stack = state.stack(hex_)
    if not stack:
        raise InvalidAction(
            f"say whose entrenchment it is: no unit stands on {ruleset.grid.id_of(hex_)}"
        )
    return _owner(ruleset, stack[0])


def _check_hexside(ruleset: Ruleset, hexside: Hexside) -> None:
    if not (ruleset.grid.contains(hexside.a) and ruleset.grid.contains(hexside.b)):
        raise InvalidAction(f"hexside {ruleset.grid.hexside_id(hexside)} is not on the map")


def _set_bridge(ruleset: Ruleset, state: GameState, action: SetBridge) -> Result:
    _check_hexside(ruleset, action.hexside)
    if action.state is None:
        bridges = state.bridges.remove(action.hexside)
    else:
        bridges = state.bridges.set(action.hexside, action.state)
    return replace(state, bridges=bridges), [BridgeChanged(action.hexside, action.state)]


def _set_interdiction(ruleset: Ruleset, state: GameState, action: SetInterdiction) -> Result:
    """[4.5] INT 1-4: the movement points lost in a zone of five hexes around the target."""
    _check_on_map(ruleset, action.center)
    if not 0 <= action.penalty <= 4:
        raise InvalidAction(f"interdiction markers run from INT 1 to INT 4, not {action.penalty}")
    zones = tuple(zone for zone in state.interdiction_zones if zone.center != action.center)
    if action.penalty:
        zones += (InterdictionZone(action.center, action.penalty, state.turn),)
    elif len(zones) == len(state.interdiction_zones):
        raise InvalidAction(
            f"there is no interdiction marker on {ruleset.grid.id_of(action.center)}"
        )
    state = replace(state, interdiction_zones=zones)
    return state, [InterdictionChanged(action.center, action.penalty)]


HANDLERS = {
    action_type: (judge_manual_edit, resolve)
    for action_type, resolve in (
        (PlaceUnits, _place),
        (SetUnitStatus, _set_status),
        (FlipUnit, _flip),
        (SetStrength, _set_strength),
        (SetMarker, _set_marker),
        (SetSupply, _set_supply),
        (ReorderStack, _reorder),
        (PlaceAirUnit, _place_air),
        (SetEntrenchment, _set_entrenchment),
        (SetBridge, _set_bridge),
        (SetInterdiction, _set_interdiction),
    )
}
