"""The Sixth Army after activation (5.1): the link-up, the end of the operation, its supply.

- Linked: once the 14th Panzer Division HQ traces a line of communications of any length
  to the 57th Panzer Corps HQ, never through Soviet units nor their ZOCs (negated by
  German units), the same line supply traces (supply.lines). It is checked after every
  action while Thunderclap is active, so a move of either side that opens it counts at
  once (reading 94). From then on the Sixth Army units move in the mechanized movement
  segment (turn.formations).
- Ended: a Sixth Army unit that has left the pocket and comes back into it, by its own
  move (any hex of its path) or by a retreat, before the link ends Thunderclap; all
  Sixth Army units are then permanently lost when the Stalingrad Pocket Phase ends, this
  turn's if it happened during it, else the next one's (reading 95).
- Supply: until the 14th Panzer HQ traces a supply line (any length) to another German
  HQ, the Sixth Army units are in regular supply on the turn of activation, organic
  supply on the next and out of supply after; once it does, for the rest of the game,
  the HQ is traced while that line holds and its units trace their 20 hexes to it, by
  14.2-14.4 (reading 96).
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Action, MoveStack
from owsqt.rules.core.events import Event, SupplyChanged, ThunderclapChanged, UnitStatusChanged
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.pocket.thunderclap import RELIEF_CORPS
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.supply.determination import next_mode, thunderclap_schedule
from owsqt.rules.supply.lines import line_reaches, reaches_in
from owsqt.rules.turn.formations import is_sixth_army, sixth_army


def _headquarters(ruleset: Ruleset) -> tuple[str | None, str | None]:
    catalogue = ruleset.catalogue.ground
    hqs = [u for u in catalogue.values() if u.unit_class is UnitClass.HEADQUARTERS]
    sixth = next((u.id for u in hqs if is_sixth_army(ruleset, u.id)), None)
    corps = next((u.id for u in hqs if u.formation == RELIEF_CORPS), None)
    return sixth, corps


def headquarters(ruleset: Ruleset) -> tuple[str | None, str | None]:
    """[5.1] The 14th Panzer Division HQ and the 57th Panzer Corps HQ, found once (None
    in an order of battle without them)."""
    return ruleset.derived(_headquarters)


def sixth_army_units(ruleset: Ruleset, state: GameState) -> list[str]:
    return sorted(u for u in sixth_army(ruleset) if u in state.units)


def _hex_on_map(state: GameState, unit_id: str | None) -> Hex | None:
    return _unit_hex(state.units, unit_id)


def _unit_hex(units: FrozenMap[str, UnitState], unit_id: str | None) -> Hex | None:
    unit = units.get(unit_id) if unit_id is not None else None
    if unit is None or unit.status is not UnitStatus.ON_MAP:
        return None
    return unit.hex


def linked(ruleset: Ruleset, state: GameState) -> bool:
    """[5.1] Whether the 14th Panzer HQ traces its line of communications to the 57th
    Panzer Corps HQ now: a line reads only the units, so once per units map (asked after
    every action while Thunderclap is active)."""
    return state.units.derived(_linked, ruleset)


def _linked(units: FrozenMap[str, UnitState], ruleset: Ruleset) -> bool:
    sixth, corps = headquarters(ruleset)
    start, goal = _unit_hex(units, sixth), _unit_hex(units, corps)
    if start is None or goal is None:
        return False
    return bool(reaches_in(ruleset, units, Player.GERMAN, start, {goal}))


def follow_up(ruleset: Ruleset, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """[5.1] After an action while Thunderclap is active: the link, else a unit's return
    to the pocket (the end), else the units that have left it, recorded."""
    thunderclap = state.thunderclap
    if thunderclap.status is not ThunderclapStatus.ACTIVE:
        return state, []
    if linked(ruleset, state):
        state = replace(state, thunderclap=replace(thunderclap, status=ThunderclapStatus.LINKED))
        why = "the 14th Panzer Division HQ traces a line to the 57th Panzer Corps HQ"
        return state, [ThunderclapChanged(ThunderclapStatus.LINKED, why)]
    pocket = ruleset.game_map.pocket
    left = set(thunderclap.left_pocket)
    returned = None
    for unit_id in sixth_army_units(ruleset, state):
        hex_ = _hex_on_map(state, unit_id)
        if hex_ is None:
            continue
        moved = isinstance(action, MoveStack) and unit_id in action.units
        path = action.path if isinstance(action, MoveStack) and moved else (hex_,)
        for step in path:
            if step not in pocket:
                left.add(unit_id)
            elif unit_id in left and returned is None:
                returned = unit_id
    if returned is not None:
        ended = replace(thunderclap, status=ThunderclapStatus.ENDED, left_pocket=frozenset(left))
        why = f"{ruleset.unit_name(returned)} returned to the pocket before the link"
        return replace(state, thunderclap=ended), [ThunderclapChanged(ThunderclapStatus.ENDED, why)]
    if left != thunderclap.left_pocket:
        state = replace(state, thunderclap=replace(thunderclap, left_pocket=frozenset(left)))
    return state, []


def remove_if_ended(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[5.1] At the end of a Stalingrad Pocket Phase after Thunderclap ended, every Sixth
    Army unit still in play is removed, permanently lost."""
    ending = state.phase is Phase.STALINGRAD_POCKET and state.segment is Segment.SOVIET_RING_FORCES
    if not ending or state.thunderclap.status is not ThunderclapStatus.ENDED:
        return state, []
    events: list[Event] = []
    gone = (UnitStatus.PERMANENTLY_LOST,)
    for unit_id in sixth_army_units(ruleset, state):
        unit = state.units[unit_id]
        if unit.status in gone:
            continue
        state = state.with_unit(unit_id, UnitState(UnitStatus.PERMANENTLY_LOST))
        events.append(UnitStatusChanged(unit_id, UnitStatus.PERMANENTLY_LOST, unit.hex))
    return state, events


