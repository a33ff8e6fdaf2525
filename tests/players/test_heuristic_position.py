"""Issue 38, item 2: the heuristic player's worth of a position (players/heuristic/
position.py): the hex to hold of We are coming! (19.13) garrisoned, never left empty
within the enemy's reach."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse
from owsqt.players.heuristic.position import EMPTY, FLOOR, GARRISON, guard
from owsqt.players.interface import situation_of
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.session import new_game

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    session = new_game(shipped, "we-are-coming", Mode.STRICT, seed=1)
    session.apply_default_setup()
    return session.state


def _emptied(shipped, state, hold):
    """The state with every unit on `hold` moved to an empty hex next to it."""
    for unit_id in state.stack(hold):
        away = next(n for _, n in shipped.grid.neighbours(hold) if not state.stack(n))
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=away))
    return state


def _garrisoned(shipped, state, hold, side):
    """The state with the strongest unit of `side` on the map moved onto `hold`."""
    ground = shipped.catalogue.ground
    unit_id = max(
        (
            u
            for u, unit in state.units.items()
            if ground[u].player is side and unit.status is UnitStatus.ON_MAP
        ),
        key=lambda u: state.units[u].strength,
    )
    return state.with_unit(unit_id, replace(state.units[unit_id], hex=hold)), unit_id


def test_i38_2_19_13_the_holder_leaving_the_hex_to_hold_empty_in_reach_loses_empty(
    shipped, opening
):
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    hold = analysis.hold
    assert hold is not None and shipped.grid.id_of(hold) == "2428"
    empty = _emptied(shipped, opening, hold)
    threatened = replace(analysis, threat={hold: 20.0})
    assert guard(shipped, empty, threatened) == -EMPTY
    assert guard(shipped, empty, replace(analysis, threat={})) == 0.0  # out of reach
    german = replace(analyse(situation_of(shipped, opening, GERMAN)), threat={hold: 20.0})
    assert guard(shipped, empty, german) == 0.0  # the German does not hold it yet


def test_i38_2_19_13_a_garrison_counts_up_to_the_enemy_strength_in_reach(shipped, opening):
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    hold = analysis.hold
    state, unit_id = _garrisoned(shipped, _emptied(shipped, opening, hold), hold, SOVIET)
    strength = state.units[unit_id].strength
    assert strength > 1
    assert guard(shipped, state, replace(analysis, threat={hold: 100.0})) == GARRISON * strength
    assert guard(shipped, state, replace(analysis, threat={hold: 1.0})) == GARRISON * min(
        strength, FLOOR
    )


def test_i38_2_19_x_no_hex_to_hold_no_guard(shipped):
    session = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1)
    session.apply_default_setup()
    analysis = analyse(situation_of(shipped, session.state, SOVIET))
    assert analysis.hold is None and guard(shipped, session.state, analysis) == 0.0
