"""The first desktop window: it shows the session and never loses the game to a bad file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from owsqt.qt.app import gamefiles
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.rules.core.actions import PlaceUnits, RollDice
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.session import new_game


def make_window(qtbot, ruleset, mode=Mode.FREE):
    window = MainWindow(ruleset, new_game(ruleset, "test", mode, seed=3))
    qtbot.addWidget(window)
    return window


def test_the_turn_bar_names_turn_step_player_and_mode(qtbot, ruleset):
    window = make_window(qtbot, ruleset, Mode.STRICT)
    text = window.turn_label.text()
    assert "Turn 1 of 3" in text and "soviet setup" in text and "Soviet player" in text
    assert "STRICT" in text


def test_the_log_shows_actions_and_undo_redo_follow_the_session(qtbot, ruleset):
    window = make_window(qtbot, ruleset)
    assert not window.undo_action.isEnabled()
    window.session.submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of("3038")))
    window.refresh()
    assert window.log.count() == 1 and "placed on 3038" in window.log.item(0).text()
    window.undo_action.trigger()
    assert window.session.state.units["rifle"].hex is None
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert window.session.state.units["rifle"].hex == ruleset.grid.hex_of("3038")


def test_undo_is_disabled_after_a_die_roll_in_strict_play_with_the_reason(qtbot, ruleset):
    window = make_window(qtbot, ruleset, Mode.STRICT)
    window.session.submit(RollDice(purpose="test"))
    window.refresh()
    assert not window.undo_action.isEnabled()
    assert "rolled the die" in window.undo_action.toolTip()


def test_opening_a_broken_file_warns_and_keeps_the_current_game(
    qtbot, ruleset, tmp_path, monkeypatch
):
    window = make_window(qtbot, ruleset)
    window.session.submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of("3038")))
    before = window.session
    broken = tmp_path / "broken.owsg"
    broken.write_text("owsqt journal 1\nprogram: owsqt\n")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert window.load(broken) is False
    assert window.session is before
    assert "header field 'scenario" in warnings[0]


def test_defect_7_a_file_the_system_will_not_let_be_opened_warns_and_keeps_the_game(
    qtbot, ruleset, tmp_path, monkeypatch
):
    """A version 1 file in a folder one may not write to is rewritten on opening: the
    system's refusal (an OSError, not a JournalError) is said, and the game stays."""
    window = make_window(qtbot, ruleset)
    before = window.session

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / "old.v1.owsg"))

    monkeypatch.setattr(gamefiles, "open_journal", refuse)  # where the window opens files
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert window.load(tmp_path / "old.owsg") is False
    assert window.session is before
    assert "Permission denied" in warnings[0] and "old.owsg" in warnings[0]


def test_end_step_and_roll_walk_the_game_and_refusals_are_shown(qtbot, ruleset):
    window = make_window(qtbot, ruleset, Mode.STRICT)
    window.end_step_action.trigger()
    assert window.session.state.segment == Segment.GERMAN_SETUP
    assert "German player" in window.turn_label.text()
    window.roll_action.trigger()
    assert "die roll (open roll)" in window.log.item(window.log.count() - 1).text()
    window.session.submit(PlaceUnits(units=("tank", "mech", "mot6", "mot5", "hq57"),
                                     to=ruleset.grid.hex_of("2041")))  # fmt: skip
    window.end_step_action.trigger()  # 19 stacking points: STRICT refuses (9.2)
    assert window.session.state.segment == Segment.GERMAN_SETUP
    assert "9.2" in window.statusBar().currentMessage()


def test_zoom_keys_and_fit_keep_the_map_in_reach(qtbot, ruleset):
    window = make_window(qtbot, ruleset)
    window.show()
    window.view.set_zoom(1.0)
    window.zoom_in_action.trigger()
    assert window.view.zoom > 1.0
    for _ in range(40):
        window.zoom_out_action.trigger()
    assert window.view.zoom == pytest.approx(0.08)  # never smaller than the whole map needs
    window.fit_action.trigger()
    assert window.view.visible_area().contains(window.map_item.boundingRect().center())


def test_centre_on_hex_and_a_bad_id_is_explained(qtbot, ruleset, monkeypatch):
    window = make_window(qtbot, ruleset)
    window.show()
    window.view.set_zoom(1.0)
    window.centre_on_hex("3424")
    target = window.map_item.hex_center(ruleset.grid.hex_of("3424"))
    assert (window.view.visible_area().center() - target).manhattanLength() < 40
    monkeypatch.setattr(QInputDialog, "getText", lambda *args: ("9999", True))
    window.ask_hex()
    assert "9999" in window.statusBar().currentMessage()


def test_clicking_the_overview_moves_the_view(qtbot, ruleset):
    window = make_window(qtbot, ruleset)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    target = window.map_item.hex_center(ruleset.grid.hex_of("2830"))
    qtbot.mouseClick(
        window.overview.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.overview.mapFromScene(target),
    )
    assert (window.view.visible_area().center() - target).manhattanLength() < 60


