"""[18.1] What one side may know of the game: the query every display of a fogged game
draws from (the map's counters, the stack viewer, tooltips, the log, the combat panel, the
replay, `owsqt replay --as`).

A side sees all of its own units. Of the enemy's units on the map it sees, on each hex,
only the top one: the largest by original strength, the owner's stack order choosing
among equals; none when the stack is entrenched; never a strength marker, only the side of
the counter that shows. During a combat's resolution every engaged unit is seen whole, and
afterwards goes dark again: the view is a function of the state alone, so nothing seen
once stays seen. How many counters a stack holds is seen, as across a table
(docs/rulebook-readings.md, "Fog of war")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Entrenchment, Player
from owsqt.rules.fog.option import fog_on
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass(frozen=True)
class SideView:
    """What `side` may know of `full`: `state` is `full` with every enemy unit it may not
    see taken out (not in `state.units` at all) and every enemy strength at the value its
    counter prints; `hidden` counts, per hex, the enemy counters not shown there.
    A view of `side` None, or of a game without fog, is the whole state."""

    side: Player | None
    state: GameState
    hidden: FrozenMap[Hex, int]
    revealed: frozenset[str]  # enemy units seen whole because a combat engages them

    def knows(self, unit_id: str) -> bool:
        """Whether the side may know this unit is where the state has it."""
        return unit_id in self.state.units


def whole(state: GameState) -> SideView:
    """The view that hides nothing (free play with the fog turned off, a referee)."""
    return SideView(None, state, FrozenMap(), frozenset())


def top_unit(ruleset: Ruleset, state: GameState, hex_: Hex) -> str | None:
    """[18.1] The unit a stack displays on top: its largest by original strength; among
    equals the owner's choice, the one he stacked higher."""
    stack = state.stack(hex_)
    if not stack:
        return None
    ground = ruleset.catalogue.ground
    # max() keeps the first of equals, and the stack is top first.
    return max(stack, key=lambda unit_id: ground[unit_id].combat)


def entrenched(state: GameState, hex_: Hex, owner: Player) -> bool:
    """[18.1, 15.1] Whether `owner`'s units on `hex_` are entrenched (a complete marker)."""
    marker = state.entrenchments.get(hex_)
    return marker is not None and marker.owner is owner and marker.status is Entrenchment.COMPLETE


def engaged(state: GameState) -> frozenset[str]:
    """[18.1] The units a combat under resolution engages, which both sides see whole: an
    attack's attackers, defenders and designated artillery, and the units of a passage
    fire (11.7). A bombardment mission (12.2) engages its declared guns and those that
    answer them (12.4), and no defender: its target is drawn at random among the hidden
    units (`fog.draw`) and shown only by its result."""
    units: set[str] = set()
    combat = state.combat
    if combat is not None:
        # 12.4: a mission's guns are declared, and counterbattery answers them.
        units.update(combat.attack_artillery, combat.defense_artillery)
        if combat.attackers:
            units.update(combat.attackers, combat.defending)
    choice = state.special_fire
    if choice is not None:
        units.update(choice.units)
        for firers in choice.firers:
            units.update(firers)
    return frozenset(units)


def view(ruleset: Ruleset, state: GameState, side: Player | None) -> SideView:
    """[18.1] What `side` may know of `state` (the whole state without fog of war)."""
    if side is None or not fog_on(state):
        return whole(state)
    ground = ruleset.catalogue.ground
    engaged_now = engaged(state)
    revealed: set[str] = set()
    hidden: dict[Hex, int] = {}
    units = dict(state.units)
    for hex_, stack in state.stacks.items():
        owner = ground[stack[0]].player
        if owner is side:
            continue
        shown = shown_on(ruleset, state, hex_, owner)
        for unit_id in stack:
            if unit_id in engaged_now:
                revealed.add(unit_id)
                continue
            if unit_id == shown:
                units[unit_id] = faced(ruleset, units[unit_id], unit_id)
            else:
                del units[unit_id]
                hidden[hex_] = hidden.get(hex_, 0) + 1
    seen = replace(state, units=FrozenMap(units))
    return SideView(side, seen, FrozenMap(hidden), frozenset(revealed))


def shown_on(ruleset: Ruleset, state: GameState, hex_: Hex, owner: Player) -> str | None:
    """[18.1, 15.1] The unit of `owner`'s stack on `hex_` its enemy sees: the top unit, none
    when the stack is entrenched."""
    return None if entrenched(state, hex_, owner) else top_unit(ruleset, state, hex_)


def faced(ruleset: Ruleset, unit: UnitState, unit_id: str) -> UnitState:
    """[18.1] An enemy unit as its counter shows it: no strength marker, the printed
    strength of the side that is up."""
    defn = ruleset.catalogue.ground[unit_id]
    printed = (
        defn.combat_reduced if unit.reduced and defn.combat_reduced is not None else defn.combat
    )
    return unit if unit.strength == printed else replace(unit, strength=printed)
