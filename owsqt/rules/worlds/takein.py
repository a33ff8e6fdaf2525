"""[18.1] A side's world through the entries of a fogged e-mail game: its own actions
applied whole, the other side's taken in from their public part."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import Action
from owsqt.rules.core.events import Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import begin_action
from owsqt.rules.core.verdict import Mode
from owsqt.rules.engine import apply
from owsqt.rules.worlds.belief import World, believed, phantoms_by_hex, phantoms_renamed
from owsqt.rules.worlds.exposure import exposure
from owsqt.rules.worlds.naming import resolved
from owsqt.rules.worlds.public import Public
from owsqt.rules.worlds.settling import settle


def take_in(world: World, public: Public) -> tuple[World, tuple[Event, ...]]:
    """[18.1] `world` after an entry of the other side: the units it reveals added, its
    public action applied unjudged, the writer's units rebuilt from its exposure."""
    if public.writer is world.side:
        raise ValueError("a side takes in the other side's entries, not its own")
    state = world.state
    stand_ins = phantoms_by_hex(state)
    if public.introduced:
        # Each unit shown takes the place of a phantom of its hex, wherever the world names
        # it (the defenders of an attack declared on a stack the attacker could not see).
        names: dict[str, str] = {}
        for unit_id, unit in public.introduced.items():
            if unit_id in state.units:  # still seen: as it is now
                continue
            if unit.hex is not None and stand_ins.get(unit.hex):
                names[stand_ins[unit.hex].pop(0)] = unit_id
        state = phantoms_renamed(state, names)
        units = {u: s for u, s in state.units.items() if u not in public.introduced}
        units.update(public.introduced)
        state = replace(state, units=FrozenMap(units))
        combat = state.combat
        if combat is not None and names:  # 11.2: the defenders in their stack's order
            order = sorted(combat.defending, key=lambda u: state.units[u].stack_order)
            state = replace(state, combat=replace(combat, defending=tuple(order)))
    events: tuple[Event, ...] = ()
    action = None if public.action is None else resolved(public.action, world, stand_ins)
    if action is not None:
        outcome = apply(world.ruleset, state, action, Mode.FREE)
        state, events = outcome.state, outcome.events
    elif public.acted:  # the action was applied all the same: the keyed die counts it (2.0)
        state = begin_action(state)
    state = settle(state, public.settled)
    return believed(world.ruleset, state, world.side, public.after), events


def act(world: World, action: Action, mode: Mode) -> tuple[World, tuple[Event, ...], bool]:
    """[18.1] The side's own action applied to its world in `mode`: the new world, the
    events, and whether it was applied. The enemy's units stay as the world believed them
    until his next entry shows them."""
    outcome = apply(world.ruleset, world.state, action, mode)
    if not outcome.applied:
        return world, outcome.events, False
    enemy = world.side.opponent
    shown = exposure(world.ruleset, outcome.state, enemy)
    return believed(world.ruleset, outcome.state, world.side, shown), outcome.events, True
