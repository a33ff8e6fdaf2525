"""Issue 20: the combat panel's text was cut off at the right: a long choice in a combo box
widened the scrolling page past the dock, which has no horizontal scroll bar."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QScrollArea

from tests.qt.tabletools import click, window_for
from tests.qt.test_combat_dialog import example_game, example_seed

SHOTS = os.environ.get("OWSQT_SHOTS")


def test_11_2_the_combat_panel_is_never_wider_than_its_dock(qtbot, ruleset):
    session = example_game(ruleset, seed=example_seed(ruleset))
    window = window_for(qtbot, ruleset, session)
    window.resize(1280, 800)
    window.show()
    panel = window.combat.panel
    click(window, "rifle")
    window.combat.attack_action.trigger()
    window.combat.dialog.attack_button.click()
    panel.defend.defend.click()
    click(window, "tank")  # the fire page: "Fire at" lists whole stacks, a long line
    assert panel.page is panel.fire
    qtbot.wait(20)
    scroll = panel.findChild(QScrollArea)
    assert scroll.widget().width() <= scroll.viewport().width()
    assert panel.fire.at.currentText().startswith("2125: I/11 Pz")  # the choice is whole
    if SHOTS:
        window.grab().save(str(Path(SHOTS) / "combat-panel.png"))
