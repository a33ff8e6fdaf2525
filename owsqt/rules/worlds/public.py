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

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import (
    Action,
    AssignReplacements,
    Bombard,
    BombardmentMission,
    GroundAttack,
)
from owsqt.rules.core.events import Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.rolls import begin_action
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, TallyNationality
from owsqt.rules.engine import apply
from owsqt.rules.fog.view import engaged
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import World, believed
from owsqt.rules.worlds.exposure import Exposure, exposure
from owsqt.rules.worlds.phantoms import PHANTOM_MARK, is_phantom
from owsqt.rules.worlds.rename import renamed

_PRIVATE = (AssignReplacements,)
"""Actions whose whole effect is on the writer's own units and tallies, which the other side
never reads (17.3: which unit a replacement raises, and by how much)."""


@dataclass(frozen=True)
class Public:
    """[18.1] The public part of one entry written by `writer`."""

    writer: Player
    action: Action | None  # None: the action is all hidden (a set-up placement under a top)
    introduced: FrozenMap[str, UnitState]
    after: Exposure
    settled: FrozenMap[str, Any] = field(default_factory=FrozenMap)  # see `settled`
    acted: bool = True  # False: a resolution, which applies no action (`resolution`)


def public_part(
    told: Exposure, since: GameState, before: World, action: Action, after: World
) -> Public:
    """[18.1] What the writer of `action` tells the other side: `before` and `after` are
    the writer's world around it; `told` the writer's exposure as its last entry told it
    (what the other side's world holds of the writer's units) and `since` its world's
    state after that entry."""
    writer = before.side
    ruleset = before.ruleset
    shown_after = exposure(ruleset, after.state, writer)
    ground = ruleset.catalogue.ground
    names: dict[str, str | None] = {}
    introduced = _introduced(told, since, before.state, shown_after)
    for unit_id in _named(action, ground):
        if ground[unit_id].player is not writer or unit_id in told.units:
            continue
        if unit_id in introduced:
            continue
        hex_ = before.state.units[unit_id].hex
        if hex_ is not None and hex_ in told.hidden:
            names[unit_id] = hidden_on(ruleset.grid.id_of(hex_))
        else:
            names[unit_id] = None
    public_action = None if isinstance(action, _PRIVATE) else _renamed(action, names)
    return Public(
        writer,
        public_action,
        FrozenMap(introduced),
        shown_after,
        settled(writer, since, after.state, _hidden(ruleset, after.state, shown_after)),
    )


SETTLED_BY_WRITER = (
    "bridges",
    "entrenchments",
    "interdiction_zones",
    "losses",
    "replacement_points",
    "victory_ledger",
)
"""The public facts beside the units that the writer's action settles, though they may
depend on its hidden units: a bridge its hidden engineers built (16.2), an entrenchment
(15.1), what its hidden units lost and were given (17.3), the points German units earned
(19.33). Of each the entry tells what the writer's world changed (a map's changed
entries, another field whole), of the tallies the writer's own, and of the ledger the
German side's whole (`settled`)."""


_TALLIES = ("losses", "replacement_points")  # 17.3: each side's own nationalities'
_LEDGER = "victory_ledger"  # 19.33: every point is earned by German units or their losses
_SIDE_OF_TALLY = {
    TallyNationality.GERMAN: Player.GERMAN,
    TallyNationality.RUMANIAN: Player.GERMAN,
    TallyNationality.SOVIET: Player.SOVIET,
}


def settled(
    writer: Player, since: GameState, after: GameState, hidden: Collection[str]
) -> FrozenMap[str, Any]:
    """What of `SETTLED_BY_WRITER` the writer's world changed since its last entry (`since`:
    its world then); of the loss and replacement tallies the writer's own whole (17.3),
    so that one wrong in the other's world lasts only until the next entry; and, from the
    German side, the victory ledger whole (19.33), naming none of the `hidden` units."""
    found: dict[str, Any] = {}
    for name in SETTLED_BY_WRITER:
        old, new = getattr(since, name), getattr(after, name)
        if name in _TALLIES:
            found[name] = FrozenMap(
                {key: value for key, value in new.items() if _SIDE_OF_TALLY[key] is writer}
            )
        elif name == _LEDGER:
            if writer is Player.GERMAN:
                found[name] = renamed(new, dict.fromkeys(hidden))
        elif old == new:
            continue
        elif isinstance(new, FrozenMap):
            keys = {key for key in {*old, *new} if old.get(key) != new.get(key)}
            found[name] = FrozenMap({key: new.get(key) for key in keys})
        else:
            found[name] = new
    return FrozenMap(found)


def _settle(state: GameState, changes: Mapping[str, Any]) -> GameState:
    """`state` with what the writer settled: a map's entries (None: taken off), a field."""
    fields_: dict[str, Any] = {}
    for name, value in changes.items():
        if name not in SETTLED_BY_WRITER:
            raise ValueError(f"an entry cannot settle {name!r}")
        if isinstance(value, FrozenMap):
            current = dict(getattr(state, name))
            for key, entry in value.items():
                if entry is None:
                    current.pop(key, None)
                else:
                    current[key] = entry
            fields_[name] = FrozenMap(current)
        else:
            fields_[name] = value
    return replace(state, **fields_)


def writer_of(ruleset: Ruleset, state: GameState, action: Action) -> Player:
    """The side whose program writes the entry of `action`: its player, or the owner of
    the units an action of no single actor names (counterbattery, 12.4), or the side who
    acts now."""
    if action.player is not None:
        return action.player
    named = action.unit_references()
    if named:
        return ruleset.catalogue.ground[named[0]].player
    actors = who_acts(ruleset, state)
    if len(actors) == 1:
        return next(iter(actors))
    return state.active or Player.GERMAN