def test_new_game_from_the_dialog_replaces_the_game_on_the_table(qtbot, ruleset, monkeypatch):
    from owsqt.qt.app import gamefiles
    from owsqt.qt.app.newgamedialog import NewGameChoice
    from owsqt.rules.scenario.ruleset import default_ruleset

    shipped = default_ruleset()
    window = MainWindow(shipped, new_game(shipped, "we-are-coming", Mode.FREE, seed=3))
    qtbot.addWidget(window)
    choice = NewGameChoice("hoths-last-gasp", (), Mode.ASSIST, True)
    monkeypatch.setattr(gamefiles.NewGameDialog, "exec", lambda self: 1)
    monkeypatch.setattr(gamefiles.NewGameDialog, "choice", lambda self: choice)
    window.new_action.trigger()
    state = window.session.state
    assert (state.scenario, state.turn, state.phase) == ("hoths-last-gasp", 9, Phase.AIR_OPERATIONS)
    # Nobody touched it yet: no autosave until the first action (issue 20).
    assert window.session.mode is Mode.ASSIST and window.session.path is None
    assert "Turn 9 of 16" in window.turn_label.text()
    assert len(window.counters.items) > 100


def test_opened_and_saved_games_join_the_recent_list(qtbot, ruleset, tmp_path):
    window = make_window(qtbot, ruleset)
    path = tmp_path / "mine.owsg"
    window.session.save_as(path)
    window.load(path)
    assert window.recent_menu.game_actions()


def test_issue_36_5_the_game_on_the_table_opened_by_another_name_is_the_same_game(
    qtbot, ruleset, tmp_path, monkeypatch
):
    import os

    window = make_window(qtbot, ruleset)
    path = tmp_path / "mine.owsg"
    window.session.save_as(path)
    before = window.session
    other = tmp_path / "link.owsg"
    os.link(path, other)  # the same file under a second name
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert window.load(other) is True
    assert window.session is before and warnings == []
    assert window.statusBar().currentMessage() == "link.owsg is the game on the table"


def test_an_air_unit_dropped_on_a_box_is_journalled_4_3(qtbot, ruleset):
    from owsqt.rules.core.vocabulary import AirBox

    window = make_window(qtbot, ruleset)
    window.air_display.move_requested.emit("jg52", AirBox.FLOWN)
    assert window.session.state.air_units["jg52"].box is AirBox.FLOWN
    assert window.air_display.box_of("jg52") is AirBox.FLOWN
    assert window.session.entries[-1].action["kind"] == "place_air"


def test_the_turn_bar_reads_the_turn_record_track(qtbot):
    from owsqt.rules.scenario.ruleset import default_ruleset

    shipped = default_ruleset()
    session = new_game(shipped, "hoths-last-gasp", Mode.FREE, seed=3)
    session.apply_default_setup()
    window = MainWindow(shipped, session)
    qtbot.addWidget(window)
    text = window.turn_bar.label.text()
    assert text.startswith("Turn 9 of 16 · AM 16 December 1942 · clear, roads passable")
    assert text.endswith("FREE")


def test_save_of_an_autosaved_game_asks_for_a_name(qtbot, ruleset, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from owsqt.userfiles import new_autosave_path

    session = new_game(ruleset, "test", Mode.FREE, seed=3, path=new_autosave_path())
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    target = tmp_path / "kept"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    window.save_action.trigger()
    assert window.session.path == target.with_suffix(".owsg")
    window.save_action.trigger()  # now saved under its own name: nothing to ask
    assert "Saved" in window.statusBar().currentMessage()


def test_the_log_grows_with_the_journal_and_starts_over_for_another_game(qtbot, ruleset, tmp_path):
    window = make_window(qtbot, ruleset)
    for hex_id in ("3038", "3039"):
        window.session.submit(PlaceUnits(units=("rifle",), to=ruleset.grid.hex_of(hex_id)))
        window.refresh()
    window.undo_action.trigger()
    texts = [window.log.item(i).text() for i in range(window.log.count())]
    assert texts == window_texts(window)
    other = new_game(ruleset, "test", Mode.FREE, seed=4, path=tmp_path / "other.owsg")
    other.submit(RollDice(purpose="one"))
    other.close()
    window.load(tmp_path / "other.owsg")
    assert [window.log.item(i).text() for i in range(window.log.count())] == window_texts(window)
    assert window.log.count() == 1


def window_texts(window):
    return [f"#{line.entry}  {line.text}" for line in window.session.log_lines()]


def test_no_two_actions_of_the_window_share_a_key(qtbot, ruleset):
    from collections import Counter

    from PySide6.QtGui import QAction

    window = make_window(qtbot, ruleset)
    keys = Counter(
        action.shortcut().toString()
        for action in {id(a): a for a in window.findChildren(QAction)}.values()
        if not action.shortcut().isEmpty()
    )
    assert [key for key, count in keys.items() if count > 1] == []
    assert len(keys) > 15
