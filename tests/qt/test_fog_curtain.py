"""[18.1] The hot-seat curtain holds the table still: while it covers the window no control
of either side is live (no dock, no action, no shortcut, no drag on the map) and nothing of
the table comes out over it, whatever the window raises or makes meanwhile; when the
player it was handed to says he has the computer, the table is his as the game left it."""

from __future__ import annotations

import random
from functools import cache

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QPushButton, QWidget

from owsqt.journal.textformat import Play
from owsqt.qt.app import gamefiles
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice
from owsqt.qt.play import initiativedialog
from owsqt.rules.core.actions import SetStrength
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.scenario.ruleset import Ruleset, default_ruleset
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.session import new_game
from tests.qt.tabletools import drag, drop_from_dock
from tools.fuzz.solo import choose_legal

AIR_BUTTONS = {"Allocate (step 1)", "Fly no missions", "Clear"}
SEED = 3
CURTAINS = 30  # changes of player the walk goes through
MOST = 1500  # actions played at most to see them


@cache
def shipped() -> Ruleset:
    return default_ruleset()


def new_hot_seat_game(qtbot, monkeypatch) -> MainWindow:
    """The program open on a game, then File ▸ New game: We are coming! (19.1), hot-seat,
    with the fog of war, the default set-up, under the rules."""
    ruleset = shipped()
    window = MainWindow(ruleset, new_game(ruleset, "we-are-coming", Mode.STRICT, seed=1))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    choice = NewGameChoice("we-are-coming", (FOG_OF_WAR,), Mode.STRICT, True, Play.HOT_SEAT)
    monkeypatch.setattr(gamefiles.NewGameDialog, "exec", lambda self: 1)
    monkeypatch.setattr(gamefiles.NewGameDialog, "choice", lambda self: choice)
    window.new_game()
    QApplication.processEvents()
    return window


def air_buttons(window: MainWindow) -> dict[str, QPushButton]:
    """The buttons of the Air operations dock's page, by their text."""
    dock = window.air.dock
    return {b.text(): b for b in dock.findChildren(QPushButton) if b.isVisibleTo(dock)}


def covered(window: MainWindow, widget: QWidget) -> bool:
    """Whether what is at the middle of `widget` is the curtain (or its card); a dock
    behind another's tab is out of the window, out of sight."""
    curtain = window.hot_seat.curtain
    middle = widget.mapTo(window, widget.rect().center())
    if not window.rect().contains(middle):
        return True
    found = window.childAt(middle)
    return found is curtain or curtain.isAncestorOf(found)


def test_18_1_under_the_curtain_the_air_dock_records_no_allocation(qtbot, monkeypatch):
    """The report: a new hot-seat game of We are coming! with the fog of war; "Fly no
    missions" clicked under the curtain that hands the computer to the Soviet player
    recorded his allocation (4.3) before he had it."""
    window = new_hot_seat_game(qtbot, monkeypatch)
    curtain, session = window.hot_seat.curtain, window.session
    assert curtain.covers() and curtain.player is Player.SOVIET
    assert session.state.segment is Segment.AIR_ALLOCATION  # the air dock came forward
    assert window.air.dock.isVisible()
    buttons = air_buttons(window)
    assert set(buttons) >= AIR_BUTTONS
    entries, state = len(session.entries), session.state
    for text in sorted(AIR_BUTTONS):
        qtbot.mouseClick(buttons[text], Qt.MouseButton.LeftButton)
    assert len(session.entries) == entries and session.state is state
    # Nothing of the dock shows or answers: the curtain is over it, its buttons are dead.
    assert covered(window, window.air.dock) and covered(window, window.view)
    assert not any(b.isEnabled() for b in buttons.values())
    # The Soviet player says he has the computer: the same click allocates for him.
    curtain.button.click()
    qtbot.mouseClick(air_buttons(window)["Fly no missions"], Qt.MouseButton.LeftButton)
    assert len(session.entries) == entries + 1
    assert curtain.covers() and curtain.player is Player.GERMAN  # step 2 is his (4.3)


def assert_held(window: MainWindow, where: str) -> None:
    """No control of a side is live and nothing of the table shows over the curtain."""
    QApplication.processEvents()  # what the window raised or made goes under it
    curtain = window.hot_seat.curtain
    live_docks = [
        d.objectName()
        for d in window.findChildren(QDockWidget)
        if d.isVisible() and (d.isEnabled() or not covered(window, d))
    ]
    assert not live_docks, f"{where}: docks live or in sight under the curtain: {live_docks}"
    live_actions = [
        a.text() or a.objectName()
        for a in window.findChildren(QAction)
        if a.isEnabled() and a.isVisible()
    ]
    assert not live_actions, f"{where}: actions live under the curtain: {live_actions}"
    assert not window.view.isEnabled() and covered(window, window.view), where
    # A drag on the map, of a counter or from the Arrivals dock, does nothing.
    entries, state = len(window.session.entries), window.session.state
    unit = next(iter(window.counters.items))  # a counter drawn for the side that sat
    _, near = window.ruleset.grid.neighbours(state.units[unit].hex)[0]
    drag(window, unit, window.ruleset.grid.id_of(near))
    drop_from_dock(window, (unit,), window.ruleset.grid.id_of(near))
    assert len(window.session.entries) == entries and window.session.state is state, where
    assert window.moves.selected is None, where
    assert curtain.covers(), where