def owner_resolves(action: Action) -> bool:
    """[18.1, 12.4, 4.6] Whether `action` strikes a hidden unit drawn at random: only the
    owner's world draws the true unit, so his program writes a resolution next."""
    return isinstance(action, Bombard | GroundAttack) and action.hidden_in is not None


def counterbattery_unsettled(action: Action) -> bool:
    """[12.4] Whether `action` brings guns into play that hidden guns may answer: a
    bombardment mission, or an attack with designated artillery. Whether the combat's
    counterbattery step happens depends on guns only their owner sees, so these are not
    yet played between two worlds (issue 22)."""
    return isinstance(action, BombardmentMission) or bool(getattr(action, "artillery", ()))


def resolution(told: Exposure, since: GameState, world: World) -> Public:
    """[18.1] The entry the owner of a stack struck at random writes next: no action, only
    what his units show now and what he settled, as his world resolved the strike."""
    shown = exposure(world.ruleset, world.state, world.side)
    return Public(
        world.side,
        None,
        FrozenMap(_introduced(told, since, world.state, shown)),
        shown,
        settled(world.side, since, world.state, _hidden(world.ruleset, world.state, shown)),
        acted=False,
    )


def take_in(world: World, public: Public) -> tuple[World, tuple[Event, ...]]:
    """[18.1] `world` after an entry of the other side: the units it reveals added, its
    public action applied unjudged, the writer's units rebuilt from its exposure."""
    if public.writer is world.side:
        raise ValueError("a side takes in the other side's entries, not its own")
    state = world.state
    stand_ins: dict[Hex, list[str]] = {}  # every phantom, also one a combat engages
    for unit_id in sorted(state.units, key=lambda u: state.units[u].stack_order):
        unit = state.units[unit_id]
        if is_phantom(unit_id) and unit.hex is not None:
            stand_ins.setdefault(unit.hex, []).append(unit_id)
    if public.introduced:
        # Each unit shown takes the place of a phantom of its hex, wherever the world names
        # it (the defenders of an attack declared on a stack the attacker could not see).
        names: dict[str, str | None] = {}
        for unit_id, unit in public.introduced.items():
            if unit_id in state.units:  # still seen: as it is now
                continue
            if unit.hex is not None and stand_ins.get(unit.hex):
                names[stand_ins[unit.hex].pop(0)] = unit_id
        state = renamed(state, names)
        units = {u: s for u, s in state.units.items() if u not in public.introduced}
        units.update(public.introduced)
        state = replace(state, units=FrozenMap(units))
        combat = state.combat
        if combat is not None and names:  # 11.2: the defenders in their stack's order
            order = sorted(combat.defending, key=lambda u: state.units[u].stack_order)
            state = replace(state, combat=replace(combat, defending=tuple(order)))
    events: tuple[Event, ...] = ()
    action = None if public.action is None else _resolved(public.action, world, stand_ins)
    if action is not None:
        outcome = apply(world.ruleset, state, action, Mode.FREE)
        state, events = outcome.state, outcome.events
    elif public.acted:  # the action was applied all the same: the keyed die counts it (2.0)
        state = begin_action(state)
    state = _settle(state, public.settled)
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


def _introduced(
    told: Exposure, since: GameState, before: GameState, shown: Exposure
) -> dict[str, UnitState]:
    """The writer's units `shown` that the other side's world does not hold, as they were
    `before`: a new top unit, the defenders of an attack. In stack order, as the phantoms
    they replace stand there. What a combat showed when the writer last told is shown
    again: the combat may have ended since, and its units gone dark."""
    known = set(told.units) - engaged(since)
    new = (u for u in shown.units if u not in known)
    order = sorted(new, key=lambda u: (_place(before.units[u]), before.units[u].stack_order))
    return {unit_id: before.units[unit_id] for unit_id in order}


def _hidden(ruleset: Ruleset, state: GameState, shown: Exposure) -> set[str]:
    """The writer's units in `state` that its exposure does not show."""
    ground = ruleset.catalogue.ground
    return {u for u in state.units if ground[u].player is shown.side and u not in shown.units}


def _place(unit: UnitState) -> tuple[int, int]:
    return (-1, -1) if unit.hex is None else (unit.hex.q, unit.hex.r)


def hidden_on(hex_id: str) -> str:
    """How a public action names a hidden unit: by its hex alone (the other side's world
    puts one of the phantoms of that hex in its place)."""
    return f"{PHANTOM_MARK}@{hex_id}"


def _resolved(action: Action, world: World, stand_ins: dict[Hex, list[str]]) -> Action | None:
    """A public action in `world`: each hidden unit one of the phantoms `stand_ins` keeps
    for its hex, each used once; None when a field that must name a unit is left without
    one (the world's picture of the hex is behind: the writer's exposure after the entry
    corrects it)."""
    grid = world.ruleset.grid
    free = {grid.id_of(hex_): ids for hex_, ids in stand_ins.items()}

    def take(placeholder: str) -> str | None:
        stand_ins = free.get(placeholder.removeprefix(f"{PHANTOM_MARK}@"), [])
        return stand_ins.pop(0) if stand_ins else None

    changed: dict[str, Any] = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if _is_placeholder(value):
            stand_in = take(value)
            if stand_in is None:
                return None
            changed[f.name] = stand_in
        elif type(value) is tuple and any(_is_placeholder(item) for item in value):
            items = [take(item) if _is_placeholder(item) else item for item in value]
            kept = tuple(item for item in items if item is not None)
            if not kept:
                return None
            changed[f.name] = kept
    return replace(action, **changed) if changed else action


def _is_placeholder(value: object) -> bool:
    return isinstance(value, str) and value.startswith(f"{PHANTOM_MARK}@")


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
