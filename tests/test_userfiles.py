"""The player's own files: the recent games list, the autosave and games
folders (the library of games: tests/test_gamelibrary.py)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from owsqt.userfiles import (
    RECENT_LIMIT,
    RecentFiles,
    autosave_dir,
    data_dir,
    games_dir,
    new_autosave_path,
)


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch) -> Path:
    """Every test writes under its own XDG_DATA_HOME, never into the player's."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def games(folder: Path, *names: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in names]
    for path in paths:
        path.write_text("a game\n")
    return paths


# --- recent files -------------------------------------------------------------------------


def test_the_list_lives_in_the_data_folder_and_starts_empty(data_home):
    recent = RecentFiles()
    assert recent.file == data_home / "owsqt" / "recent.json" == data_dir() / "recent.json"
    assert recent.paths() == []
    assert not recent.file.exists()  # reading never writes


def test_newest_first_and_a_game_opened_again_moves_to_the_top(tmp_path):
    a, b, c = games(tmp_path / "games", "a.owsg", "b.owsg", "c.owsg")
    recent = RecentFiles()
    for path in (a, b, c):
        recent.add(path)
    assert recent.paths() == [c, b, a]
    recent.add(a)
    assert recent.paths() == [a, c, b]
    assert RecentFiles().paths() == [a, c, b]  # kept on disk for the next start


def test_one_file_spelled_two_ways_is_listed_once(tmp_path, monkeypatch):
    (game,) = games(tmp_path / "games", "a.owsg")
    monkeypatch.chdir(tmp_path)
    recent = RecentFiles()
    recent.add(game)
    recent.add(Path("games") / ".." / "games" / "a.owsg")
    assert recent.paths() == [game]
    assert len(json.loads(recent.file.read_text())["recent"]) == 1


def test_at_most_eight_games_are_remembered(tmp_path):
    paths = games(tmp_path / "games", *(f"game{n}.owsg" for n in range(RECENT_LIMIT + 3)))
    recent = RecentFiles()
    for path in paths:
        recent.add(path)
    assert recent.paths() == paths[::-1][:RECENT_LIMIT]
    assert len(json.loads(recent.file.read_text())["recent"]) == RECENT_LIMIT


def test_deleted_games_are_not_listed_and_make_room(tmp_path):
    a, b, c = games(tmp_path / "games", "a.owsg", "b.owsg", "c.owsg")
    recent = RecentFiles(limit=2)
    recent.add(a)
    recent.add(b)
    b.unlink()
    assert recent.paths() == [a]
    recent.add(c)
    assert recent.paths() == [c, a]  # the vanished b did not push a out


def test_remove_and_clear(tmp_path):
    a, b = games(tmp_path / "games", "a.owsg", "b.owsg")
    recent = RecentFiles()
    recent.add(a)
    recent.add(b)
    recent.remove(b)
    assert recent.paths() == [a]
    recent.clear()
    assert recent.paths() == []


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "",
        "\xff\xfe garbage",
        '["a list instead"]',
        '{"recent": 5}',
        '{"recent": [3, null, "", {"x": 1}]}',
    ],
)
def test_a_corrupted_list_reads_as_empty_and_is_replaced(tmp_path, text):
    recent = RecentFiles()
    recent.file.parent.mkdir(parents=True)
    recent.file.write_text(text, encoding="latin-1")
    assert recent.paths() == []
    (game,) = games(tmp_path / "games", "a.owsg")
    recent.add(game)
    assert recent.paths() == [game]


def test_a_list_that_cannot_be_written_is_no_reason_to_fail(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    recent = RecentFiles(blocker / "recent.json")
    (game,) = games(tmp_path / "games", "a.owsg")
    recent.add(game)  # logged, not raised
    assert recent.paths() == []


def test_new_games_journal_into_the_autosave_folder():
    path = new_autosave_path(datetime(2026, 11, 21, 5, 1, 2))
    assert path.parent == autosave_dir()
    assert path.name == "game_2026-11-21_05-01-02.owsg"


def test_the_games_folder_sits_beside_the_autosaves(data_home):
    assert games_dir() == data_home / "owsqt" / "games"
    assert games_dir().parent == autosave_dir().parent


# --- the folders (issue 24) ----------------------------------------------------------------


def test_issue_24_linux_keeps_the_folders_owsqt_always_used(monkeypatch, tmp_path):
    from owsqt.journal.identity import config_dir

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "owsqt"
    assert config_dir() == tmp_path / ".config" / "owsqt"


def test_issue_24_the_folders_are_those_platformdirs_gives_the_system(monkeypatch, tmp_path):
    """On macOS (as platformdirs has it, whatever runs the test) the games and the keys go
    under ~/Library/Application Support."""
    import platformdirs
    from platformdirs.macos import MacOS

    from owsqt.journal.identity import config_dir

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)
    support = tmp_path / "Library" / "Application Support" / "owsqt"
    assert data_dir() == support and games_dir() == support / "games"
    assert config_dir() == support
