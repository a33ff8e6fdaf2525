"""Where owsqt keeps the player's own files: autosaved games (XDG base directories)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path


def data_dir() -> Path:
    """$XDG_DATA_HOME/owsqt, or ~/.local/share/owsqt."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "owsqt"


def new_autosave_path(now: datetime | None = None) -> Path:
    """A fresh file for a new game's journal; every game keeps its own, so none is lost."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%d_%H-%M-%S")
    folder = data_dir() / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game_{stamp}.owsg"
    counter = 1
    while path.exists():
        counter += 1
        path = folder / f"game_{stamp}_{counter}.owsg"
    return path
