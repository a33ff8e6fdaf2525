"""The replay of the journal on the map: the Replay dock under the log, the table shut to
play while it shows the past (no drags, no menus, End step and Roll greyed, Esc its own),
the map and the log at the entry shown, and the table as it stands again when it is left."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from owsqt.qt.app.gamelog import GameLog
from owsqt.qt.app.statusline import StatusLine
from owsqt.qt.app.undoreasons import replay_gates
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.map.view import MapView
from owsqt.qt.play.replay import ReplayDock
from owsqt.rules.core.state import GameState

LEAVE_REPLAY = "Leave the replay to play (Esc / Continue play)"


class ReplayWatch:
    """Watching the game's past on the table, and leaving it."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        log: GameLog,
        show_on_map: Callable[[GameState], None],
    ) -> None:
        self._window, self._bridge, self._log = window, bridge, log
        self._show_on_map = show_on_map
        self.dock = ReplayDock(window)  # under the log, hidden until a replay starts
        window.splitDockWidget(log.dock, self.dock, Qt.Orientation.Vertical)
        self.dock.hide()
        self.dock.entryShown.connect(self.show_entry)

    def gate(
        self,
        view: MapView,
        hint: StatusLine,
        deselect: QAction,
        played: tuple[QAction, QAction],
    ) -> None:
        """What a replay shuts and opens again: the map's drags and menus, Esc's other use
        (`deselect`), End step and Roll (`played`); and the status line it speaks in."""
        self._view, self._hint, self._deselect, self._played = view, hint, deselect, played

    def is_active(self) -> bool:
        return self.dock.is_active()

    def replay_game(self) -> None:
        """Replay the whole game, starting at its end, to step back through it."""
        entries = len(self._bridge.session.entries)
        self.watch(1, entries)
        self.dock.show_entry(entries)

    def watch(self, first: int, last: int) -> None:
        """Replay entries `first` to `last` on the map; nothing is played until it is left."""
        replay_gates(True, *self._played)
        self._view.setInteractive(False)  # no drags and no menus on the past
        self._deselect.setEnabled(False)  # Esc is the replay's: Continue play
        log_height = self._log.dock.height()
        self.dock.start(self._bridge.session, first, last)
        # The replay takes its room from the stack below, not from the log it follows.
        replay_height = self.dock.sizeHint().height()
        self._window.resizeDocks(
            [self._log.dock, self.dock], [log_height, replay_height], Qt.Orientation.Vertical
        )

    def show_entry(self, entry: int) -> None:
        """The map as the game stood after `entry`, and that entry's last line in the log."""
        self._show_on_map(self._bridge.session.state_after(entry))
        self._log.show_entry(entry)
        self._hint.setText(f"Replay: the map shows the game after entry {entry}. {LEAVE_REPLAY}")

    def leave(self) -> None:
        self.dock.stop()
        self._view.setInteractive(True)
        self._deselect.setEnabled(True)

    def blocks(self) -> bool:
        """While a replay shows the past nothing is played: say how to leave it."""
        if not self.is_active():
            return False
        self._bridge.say(LEAVE_REPLAY, 8000)
        self.dock.widget().setFocus()  # where Esc leaves it
        return True
