"""Victory in the short scenarios (19.13, 19.23): Verchne-Kumskij and the stacking points
across the Aksai, the stacking points across the Myshkova, each boundary, who holds the
objective hex, and the result the game ends with."""

from __future__ import annotations

from dataclasses import replace

import pytest

from owsqt.rules.core.actions import EndStep, PlaceUnits
from owsqt.rules.core.events import GameEnded
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import apply
from owsqt.rules.victory.crossing import across, record_control, river_band, standing
from owsqt.session import new_game

VK = "2428"


def set_up(rules, scenario):
    session = new_game(rules, scenario, Mode.FREE, seed=1)
    session.apply_default_setup()
    return session.state


def place(rules, state, units, hex_):
    return apply(rules, state, PlaceUnits(units=tuple(units), to=hex_), Mode.FREE).state


def with_points_across(rules, state, victory, points):
    """No German unit across the river but single units, one to a free hex of the band,
    whose stacking values add up to exactly `points`."""
    band = river_band(rules, victory)
    catalogue = rules.catalogue.ground
    german_there = [
        u for u, s in state.units.items() if s.hex in band and catalogue[u].player is Player.GERMAN
    ]
    state = place(rules, state, german_there, None)
    free = iter(sorted(h for h in band if not state.stack(h)))
    left = points
    for unit_id in sorted(state.units):
        if left == 0:
            break
        definition = catalogue[unit_id]
        value = definition.stacking_value(False)
        fits = definition.german and 0 < value <= left
        if fits and unit_id not in german_there:
            state = place(rules, state, (unit_id,), next(free))
            state = state.with_unit(unit_id, replace(state.units[unit_id], reduced=False))
            left -= value
    assert across(rules, state, victory) == points
    return state


def result_of(rules, state):
    victory = rules.scenarios[state.scenario].victory
    return standing(rules, state, victory).result


# --- 19.13 We are coming! -------------------------------------------------------------------


def test_19_13_german_units_on_verchne_kumskij_are_a_german_decisive_victory(shipped):
    state = set_up(shipped, "we-are-coming")
    german = next(u for u, d in shipped.catalogue.ground.items() if d.id == "de-6pz-11pzr-1")
    state = place(shipped, state, [u for u in state.stack(shipped.grid.hex_of(VK))], None)
    state = place(shipped, state, (german,), shipped.grid.hex_of(VK))
    result = result_of(shipped, state)
    assert result.winner is Player.GERMAN and result.reason.startswith("decisive")


@pytest.mark.parametrize(
    ("points", "winner", "level"),
    [
        (75, Player.GERMAN, "marginal"),  # 75 across: German marginal, though VK is held
        (74, Player.SOVIET, "marginal"),  # Soviet holds VK, 50 or more across
        (50, Player.SOVIET, "marginal"),
        (49, Player.SOVIET, "decisive"),  # Soviet holds VK, fewer than 50 across
    ],
)
def test_19_13_the_stacking_points_across_the_aksai_at_each_boundary(
    shipped, points, winner, level
):
    state = set_up(shipped, "we-are-coming")
    victory = shipped.scenarios["we-are-coming"].victory
    state = with_points_across(shipped, state, victory, points)
    result = result_of(shipped, state)
    assert (result.winner, result.reason.split(" ")[0]) == (winner, level)
    assert result.rule == "19.13"


def test_19_13_an_empty_verchne_kumskij_stays_with_the_side_that_held_it_last(shipped):
    state = set_up(shipped, "we-are-coming")
    hex_ = shipped.grid.hex_of(VK)
    state = place(shipped, state, state.stack(hex_), None)
    assert (
        standing(shipped, state, shipped.scenarios["we-are-coming"].victory).holder is Player.SOVIET
    )
    state = place(shipped, state, ("de-6pz-11pzr-1",), hex_)
    state = record_control(shipped, state)  # a turn ends with the German battalion there
    state = place(shipped, state, ("de-6pz-11pzr-1",), None)
    assert (
        standing(shipped, state, shipped.scenarios["we-are-coming"].victory).holder is Player.GERMAN
    )


# --- 19.23 Hoth's Last Gasp -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "winner", "level"),
    [
        (100, Player.GERMAN, "decisive"),
        (99, Player.GERMAN, "marginal"),
        (50, Player.GERMAN, "marginal"),
        (49, None, "a"),  # 30 to 49: neither side's condition holds, a draw
        (30, None, "a"),
        (29, Player.SOVIET, "marginal"),
        (0, Player.SOVIET, "decisive"),
    ],
)
def test_19_23_the_stacking_points_across_the_myshkova_at_each_boundary(
    shipped, points, winner, level
):
    state = set_up(shipped, "hoths-last-gasp")
    victory = shipped.scenarios["hoths-last-gasp"].victory
    state = with_points_across(shipped, state, victory, points)
    result = result_of(shipped, state)
    assert (result.winner, result.reason.split(" ")[0]) == (winner, level)


def test_19_23_rumanian_units_across_the_myshkova_are_no_german_units(shipped):
    """Reading 170: "no German units across the Myshkova River" holds with Rumanian units
    alone across, and their stacking points are no "German stacking points"."""
    state = set_up(shipped, "hoths-last-gasp")
    victory = shipped.scenarios["hoths-last-gasp"].victory
    state = with_points_across(shipped, state, victory, 0)
    band = sorted(h for h in river_band(shipped, victory) if not state.stack(h))
    state = place(shipped, state, ("ro-18id-18van", "ro-18id-90ir"), band[0])
    assert across(shipped, state, victory) == 0
    result = result_of(shipped, state)
    assert (result.winner, result.reason.split(" ")[0]) == (Player.SOVIET, "decisive")


# --- the end ---------------------------------------------------------------------------------


def test_19_0_the_game_ends_after_its_last_turn_with_the_scenarios_result(shipped):
    state = set_up(shipped, "we-are-coming")
    state = replace(state, turn=state.last_turn)
    events = []
    while state.phase is not Phase.GAME_OVER:
        outcome = apply(shipped, state, EndStep(), Mode.FREE)
        state = outcome.state
        events.extend(outcome.events)
    assert state.result is not None and state.result.rule == "19.13"
    assert any(isinstance(e, GameEnded) for e in events)
