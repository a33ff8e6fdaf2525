"""The 6.2 forfeit at the table: End step at the end of the holder's player phase, short of
his planned attacks, asks before it forfeits the game; the status line then says who won."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from tests.qt.tabletools import window_for
from tests.session.forfeitkit import owing_session


def answering(monkeypatch, button_text: str | None) -> list[tuple[str, list[str]]]:
    """Message boxes answered by the button named `button_text` (None:
    Cancel); returns (text, button texts) of each box shown."""
    shown = []

    def answer(box: QMessageBox) -> int:
        buttons = sorted(b.text().replace("&", "") for b in box.buttons())
        shown.append((box.text(), buttons))
        if button_text is None:
            box.button(QMessageBox.StandardButton.Cancel).click()
        else:
            next(b for b in box.buttons() if b.text().replace("&", "") == button_text).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    return shown


@pytest.fixture
def owing_table(qtbot, ruleset):
    session = owing_session(ruleset)
    return window_for(qtbot, ruleset, session)


def test_6_2_end_step_short_of_planned_attacks_asks_and_cancel_keeps_the_phase(
    owing_table, monkeypatch
):
    window = owing_table
    before = window.session.state
    assert "2 planned attacks still owed: ending the phase forfeits (6.2)" in window.hint.text()
    shown = answering(monkeypatch, None)
    window.end_step_action.trigger()
    assert shown == [
        (
            "You planned 2 attacks and made 0. Ending the phase now forfeits the game (6.2).",
            ["Cancel", "Forfeit the game"],  # strict play: no playing on
        )
    ]
    assert window.session.state == before


def test_6_2_confirming_the_forfeit_ends_the_game_and_the_status_line_says_who_won(
    owing_table, monkeypatch
):
    window = owing_table
    holder = window.session.state.initiative.holder
    answering(monkeypatch, "Forfeit the game")
    window.end_step_action.trigger()
    state = window.session.state
    assert state.phase is Phase.GAME_OVER
    result = (
        f"The {holder.opponent.title} player wins: the {holder.title} player forfeited, "
        "0 of 2 planned attacks made (6.2)"
    )
    assert window.hint.text() == f"The game is over. {result}"
    assert any(result in window.log.item(i).text() for i in range(window.log.count()))
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()  # taken back like any action
    assert window.session.state.phase is Phase.FIRST_PLAYER
    assert window.session.state.result is None


def test_6_2_outside_strict_play_the_phase_may_end_against_the_rule(qtbot, ruleset, monkeypatch):
    window = window_for(qtbot, ruleset, owing_session(ruleset, Mode.ASSIST))
    shown = answering(monkeypatch, "Play on")
    window.end_step_action.trigger()
    assert shown[0][1] == ["Cancel", "Forfeit the game", "Play on"]
    state = window.session.state
    assert state.phase is Phase.SECOND_PLAYER and state.result is None
    assert "6.2" in window.statusBar().currentMessage()
