"""The Victory dock (19.13): where We are coming! stands now, and the result announced
once when the game ends."""

from __future__ import annotations

from owsqt.rules.core.actions import EndStep
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game
from tests.qt.tabletools import window_for


def test_19_13_the_dock_shows_the_standing_and_the_end_announces_the_result(qtbot):
    rules = default_ruleset()
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=1)
    session.apply_default_setup()
    window = window_for(qtbot, rules, session)
    text = window.victory.label.text()
    assert "German stacking points across the Aksai (2331–3431): <b>" in text
    assert "2428 held by the Soviet player" in text and "If the game ended now" in text
    assert window.victory.box is None
    while session.state.phase is not Phase.GAME_OVER:
        assert session.submit(EndStep()).applied
    window.refresh()
    result = session.state.result
    assert result is not None and result.rule == "19.13"
    assert f"<b>Result</b>: {result.text()}" in window.victory.label.text()
    box = window.victory.box
    assert box is not None and box.text() == result.text()
    window.refresh()
    assert window.victory.box is box  # announced once
