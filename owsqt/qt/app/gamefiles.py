"""The game files of the table: a new game, open (a torn file offered for recovery), the
recent files and the games library, save and save as, and what the player is told when the
game file cannot be written. Every action is on disk already (the journal); these choose
which file the table plays."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMessageBox

from owsqt.journal.recovery import Tear, TornJournal, copy_path
from owsqt.journal.textformat import JournalError
from owsqt.qt.app.autosave import LazyAutosave
from owsqt.qt.app.games import GameLibrary, open_dialog
from owsqt.qt.app.newgamedialog import NewGameChoice, NewGameDialog, start_game
from owsqt.qt.app.recentfiles import RecentFilesMenu
from owsqt.qt.bridge import SessionBridge
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession, open_journal, recover_game
from owsqt.userfiles import autosave_dir, games_dir

JOURNAL_FILTER = "owsqt games (*.owsg);;All files (*)"


class GameFiles:
    """Which game file the table plays, and its File menu's work."""

    def __init__(
        self,
        window: QMainWindow,
        ruleset: Ruleset,
        bridge: SessionBridge,
        autosave: LazyAutosave,
        refresh: Callable[[], None],
    ) -> None:
        self._window, self._ruleset, self._bridge = window, ruleset, bridge
        self._refresh = refresh
        # a game by e-mail through a Matrix room, made by the table's network play (issue 40)
        self.host_network: Callable[[NewGameChoice], None] | None = None
        self.recent_menu = RecentFilesMenu(parent=window)
        self.recent_menu.open_requested.connect(self.load)
        autosave.saved.connect(self.recent_menu.add)
        self.library = GameLibrary(
            window, ruleset, bridge, self.load, lambda: self.recent_menu.recent
        )

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    def _say(self, text: str, milliseconds: int = 8000) -> None:
        self._window.statusBar().showMessage(text, milliseconds)

    def open_game(self) -> None:
        dialog = open_dialog(self._window)  # starts in the games folder
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.selectedFiles():
            self.load(Path(dialog.selectedFiles()[0]))

    def load(self, path: Path) -> bool:
        """Open a saved game; on a bad file say why and keep the current game untouched. A
        file cut off in the middle of its last entry is offered for recovery."""
        current = self.session.path
        if current is not None and _same_file(current, path):  # by any name (a link)
            self._say(f"{path.name} is the game on the table", 5000)
            return True
        note = None
        try:
            session = open_journal(self._ruleset, path)
        except TornJournal as torn:
            recovered = self._recovered(path, torn.tear)
            if recovered is None:
                return False
            session, copy = recovered
            note = f"Recovered {torn.tear.whole} entries of {path.name}; the cut-off file is {copy}"
        except (JournalError, OSError) as error:  # OSError: a version 1 file's rewriting
            QMessageBox.warning(self._window, "Cannot open this game", f"{path.name}\n\n{error}")
            return False
        self._bridge.replace(session)
        self.recent_menu.add(path)
        if note:
            self._say(note)
        return True

    def _recovered(self, path: Path, tear: Tear) -> tuple[GameSession, Path] | None:
        """Ask whether to recover a torn file's whole entries: the game and where the file
        as it was is kept, or None."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Recover the game?",
            f"The end of {path.name} was cut off in the middle of entry {tear.entry} "
            f"({tear.torn_bytes} bytes): a save that did not finish. Recover the "
            f"{tear.whole} whole entries?",
            parent=self._window,
        )
        box.setInformativeText(
            f"The file as it is now is kept beside it as\n{copy_path(path).name}"
        )
        recover = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(recover)
        box.exec()
        if box.clickedButton() is not recover:
            return None
        try:
            return recover_game(self._ruleset, path)
        except (JournalError, OSError) as error:
            QMessageBox.warning(self._window, "Cannot recover this game", f"{path.name}\n\n{error}")
            return None

    def new_game(self) -> None:
        """Start a game chosen in the New Game dialog; the current one stays autosaved. The
        new one is autosaved at its first action (LazyAutosave)."""
        dialog = NewGameDialog(self._ruleset, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        if choice.network and self.host_network is not None:
            self.host_network(choice)
            return
        try:
            session = start_game(self._ruleset, choice, None)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self._window, "Cannot start the game", str(error))
            return
        self._bridge.replace(session)

    def save_game(self) -> None:
        """The journal is written at every action; a game still in the autosave folder asks
        for a name and place of its own."""
        path = self.session.path
        if path is None or path.parent == autosave_dir():
            self.save_game_as()
        else:
            self.recent_menu.add(path)
            self._say(f"Saved: {path}", 4000)

    def save_game_as(self) -> None:
        games_dir().mkdir(parents=True, exist_ok=True)
        name, _ = QFileDialog.getSaveFileName(
            self._window, "Save game as", str(games_dir()), JOURNAL_FILTER
        )
        if not name:
            return
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".owsg")
        try:
            self.session.save_as(path)
        except OSError as error:
            QMessageBox.warning(self._window, "Cannot save", f"{path}\n\n{error.strerror or error}")
        except JournalError as error:  # JournalLocked: another owsqt writes that file
            QMessageBox.warning(self._window, "Cannot save", f"{path}\n\n{error}")
        else:
            self.recent_menu.add(path)
        self._refresh()

    def write_failed(self, error: OSError) -> None:
        """The game file could not be written: the action was not made. When the session let
        go of the file (session.lost), the game goes on unsaved: say so once, offer Save As."""
        lost = self.session.lost
        reason = error.strerror or error
        if lost is None:  # still bound: nothing reached the file
            QMessageBox.warning(
                self._window,
                "Cannot write the game file",
                f"{self.session.path or 'the game file'}\n\n{reason}\n\nNothing was changed. "
                "Free some space or use Save As to keep playing in another place.",
            )
            return
        end = (
            f"{lost.name} holds the game up to the action before it"
            if getattr(error, "rolled_back", True)
            else f"The end of {lost.name} is cut off; opening it recovers the actions before"
        )
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "The game is no longer saved",
            f"{lost.name} could not be written: {reason}.\n\nThe last action was not made. "
            f"{end}, and nothing more will be written there.\n\nSave the game in another "
            "place to keep it. If you play on without saving, your next action saves it in "
            "the autosave folder.",
            parent=self._window,
        )
        save = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.exec()
        if box.clickedButton() is save:
            self.save_game_as()
        self._refresh()


def _same_file(one: Path, other: Path) -> bool:
    """Whether two names lead to one file (its identity: a link is the file it leads to)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
