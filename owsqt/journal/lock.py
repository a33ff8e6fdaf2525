"""The lock that lets one writer at a time have a game file (docs/pbem-format.md, "Writing the
file").

It is an exclusive OS lock (flock on POSIX, msvcrt on Windows) on a hidden file beside the
game, `.NAME.owsg.lock`, which holds the number of the process that has it. A lock on the
game file itself would not do: a save replaces the file (store.write_atomically), and a lock
on the old file says nothing about the new one. The OS drops the lock when its process ends,
however it ends, so a crash never leaves a game locked."""

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

_PID_AT = 16  # where the holder's number starts: Windows locks the first bytes against reads


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


def lock_path(game: Path) -> Path:
    """The lock file of `game`: hidden, beside it, like its checkpoint."""
    return game.with_name(f".{game.name}.lock")


class JournalLock:
    """The right to write one game file, held until release() (or until the process ends)."""

    def __init__(self, game: Path) -> None:
        """Take the lock of `game` at once, or raise JournalLocked naming who holds it; a
        JournalError when the lock file cannot be made (a folder one may not write to)."""
        self.game = game
        self._path = lock_path(game)
        # A folder, a pipe or a device is no game: no lock file is made beside it. Nothing
        # there yet (a new game) is no reason to refuse: the lock file's making says more.
        with contextlib.suppress(OSError):
            refuse_special(game, os.stat(game).st_mode)
        while True:
            try:
                descriptor = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o666)
            except FileNotFoundError:
                raise JournalError(f"{game}: does not exist (nor its folder)") from None
            except OSError as error:
                raise JournalError(
                    f"{game.name} cannot be written: its lock file {self._path.name} cannot be "
                    f"made ({error.strerror})"
                ) from None
            handle = open(descriptor, "r+b", buffering=0)  # noqa: SIM115 (held while locked)
            if not _try_lock(descriptor):
                holder = _holder(self._path)
                handle.close()
                raise JournalLocked(game, holder)
            if _still_there(self._path, handle.fileno()):
                break
            handle.close()  # a holder that let go removed it: lock the one there now
        self._handle = handle
        os.lseek(handle.fileno(), _PID_AT, os.SEEK_SET)  # over the number of any holder before
        os.write(handle.fileno(), f"{os.getpid():<20}\n".encode("ascii"))

    @property
    def held(self) -> bool:
        return not self._handle.closed

    def release(self) -> None:
        """Let go (again: nothing). The lock file goes while it is still locked, so whoever
        opened it meanwhile finds it gone and takes a new one (POSIX; Windows keeps it)."""
        if self._handle.closed:
            return
        if sys.platform != "win32":
            self._path.unlink(missing_ok=True)
        self._handle.close()


def _try_lock(descriptor: int) -> bool:
    try:
        if sys.platform == "win32":
            os.lseek(descriptor, 0, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # BlockingIOError on POSIX, PermissionError on Windows
        return False
    return True


def _still_there(path: Path, descriptor: int) -> bool:
    """Whether `path` is still the file locked through `descriptor`."""
    try:
        named = path.stat()
    except FileNotFoundError:
        return False
    mine = os.fstat(descriptor)
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)


def _holder(path: Path) -> int | None:
    """The number of the process that holds the lock, as it wrote it (None: unknown)."""
    try:
        with open(path, "rb") as handle:
            handle.seek(_PID_AT)
            text = handle.read(32).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
