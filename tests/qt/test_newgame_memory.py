"""The New Game dialog remembers its last choice and describes each scenario (issue 20),
and a new game leaves no item of the old one in the scene."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QSettings

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice, NewGameDialog, start_game
from owsqt.qt.app.scenarioinfo import describe
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "owsqt.ini"), QSettings.Format.IniFormat)


def dialog_with(qtbot, ruleset, settings) -> NewGameDialog:
    dialog = NewGameDialog(ruleset, settings=settings)
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_remembers_the_last_choice_started(qtbot, shipped, settings):
    first = dialog_with(qtbot, shipped, settings)
    assert first.choice() == NewGameChoice("we-are-coming")  # nothing remembered yet
    chosen = NewGameChoice(
        "maximum-effort",
        options=("16th-motorized-division",),
        mode=Mode.STRICT,
        default_setup=False,
        play=Play.EMAIL,
        side=Player.SOVIET,
    )
    first.set_choice(chosen)
    assert first.option_box("16th-motorized-division").isChecked()
    first.accept()
    again = dialog_with(qtbot, shipped, settings)
    assert again.choice() == chosen


def test_a_cancelled_dialog_remembers_nothing(qtbot, shipped, settings):
    dialog = dialog_with(qtbot, shipped, settings)
    dialog.set_choice(NewGameChoice("hoths-last-gasp", mode=Mode.ASSIST))
    dialog.reject()
    assert dialog_with(qtbot, shipped, settings).choice() == NewGameChoice("we-are-coming")


def test_remembered_values_that_no_longer_fit_are_ignored(qtbot, shipped, settings):
    settings.setValue("newGame/scenario", "maximum-effort")
    settings.setValue("newGame/options", "no-such-option,16th-motorized-division")
    settings.setValue("newGame/mode", "chaotic")
    dialog = dialog_with(qtbot, shipped, settings)
    assert dialog.choice() == NewGameChoice("maximum-effort", options=("16th-motorized-division",))
    settings.setValue("newGame/scenario", "gone")
    assert dialog_with(qtbot, shipped, settings).choice().scenario == "we-are-coming"


def test_the_dialog_describes_the_chosen_scenario(qtbot, shipped, settings):
    dialog = dialog_with(qtbot, shipped, settings)
    text = dialog.description.text()
    assert text.startswith(
        "Rule 19.1: AM 12 December 1942 to PM 14 December 1942, 6 turns (turns 1-6)"
    )
    assert "Victory (19.13)" in text and "controls hex 2428" in text
    assert "75 stacking points across the Aksai between hexes 2331 and 3431" in text
    dialog.select_scenario("hoths-last-gasp")
    text = dialog.description.text()
    assert "AM 16 December 1942 to PM 19 December 1942, 8 turns (turns 9-16)" in text
    assert "Victory (19.23)" in text and "fewer than 30 German stacking points" in text


def test_the_points_table_of_19_33_is_described_row_by_row(shipped):
    text = describe(shipped, shipped.scenarios["operation-winter-storm"])
    assert "23 turns (turns 1-23)" in text and "Victory points (19.33)" in text
    assert "5 for a corridor open at the end" in text
    assert "1 for every 50 German strength points destroyed" in text
    assert (
        "8 or more: German decisive victory; 5 to 7: German significant victory; "
        "2 to 4: German marginal victory; 1: Draw; 0: Soviet marginal victory; "
        "-1: Soviet significant victory; -2 or less: Soviet decisive victory."
    ) in text


def scene_items(window: MainWindow) -> Counter:
    return Counter(type(item).__name__ for item in window.scene.items())


def test_new_game_leaves_no_item_of_the_old_game_in_the_scene(qtbot, shipped):
    campaign = start_game(shipped, NewGameChoice("operation-winter-storm"), None, seed=1)
    window = MainWindow(shipped, campaign)
    qtbot.addWidget(window)
    crowded = max(campaign.state.stacks, key=lambda hex_: len(campaign.state.stacks[hex_]))
    window.counters.toggle_fan(crowded)  # fanned out, as a double-click does
    assert window.counters.expanded == crowded
    window.bridge.replace(start_game(shipped, NewGameChoice("we-are-coming"), None, seed=1))
    fresh = MainWindow(shipped, start_game(shipped, NewGameChoice("we-are-coming"), None, seed=1))
    qtbot.addWidget(fresh)
    assert scene_items(window) == scene_items(fresh)
    state = window.session.state
    on_map = {unit for stack in state.stacks.values() for unit in stack}
    assert set(window.counters.items) == on_map
    for unit_id, item in window.counters.items.items():
        assert item.scene() is window.scene and item.opacity() == 1.0
        assert item.pos() == fresh.counters.items[unit_id].pos()  # none left fanned out
    assert window.counters.expanded is None