def bid_behind_the_curtain(window: MainWindow, monkeypatch, seen: list[str]) -> None:
    """[6.1] Game ▸ Declare attacks: each bid handed over behind the curtain, held."""
    curtain = window.hot_seat.curtain

    def answer(player) -> None:
        if player is None:
            return
        assert_held(window, f"the bid of the {player.title} player")
        seen.append(f"bid {player.value}")
        curtain.button.click()

    curtain.covering.connect(answer)
    monkeypatch.setattr(initiativedialog, "ask_planned_attacks", lambda parent, player: 0)
    try:
        window.declare_action.trigger()
    finally:
        curtain.covering.disconnect(answer)


@pytest.mark.slow
def test_18_1_no_control_of_a_side_is_live_while_the_curtain_covers_the_table(qtbot, monkeypatch):
    """The invariant, walked: random legal play at the table of a new hot-seat fogged
    game, through many changes of player; at each curtain nothing answers."""
    window = new_hot_seat_game(qtbot, monkeypatch)
    ruleset, curtain = shipped(), window.hot_seat.curtain
    rng = random.Random(SEED)
    seen: list[str] = []

    def fail(message: str) -> Exception:
        return AssertionError(message)

    for _ in range(MOST):
        if len(seen) >= CURTAINS:
            break
        state = window.session.state
        if curtain.covers():
            assert_held(window, f"turn {state.turn} {state.segment.value}")
            seen.append(f"{curtain.player.value}: {state.segment.value}")
            curtain.button.click()
            why_not = window.session.why_not_undo()  # the curtain's reason has gone with it
            assert window.undo_action.isEnabled() is (why_not is None), why_not
            assert "handed" not in window.undo_action.toolTip()
            continue
        if state.phase is Phase.GAME_OVER:  # the new game's dice are its own: it may end
            window.new_game()  # early (a fresh clone's run forfeited at 29): walk another
            QApplication.processEvents()
            continue
        if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
            bid_behind_the_curtain(window, monkeypatch, seen)
            continue
        outcome = window.bridge.submit(choose_legal(ruleset, state, rng, fail))
        assert outcome is not None and outcome.applied, outcome
    assert len(seen) >= CURTAINS, seen
    assert any(s.startswith("bid") for s in seen), seen


def test_18_1_a_dock_made_or_shown_under_the_curtain_is_held_and_the_table_comes_back(
    qtbot, monkeypatch
):
    """One rule holds the table, not a list: a dock made, or a floating dock shown, while
    the curtain is down goes under it dead; lifted, each control is as the window last
    set it, the floating dock back in its window."""
    window = new_hot_seat_game(qtbot, monkeypatch)
    curtain, air = window.hot_seat.curtain, window.air.dock
    curtain.button.click()  # the Soviet player sits
    air.setFloating(True)
    air.show()
    qtbot.mouseClick(air_buttons(window)["Fly no missions"], Qt.MouseButton.LeftButton)
    assert curtain.covers() and curtain.player is Player.GERMAN
    assert not air.isVisible()  # its own window hides with the table
    window.air.show_dock()  # as an air segment beginning does
    late = QDockWidget("Late", window)
    late.setObjectName("lateDock")
    late.setWidget(QPushButton("Act", late))
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, late)
    late.show()
    late.raise_()
    assert_held(window, "a dock made under the curtain")
    assert not air.isVisible()
    window.refresh()  # the window enables what the game allows: it stays held
    assert not window.replay_action.isEnabled() and not window.undo_action.isEnabled()
    curtain.button.click()
    assert late.isEnabled() and window.view.isEnabled() and air.isVisible() and air.isEnabled()
    assert window.replay_action.isEnabled()  # as refresh set it under the curtain
    reason = window.session.why_not_undo()
    assert window.undo_action.isEnabled() is (reason is None)
    assert all(a.isEnabled() for a in window.text_size.group.actions())
    assert window.end_step_action.isEnabled() and not curtain.covers()
    assert window.childAt(QPoint(window.width() // 2, window.height() // 2)) is not curtain


def test_18_1_the_curtain_lifted_the_table_says_again_what_may_be_undone(qtbot):
    """Under the curtain the session refuses Undo for the hand-over; lifted for the player
    who sat already (a game opened), Undo is offered again at once."""
    ruleset = shipped()
    session = new_game(
        ruleset, "we-are-coming", Mode.FREE, seed=1, options=(FOG_OF_WAR,), play=Play.HOT_SEAT
    )
    session.apply_default_setup()
    unit = next(u for u, s in session.state.units.items() if s.hex is not None and s.strength > 1)
    assert session.submit(SetStrength(unit=unit, strength=1)).applied  # an edit by hand
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    curtain = window.hot_seat.curtain
    assert curtain.covers() and curtain.player is window.hot_seat.seated
    assert "being handed to the" in window.undo_action.toolTip()
    curtain.button.click()
    assert window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == "Take back the last action (Ctrl+Z)"
    window.undo_action.trigger()
    assert session.state.units[unit].strength > 1
