"""Games easy to find (issue 20, item 4): the library of saves and autosaves, no autosave for
a game nobody touched, Continue last game, Open in the games folder, every save in Recent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from owsqt.gamelibrary import game_facts, last_played, library
from owsqt.journal.textformat import Play
from owsqt.qt.app import games
from owsqt.qt.app.games import GamesDialog, open_dialog
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.rules.core.actions import EndStep, RollDice
from owsqt.rules.core.verdict import Mode
from owsqt.session import opening
from owsqt.userfiles import RecentFiles, autosave_dir, games_dir

OPENING = "we-are-coming"
TWO_MOVES = "first player, supply determination, German player"
"""Where two end-steps after the default set-up leave the opening: the first ends the Air
Allocation Segment and the steps that need nobody pass by themselves (3.1) up to the
Initiative Determination Segment; the second ends that one."""


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch) -> Path:
    """Each test has its own games, autosaves and recent list."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def new_game(ruleset, path: Path | None, mode: Mode = Mode.FREE, play=Play.SOLITAIRE):
    session = opening.new_game(ruleset, OPENING, mode, seed=1, path=path, play=play)
    session.apply_default_setup()
    return session


def played(ruleset, path: Path, moves: int = 1, mtime: int | None = None, **kw) -> Path:
    """A game of the opening scenario with `moves` end-steps after the default set-up."""
    path.parent.mkdir(parents=True, exist_ok=True)
    session = new_game(ruleset, path, **kw)
    for _ in range(moves):
        assert session.submit(EndStep()).applied
    session.close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def untouched(ruleset, path: Path, mtime: int | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    new_game(ruleset, path).close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


# --- the facts of a game file ------------------------------------------------------------


def test_facts_of_a_played_autosave_name_scenario_turn_sides_mode_play_and_date(shipped):
    path = played(shipped, autosave_dir() / "game.owsg", moves=2, mtime=1_700_000_000)
    facts = game_facts(shipped, path)
    assert facts.scenario == "We are coming!"
    assert (facts.turn, facts.step) == (1, TWO_MOVES)
    assert facts.where == f"turn 1, {TWO_MOVES}"
    assert (facts.sides, facts.mode, facts.play) == ("both", "free", "solitaire")
    assert facts.modified.timestamp() == 1_700_000_000
    assert facts.played and facts.autosave


def test_a_game_with_only_the_default_set_up_is_not_played(shipped, tmp_path):
    facts = game_facts(shipped, untouched(shipped, tmp_path / "fresh.owsg"))
    assert not facts.played and not facts.autosave
    assert facts.where == "turn 1, air operations, air allocation"


def test_undo_goes_back_to_the_step_before(shipped, tmp_path):
    path = tmp_path / "undone.owsg"
    session = new_game(shipped, path)
    session.submit(EndStep())
    session.undo()
    session.close()
    facts = game_facts(shipped, path)
    assert facts.where == "turn 1, air operations, air allocation"
    assert facts.played  # an undo is an action of the player too


def test_the_library_lists_saves_and_played_autosaves_newest_first(shipped, tmp_path):
    saved = played(shipped, tmp_path / "kept" / "mine.owsg", mtime=3_000)
    recent = RecentFiles()
    recent.add(saved)
    auto = played(shipped, autosave_dir() / "a.owsg", moves=3, mtime=2_000)
    untouched(shipped, autosave_dir() / "empty.owsg", mtime=4_000)  # not listed
    (autosave_dir() / "broken.owsg").write_text("not a journal")
    assert [facts.path for facts in library(shipped, recent)] == [saved, auto.resolve()]


def test_continue_picks_the_game_played_last_not_the_newest_file(shipped, tmp_path):
    recent = RecentFiles()
    old = played(shipped, autosave_dir() / "old.owsg", mtime=1_000)
    saved = played(shipped, tmp_path / "kept" / "mine.owsg", mtime=2_000)
    recent.add(saved)
    untouched(shipped, autosave_dir() / "newest.owsg", mtime=3_000)
    assert last_played(shipped, recent).path == saved
    os.utime(old, (5_000, 5_000))
    assert last_played(shipped, recent).path == old.resolve()


def test_nothing_to_continue_without_a_played_game(shipped):
    untouched(shipped, autosave_dir() / "fresh.owsg")
    assert last_played(shipped, RecentFiles()) is None


# --- the desktop ---------------------------------------------------------------------------


def window_for(qtbot, ruleset, session) -> MainWindow:
    window = MainWindow(ruleset, session)
    qtbot.addWidget(window)
    return window


def test_an_untouched_game_writes_no_autosave_and_its_first_action_does(qtbot, shipped):
    window = window_for(qtbot, shipped, new_game(shipped, None))
    assert window.session.path is None and not autosave_dir().exists()
    window.bridge.submit(RollDice(purpose="first"))
    path = window.session.path
    assert path is not None and path.parent == autosave_dir() and path.is_file()
    assert path.name in window.windowTitle()
    assert window.recent_menu.recent.paths() == [path]  # a played autosave is in Recent
    assert game_facts(shipped, path).played
    window.close()


def test_new_game_from_the_menu_waits_for_its_first_action(qtbot, shipped, monkeypatch):
    from owsqt.qt.app import gamefiles
    from owsqt.qt.app.newgamedialog import NewGameChoice

    window = window_for(qtbot, shipped, new_game(shipped, None))
    monkeypatch.setattr(gamefiles.NewGameDialog, "exec", lambda self: 1)
    monkeypatch.setattr(gamefiles.NewGameDialog, "choice", lambda self: NewGameChoice(OPENING))
    window.new_action.trigger()
    assert window.session.path is None and not autosave_dir().exists()


def test_the_games_dialog_lists_facts_and_opens_on_double_click(qtbot, shipped, tmp_path):
    saved = played(shipped, tmp_path / "kept" / "mine.owsg", mtime=1_000)
    auto = played(shipped, autosave_dir() / "auto.owsg", moves=2, mtime=2_000)
    window = window_for(qtbot, shipped, new_game(shipped, None))
    window.recent_menu.add(saved)
    assert window.library.action.shortcut().toString() == games.GAMES_KEYS == "Ctrl+Shift+O"
    dialog = window.library.show_games()
    tree = dialog.tree
    rows = [
        [tree.topLevelItem(r).text(c) for c in range(tree.columnCount())]
        for r in range(tree.topLevelItemCount())
    ]
    assert [tree.headerItem().text(c) for c in range(tree.columnCount())] == list(games.COLUMNS)
    assert rows[0][:5] == [
        "We are coming!",
        f"turn 1, {TWO_MOVES}",
        "both",
        "free",
        "solitaire",
    ]
    assert rows[0][6] == "autosave" and rows[1][6] == "mine.owsg"
    second = tree.topLevelItem(1)
    tree.itemActivated.emit(second, 0)  # what a double click sends
    assert window.session.path == saved and not dialog.isVisible()
    assert auto.is_file()
    window.close()


def test_an_empty_library_says_how_to_start(qtbot, shipped):
    dialog = GamesDialog(shipped, None, RecentFiles())
    qtbot.addWidget(dialog)
    assert dialog.tree.topLevelItemCount() == 0
    assert not dialog.empty.isHidden() and not dialog.open_button.isEnabled()


def test_continue_is_offered_on_a_bar_and_resumes_the_last_played(qtbot, shipped):
    last = played(shipped, autosave_dir() / "last.owsg", moves=2, mtime=2_000)
    untouched(shipped, autosave_dir() / "fresh.owsg", mtime=3_000)
    window = window_for(qtbot, shipped, new_game(shipped, None))
    bar = window.library.offer_continue()
    assert bar is not None and "We are coming!" in bar.label.text()
    assert f"turn 1, {TWO_MOVES}" in bar.label.text()
    assert window.session.path is None  # the new game is on the table meanwhile
    qtbot.mouseClick(bar.continue_button, Qt.MouseButton.LeftButton)
    assert window.session.path == last.resolve() or window.session.path == last
    assert bar.isHidden()  # gone once another game is on the table
    window.close()


def test_no_bar_and_a_clear_word_when_nothing_was_played(qtbot, shipped):
    window = window_for(qtbot, shipped, new_game(shipped, None))
    assert window.library.offer_continue() is None
    assert not window.library.continue_last()
    assert "No played game" in window.statusBar().currentMessage()


def test_open_starts_in_the_games_folder(qtbot):
    dialog = open_dialog()
    qtbot.addWidget(dialog)
    assert Path(dialog.directory().absolutePath()) == games_dir()
    assert games_dir().is_dir()


def test_save_as_starts_in_the_games_folder_and_save_goes_to_recent(
    qtbot, shipped, monkeypatch, tmp_path
):
    window = window_for(qtbot, shipped, new_game(shipped, None))
    asked = []
    target = tmp_path / "named.owsg"

    def save_name(parent, title, folder, filters):
        asked.append(folder)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    window.save_action.trigger()  # an unsaved game asks for a name
    assert asked == [str(games_dir())]
    window.recent_menu.recent.clear()
    window.save_action.trigger()  # saved under its name: Save puts it first in Recent
    assert window.recent_menu.recent.paths() == [target]
    window.close()
