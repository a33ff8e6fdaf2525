"""The lock that lets one writer at a time have a game file (docs/pbem-format.md, "Writing the
file").

It is an exclusive OS lock on the game file itself, taken on the descriptor through which the
game is then read and appended to: `flock` on POSIX; on Windows `msvcrt` locking of one byte
far past the end of any game, so that readers are never kept out. A lock on the file, not on
its name, holds whatever name reaches it: a symbolic link or a hard link leads to the same
file, and so to its lock. A save replaces the file with a new one (store.replace_locked),
which is locked before it takes the name, and the lock goes over to it. The OS drops the lock
when its process ends, however it ends, so a crash never leaves a game locked; and there is no
lock file beside the game for anyone to plant, link or fill."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from owsqt.journal.filekinds import refuse_special
from owsqt.journal.textformat import JournalError

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

_WINDOWS_LOCK_AT = 1 << 40  # the byte Windows locks: past any game (64 MiB at most)
_TRIES = 8  # a file replaced this often while it is being locked is given up on
_PROC_LOCKS_BYTES = 1 << 20


class JournalLocked(JournalError):
    """The game file is being written by another owsqt (or another game of this one)."""

    def __init__(self, path: Path, holder: int | None) -> None:
        if holder == os.getpid():
            where = f"in this owsqt already (process {holder})"
        elif holder:
            where = f"in another owsqt (process {holder})"
        else:
            where = "in another owsqt"
        super().__init__(f"{path.name} is open {where}; close it there first")
        self.path = path
        self.holder = holder


class JournalReplaced(JournalError, OSError):
    """The name of a game being written now names another file (or none): whoever replaced
    it did so without its lock, and the entry is not written, neither there nor into the
    file it replaced. An OSError, so that the writer lets the file go as after a failed
    write (the game goes on in memory, unsaved)."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path.name} was replaced by another file since it was opened (not by this owsqt); "
            "nothing was written to it"
        )
        self.errno = None
        self.strerror = str(self.args[0])
        self.filename = str(path)
        self.path = path
        self.rolled_back = True

    def __str__(self) -> str:
        return str(self.args[0])


class JournalLock:
    """The right to write one game file, held until release() (or until the process ends),
    and the descriptor of that file, open for reading and writing."""

    def __init__(self, game: Path, descriptor: int | None = None) -> None:
        """Take the lock of the file at `game` at once, or raise JournalLocked naming who
        holds it; JournalError when it does not exist or cannot be written. With
        `descriptor` (a file just made, not yet named `game`), lock that file instead."""
        self.game = game
        self.descriptor: int | None = None
        if descriptor is not None:
            if not _try_lock(descriptor, game):
                raise JournalLocked(game, _holder(os.fstat(descriptor)))
            self.descriptor = descriptor
            return
        for _ in range(_TRIES):
            descriptor = _open(game)
            status = os.fstat(descriptor)
            try:
                locked = _try_lock(descriptor, game)
            except BaseException:
                os.close(descriptor)
                raise
            if not locked:
                os.close(descriptor)
                raise JournalLocked(game, _holder(status))
            if _names(game, status):
                self.descriptor = descriptor
                return
            os.close(descriptor)  # replaced meanwhile (a holder's save): lock the new file
        raise JournalError(f"{game.name} is being replaced again and again; try again later")

    @property
    def held(self) -> bool:
        return self.descriptor is not None

    @property
    def fd(self) -> int:
        """The locked file's descriptor (the lock is held)."""
        assert self.descriptor is not None, "the lock was let go"
        return self.descriptor

    def check(self) -> None:
        """JournalReplaced when the game's name no longer leads to the locked file: another
        program put a file in its place (or took it away) without its lock."""
        if not _names(self.game, os.fstat(self.fd)):
            raise JournalReplaced(self.game)

    def move_to(self, new: JournalLock) -> None:
        """The file `new` locked, named `game` now in place of the old one, is the locked
        file from now on, its lock this one's; the old one is let go (store.replace_locked)."""
        old, self.descriptor, new.descriptor = self.descriptor, new.descriptor, None
        if old is not None:
            _let_go(old)

    def release(self) -> None:
        """Let go (again: nothing)."""
        if self.descriptor is not None:
            descriptor, self.descriptor = self.descriptor, None
            _let_go(descriptor)

    def __del__(self) -> None:
        """A lock nobody holds any more goes, as an open file does: a game dropped without
        being closed does not keep its file locked until the process ends."""
        self.release()


def _open(game: Path) -> int:
    """The game file at `game`, open for reading and writing; a folder, a pipe or a device
    is refused before anything is read from it (O_NONBLOCK: a pipe does not wait)."""
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    with contextlib.suppress(OSError):  # a folder cannot be opened for writing: say so
        refuse_special(game, os.stat(game).st_mode)
    try:
        descriptor = os.open(game, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        missing = "" if game.parent.is_dir() else " (nor its folder)"
        raise JournalError(f"{game}: does not exist{missing}") from None
    except OSError as error:
        raise JournalError(f"{game.name} cannot be written: {error.strerror}") from None
    try:
        refuse_special(game, os.fstat(descriptor).st_mode)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _names(game: Path, status: os.stat_result) -> bool:
    """Whether the name `game` (links followed) leads to the file of `status`."""
    try:
        named = os.stat(game)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (status.st_dev, status.st_ino)


def _try_lock(descriptor: int, game: Path) -> bool:
    """Lock the file at once: False when another holds it; JournalError when its file system
    cannot lock (some network shares), said rather than taken for a holder."""
    try:
        if sys.platform == "win32":
            os.lseek(descriptor, _WINDOWS_LOCK_AT, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (BlockingIOError, PermissionError):  # held: EWOULDBLOCK on POSIX, EACCES on Windows
        return False
    except OSError as error:
        raise JournalError(f"{game.name} cannot be locked here: {error.strerror}") from None
    return True


def _let_go(descriptor: int) -> None:
    if sys.platform == "win32":
        with contextlib.suppress(OSError):
            os.lseek(descriptor, _WINDOWS_LOCK_AT, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
    os.close(descriptor)  # POSIX: the flock goes with the last descriptor of its opening


def _holder(status: os.stat_result) -> int | None:
    """The process that holds the lock on the file of `status`, where the system tells it
    (Linux: /proc/locks); None elsewhere, or when it cannot be told."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open("/proc/locks", "rb") as handle:
            table = handle.read(_PROC_LOCKS_BYTES).decode("ascii", "replace")
    except OSError:
        return None
    wanted = f"{os.major(status.st_dev):02x}:{os.minor(status.st_dev):02x}:{status.st_ino}"
    for line in table.splitlines():
        # "1: FLOCK  ADVISORY  WRITE 1234 fe:00:2147059 0 EOF" ("->" marks a waiter)
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted:
            return int(fields[4]) if fields[4].isdigit() else None
    return None
