"""View ▸ Computer's view (issue 38, item 5): offered only against the computer; draws the
heuristic player's influence map and the scenario's objectives over the map, computed off
the window's thread; under the fog of war (18.1) weighed from what the human's side may see,
so that a hidden unit of the computer's changes nothing drawn (docs/rulebook-readings.md
R176)."""

from __future__ import annotations

from dataclasses import replace

from owsqt.players.heuristic.analysis import analyse
from owsqt.qt.app.newgamedialog import NewGameChoice, start_game
from owsqt.qt.map.influence import depth
from owsqt.qt.play.computerview import shown_situation
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import view
from tests.qt.computertable import computer_game, computer_window, wait_for_human
from tests.qt.tabletools import window_for

ANALYSIS_MS = 30_000


def test_i38_5_the_computer_s_view_is_offered_only_against_the_computer(qtbot, shipped):
    solitaire = start_game(shipped, NewGameChoice("we-are-coming"), None, seed=1)
    window = window_for(qtbot, shipped, solitaire)
    action = window.computer.view_action
    assert action in window.view_menu.actions() and action.shortcut().toString()
    assert not action.isEnabled() and "against the computer" in action.toolTip()
    window.bridge.replace(computer_game(shipped))
    assert action.isEnabled() and "orange" in action.toolTip()
    action.setChecked(True)
    window.bridge.replace(start_game(shipped, NewGameChoice("we-are-coming"), None, seed=1))
    assert not action.isChecked() and not window.computer.view.overlay.isVisible()


def test_i38_5_19_13_the_computer_s_view_draws_its_influence_and_objectives(qtbot, shipped):
    session = computer_game(shipped)
    window = computer_window(qtbot, shipped, session)
    wait_for_human(qtbot, window)
    view_ = window.computer.view
    view_.action.trigger()
    qtbot.waitUntil(lambda: view_.overlay.isVisible(), timeout=ANALYSIS_MS)
    seat = session.seat
    assert seat is not None
    expected = analyse(shown_situation(shipped, session.state, seat.side, None))
    overlay = view_.overlay
    assert overlay.influence == dict(expected.influence)
    assert overlay.objectives == expected.objectives
    hold = shipped.grid.hex_of(shipped.scenarios["we-are-coming"].victory["hold"])
    assert hold in overlay.objectives  # 19.13: the hex to hold
    assert any(depth(v) for v in overlay.influence.values() if v > 0)  # the computer's
    assert any(depth(v) for v in overlay.influence.values() if v < 0)  # the human's
    assert view_.background.last_thread is not None
    view_.action.trigger()
    assert not overlay.isVisible()


def _hidden_soviet(shipped, state: GameState) -> str:
    german = view(shipped, state, Player.GERMAN)
    return next(
        unit_id
        for unit_id, unit in state.units.items()
        if unit.status is UnitStatus.ON_MAP
        and shipped.catalogue.ground[unit_id].player is Player.SOVIET
        and not german.knows(unit_id)
        and unit.strength > 1
    )


def test_i38_5_18_1_under_fog_a_hidden_unit_of_the_computer_s_changes_nothing_drawn(shipped):
    """R176: two games that differ only in the strength of a Soviet unit the German human
    does not see give the same Computer's view; the computer's own analysis differs."""
    state = computer_game(shipped, options=(FOG_OF_WAR,)).state
    hidden = _hidden_soviet(shipped, state)
    unit = state.units[hidden]
    weaker = state.with_unit(hidden, replace(unit, strength=1))
    drawn = [
        analyse(shown_situation(shipped, s, Player.SOVIET, Player.GERMAN)) for s in (state, weaker)
    ]
    assert drawn[0].influence == drawn[1].influence
    own = [analyse(shown_situation(shipped, s, Player.SOVIET, None)) for s in (state, weaker)]
    assert own[0].influence != own[1].influence
