"""`owsqt screenshot`: the table of a saved game at any entry, or of a new game, rendered
offscreen as a player would see it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.fonts import load_fonts
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, new_game

WINDOW_SIZE = (1600, 1000)


def take_screenshot(
    ruleset: Ruleset,
    out: Path,
    *,
    scenario: str | None = None,
    session: GameSession | None = None,
    entry: int | None = None,
    hex_id: str | None = None,
    zoom: float = 0.6,
) -> tuple[int, int]:
    """Save the window as a PNG: `session` (a saved game) as it stood after `entry` (its
    last entry when None; 0 is the start), shown in the replay as the desktop shows the past;
    else a new game of `scenario` with its default set-up. ValueError for bad input."""
    if session is None:
        session = _new_game(ruleset, scenario)
    total = len(session.entries)
    if entry is not None and not 0 <= entry <= total:
        raise ValueError(f"--entry {entry}: the game has entries 0 (its start) to {total}")
    if not 0.05 <= zoom <= 8:
        raise ValueError(f"zoom {zoom} is outside 0.05 to 8")
    centre = ruleset.grid.hex_of(hex_id) if hex_id else None
    app = QApplication.instance() or QApplication([])
    load_fonts()
    window = MainWindow(ruleset, session)
    window.resize(*WINDOW_SIZE)
    window.show()
    app.processEvents()
    if entry is not None and entry != total:
        window.watch(1, total)  # the past is shown in the replay, as the desktop shows it
        window.replay.show_entry(entry)
    window.view.resetTransform()
    window.view.scale(zoom, zoom)
    if centre is not None:
        window.view.centerOn(window.map_item.hex_center(centre))
    app.processEvents()
    image = window.grab()
    if not image.save(str(out)):
        raise ValueError(f"cannot write {out}")
    size = (image.width(), image.height())
    window.close()
    return size


def _new_game(ruleset: Ruleset, scenario: str | None) -> GameSession:
    if scenario is None or scenario not in ruleset.scenarios:
        known = ", ".join(sorted(ruleset.scenarios))
        raise ValueError(f"unknown scenario {scenario!r}; known: {known}")
    session = new_game(ruleset, scenario, Mode.FREE, seed=1)
    session.apply_default_setup()
    return session
