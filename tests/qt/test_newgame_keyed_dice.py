"""[18.1] The keyed die is the program's choice: the New Game dialog neither offers nor
remembers it, and a game started there with the fog of war records it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox

from owsqt.qt.app.newgamedialog import NewGameChoice, NewGameDialog, start_game
from owsqt.rules.core.dice import KEYED_DICE
from owsqt.rules.core.steps import STEPS_PASS
from owsqt.rules.fog.option import FOG_OF_WAR


def test_18_1_the_dialog_neither_offers_nor_remembers_the_keyed_die(qtbot, shipped, tmp_path):
    settings = QSettings(str(tmp_path / "owsqt.ini"), QSettings.Format.IniFormat)
    settings.setValue("newGame/scenario", "maximum-effort")
    settings.setValue("newGame/options", f"{KEYED_DICE},{FOG_OF_WAR}")
    dialog = NewGameDialog(shipped, settings=settings)
    qtbot.addWidget(dialog)
    assert dialog.choice() == NewGameChoice("maximum-effort", options=(FOG_OF_WAR,))
    for scenario in shipped.scenarios:
        dialog.select_scenario(scenario)
        with pytest.raises(KeyError):
            dialog.option_box(KEYED_DICE)
    labels = [box.text().lower() for box in dialog.findChildren(QCheckBox)]
    assert labels and not any("keyed" in label or "dice" in label for label in labels)


def test_18_1_a_game_started_with_the_fog_of_war_records_the_keyed_die(shipped):
    choice = NewGameChoice("we-are-coming", options=(FOG_OF_WAR,), default_setup=False)
    session = start_game(shipped, choice, None, seed=3)
    assert session.header.options == (FOG_OF_WAR, KEYED_DICE, STEPS_PASS)  # and 3.1's
    assert session.state.dice.keys is not None
