"""[6.1, 4.3] What a side may not know even without the fog of war: the secret the enemy made
first this turn, while its own is not made. A player who bids or allocates second decides
as the one who goes first does, on the state without the enemy's bid of planned attacks
(6.1) or the enemy's air mission boxes (4.3 steps 1 and 2)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import AirOperations, AirUnitState, GameState, InitiativeState
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.initiative import determined_this_turn


def unsealed_hidden(ruleset: Ruleset, state: GameState, side: Player) -> GameState:
    """`state` as `side` may know it before making its own secret: the enemy's first-made
    bid (6.1) and air allocation (4.3) taken out while `side` has not made its own."""
    return _without_allocation(ruleset, _without_bid(state, side), side)


def _without_bid(state: GameState, side: Player) -> GameState:
    """[6.1] The enemy's bid of planned attacks, unseen before `side` bids."""
    initiative = state.initiative
    planned = initiative.planned_attacks
    enemy = side.opponent
    if determined_this_turn(state) or side in planned or enemy not in planned:
        return state
    hidden = FrozenMap({who: n for who, n in planned.items() if who is not enemy})
    bid: InitiativeState = replace(initiative, planned_attacks=hidden)
    return replace(state, initiative=bid)


def _without_allocation(ruleset: Ruleset, state: GameState, side: Player) -> GameState:
    """[4.3] The enemy's air mission boxes, unseen before `side` allocates: his air units
    in a mission box stand ready again, and he counts as not allocated yet."""
    air = state.air
    enemy = side.opponent
    if side in air.allocated or enemy not in air.allocated:
        return state
    catalogue = ruleset.catalogue.air

    def seen(unit_id: str, unit: AirUnitState) -> AirUnitState:
        return AirUnitState() if on_mission(unit) and catalogue[unit_id].player is enemy else unit

    units = FrozenMap({unit_id: seen(unit_id, unit) for unit_id, unit in state.air_units.items()})
    unseen: AirOperations = replace(air, allocated=air.allocated - {enemy})
    return replace(state, air_units=units, air_operations=unseen)


PUBLIC_BOXES = frozenset({AirBox.READY, AirBox.FLOWN, AirBox.DISRUPTED})
"""[4.3, 4.7] Boxes an air unit stands in before this turn's allocation: the enemy sees them."""


def on_mission(unit: AirUnitState) -> bool:
    """[4.3] Whether an air unit stands in a box its side's allocation put it in."""
    return unit.box not in PUBLIC_BOXES
