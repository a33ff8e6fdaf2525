"""[18.1] A side's world through the entries of a fogged e-mail game: its own actions
applied whole, the other side's taken in from their public part."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from owsqt.rules.core.actions import Action
from owsqt.rules.core.events import Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import begin_action
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode, Verdict, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import World, believed, phantoms_by_hex, phantoms_renamed
from owsqt.rules.worlds.exposure import Exposure, exposure
from owsqt.rules.worlds.naming import resolved
from owsqt.rules.worlds.public import Public
from owsqt.rules.worlds.reach import Trespass, trespass
from owsqt.rules.worlds.settling import settle


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeIn(Action):
    """[18.1] The other side's entry as a step of a world: its public part taken in. Never
    written as an action: a fogged e-mail file holds the public part itself."""

    kind: ClassVar[str] = "take-in"
    public: Public
    shown: Exposure | None = None  # the reader's exposure as he last told it (`reach`)


def take_in(world: World, public: Public) -> tuple[World, tuple[Event, ...]]:
    """[18.1] `world` after an entry of the other side: the units it reveals added, its
    public action applied unjudged, the writer's units rebuilt from its exposure."""
    after, events, _trespass = _taken_in(world, public, Mode.FREE, None)
    return after, events


def _taken_in(
    world: World, public: Public, mode: Mode, shown: Exposure | None
) -> tuple[World, tuple[Event, ...], Trespass | None]:
    """`take_in`, and what its public action trespasses on in `mode` (`reach.trespass`),
    judged where it is applied: with `shown`, the reader's exposure as he last told it. An
    action that trespasses is not applied (the exposure after it still is), so that a
    replay that lists it goes on."""
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
    found = None
    if action is not None and shown is not None:
        found = trespass(replace(world, state=state), public.writer, action, shown, mode)
    if action is not None and found is None:  # the reader's units are never trespassed on
        outcome = apply(world.ruleset, state, action, Mode.FREE)
        state, events = outcome.state, outcome.events
    elif public.acted:  # the action was applied all the same: the keyed die counts it (2.0)
        state = begin_action(state)
    state = settle(state, public.settled)
    return believed(world.ruleset, state, world.side, public.after), events, found


def act(world: World, action: Action, mode: Mode) -> tuple[World, tuple[Event, ...], bool]:
    """[18.1] The side's own action applied to its world in `mode`: the new world, the
    events, and whether it was applied. The enemy's units stay as the world believed them
    until his next entry shows them."""
    outcome = acted(world, action, mode)
    if not outcome.applied:
        return world, outcome.events, False
    return world_of(world.ruleset, world.side, outcome.state), outcome.events, True


def acted(world: World, action: Action, mode: Mode) -> Outcome:
    """[18.1] What the side's own `action` does to its world, as the engine's outcome: its
    state is the world's after it (`act`), its verdict the rules' on the world."""
    outcome = apply(world.ruleset, world.state, action, mode)
    if not outcome.applied:
        return outcome
    shown = exposure(world.ruleset, outcome.state, world.side.opponent)
    after = believed(world.ruleset, outcome.state, world.side, shown)
    return replace(outcome, state=after.state)


def world_step(
    ruleset: Ruleset, side: Player, state: GameState, action: Action, mode: Mode
) -> Outcome:
    """[18.1] One step of `side`'s world in `state` (of `ruleset`, which defines the
    phantoms): the other side's entry taken in (`TakeIn`), applied unjudged, its verdict
    what it trespasses on in `mode` (`reach`); or the side's own action."""
    world = world_of(ruleset, side, state)
    if isinstance(action, TakeIn):
        after, events, found = _taken_in(world, action.public, mode, action.shown)
        verdict = Verdict(() if found is None else (Violation(found.rule, found.why),))
        return Outcome(after.state, events, verdict, applied=True)
    return acted(world, action, mode)


def world_of(ruleset: Ruleset, side: Player, state: GameState) -> World:
    """The world of `side` whose state is `state`."""
    stand_ins = {hex_: tuple(ids) for hex_, ids in phantoms_by_hex(state).items()}
    return World(side, ruleset, state, FrozenMap(stand_ins))
