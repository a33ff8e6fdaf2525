"""Start the desktop program: the application object, the data, the first game."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from owsqt.journal.identity import Identity, IdentityError
from owsqt.qt.app.fileopen import FileOpenFilter
from owsqt.qt.app.mainwindow import MainWindow
from owsqt.qt.app.selftest import schedule_self_test
from owsqt.qt.fonts import load_fonts
from owsqt.qt.kit.heap import settle_heap
from owsqt.rules.core.verdict import Mode
from owsqt.rules.data.datafile import DataError, resources_dir
from owsqt.rules.map.mapfile import MapFileError
from owsqt.rules.scenario.ruleset import default_ruleset
from owsqt.session import new_game

INTRODUCTORY_SCENARIO = "we-are-coming"


def program_icon() -> QIcon:
    """owsqt's icon at every size shipped (resources/icons, drawn by tools/icon.py)."""
    icon = QIcon()
    for path in sorted((resources_dir() / "icons").glob("owsqt-*.png")):
        icon.addFile(str(path))
    return icon


def run(argv: list[str], game: Path | None = None, self_test: Path | None = None) -> int:
    """Open the main window on `game`, or on a new game of the introductory scenario; with
    `self_test`, check the program and quit (owsqt.qt.app.selftest)."""
    app = QApplication.instance() or QApplication(argv)
    app.setApplicationName("owsqt")
    app.setOrganizationName("owsqt")
    QApplication.setDesktopFileName("owsqt")  # packaging/linux/owsqt.desktop
    QApplication.setWindowIcon(program_icon())
    try:
        load_fonts()  # before any window: every widget takes the shipped font
        ruleset = default_ruleset()
    except (DataError, MapFileError) as error:
        QMessageBox.critical(None, "owsqt cannot start", f"A data file is broken:\n\n{error}")
        return 2
    try:
        Identity.load_or_create()  # every entry is signed with it (docs/pbem-format.md)
    except IdentityError as error:
        QMessageBox.critical(None, "owsqt cannot start", f"{str(error).capitalize()}.")
        return 2
    # No file yet: the game is autosaved at the player's first action (LazyAutosave), so a
    # start nobody plays leaves nothing to be offered as "Continue last game".
    session = new_game(ruleset, INTRODUCTORY_SCENARIO, Mode.FREE)
    session.apply_default_setup()  # a newcomer sees the full board of 19.1 at once
    window = MainWindow(ruleset, session)
    if game is None:  # the game played last is offered on a bar above the map, which blocks nothing
        window.library.offer_continue()
    elif not _opened(window, game):
        print(f"owsqt: --open {game}: not opened; a new game instead", file=sys.stderr)
    screen = QApplication.primaryScreen()  # static; instance() is typed QCoreApplication
    if screen is not None:  # a map wants all the room the screen has, window manager or not
        window.setGeometry(screen.availableGeometry())
    window.showMaximized()
    opener = FileOpenFilter(lambda path: _opened(window, path), window)
    app.installEventFilter(opener)  # macOS: a game file opened in the Finder
    if self_test is not None:
        schedule_self_test(window, self_test)
    settle_heap()  # the start's objects kept out of the collector's way (kit/heap.py)
    return app.exec()


def _opened(window: MainWindow, game: Path) -> bool:
    """Open `game` in `window`; when it cannot be, a message box says why and the new game
    stays (MainWindow.load), also when the file reads but cannot be written (a version 1
    journal is rewritten when opened)."""
    try:
        return window.load(game)
    except OSError as error:
        why = error.strerror or str(error)
        QMessageBox.warning(window, "Cannot open this game", f"{game.name}\n\n{why}")
        return False


if __name__ == "__main__":
    raise SystemExit(run(sys.argv))
