"""Boards for the campaigns' victory points (19.33, 19.42): a campaign in play with every
unit off the map, units put where a test wants them, hexes at an exact distance from the
pocket, and German strength points lost by the number."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.actions import PlaceUnits, SetUnitStatus
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import Nationality, UnitClass, UnitSize
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game

CAMPAIGN = "operation-winter-storm"
HQ = "de-57pzk-hq"  # the campaigns' corridor_to
FAR = "1652"  # the 57th Panzer Corps HQ's set-up hex, far from the pocket
TANK = "de-6pz-11pzr-1"
SIXTH = "de-6a-langenthal"


def empty_campaign(rules: Ruleset, scenario: str = CAMPAIGN, options=()) -> GameState:
    """The scenario after its default set-up (turn 1, in play) with every unit off the map."""
    session = new_game(rules, scenario, Mode.FREE, seed=1, options=tuple(options))
    session.apply_default_setup()
    state = session.state
    units = FrozenMap(
        {
            uid: replace(unit, status=UnitStatus.NOT_ARRIVED, hex=None)
            for uid, unit in state.units.items()
        }
    )
    return replace(state, units=units)


def put(rules: Ruleset, state: GameState, unit_id: str, hex_id: str | None) -> GameState:
    """`unit_id` on `hex_id` (None: off the map, never arrived), without the rules."""
    unit = state.units[unit_id]
    if hex_id is None:
        return state.with_unit(unit_id, replace(unit, status=UnitStatus.NOT_ARRIVED, hex=None))
    at = rules.grid.hex_of(hex_id)
    return state.with_unit(unit_id, replace(unit, status=UnitStatus.ON_MAP, hex=at))


def place(rules: Ruleset, state: GameState, unit_id: str, hex_id: str) -> Outcome:
    """Move `unit_id` to `hex_id` through the engine (FREE): the victory hook runs."""
    action = PlaceUnits(units=(unit_id,), to=rules.grid.hex_of(hex_id))
    return apply(rules, state, action, Mode.FREE)


def remove(rules: Ruleset, state: GameState, unit_id: str) -> Outcome:
    action = SetUnitStatus(units=(unit_id,), status=UnitStatus.ELIMINATED)
    return apply(rules, state, action, Mode.FREE)


def pocket_distances(rules: Ruleset) -> dict[str, int]:
    """Each map hex outside the pocket (by id) and its distance from the pocket."""
    pocket = rules.game_map.pocket
    return {
        rules.grid.id_of(h): min(distance(h, p) for p in pocket)
        for h in rules.game_map.hexes
        if h not in pocket
    }


def hex_at(rules: Ruleset, hexes: int, skip: int = 0) -> str:
    """A map hex exactly `hexes` hexes from the pocket (the `skip`-th such, by id)."""
    found = sorted(h for h, d in rules.derived(pocket_distances).items() if d == hexes)
    return found[skip]


def pocket_hex(rules: Ruleset, skip: int = 0) -> str:
    return sorted(rules.grid.id_of(h) for h in rules.game_map.pocket)[skip]


def zoc_units(rules: Ruleset, count: int) -> list[str]:
    """Soviet ground units with a zone of control (10.1: no HQ, company or convoy)."""
    found = [
        uid
        for uid, unit in sorted(rules.catalogue.ground.items())
        if unit.player is Player.SOVIET
        and unit.unit_class not in (UnitClass.HEADQUARTERS, UnitClass.CONVOY)
        and unit.size is not UnitSize.COMPANY
    ]
    return found[:count]


def german_army(rules: Ruleset, state: GameState) -> list[str]:
    """German Army counters with a strength, not the Sixth Army's nor a headquarters (the
    57th Panzer Corps HQ on the map would open a corridor on an empty board), by id."""
    return [
        uid
        for uid, unit in sorted(rules.catalogue.ground.items())
        if unit.nationality is Nationality.GERMAN_ARMY
        and unit.unit_class is not UnitClass.HEADQUARTERS
        and unit.combat > 0
        and not uid.startswith(("de-6a", "de-14pz", "de-29mot"))
        and uid in state.units
    ]


def with_losses(rules: Ruleset, state: GameState, points: int, where: str) -> GameState:
    """German units on `where` with exactly `points` strength points lost between them."""
    catalogue = rules.catalogue.ground
    left = points
    for uid in german_army(rules, state):
        if left == 0:
            break
        state = put(rules, state, uid, where)
        lost = min(left, catalogue[uid].combat)
        unit = state.units[uid]
        state = state.with_unit(uid, replace(unit, strength=catalogue[uid].combat - lost))
        left -= lost
    return state
