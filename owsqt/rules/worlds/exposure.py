"""[18.1] What a side's units show the enemy: the public record of them, from which the
enemy's program can play on without knowing what hides (fog of war in e-mail play).

It holds the units the enemy sees (each stack's top unit as its counter prints it, every
unit a combat engages, the units gone off the map as the view keeps them, but none still
to set up or to arrive) and, for each stack with hidden counters, their number and what
the enemy feels of them without seeing them: whether they exert a zone of control (10.1),
whether armour or artillery among them exerts it (11.8 stops an advance there), whether
they are all convoys (16.3), and how many are antiaircraft units (16.1: they modify air
attacks). These facts are felt across the table whenever the rules use them
(docs/rulebook-readings.md, "Fog of war in e-mail play")."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState, UnitState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass, UnitType
from owsqt.rules.fog.option import fog_on
from owsqt.rules.fog.view import engaged, faced, shown_on
from owsqt.rules.movement.arrivals import WAITING
from owsqt.rules.movement.zoc import exerts_zoc
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.phantoms import is_phantom


@dataclass(frozen=True, slots=True)
class HiddenCounters:
    """[18.1] The counters of one stack the enemy does not see, as he feels them."""

    count: int
    zoc: bool = False  # one of them exerts a zone of control (10.1)
    armour_zoc: bool = False  # an armoured one exerts it (11.8: it stops an advance)
    artillery_zoc: bool = False  # an artillery one exerts it (11.8: it stops a Soviet advance)
    only_convoys: bool = False  # none has a combat strength, like a relief convoy (16.3)
    antiaircraft: int = 0  # 16.1: antiaircraft units modify air attacks on and near them
    antiaircraft_zoc: bool = False  # one of those exerts a zone of control


@dataclass(frozen=True, slots=True)
class Exposure:
    """[18.1] What `side`'s units show the enemy: the units he sees, and the hidden
    counters of each stack."""

    side: Player
    units: FrozenMap[str, UnitState]
    hidden: FrozenMap[Hex, HiddenCounters]


def exposure(ruleset: Ruleset, state: GameState, side: Player) -> Exposure:
    """[18.1] What `side`'s units show its enemy in `state`: a game with fog of war, or a
    world, whose phantoms stay hidden counters even when a combat engages them.

    The units are those the enemy's `view` keeps of `side`, read off `side`'s stacks alone
    (the view of the whole state is not built): a unit a combat engages whole, the unit
    each stack shows at the printed value of its side up, none of the others, and none
    still to set up or to arrive, from the turn record track or a force pool (`WAITING`,
    reading 154): the enemy knows the scenario's forces and the turn record track, not
    which of them a stack took in, nor which went to the force pool (19.12 a)."""
    mine = ruleset.derived(ids_by_side)[side]
    real = ruleset.derived(real_ids_by_side)[side]
    fog = fog_on(state)
    engaged_now = engaged(state) if fog else frozenset()
    units = {u: unit for u, unit in state.units.items() if u in real and unit.status not in WAITING}
    hidden = {}
    for hex_, stack in state.stacks.items():
        if stack[0] not in mine:
            continue
        if fog:
            shown = shown_on(ruleset, state, hex_, side)
            for unit_id in stack:
                if unit_id in engaged_now or unit_id not in units:
                    continue
                if unit_id == shown:
                    units[unit_id] = faced(ruleset, units[unit_id], unit_id)
                else:
                    del units[unit_id]
        unseen = [u for u in stack if u not in units]
        if unseen:
            hidden[hex_] = _felt(ruleset, state, unseen)
    return Exposure(side, FrozenMap(units), FrozenMap(hidden))


def ids_by_side(ruleset: Ruleset) -> dict[Player, frozenset[str]]:
    """Every ground unit id of each side, phantoms included when the ruleset defines them
    (derived once per ruleset: `ruleset.derived(ids_by_side)`)."""
    ground = ruleset.catalogue.ground
    return {
        side: frozenset(unit_id for unit_id, unit in ground.items() if unit.player is side)
        for side in Player
    }


def real_ids_by_side(ruleset: Ruleset) -> dict[Player, frozenset[str]]:
    """Every ground unit id of each side that is not a phantom (derived once per ruleset)."""
    return {
        side: frozenset(u for u in ids if not is_phantom(u))
        for side, ids in ruleset.derived(ids_by_side).items()
    }


def _felt(ruleset: Ruleset, state: GameState, unit_ids: list[str]) -> HiddenCounters:
    ground = ruleset.catalogue.ground
    classes: set[UnitClass] = set()
    zoc = antiaircraft_zoc = some_strength = False
    antiaircraft = 0
    for unit_id in unit_ids:
        defn = ground[unit_id]
        is_antiaircraft = defn.type is UnitType.ANTIAIRCRAFT
        antiaircraft += is_antiaircraft
        some_strength = some_strength or bool(state.units[unit_id].strength)
        if exerts_zoc(ruleset, state, unit_id):
            zoc = True
            classes.add(defn.unit_class)
            antiaircraft_zoc = antiaircraft_zoc or is_antiaircraft
    return HiddenCounters(
        count=len(unit_ids),
        zoc=zoc,
        armour_zoc=UnitClass.ARMOR in classes,
        artillery_zoc=UnitClass.ARTILLERY in classes,
        only_convoys=not some_strength,
        antiaircraft=antiaircraft,
        antiaircraft_zoc=antiaircraft_zoc,
    )
