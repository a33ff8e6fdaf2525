"""Two players at one computer (hot-seat): the computer is handed over when the player who acts
changes, once for each change, the secret bids included; a solitaire game never asks."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.play import initiativedialog
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.session import new_game
from owsqt.session.play import HotSeatPlay
from tests.qt.tabletools import walk_to


@pytest.fixture
def handed(monkeypatch) -> list[tuple[str, str, str, bool]]:
    """Every message box shown, answered with its default button: (title, text, default
    button, with a Cancel button)."""
    shown = []

    def answer(box: QMessageBox) -> int:
        cancel = box.button(QMessageBox.StandardButton.Cancel) is not None
        default = box.defaultButton()
        shown.append((box.windowTitle(), box.text(), default.text(), cancel))
        default.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    return shown


def table(qtbot, ruleset, play=Play.HOT_SEAT, mode=Mode.FREE, segment=None) -> MainWindow:
    session = new_game(ruleset, "test", mode, seed=3, play=play)
    if segment is not None:
        walk_to(session, segment)
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def end_steps_until(window: MainWindow, player: Player) -> None:
    for _ in range(20):
        window.end_step_action.trigger()
        if window.session.state.active is player:
            return
    raise AssertionError(f"the {player.title} player never acts")


def test_the_computer_is_handed_over_when_the_player_who_acts_changes(qtbot, ruleset, handed):
    window = table(qtbot, ruleset)
    window.end_step_action.trigger()  # the Soviet set-up is done: the German's begins
    assert handed == [
        (
            "Hand over to the German player",
            "Hand the computer to the German player.\n\nThe German player acts next: German setup.",
            "I am the German player",
            False,
        )
    ]
    # Steps for both players, then the German's again: he has the computer already.
    end_steps_until(window, Player.SOVIET)
    assert [text.split(".")[0] for _, text, _, _ in handed] == [
        "Hand the computer to the German player",
        "Hand the computer to the Soviet player",
    ]


def test_undo_and_redo_hand_it_back(qtbot, ruleset, handed):
    window = table(qtbot, ruleset)
    window.end_step_action.trigger()
    window.undo_action.trigger()  # back to the Soviet set-up
    window.redo_action.trigger()
    assert [button for _, _, button, _ in handed] == [
        "I am the German player",
        "I am the Soviet player",
        "I am the German player",
    ]


def test_a_solitaire_game_never_hands_over(qtbot, ruleset, handed):
    window = table(qtbot, ruleset, Play.SOLITAIRE)
    end_steps_until(window, Player.SOVIET)
    window.undo_action.trigger()
    assert handed == []


@pytest.mark.parametrize(
    ("bids", "after_the_bids"),
    [
        ({Player.GERMAN: 0, Player.SOVIET: 20}, []),  # the last bidder moves first: he sits
        ({Player.GERMAN: 20, Player.SOVIET: 0}, ["I am the German player"]),
    ],
)
def test_6_1_the_bids_hand_over_and_the_first_player_is_not_asked_twice(
    qtbot, ruleset, handed, monkeypatch, bids, after_the_bids
):
    window = table(qtbot, ruleset, mode=Mode.STRICT, segment=Segment.INITIATIVE_DETERMINATION)
    monkeypatch.setattr(initiativedialog, "ask_planned_attacks", lambda _, player: bids[player])
    window.declare_action.trigger()
    assert [(button, cancel) for _, _, button, cancel in handed[:2]] == [
        ("I am the German player", True),
        ("I am the Soviet player", True),
    ]
    assert "Soviet player: please look away" in handed[0][1]
    # 3.1: the initiative determined, its segment passes by itself to the first player
    assert window.session.state.segment is Segment.SUPPLY_DETERMINATION
    assert window.session.state.active is max(bids, key=bids.get)
    assert [button for _, _, button, _ in handed[2:]] == after_the_bids


def test_a_player_alone_bids_without_handing_over(qtbot, ruleset, handed, monkeypatch):
    window = table(qtbot, ruleset, Play.SOLITAIRE, Mode.STRICT, Segment.INITIATIVE_DETERMINATION)
    monkeypatch.setattr(initiativedialog, "ask_planned_attacks", lambda *args: 1)
    window.declare_action.trigger()
    assert handed == [] and len(window.session.state.initiative.planned_attacks) == 2


def test_11_2_the_defender_is_handed_the_computer_for_his_combat_steps(qtbot, ruleset, monkeypatch):
    from dataclasses import replace
    from types import SimpleNamespace

    from owsqt.qt.play import handover
    from owsqt.rules.core.state import CombatState

    window = table(qtbot, ruleset)
    state = window.session.state
    hex_ = next(iter(state.stacks), None) or ruleset.grid.hexes()[0]
    defending = replace(
        state,
        active=Player.GERMAN,
        segment=Segment.MECHANIZED_COMBAT,
        combat=CombatState(Player.GERMAN, hex_, (), "", CombatStep.DEFENSE),
    )
    asked = []
    monkeypatch.setattr(handover, "hand_over", lambda parent, player, why: asked.append(why))
    hot_seat = SimpleNamespace(players=HotSeatPlay(window.session.header), state=defending)
    seat = handover.HotSeat(window, SimpleNamespace(session=hot_seat, ruleset=ruleset))  # a bridge
    seat.seated = Player.GERMAN
    seat.follow()
    assert asked == ["The Soviet player acts next: mechanized combat."]
    assert seat.seated is Player.SOVIET
