"""Start the desktop program: the application object, the data, the first game."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from owsqt.qt.mainwindow import MainWindow
from owsqt.rules.datafile import DataError
from owsqt.rules.mapfile import MapFileError
from owsqt.rules.ruleset import default_ruleset
from owsqt.rules.verdict import Mode
from owsqt.session import GameSession
from owsqt.userfiles import new_autosave_path

INTRODUCTORY_SCENARIO = "we-are-coming"


def run(argv: list[str], game: Path | None = None) -> int:
    """Open the main window on `game`, or on a new game of the introductory scenario."""
    app = QApplication.instance() or QApplication(argv)
    app.setApplicationName("owsqt")
    app.setOrganizationName("owsqt")
    try:
        ruleset = default_ruleset()
    except (DataError, MapFileError) as error:
        QMessageBox.critical(None, "owsqt cannot start", f"A data file is broken:\n\n{error}")
        return 2
    session = GameSession.new(ruleset, INTRODUCTORY_SCENARIO, Mode.FREE, path=new_autosave_path())
    session.apply_default_setup()  # a newcomer sees the full board of 19.1 at once
    window = MainWindow(ruleset, session)
    if game is not None:
        window.load(game)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(run(sys.argv))
