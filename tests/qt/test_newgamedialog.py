"""The New Game dialog, starting the chosen game, and the recent games menu."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QLabel, QRadioButton

from owsqt.journal.textformat import Play
from owsqt.qt.app.newgamedialog import (
    NewGameChoice,
    NewGameDialog,
    option_label,
    option_penalty,
    scenario_label,
    start_game,
)
from owsqt.qt.app.recentfiles import RecentFilesMenu, entry_text
from owsqt.rules.core.steps import STEPS_PASS, Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.userfiles import RecentFiles


def make_dialog(qtbot, ruleset) -> NewGameDialog:
    # Settings of its own: a choice another test started is not remembered here.
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "owsqt.ini"), QSettings.Format.IniFormat)
    dialog = NewGameDialog(ruleset, settings=settings)
    qtbot.addWidget(dialog)
    return dialog


def test_the_defaults_are_the_introduction_in_free_play_with_the_default_set_up(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    assert dialog.choice() == NewGameChoice("we-are-coming", (), Mode.FREE, default_setup=True)
    assert dialog.scenario_list.currentItem().text() == "We are coming! (19.1) – turns 1-6"
    assert dialog.options_group.isHidden()  # the introduction has no options


def test_scenarios_are_listed_in_rule_order_with_their_turns(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    texts = [dialog.scenario_list.item(row).text() for row in range(dialog.scenario_list.count())]
    assert [text.split("(")[1].split(")")[0] for text in texts] == ["19.1", "19.2", "19.3", "19.4"]
    assert texts[1] == "Hoth's Last Gasp (19.2) – turns 9-16"
    assert all(dialog.scenario_list.item(row).toolTip() for row in range(len(texts)))


def test_without_the_introduction_the_first_scenario_is_chosen(qtbot, ruleset):
    dialog = make_dialog(qtbot, ruleset)
    assert dialog.choice() == NewGameChoice("test")


def test_a_scenario_with_options_shows_them_and_the_choice_reports_the_ticked_ones(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    dialog.select_scenario("maximum-effort")
    assert not dialog.options_group.isHidden()
    box = dialog.option_box("16th-motorized-division")
    assert box.text() == "16th Motorized Division – 19.41 – Soviet +2 VP"
    assert box.toolTip()
    assert dialog.choice().options == ()
    dialog.option_box("17th-panzer-from-start").setChecked(True)
    box.setChecked(True)
    # Reported in the scenario's order, whatever the order of the clicks.
    assert dialog.choice().options == ("16th-motorized-division", "17th-panzer-from-start")
    dialog.select_scenario("we-are-coming")
    assert dialog.options_group.isHidden()
    assert dialog.choice().options == ()


def test_options_of_one_penalty_group_cost_one_penalty(qtbot, shipped):
    options = {o.id: o for o in shipped.scenarios["maximum-effort"].options}
    both = (options["support-units"], options["15th-luftwaffe-field-division"])
    assert option_penalty(both) == 1
    assert option_penalty((*both, options["16th-motorized-division"])) == 3
    assert option_label(options["17th-panzer-from-start"]).endswith("no VP penalty")
    dialog = make_dialog(qtbot, shipped)
    dialog.select_scenario("maximum-effort")
    dialog.option_box("support-units").setChecked(True)
    dialog.option_box("15th-luftwaffe-field-division").setChecked(True)
    assert dialog.penalty_label.text() == "Chosen options: Soviet +1 VP"


def test_mode_and_set_up_are_reported(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    dialog.findChild(QRadioButton, "mode_strict").setChecked(True)
    dialog.hand_setup_radio.setChecked(True)
    assert dialog.choice() == NewGameChoice("we-are-coming", (), Mode.STRICT, False)
    dialog.set_mode(Mode.ASSIST)
    assert dialog.choice().mode is Mode.ASSIST


def test_every_control_explains_itself(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    dialog.select_scenario("maximum-effort")
    radios = [dialog.default_setup_radio, dialog.hand_setup_radio]
    radios += [dialog.findChild(QRadioButton, f"mode_{mode.value}") for mode in Mode]
    assert all(radio.toolTip() for radio in radios)
    assert "refuse" in dialog.findChild(QRadioButton, "mode_strict").toolTip()


@pytest.mark.parametrize(("key", "result"), [(Qt.Key.Key_Return, 1), (Qt.Key.Key_Escape, 0)])
def test_enter_starts_and_escape_cancels(qtbot, shipped, key, result):
    dialog = make_dialog(qtbot, shipped)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.finished) as finished:
        qtbot.keyClick(dialog.scenario_list, key)  # the focus is on the list
    assert finished.args == [result]
    assert (dialog.result() == QDialog.DialogCode.Accepted) is bool(result)


def test_labels_read_like_the_rulebook(shipped):
    assert scenario_label(shipped.scenarios["we-are-coming"]) == "We are coming! (19.1) – turns 1-6"


# --- starting the game --------------------------------------------------------------------


def test_start_game_applies_the_default_set_up(shipped, tmp_path):
    path = tmp_path / "game.owsg"
    session = start_game(shipped, NewGameChoice("we-are-coming"), path, seed=4)
    try:
        assert session.state.phase != Phase.SETUP
        assert session.state.turn == 1
        assert session.entries and session.path == path
        assert path.read_text().count("\n#") == len(session.entries)  # journalled at once
    finally:
        session.close()


def test_start_game_by_hand_leaves_the_counters_off_the_map(shipped):
    choice = NewGameChoice(
        "maximum-effort", ("16th-motorized-division",), Mode.STRICT, default_setup=False
    )
    session = start_game(shipped, choice, None)
    assert session.state.phase == Phase.SETUP
    assert session.entries == ()
    assert session.mode is Mode.STRICT
    assert session.header.options == ("16th-motorized-division", STEPS_PASS)  # 3.1's own


def test_start_game_with_options_sets_them_up_too(shipped):
    choice = NewGameChoice("maximum-effort", ("16th-motorized-division",), Mode.ASSIST)
    session = start_game(shipped, choice, None, seed=2)
    assert session.state.phase != Phase.SETUP
    sixteenth = list(shipped.catalogue.units_of("de-16mot"))
    assert sixteenth and all(session.state.units[u.id].hex is not None for u in sixteenth)


# --- the recent games menu ----------------------------------------------------------------


def test_the_recent_menu_lists_games_and_asks_to_open_them(qtbot, tmp_path):
    folder = tmp_path / "R&D"
    folder.mkdir()
    games = [folder / name for name in ("first.owsg", "second.owsg")]
    for game in games:
        game.write_text("a game\n")
    menu = RecentFilesMenu(RecentFiles(tmp_path / "recent.json"))
    qtbot.addWidget(menu)
    assert menu.game_actions() == [] and not menu.clear_action.isEnabled()
    for game in games:
        menu.add(game)
    entries = menu.game_actions()
    assert [a.text() for a in entries] == [entry_text(1, games[1]), entry_text(2, games[0])]
    assert entries[0].text().startswith("&1 second.owsg — ") and "R&&D" in entries[0].text()
    with qtbot.waitSignal(menu.open_requested) as requested:
        entries[1].trigger()
    assert requested.args == [games[0]]
    menu.clear_action.trigger()
    assert menu.game_actions() == [] and menu.recent.paths() == []


def test_entries_shorten_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    assert entry_text(3, tmp_path / "games" / "a.owsg") == "&3 a.owsg — ~/games"
    assert entry_text(1, tmp_path / "a.owsg") == "&1 a.owsg — ~"


# --- who plays ----------------------------------------------------------------------------


def test_one_player_is_the_default_and_the_side_matters_only_by_e_mail(qtbot, shipped):
    dialog = make_dialog(qtbot, shipped)
    assert dialog.choice().play is Play.SOLITAIRE
    side = dialog.findChild(QRadioButton, "side_soviet")
    assert not side.isEnabled()
    dialog.set_play(Play.EMAIL)
    assert side.isEnabled() and "join" in side.toolTip()
    side.setChecked(True)
    assert (dialog.choice().play, dialog.choice().side) == (Play.EMAIL, Player.SOVIET)
    assert dialog.default_setup_label.text().startswith("Your side is placed")
    dialog.set_play(Play.HOT_SEAT)
    assert (dialog.choice().play, dialog.choice().side) == (Play.HOT_SEAT, Player.GERMAN)
    assert dialog.default_setup_label.text().startswith("Both sides")
    radios = [dialog.findChild(QRadioButton, f"play_{play.name.lower()}") for play in Play]
    assert all(radio.toolTip() for radio in radios)


@pytest.mark.parametrize("play", list(Play))
def test_start_game_makes_each_kind_of_play(shipped, play):
    choice = NewGameChoice("we-are-coming", play=play, side=Player.SOVIET)
    session = start_game(shipped, choice, None, seed=4)
    assert session.play is play
    state = session.state
    if play is Play.EMAIL:  # the Soviet creator sets up first, and only his own side
        assert session.players.local_sides == {"soviet"} and not session.email.seed_agreed
        assert (state.phase, state.segment) == (Phase.SETUP, Segment.GERMAN_SETUP)
    else:  # both sides placed; the seed was the one given
        assert state.phase != Phase.SETUP and state.dice.seed == 4


def test_the_dialog_opens_tall_enough_for_every_line_of_its_groups(qtbot, shipped):
    """No group's lines drawn over each other at the first show (the Rules group with the
    fog of war box was squeezed): every label is as tall as its text needs."""
    dialog = make_dialog(qtbot, shipped)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.height() >= dialog.heightForWidth(dialog.width()))
    for label in dialog.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
