"""The result screen (19.33, 19.42, 19.13): the level of victory, each side's sources and
sums, each point earned during play with its turn and journal entry, a button that shows
that entry in the Replay dock; the Victory dock's live standing of a campaign."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel

from owsqt.rules.core.actions import EndStep, PlaceUnits, SetUnitStatus
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import UnitStatus
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import GameSession, new_game
from tests.qt.tabletools import window_for
from tests.rules.victorykit import TANK, hex_at, pocket_hex

SHOTS = os.environ.get("OWSQT_SHOTS")  # a folder: the pictures are saved there
OPTIONS = ("16th-motorized-division", "support-units")


def shoot(widget, name: str) -> None:
    QApplication.processEvents()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


def campaign_session() -> tuple[GameSession, dict[str, int]]:
    """Maximum Effort with two optional groups: a tank battalion within 18, then 4 hexes
    of the pocket, a convoy into it, three panzer battalions destroyed."""
    rules = default_ruleset()
    session = new_game(rules, "maximum-effort", Mode.FREE, seed=5, options=OPTIONS)
    session.apply_default_setup()
    hx = rules.grid.hex_of
    earned = {}
    for _ in range(2):
        assert session.submit(EndStep()).applied
    session.submit(PlaceUnits(units=(TANK,), to=hx(hex_at(rules, 18))))
    earned["within_18"] = len(session.entries)
    for _ in range(40):
        assert session.submit(EndStep()).applied
    session.submit(PlaceUnits(units=(TANK,), to=hx(hex_at(rules, 4))))
    earned["within_5"] = len(session.entries)
    session.submit(PlaceUnits(units=("de-convoy-2",), to=hx(pocket_hex(rules, 40))))
    earned["convoy_in_pocket"] = len(session.entries)
    lost = ("de-6pz-11pzr-2", "de-23pz-201pzr-1", "de-23pz-201pzr-2")
    session.submit(SetUnitStatus(units=lost, status=UnitStatus.ELIMINATED))
    return session, earned


def test_19_33_the_dock_shows_the_campaigns_live_standing(qtbot):
    session, _ = campaign_session()
    window = window_for(qtbot, session.ruleset, session)
    text = window.victory.label.text()
    assert "German victory points: <b>" in text and "Soviet victory points: <b>" in text
    assert "16th Motorized Division employed (19.42)" in text
    assert "If the game ended now" in text and "Net: <b>" in text
    window.victory.dock.setFloating(True)
    window.victory.dock.resize(380, 420)
    window.victory.dock.show()
    shoot(window.victory.dock, "victory-dock")


def test_19_33_the_result_screen_at_the_end_jumps_to_each_award(qtbot):
    session, earned = campaign_session()
    window = window_for(qtbot, session.ruleset, session)
    while session.state.phase is not Phase.GAME_OVER:
        assert session.submit(EndStep()).applied
    window.refresh()
    box = window.victory.box
    result = session.state.result
    assert box is not None and result is not None and result.rule == "19.42"
    assert box.text() == result.text() and box.windowTitle() == "The game is over"
    texts = " ".join(label.text() for label in box.findChildren(QLabel))
    assert "16th Motorized Division employed (19.42)" in texts
    assert "German total" in texts and "Soviet total" in texts
    assert set(earned.values()) <= set(box.jumps)
    shoot(box, "result-screen")
    box.jumps[earned["within_5"]].click()
    assert window.replay.is_active() and window.replay.shown == earned["within_5"]


def test_19_13_the_result_screen_shows_the_short_scenarios_numbers(qtbot):
    rules = default_ruleset()
    session = new_game(rules, "we-are-coming", Mode.FREE, seed=1)
    session.apply_default_setup()
    window = window_for(qtbot, rules, session)
    box = window.victory.show_result()
    texts = " ".join(label.text() for label in box.findChildren(QLabel))
    assert "German stacking points across the river" in texts and "the Soviet player" in texts
    assert box.windowTitle() == "If the game ended now"
    box.close()
