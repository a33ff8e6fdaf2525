"""A scripted campaign played to the end of 23 December with Operation Thunderclap
activated (issue 19): the Sixth Army placed, the points earned in play, the result of
19.33 at the end, and the result screen with a journal entry for every point."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import ThunderclapStatus, UnitStatus
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.rules.turn.formations import is_sixth_army
from owsqt.rules.victory.points import count
from owsqt.session import game_from_text
from owsqt.session.victory import entry_of_award
from tests.campaignscript import play_campaign
from tests.qt.tabletools import window_for

SHOTS = os.environ.get("OWSQT_SHOTS")


@pytest.fixture(scope="module")
def played():
    ruleset = default_ruleset()
    return ruleset, play_campaign(ruleset, seed=11)


@pytest.mark.slow
def test_19_33_5_1_a_campaign_with_thunderclap_ends_with_its_points(played):
    ruleset, session = played
    state = session.state
    assert state.phase is Phase.GAME_OVER and state.turn == state.last_turn == 23
    assert state.thunderclap.status is not ThunderclapStatus.NOT_ATTEMPTED
    assert state.thunderclap.activated_turn is not None
    placed = [e for e in session.entries if e.action and e.action["kind"] == "place_sixth_army"]
    assert len(placed) == 7  # 5.1: the whole group came into the pocket
    sixth = [u for u in state.units if is_sixth_army(ruleset, u)]
    assert all(state.units[u].status is not UnitStatus.FORCE_POOL for u in sixth)
    counted = count(ruleset, state)
    assert counted is not None and state.result is not None
    assert state.result == counted.result and state.result.rule == "19.33"
    assert f"net {counted.net} VP" in state.result.reason
    assert {a.source for a in state.victory_ledger} >= {"within_18", "within_5"}
    for award in state.victory_ledger:  # each point's entry: the first state holding it
        entry = entry_of_award(session, award)
        assert entry is not None
        assert award in session.state_after(entry).victory_ledger
        assert award not in session.state_after(entry - 1).victory_ledger
    replayed = game_from_text(ruleset, session.text())
    assert replayed.state.result == state.result


@pytest.mark.slow
def test_19_33_the_result_screen_of_the_scripted_campaign(qtbot, played):
    ruleset, session = played
    window = window_for(qtbot, ruleset, session)
    window.refresh()
    box = window.victory.show_result()
    texts = " ".join(label.text() for label in box.findChildren(QLabel))
    result = session.state.result
    assert result is not None and result.reason.split(":")[0] in texts.lower()
    assert "German total" in texts and "Soviet total" in texts
    entries = {entry_of_award(session, a) for a in session.state.victory_ledger}
    assert entries and entries <= set(box.jumps)
    QApplication.processEvents()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        box.grab().save(str(Path(SHOTS) / "campaign-result-screen.png"))
    first = min(entries)
    box.jumps[first].click()
    assert window.replay.is_active() and window.replay.shown == first
    box.close()
