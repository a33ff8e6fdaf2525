"""[18.1] The fog of war at the desktop: chosen in the New Game dialog, and the game log and
the Replay dock told as the side the table is drawn for may read them."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from owsqt.journal.textformat import Play
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.newgamedialog import NewGameChoice, NewGameDialog, start_game
from owsqt.rules.core.actions import PlaceUnits
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.session import new_game


def settings() -> QSettings:
    return QSettings(str(Path(tempfile.mkdtemp()) / "owsqt.ini"), QSettings.Format.IniFormat)


def make_dialog(qtbot, ruleset, store: QSettings | None = None) -> NewGameDialog:
    dialog = NewGameDialog(ruleset, settings=store or settings())
    qtbot.addWidget(dialog)
    return dialog


def test_18_1_the_fog_of_war_box_is_off_and_says_what_it_hides(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    box = dialog.fog_box
    assert box.text().replace("&", "") == "Fog of war (18.1)"
    assert not box.isChecked() and box.isEnabled()
    assert "top unit" in box.toolTip() and "strength marker" in box.toolTip()
    assert FOG_OF_WAR not in dialog.choice().options


def test_18_1_the_fog_of_war_chosen_is_an_option_of_the_game_and_of_its_text(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    dialog.select_scenario("maximum-effort")
    dialog.option_box(dialog.current_scenario().options[0].id).setChecked(True)
    dialog.fog_box.setChecked(True)
    options = dialog.choice().options
    assert options[-1] == FOG_OF_WAR and len(options) == 2
    assert "Fog of war (18.1)" in dialog.description.text()
    dialog.fog_box.setChecked(False)
    assert "Fog of war" not in dialog.description.text()


def test_18_1_the_fog_of_war_is_offered_for_e_mail_play(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    dialog.fog_box.setChecked(True)
    dialog.set_play(Play.EMAIL)
    assert dialog.fog_box.isEnabled() and FOG_OF_WAR in dialog.choice().options


def test_18_1_the_fog_of_war_is_remembered_for_the_next_new_game(qtbot, shipped):
    store = settings()
    dialog = make_dialog(qtbot, shipped, store)
    dialog.select_scenario("hoths-last-gasp")
    dialog.fog_box.setChecked(True)
    dialog.accept()
    again = make_dialog(qtbot, shipped, store)
    assert again.fog_box.isChecked()
    assert again.choice().options == (FOG_OF_WAR,)


def test_18_1_a_game_started_with_the_fog_of_war_records_it(shipped, tmp_path):
    choice = NewGameChoice("we-are-coming", (FOG_OF_WAR,), Mode.STRICT, default_setup=False)
    session = start_game(shipped, choice, tmp_path / "fog.owsg", seed=1)
    assert FOG_OF_WAR in session.state.options
    assert f"options: {FOG_OF_WAR}" in session.text()
    session.close()


@pytest.fixture
def window(qtbot, ruleset):
    """A hot-seat game with the fog of war: the Soviet 823 Rifle Rgt on top of the 1111 AT
    Rgt (5 factors to 4), which the German does not see."""
    session = new_game(
        ruleset, "test", Mode.FREE, seed=3, play=Play.HOT_SEAT, options=(FOG_OF_WAR,)
    )
    session.submit(PlaceUnits(units=("rifle", "at"), to=ruleset.grid.hex_of("3038")))
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def log_texts(window: MainWindow) -> list[str]:
    return [window.log.item(row).text() for row in range(window.log.count())]


def test_18_1_the_log_is_told_for_the_side_at_the_table_and_again_for_the_next(window):
    window.bridge.seat = Player.GERMAN
    german = log_texts(window)
    assert german == ["#1  823 Rifle Rgt (5-5) placed on 3038 from not arrived",
                      "#1  a Soviet unit placed on 3038 from not arrived"]  # fmt: skip
    window.bridge.seat = Player.SOVIET  # the hand-over: the log is told again (view_changed)
    assert log_texts(window)[1] == "#1  1111 AT Rgt (4-8) placed on 3038 from not arrived"
    window.bridge.seat = Player.GERMAN
    assert log_texts(window) == german


def test_18_1_the_replay_dock_tells_an_entry_as_the_side_at_the_table_reads_it(window):
    window.bridge.seat = Player.GERMAN
    window.replay_game()
    narration = window.replay._narration.toPlainText()
    assert "a Soviet unit placed on 3038" in narration and "1111 AT Rgt" not in narration
    window.bridge.seat = Player.SOVIET
    assert "1111 AT Rgt (4-8) placed on 3038" in window.replay._narration.toPlainText()
