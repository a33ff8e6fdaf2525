"""Where owsqt keeps the player's own files (platformdirs' folders): autosaved games,
the games folder and the list of recently opened games (the library that reads them is
owsqt.gamelibrary).

Nothing here imports Qt: the desktop shows these files, this module only knows them."""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP = "owsqt"  # the folders' name under the system's data and config homes
AUTOSAVE_FOLDER = "autosave"
GAMES_FOLDER = "games"
JOURNAL_SUFFIX = ".owsg"
RECENT_FILE = "recent.json"
RECENT_LIMIT = 8


def data_dir() -> Path:
    """The player's data folder, as platformdirs has it for this system: on Linux
    $XDG_DATA_HOME/owsqt or ~/.local/share/owsqt (where owsqt always kept it), on Windows
    %LOCALAPPDATA%\\owsqt, on macOS ~/Library/Application Support/owsqt."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def autosave_dir() -> Path:
    """The folder every new game journals to from its player's first action on (it may not
    exist yet)."""
    return data_dir() / AUTOSAVE_FOLDER


def games_dir() -> Path:
    """The folder where Open starts and Save As proposes to keep games: $XDG_DATA_HOME/
    owsqt/games, beside the autosave folder (it may not exist yet)."""
    return data_dir() / GAMES_FOLDER


def new_autosave_path(now: datetime | None = None) -> Path:
    """A fresh file for a new game's journal; every game keeps its own, so none is lost."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%d_%H-%M-%S")
    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game_{stamp}{JOURNAL_SUFFIX}"
    counter = 1
    while path.exists():
        counter += 1
        path = folder / f"game_{stamp}_{counter}{JOURNAL_SUFFIX}"
    return path


# --- recently opened games ----------------------------------------------------------------


class RecentFiles:
    """The games opened or saved lately, newest first, kept in `recent.json` in data_dir().

    A convenience, never a reason to stop: a missing, unreadable or corrupted list reads as
    empty, and a list that cannot be written is logged and forgotten."""

    def __init__(self, file: Path | None = None, limit: int = RECENT_LIMIT) -> None:
        self.file = file if file is not None else data_dir() / RECENT_FILE
        self.limit = limit

    def paths(self) -> list[Path]:
        """The remembered games that still exist, newest first, at most `limit`."""
        return [path for path in self._read() if path.is_file()][: self.limit]

    def add(self, path: Path) -> None:
        """Put `path` first; an older mention of the same file goes, and so do vanished files."""
        path = _absolute(path)
        # Pruning missing files here keeps the eight places useful for games that exist.
        kept = [old for old in self._read() if old != path and old.is_file()]
        self._write([path, *kept][: self.limit])

    def remove(self, path: Path) -> None:
        """Forget `path` (say, a game that no longer opens)."""
        path = _absolute(path)
        self._write([old for old in self._read() if old != path])

    def clear(self) -> None:
        self._write([])

    def _read(self) -> list[Path]:
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):  # JSONDecodeError is a ValueError
            return []
        names = data.get("recent") if isinstance(data, dict) else None
        if not isinstance(names, list):
            return []
        paths: list[Path] = []
        for name in names:
            if isinstance(name, str) and name and "\0" not in name:
                path = _absolute(Path(name))
                if path not in paths:  # a hand-edited list may repeat itself
                    paths.append(path)
        return paths

    def _write(self, paths: list[Path]) -> None:
        text = json.dumps({"recent": [str(path) for path in paths]}, indent=2) + "\n"
        try:
            _write_atomically(self.file, text)
        except OSError as error:
            log.warning("cannot write the recent files list %s: %s", self.file, error)


def _absolute(path: Path) -> Path:
    """One spelling per file, so that duplicates are found (symlinks resolved, ~ expanded)."""
    return path.expanduser().resolve()


def _write_atomically(path: Path, text: str) -> None:
    """Replace `path` whole: two owsqt windows writing at once leave one list, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
