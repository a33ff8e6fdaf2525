"""The Replay dock: VCR controls to step through the journal one entry at a time.

After an opponent's e-mail file is imported, the player steps or plays through its entries and
sees each on the map; at any time the player may look back over the game, to an entry or to
the start of a phase. The dock draws no map: it says which entry to show (`entryShown`) and the
main window shows the state after it; "Continue play" (or Esc) ends the replay (`finished`).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from PySide6.QtCore import QSignalBlocker, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.journal.textformat import EntryKind
from owsqt.qt.play.stephint import words
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.session import GameSession

SPEEDS = (("Slow", 1400), ("Normal", 700), ("Fast", 250))  # ms between entries when playing
DEFAULT_INTERVAL = 700
ICON_PIXELS = 22
BULLET = "• "


@dataclass(frozen=True, slots=True)
class PhaseStart:
    """An entry after which the game stands in a new turn or phase (0: the start)."""

    entry: int
    turn: int
    phase: Phase

    @property
    def title(self) -> str:
        phase = words(self.phase)
        return f"Turn {self.turn} · {phase[:1].upper()}{phase[1:]}"


def phase_starts(session: GameSession) -> list[PhaseStart]:
    """Every entry where the turn or the phase changes, over the whole game."""
    starts = [PhaseStart(0, *session.phase_after(0))]
    for entry in session.entries:
        step = session.phase_after(entry.number)
        latest = starts[-1]
        if step != (latest.turn, latest.phase):
            starts.append(PhaseStart(entry.number, *step))
    return starts


def step_text(state: GameState) -> str:
    """Where the game stands: "Turn 1: initiative, initiative determination"."""
    return f"Turn {state.turn}: {words(state.phase)}, {words(state.segment)}"


def entry_lines(session: GameSession, number: int, side: Player | None = None) -> list[str]:
    """What entry `number` did, line by line, for the player to read (0: the start); as
    `side` may read it under the fog of war (18.1), or all of it for None."""
    if number == 0:
        return ["The start of the game, before any entry."]
    entry = session.entries[number - 1]
    lines: list[str] = []
    if entry.kind is EntryKind.UNDO and entry.target is not None:  # the session checked it
        lines.append(f"Undo of entry #{entry.target}, which had:")
        lines.extend(BULLET + line for line in session.narration(entry.target, side))
        return lines
    if entry.kind is EntryKind.REDO:
        lines.append(f"Redo of entry #{entry.target}:")
    lines.extend(BULLET + line for line in session.narration(number, side))
    broken = session.violations(number, side)
    lines.extend(f"{BULLET}Rule broken: {violation}" for violation in broken)
    return lines or ["Nothing the log records."]


class ReplayDock(QDockWidget):
    """VCR controls over the journal: to start, step back, play/pause, step on, to end."""

    entryShown = Signal(int)  # the entry whose after-state to show; 0: the start of the game
    finished = Signal()  # the player leaves the replay

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Replay", parent)
        self.setObjectName("replayDock")
        # Closing is leaving the replay: that is "Continue play", not a close button.
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self._session: GameSession | None = None
        self._first = 1
        self._last = 0
        self._shown = 0
        self._active = False
        self._starts: list[PhaseStart] = []
        self._viewer: Player | None = None  # the side whose eyes read the entries (18.1)
        self._timer = QTimer(self)
        self._timer.setInterval(DEFAULT_INTERVAL)
        self._timer.timeout.connect(self._on_tick)
        panel = QWidget(self)
        panel.setObjectName("replayPanel")
        panel.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # keeps the keys for the replay
        layout = QVBoxLayout(panel)
        layout.addLayout(self._make_buttons())
        layout.addLayout(self._make_jumps())
        layout.addWidget(self._make_where())
        layout.addWidget(self._make_range())
        layout.addWidget(self._make_narration(), 1)
        layout.addWidget(self._make_continue(), 0, Qt.AlignmentFlag.AlignRight)
        self.setWidget(panel)
        self._make_shortcuts(panel)
        self.hide()

    # --- building -----------------------------------------------------------------------

    def _make_buttons(self) -> QHBoxLayout:
        pixmaps = QStyle.StandardPixmap
        row = QHBoxLayout()
        self._to_start = self._button("replayToStart", pixmaps.SP_MediaSkipBackward)
        self._back = self._button("replayStepBack", pixmaps.SP_MediaSeekBackward)
        self._play = self._button("replayPlay", pixmaps.SP_MediaPlay)
        self._forward = self._button("replayStepForward", pixmaps.SP_MediaSeekForward)
        self._to_end = self._button("replayToEnd", pixmaps.SP_MediaSkipForward)
        self._back.setToolTip("Step back one entry (Left or Ctrl+Left)")
        self._forward.setToolTip("Step forward one entry (Right or Ctrl+Right)")
        self._play.setCheckable(True)
        self._to_start.clicked.connect(self._on_to_start)
        self._back.clicked.connect(self._on_step_back)
        self._play.toggled.connect(self._on_play_toggled)
        self._forward.clicked.connect(self._on_step_forward)
        self._to_end.clicked.connect(self._on_to_end)
        for button in (self._to_start, self._back, self._play, self._forward, self._to_end):
            row.addWidget(button)
        row.addStretch(1)
        self._speed = QComboBox()
        self._speed.setObjectName("replaySpeed")
        self._speed.setToolTip("How fast Play goes from one entry to the next")
        self._speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for name, interval in SPEEDS:
            self._speed.addItem(name, interval)
        self._speed.setCurrentIndex(self._speed.findData(DEFAULT_INTERVAL))
        self._speed.activated.connect(self._on_speed_chosen)
        row.addWidget(self._speed)
        return row

    def _button(self, name: str, pixmap: QStyle.StandardPixmap) -> QToolButton:
        button = QToolButton()
        button.setObjectName(name)
        button.setIcon(self.style().standardIcon(pixmap))
        button.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys belong to the shortcuts
        return button

    def _make_jumps(self) -> QFormLayout:
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self._entry = QSpinBox()
        self._entry.setObjectName("replayEntry")
        self._entry.setKeyboardTracking(False)  # jump once the number is typed in full
        self._entry.setToolTip(
            "Jump to an entry of the journal: the map shows the game as it stood after it "
            "(0: the start of the game)"
        )
        self._entry.valueChanged.connect(self._on_entry_chosen)
        self._phase = QComboBox()
        self._phase.setObjectName("replayPhase")
        self._phase.setToolTip("Jump to where a turn or a phase of the game began")
        # "Turn 12 · Stalingrad pocket" must fit, however narrow the dock.
        self._phase.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._phase.setMinimumContentsLength(len("Turn 12 · Stalingrad pocket"))
        self._phase.activated.connect(self._on_phase_chosen)
        form.addRow("&Entry:", self._entry)
        form.addRow("Jump to &phase:", self._phase)
        return form

    def _make_where(self) -> QLabel:
        self._where = QLabel()
        self._where.setObjectName("replayWhere")
        self._where.setWordWrap(True)
        font = self._where.font()
        font.setBold(True)
        self._where.setFont(font)
        return self._where

    def _make_range(self) -> QLabel:
        self._range = QLabel()
        self._range.setObjectName("replayRange")
        self._range.setWordWrap(True)
        self._range.setToolTip("The entries this replay steps through; Play stops at the last")
        return self._range

    def _make_narration(self) -> QPlainTextEdit:
        self._narration = QPlainTextEdit()
        self._narration.setObjectName("replayNarration")
        self._narration.setReadOnly(True)
        self._narration.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._narration.setToolTip("What happened in the entry shown")
        return self._narration

    def _make_continue(self) -> QPushButton:
        self._continue = QPushButton("Continue play")
        self._continue.setObjectName("replayContinue")
        self._continue.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton)
        )
        self._continue.setDefault(True)
        self._continue.setToolTip("Leave the replay and go on with the game as it stands (Esc)")
        self._continue.clicked.connect(self._on_continue)
        return self._continue

    def _make_shortcuts(self, panel: QWidget) -> None:
        keys = (
            (("Home",), self._on_to_start),
            (("Left", "Ctrl+Left"), self._on_step_back),
            (("Space",), self._play.click),
            (("Right", "Ctrl+Right"), self._on_step_forward),
            (("End",), self._on_to_end),
            (("Esc",), self._on_continue),
        )
        for sequences, slot in keys:
            for sequence in sequences:
                shortcut = QShortcut(QKeySequence(sequence), panel)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(slot)

    # --- the API of the main window -------------------------------------------------------

    @property
    def shown(self) -> int:
        """The entry whose after-state is shown now (0: the start of the game)."""
        return self._shown

    @property
    def interval(self) -> int:
        """Milliseconds between two entries when playing."""
        return self._timer.interval()

    @interval.setter
    def interval(self, milliseconds: int) -> None:
        self._timer.setInterval(milliseconds)

    @property
    def viewer(self) -> Player | None:
        """The side the entries are told for under the fog of war (18.1); None: all."""
        return self._viewer

    @viewer.setter
    def viewer(self, side: Player | None) -> None:
        if side is not self._viewer:
            self._viewer = side
            if self._active:
                self._show(self._shown, force=True)

    def is_active(self) -> bool:
        return self._active

    def start(self, session: GameSession, first: int = 1, last: int | None = None) -> None:
        """Replay entries `first` to `last` (default: the latest): show the game as it stood
        before `first`, and the dock, which takes the keyboard focus for its keys."""
        count = len(session.entries)
        self._session = session
        self._first = min(max(first, 1), count + 1)
        self._last = count if last is None else min(max(last, self._first - 1), count)
        self._active = True
        self._starts = phase_starts(session)
        self._fill_phases()
        with QSignalBlocker(self._entry):
            self._entry.setRange(0, count)
        self._to_start.setToolTip(
            f"To entry {self._first - 1}, before the replay's first entry; pressed there, "
            "to the start of the game (Home)"
        )
        self._to_end.setToolTip(
            f"To entry {self._last}, the replay's last; pressed there, to the latest entry (End)"
        )
        self._pause()
        self.show()
        self.raise_()
        self.widget().setFocus()
        self._show(self._first - 1, force=True)

    def stop(self) -> None:
        """Stop playing and hide the dock (without `finished`)."""
        self._pause()
        self._active = False
        self.hide()

    def show_entry(self, entry: int) -> None:
        """Show the state after `entry`, kept within the journal; entryShown when it changes."""
        self._pause()
        self._show(entry)

    # --- slots ---------------------------------------------------------------------------

    def _on_to_start(self) -> None:
        self.show_entry(self._first - 1 if self._shown > self._first - 1 else 0)

    def _on_step_back(self) -> None:
        self.show_entry(self._shown - 1)

    def _on_step_forward(self) -> None:
        self.show_entry(self._shown + 1)

    def _on_to_end(self) -> None:
        self.show_entry(self._last if self._shown < self._last else self._count())

    def _on_play_toggled(self, playing: bool) -> None:
        pixmap = (
            QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        )
        self._play.setIcon(self.style().standardIcon(pixmap))
        self._update_play_tip()
        if not playing:
            self._timer.stop()
            return
        if self._shown >= self._last:  # at the end of the replay: play it again
            self._show(self._first - 1)
        self._timer.start()

    def _on_tick(self) -> None:
        self._show(self._shown + 1)
        if self._shown >= self._last:
            self._pause()

    def _on_speed_chosen(self, index: int) -> None:
        self.interval = self._speed.itemData(index)

    def _on_entry_chosen(self, entry: int) -> None:
        self.show_entry(entry)

    def _on_phase_chosen(self, index: int) -> None:
        self.show_entry(self._phase.itemData(index))

    def _on_continue(self) -> None:
        self.stop()
        self.finished.emit()

    # --- showing ---------------------------------------------------------------------------

    def _show(self, entry: int, force: bool = False) -> None:
        session = self._session
        if session is None:
            return
        entry = min(max(entry, 0), self._count())
        if entry == self._shown and not force:
            return
        self._shown = entry
        with QSignalBlocker(self._entry):
            self._entry.setValue(entry)
        self._phase.setCurrentIndex(bisect_right([s.entry for s in self._starts], entry) - 1)
        self._where.setText(self._where_text(session))
        self._where.setToolTip(self._made_text(session))
        self._range.setText(self._range_title(session))
        self._narration.setPlainText("\n".join(entry_lines(session, entry, self._viewer)))
        self._update_buttons()
        self.entryShown.emit(entry)

    def _fill_phases(self) -> None:
        self._phase.clear()
        for start in self._starts:
            self._phase.addItem(start.title, start.entry)
            where = "the start of the game" if start.entry == 0 else f"entry {start.entry}"
            self._phase.setItemData(
                self._phase.count() - 1, f"Begins after {where}", Qt.ItemDataRole.ToolTipRole
            )

    def _where_text(self, session: GameSession) -> str:
        state = session.state_after(self._shown)
        if self._shown == 0:
            return f"The start of the game\n{step_text(state)}"
        entry = session.entries[self._shown - 1]
        by = f" · by {entry.by.capitalize()}" if entry.by else ""
        return f"Entry {self._shown} of {self._count()}{by}\n{step_text(state)}"

    def _made_text(self, session: GameSession) -> str:
        if self._shown == 0:
            return "The game as it was set out, before any entry"
        made = session.entries[self._shown - 1].at.replace("T", " ").removesuffix("Z")
        return f"Entry {self._shown} was made at {made} UTC; the map shows the game after it"

    def _range_title(self, session: GameSession) -> str:
        if self._first > self._last:
            return "No entries to replay"
        title = f"{self._file_owner(session)}: entries {self._first}–{self._last}"
        if self._shown < self._first:
            return f"{title} · before the first"
        if self._shown > self._last:
            return f"{title} · past the last"
        return f"{title} · now {self._shown - self._first + 1} of {self._last - self._first + 1}"

    def _file_owner(self, session: GameSession) -> str:
        """Whose entries the replay shows: the opponent's file, in e-mail play."""
        sides = {entry.by for entry in session.entries[self._first - 1 : self._last]}
        email = session.email
        if email is not None and len(sides) == 1 and not sides & email.local_sides:
            (side,) = sides
            return f"Opponent's file ({(side or '').capitalize()})"
        return "Replay"

    def _update_buttons(self) -> None:
        self._to_start.setEnabled(self._shown > 0)
        self._back.setEnabled(self._shown > 0)
        self._forward.setEnabled(self._shown < self._count())
        self._to_end.setEnabled(self._shown < self._count())
        self._play.setEnabled(self._first <= self._last)
        self._update_play_tip()

    def _update_play_tip(self) -> None:
        if self._play.isChecked():
            self._play.setToolTip("Pause (Space)")
        elif self._shown >= self._last:
            self._play.setToolTip(f"Play entries {self._first} to {self._last} again (Space)")
        else:
            self._play.setToolTip(f"Play one entry after another up to entry {self._last} (Space)")

    def _pause(self) -> None:
        self._play.setChecked(False)

    def _count(self) -> int:
        return len(self._session.entries) if self._session is not None else 0