def sixth_army_supply(
    ruleset: Ruleset, state: GameState, player: Player
) -> tuple[GameState, list[Event]]:
    """[5.1] The Sixth Army units' supply in the German Supply Determination Segment."""
    activated = state.thunderclap.activated_turn
    if player is not Player.GERMAN or activated is None:
        return state, []
    sixth, _ = headquarters(ruleset)
    on_map = {u: h for u in sixth_army_units(ruleset, state) if (h := _hex_on_map(state, u))}
    if not on_map:
        return state, []
    traced = _traced(ruleset, state, sixth, on_map)
    thunderclap = state.thunderclap
    if traced is not None and thunderclap.supplied_turn is None:
        state = replace(state, thunderclap=replace(thunderclap, supplied_turn=state.turn))
    normal = state.thunderclap.supplied_turn is not None  # once traced, for good
    events: list[Event] = []
    for unit_id in on_map:
        unit = state.units[unit_id]
        if not normal:
            mode = thunderclap_schedule(activated, state.turn)
        else:
            mode = next_mode(unit.supply, traced is not None and unit_id in traced)
        if mode is not unit.supply:
            state = state.with_unit(unit_id, replace(unit, supply=mode))
            events.append(SupplyChanged(unit_id, mode, unit.supply))
    return state, events


def _traced(
    ruleset: Ruleset, state: GameState, sixth: str | None, on_map: dict[str, Hex]
) -> set[str] | None:
    """The Sixth Army units with a line by the normal rules once the 14th Panzer HQ
    traces one to another German HQ (not a Rumanian one: reading 170); None while it
    does not."""
    start = on_map.get(sixth) if sixth is not None else None
    if sixth is None or start is None:
        return None
    others = {
        h
        for u, unit in state.units.items()
        if (h := _hex_on_map(state, u)) is not None
        and ruleset.catalogue.ground[u].unit_class is UnitClass.HEADQUARTERS
        and ruleset.catalogue.ground[u].german
        and not is_sixth_army(ruleset, u)
    }
    if not others or not line_reaches(ruleset, state, Player.GERMAN, start, others):
        return None
    leg = ruleset.tables.supply.line("german").first_segment_hexes or 0
    found = line_reaches(ruleset, state, Player.GERMAN, start, set(on_map.values()), leg)
    return {sixth} | {u for u, h in on_map.items() if h in found}
