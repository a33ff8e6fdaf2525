"""[18.1] What one entry of a fogged e-mail game tells the other side, and how the other
side's program takes it into its world.

The writer's program applies its action to its own world whole. The entry tells the other
side only the public part:

- the action with every unit the other side may not know renamed as a phantom of its hex
  (none when it is not on the map), or left out where a phantom cannot stand for it;
- the units the action names that the other side could not see before and sees after it
  (a stack's new top unit, the guns a mission declares): as they were before it, so that
  the other side's program applies the action to them as the writer's did;
- the writer's exposure after the action.

The other side's program adds the units the action reveals, applies the public action to
its world without judging it (it cannot judge what it cannot see: the whole file is
judged when the game ends and everything is shown), and rebuilds the writer's units from
the exposure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from owsqt.rules.core.actions import Action
from owsqt.rules.core.events import Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import UnitState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.worlds.belief import World, believed
from owsqt.rules.worlds.exposure import Exposure, exposure


@dataclass(frozen=True)
class Public:
    """[18.1] The public part of one entry written by `writer`."""

    writer: Player
    action: Action | None  # None: the action is all hidden (a set-up placement under a top)
    introduced: FrozenMap[str, UnitState]
    after: Exposure


def public_part(before: World, action: Action, after: World) -> Public:
    """[18.1] What the writer of `action` tells the other side: `before` and `after` are
    the writer's world around it."""
    writer = before.side
    ruleset = before.ruleset
    shown_before = exposure(ruleset, before.state, writer)
    shown_after = exposure(ruleset, after.state, writer)
    phantoms = believed(ruleset, before.state, writer.opponent, shown_before).phantoms
    ground = ruleset.catalogue.ground
    free = {hex_: list(ids) for hex_, ids in phantoms.items()}
    names: dict[str, str | None] = {}
    introduced: dict[str, UnitState] = {}
    for unit_id in _named(action, ground):
        if ground[unit_id].player is not writer or unit_id in shown_before.units:
            continue
        unit = before.state.units[unit_id]
        if unit_id in shown_after.units:
            introduced[unit_id] = unit
        elif unit.hex is not None and free.get(unit.hex):
            names[unit_id] = free[unit.hex].pop(0)
        else:
            names[unit_id] = None
    told = _renamed(action, names)
    return Public(writer, told, FrozenMap(introduced), shown_after)


def take_in(world: World, public: Public) -> tuple[World, tuple[Event, ...]]:
    """[18.1] `world` after an entry of the other side: the units it reveals added, its
    public action applied unjudged, the writer's units rebuilt from its exposure."""
    if public.writer is world.side:
        raise ValueError("a side takes in the other side's entries, not its own")
    state = world.state
    if public.introduced:
        units = dict(state.units)
        stand_ins = {hex_: list(ids) for hex_, ids in world.phantoms.items()}
        for unit_id, unit in public.introduced.items():
            if unit.hex is not None and stand_ins.get(unit.hex):
                del units[stand_ins[unit.hex].pop()]
            units[unit_id] = unit
        state = replace(state, units=FrozenMap(units))
    events: tuple[Event, ...] = ()
    if public.action is not None:
        outcome = apply(world.ruleset, state, public.action, Mode.FREE)
        state, events = outcome.state, outcome.events
    return believed(world.ruleset, state, world.side, public.after), events


def act(world: World, action: Action, mode: Mode) -> tuple[World, tuple[Event, ...], bool]:
    """[18.1] The side's own action applied to its world in `mode`: the new world, the
    events, and whether it was applied. The enemy's units stay as the world believed them
    until his next entry shows them."""
    outcome = apply(world.ruleset, world.state, action, mode)
    after = replace(world, state=outcome.state) if outcome.applied else world
    return after, outcome.events, outcome.applied


def _named(action: Action, ground: Mapping[str, object]) -> list[str]:
    """Every ground unit `action` names, in any field."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in ground:
                found.append(value)
        elif type(value) in (tuple, frozenset, list):
            for item in value:
                walk(item)

    for f in fields(action):
        walk(getattr(action, f.name))
    return found


def _renamed(action: Action, names: dict[str, str | None]) -> Action | None:
    """`action` with its units renamed (None: left out); None when a field that must name
    a unit would be left without one."""
    changed: dict[str, Any] = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if isinstance(value, str) and value in names:
            if names[value] is None and f.type not in ("str | None",):
                return None
            changed[f.name] = names[value]
        elif type(value) is tuple and any(item in names for item in value):
            renamed = tuple(names.get(item, item) for item in value)
            kept = tuple(item for item in renamed if item is not None)
            if value and not kept:
                return None
            changed[f.name] = kept
    return replace(action, **changed) if changed else action

