"""Work that may take long, run off the window's thread: taking in an opponent's file, which
is checked and replayed entry by entry (session/email.py), or joining a game from his first.

A QThread runs the work while the window goes on drawing itself; after DELAY_MS a progress
dialog says how far it is. Until the work is done, input to the window (mouse, keys,
shortcuts, closing) and its timers are held back, so that nothing reads or changes the game
the work changes; the timers fire once it is done. The work's result, or the error it
raised, comes back on the window's thread, where the caller applies it. No rules here: the
work is the session's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QEventLoop, QObject, QThread, QTimer, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

T = TypeVar("T")
Progress = Callable[[int, int], None]  # (entries done, entries in all)

DELAY_MS = 300  # a moment: shorter work shows no dialog

_HELD = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.Shortcut,
        QEvent.Type.Wheel,
        QEvent.Type.ContextMenu,
        QEvent.Type.Close,
        QEvent.Type.Timer,
        QEvent.Type.DragEnter,
        QEvent.Type.Drop,
    }
)


class _Worker(QThread, Generic[T]):
    """Runs `work` on its thread; keeps its result or the error it raised."""

    progressed = Signal(int, int)

    def __init__(self, work: Callable[[Progress], T]) -> None:
        super().__init__()
        self._work = work
        self.result: T | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self._work(self.progressed.emit)
        except BaseException as error:  # handed to the window's thread, raised there
            self.error = error


class _HoldInput(QObject):
    """An application-wide filter that holds back input and timers, but the dialog's."""

    def __init__(self, dialog: QProgressDialog) -> None:
        super().__init__(dialog)
        self._dialog = dialog

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in _HELD:
            return False
        node: QObject | None = watched
        while node is not None:
            if node is self._dialog:
                return False
            node = node.parent()
        return True


class _Shown(QObject):
    """The dialog's side of the work: it shows how far the work is (a child of the dialog,
    so that what the worker said after the dialog was closed goes nowhere)."""

    def __init__(self, dialog: QProgressDialog, label: str) -> None:
        super().__init__(dialog)
        self._dialog, self._label = dialog, label

    def advance(self, done: int, total: int) -> None:
        dialog = self._dialog
        if dialog.maximum() != total:
            dialog.setMaximum(total)
        dialog.setLabelText(f"{self._label}: entry {done:,} of {total:,}")
        dialog.setValue(done)


def run_off_thread(parent: QWidget, label: str, work: Callable[[Progress], T]) -> T:
    """`work(progress)` run on a thread of its own while the window stays drawn, with a
    progress dialog saying `label` after DELAY_MS; returns its result, or raises its error,
    here on the window's thread."""
    dialog = QProgressDialog(label, "", 0, 0, parent)
    dialog.setCancelButton(None)  # the work is all or none: no cancel
    dialog.setWindowTitle("Please wait")
    dialog.setMinimumDuration(2**30)  # shown by `show` alone, not by Qt's guess of the time
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    show = QTimer(dialog, singleShot=True, interval=DELAY_MS)
    show.timeout.connect(dialog.show)
    worker: _Worker[T] = _Worker(work)
    shown = _Shown(dialog, label)
    worker.progressed.connect(shown.advance)
    loop = QEventLoop()
    worker.finished.connect(loop.quit)
    hold = _HoldInput(dialog)
    application = QApplication.instance()
    assert application is not None  # a window exists
    application.installEventFilter(hold)
    try:
        show.start()
        worker.start()
        loop.exec()
    finally:
        worker.wait()
        application.removeEventFilter(hold)
        dialog.close()
        dialog.deleteLater()
    if worker.error is not None:
        raise worker.error
    return worker.result  # type: ignore[return-value]  # set when no error was raised
