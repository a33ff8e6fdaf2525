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

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import (
    Action,
    AssignReplacements,
    Bombard,
    Counterbattery,
    GroundAttack,
    ManualEdit,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.view import engaged, faced
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import World
from owsqt.rules.worlds.exposure import Exposure, exposure, ids_by_side
from owsqt.rules.worlds.naming import hidden_on, named, told_action
from owsqt.rules.worlds.settling import settled

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
    known = _known(told, since, before.state)
    # 12.4, 18.1: guns that fire counterbattery are seen as they fire
    firing = set(action.units) if isinstance(action, Counterbattery) else set()
    introduced = _introduced(ruleset, known, before.state, shown_after, after.state, firing)
    for unit_id in named(action, ground):
        if ground[unit_id].player is not writer or unit_id in known or unit_id in introduced:
            continue
        hex_ = before.state.units[unit_id].hex
        if hex_ is not None:  # a phantom of its hex stands for it over there
            names[unit_id] = hidden_on(ruleset.grid.id_of(hex_))
        else:
            names[unit_id] = None
    # A hand edit of a unit the other side may not know tells only what the exposure after
    # it shows: its strength, markers and place under the top are the writer's (18.1).
    hidden_edit = isinstance(action, ManualEdit) and bool(names)
    private = isinstance(action, _PRIVATE) or hidden_edit
    public_action = None if private else told_action(action, names)
    return Public(
        writer,
        public_action,
        FrozenMap(introduced),
        shown_after,
        settled(writer, since, after.state, _hidden(ruleset, after.state, shown_after)),
    )


def writer_of(ruleset: Ruleset, state: GameState, action: Action) -> Player:
    """The side whose program writes the entry of `action`: its player, or the owner of
    the units an action of no single actor names (counterbattery, 12.4), or the side who
    acts now."""
    if action.player is not None:
        return action.player
    units = action.unit_references()
    if units:
        return ruleset.catalogue.ground[units[0]].player
    actors = who_acts(ruleset, state)
    if len(actors) == 1:
        return next(iter(actors))
    return state.active or Player.GERMAN


def owner_resolves(action: Action) -> bool:
    """[18.1, 12.4, 4.6] Whether `action` strikes a hidden unit drawn at random (a
    bombardment or a ground attack): only the owner's world draws the true unit, so his
    program writes a resolution next."""
    return isinstance(action, Bombard | GroundAttack) and action.hidden_in is not None


def resolution(told: Exposure, since: GameState, world: World) -> Public:
    """[18.1] The entry the owner of a stack struck at random writes next: no action, only
    what his units show now and what he settled, as his world resolved the strike."""
    shown = exposure(world.ruleset, world.state, world.side)
    return Public(
        world.side,
        None,
        FrozenMap(
            _introduced(
                world.ruleset, _known(told, since, world.state), world.state, shown, world.state
            )
        ),
        shown,
        settled(world.side, since, world.state, _hidden(world.ruleset, world.state, shown)),
        acted=False,
    )


def _known(told: Exposure, since: GameState, now: GameState) -> set[str]:
    """The writer's units the other side's world surely holds: those the writer last told,
    but not the units a combat showed then or shows now. A combat's units go dark when it
    ends, perhaps in an entry of the other side, and may be engaged again in the next:
    they are told again whenever shown."""
    return set(told.units) - engaged(since) - engaged(now)


def _introduced(
    ruleset: Ruleset,
    known: set[str],
    before: GameState,
    shown: Exposure,
    after: GameState,
    firing: Collection[str] = (),
) -> dict[str, UnitState]:
    """The writer's units the other side's world may not hold (`known`) and sees now: those
    `shown` after the entry (a new top unit, the defenders of an attack), those a combat
    engaged before it (which it may eliminate) and the guns `firing` in it, as they were
    `before` (with the strength their counters print unless a combat engages them before or
    `after` it). In stack order, as the phantoms they replace stand there."""
    ground = ruleset.catalogue.ground
    engaged_now = {u for u in {*engaged(before), *firing} if ground[u].player is shown.side}
    new = (u for u in {*shown.units, *engaged_now} if u not in known)
    order = sorted(new, key=lambda u: (_place(before.units[u]), before.units[u].stack_order, u))
    # 18.1: a unit no combat engages shows the strength its counter prints, no marker
    whole = engaged_now | set(engaged(after))
    return {u: before.units[u] if u in whole else faced(ruleset, before.units[u], u) for u in order}


def _hidden(ruleset: Ruleset, state: GameState, shown: Exposure) -> set[str]:
    """The writer's units in `state` that its exposure does not show."""
    theirs = ruleset.derived(ids_by_side)[shown.side]
    return {u for u in state.units if u in theirs and u not in shown.units}


def _place(unit: UnitState) -> tuple[int, int]:
    return (-1, -1) if unit.hex is None else (unit.hex.q, unit.hex.r)
