"""Issue 38, item 2: the heuristic player's worth of a position (players/heuristic/
position.py): the hex to hold of We are coming! (19.13) garrisoned, never left empty
within the enemy's reach; the Soviet side's river bank (19.13, 19.23), where its distance
field leads and each hex held counts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.players.heuristic.analysis import analyse
from owsqt.players.heuristic.position import (
    EMPTY,
    FLOOR,
    GARRISON,
    LINE,
    ODDS,
    RETAKE,
    guard,
    line,
)
from owsqt.players.interface import situation_of
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.session import new_game
from tests.players.openings import set_up

GERMAN, SOVIET = Player.GERMAN, Player.SOVIET


@pytest.fixture(scope="module")
def opening(shipped):
    return set_up(shipped, "we-are-coming")


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


def test_i38_2_19_23_the_soviet_river_bank_is_the_bands_first_row(shipped):
    """The Myshkova's north bank between 2223 and 3524: the 14 hexes of the band across
    the river with a river hexside toward a hex outside it; the Soviet side's distance
    field leads there, the German side's into the whole band."""
    session = new_game(shipped, "hoths-last-gasp", Mode.STRICT, seed=1)
    session.apply_default_setup()
    soviet = analyse(situation_of(shipped, session.state, SOVIET))
    german = analyse(situation_of(shipped, session.state, GERMAN))
    ids = sorted(shipped.grid.id_of(h) for h in soviet.bank)
    assert ids[0] == "2223" and ids[-1] == "3524" and len(ids) == 14
    assert german.bank == frozenset()
    deep = shipped.grid.hex_of("2818")  # across the Myshkova, far from its bank
    assert german.distance[deep] == 0 < soviet.distance[deep]
    assert all(soviet.distance[h] == 0 for h in soviet.bank)


def test_i38_2_19_13_the_aksai_bank_and_the_hex_to_hold(shipped, opening):
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    ids = sorted(shipped.grid.id_of(h) for h in analysis.bank)
    assert ids == [f"{column}31" for column in range(23, 35)]
    assert analysis.distance[analysis.hold] == 0


def test_i38_2_19_23_each_bank_hex_held_undisrupted_is_worth_line(shipped, opening):
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    bank = sorted(analysis.bank - set(opening.stacks), key=shipped.grid.id_of)[:2]
    state = opening
    for hex_ in bank:  # two empty bank hexes
        state = state.with_unit(*_moved_onto(shipped, state, hex_, analysis.bank))
    assert line(shipped, state, analysis) == line(shipped, opening, analysis) + 2 * LINE
    unit_id = state.stack(bank[0])[0]
    disrupted = state.with_unit(unit_id, replace(state.units[unit_id], disrupted=True))
    assert line(shipped, disrupted, analysis) == line(shipped, opening, analysis) + LINE


def _moved_onto(shipped, state, hex_, bank):
    """A Soviet unit with strength, not on the bank, moved onto `hex_`."""
    ground = shipped.catalogue.ground
    unit_id = next(
        u
        for u, unit in sorted(state.units.items())
        if ground[u].player is SOVIET
        and unit.status is UnitStatus.ON_MAP
        and unit.strength > 0
        and not unit.disrupted
        and unit.hex not in bank
        and len(state.stack(unit.hex)) > 1
    )
    return unit_id, replace(state.units[unit_id], hex=hex_)


def test_i38_2_19_13_with_the_enemy_on_the_hex_to_hold_the_side_gathers_next_to_it(
    shipped, opening
):
    """We are coming! seed 44 was lost so: a German stack took 2428 and the Soviet side,
    its line on the Aksai behind it, never gathered to win it back."""
    analysis = analyse(situation_of(shipped, opening, SOVIET))
    hold = analysis.hold
    state, german = _garrisoned(shipped, _emptied(shipped, opening, hold), hold, GERMAN)
    defending = state.units[german].strength
    assert guard(shipped, state, analysis) == 0.0  # nobody of the Soviet's next to it
    ground = shipped.catalogue.ground
    soviet = sorted(
        (u for u, unit in state.units.items() if ground[u].player is SOVIET and unit.hex),
        key=lambda u: -state.units[u].strength,
    )
    beside = [n for _, n in shipped.grid.neighbours(hold) if not state.stack(n)]
    state = state.with_unit(soviet[0], replace(state.units[soviet[0]], hex=beside[0]))
    near = state.units[soviet[0]].strength
    assert guard(shipped, state, analysis) == RETAKE * min(near, ODDS * defending)
    for unit_id in soviet[1:12]:
        state = state.with_unit(unit_id, replace(state.units[unit_id], hex=beside[1]))
    assert guard(shipped, state, analysis) == RETAKE * ODDS * defending  # enough gathered
