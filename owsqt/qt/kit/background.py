"""Pure work run off the window's thread without holding the window: the computer's thought
(session/computer.py: think) or its analysis for the Computer's view. The work runs in Qt's
thread pool and reads only what it was given (an immutable state); its result comes back
on the window's thread through a signal, and is dropped there when the caller has gone or
when a newer piece of work was started since (`cancel`, a new `start`).

Unlike qt/play/offthread.py, which holds the window's input until the work is done, the
window goes on: the player may look around, and the caller decides what is still worth the
result."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal


@dataclass(frozen=True, slots=True)
class Done:
    """What a piece of work gave: its result or the error it raised, the number of the
    request (`Background.start`) and the thread it ran on."""

    ticket: int
    result: Any
    error: BaseException | None
    thread: int


class _Relay(QObject):
    """Carries a result from the pool's thread to the window's (a queued signal). Made on
    the window's thread, a child of its Background, and let go there when the result is
    back; if the Background has gone by then, the work's signal goes nowhere."""

    done = Signal(object)


class Background(QObject):
    """One line of work at a time: `start(work, done)` runs `work()` on a thread of the pool
    and calls `done(result)` on the window's thread, unless another `start` or `cancel` came
    in between; `failed(error)` hears an error the work raised."""

    def __init__(self, parent: QObject, failed: Callable[[BaseException], None]) -> None:
        super().__init__(parent)
        self._failed = failed
        self._ticket = 0  # the request whose result is still wanted
        self._done: Callable[[Any], None] | None = None
        self._relays: dict[int, _Relay] = {}  # each piece of work's, until it is back
        self.last_thread: int | None = None  # the thread the last result came from

    @property
    def busy(self) -> bool:
        """Whether a piece of work whose result is wanted is under way."""
        return self._done is not None

    def start(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `work` off the window's thread; `done` hears its result (the result of any
        work started before is dropped)."""
        self._ticket += 1
        self._done = done
        ticket = self._ticket
        relay = self._relays[ticket] = _Relay(self)
        relay.done.connect(self._back)

        def run() -> None:
            thread = threading.get_ident()
            _yield_to_window()
            try:
                result, error = work(), None
            except BaseException as raised:  # handed to the window's thread
                result, error = None, raised
            with suppress(RuntimeError):  # the window and its Background gone: nobody to tell
                relay.done.emit(Done(ticket, result, error, thread))

        QThreadPool.globalInstance().start(run)

    def cancel(self) -> None:
        """Drop the result of the work under way, if any."""
        self._ticket += 1
        self._done = None

    @property
    def running(self) -> int:
        """Pieces of work started that have not come back yet, wanted or not."""
        return len(self._relays)

    def _back(self, done: Done) -> None:
        relay = self._relays.pop(done.ticket, None)
        if relay is not None:
            relay.deleteLater()
        if done.ticket != self._ticket or self._done is None:
            return  # started again or cancelled since: nobody wants it
        callback, self._done = self._done, None
        self.last_thread = done.thread
        if done.error is not None:
            self._failed(done.error)
        else:
            callback(done.result)


WORKER_NICENESS = 10  # how much less the system favours a worker than the window's thread


def _yield_to_window() -> None:
    """Let the system run the window's thread first whenever both want the processor: on a
    busy machine a long thought then slows down rather than the window. Linux only, where
    each thread has its own niceness (elsewhere a thread id is no process id: left alone);
    raising it is always allowed."""
    if not sys.platform.startswith("linux"):
        return
    with suppress(OSError):
        native = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, native) < WORKER_NICENESS:
            os.setpriority(os.PRIO_PROCESS, native, WORKER_NICENESS)
