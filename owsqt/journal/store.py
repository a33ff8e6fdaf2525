"""Journal files on disk: appended and forced to the disk entry by entry, under a lock, cut
back when an append fails; replaced atomically."""

from __future__ import annotations

import codecs
import errno
import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO

from owsqt.journal.filekinds import refuse_special
from owsqt.journal.lock import JournalLock
from owsqt.journal.textformat import MAX_FILE_BYTES, JournalError


class JournalWriteFailed(JournalError, OSError):
    """A game file that could not be written (disk full, I/O error, a lost device).

    An OSError, so that what handles a failed write handles it, and a JournalError, so
    that the command line says it in one line. `rolled_back` tells whether the file was cut
    back to its last whole entry; when it could not be, its end is torn (recovery.py)."""

    def __init__(self, path: Path, error: OSError, rolled_back: bool = True) -> None:
        reason = error.strerror or str(error)
        after = (
            "it was cut back to its last whole entry"
            if rolled_back
            else "it could not be cut back and ends in a cut-off entry (opening it recovers it)"
        )
        super().__init__(f"cannot write {path.name}: {reason}; {after}")
        self.errno = error.errno
        self.strerror = reason
        self.filename = str(path)
        self.path = path
        self.rolled_back = rolled_back

    def __str__(self) -> str:
        return str(self.args[0])


class JournalFile:
    """An open journal file that grows by whole entries: each append reaches the disk whole,
    or the file is cut back to where it was. It holds the file's lock (lock.py) from when
    it is opened until it is closed; nobody else writes the file meanwhile."""

    def __init__(self, path: Path, lock: JournalLock | None = None) -> None:
        """Append to `path`, which exists, under `lock` (taken here when it is None, with
        JournalLocked when someone else has it); the file is closed with the lock."""
        self.path = path
        self._lock = lock or JournalLock(path)
        try:
            self._handle = open(path, "r+b", buffering=0)  # noqa: SIM115 (open while bound)
            self._size = self._handle.seek(0, os.SEEK_END)
            self._lead = _separator(self._handle, self._size)
        except OSError as error:
            self._lock.release()
            raise JournalError(f"{path.name} cannot be written: {error.strerror}") from None
        except BaseException:
            self._lock.release()
            raise
        self._last = self._size  # the size before the last append

    @property
    def lock(self) -> JournalLock:
        return self._lock

    def append(self, lines: list[str]) -> None:
        """Add an entry's lines and force them to the disk; when that fails, cut the file
        back to its size before, so that it ends in its last whole entry, and raise
        JournalWriteFailed."""
        data = (self._lead + "\n".join(lines) + "\n").encode("utf-8")
        descriptor = self._handle.fileno()
        try:
            os.lseek(descriptor, self._size, os.SEEK_SET)
            written = 0
            while written < len(data):  # a write may take part of the bytes, then fail
                written += os.write(descriptor, data[written:])
            os.fsync(descriptor)
        except OSError as error:
            raise JournalWriteFailed(self.path, error, self._cut(self._size)) from None
        self._last, self._size, self._lead = self._size, self._size + len(data), ""

    def take_back(self) -> bool:
        """Cut off the entry appended last (its effect failed); False if that fails."""
        if not self._cut(self._last):
            return False
        self._size = self._last
        return True

    def replace(self, text: str) -> None:
        """Replace the whole file atomically, under the lock this file holds."""
        write_atomically(self.path, text)
        self._handle.close()
        self._handle = open(self.path, "r+b", buffering=0)  # noqa: SIM115 (the new file)
        self._size = self._last = self._handle.seek(0, os.SEEK_END)
        self._lead = _separator(self._handle, self._size)

    def close(self, keep_lock: bool = False) -> None:
        """Close the file and, unless `keep_lock`, let go of its lock."""
        self._handle.close()
        if not keep_lock:
            self._lock.release()

    def _cut(self, size: int) -> bool:
        try:
            os.ftruncate(self._handle.fileno(), size)
            os.fsync(self._handle.fileno())
        except OSError:
            return False
        return True


def _separator(handle: BinaryIO, size: int) -> str:
    """What goes before the next entry so that it starts after a blank line: nothing when
    the file ends so (as owsqt writes it), more when its last line ending is missing."""
    if size == 0:
        return ""
    handle.seek(max(0, size - 2))
    end = handle.read(2)
    if end.endswith(b"\n\n"):
        return ""
    return "\n" if end.endswith(b"\n") else "\n\n"


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one: a
    new file beside it, forced to the disk, renamed over it, and the rename forced too."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain new file would get.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise naming(error, path) from None
        raise
    sync_directory(path.parent)


def naming(error: OSError, path: Path) -> OSError:
    """`error`, naming `path` when it names no file: a write or an fsync that failed (a full
    disk) says only why, and the player must know which file it could not write."""
    if error.filename is None:
        error.filename = str(path)
    return error


def sync_directory(folder: Path) -> None:
    """Force a folder's entries (a rename, a new file) to the disk, where the OS can: on
    Windows a folder cannot be opened, and NTFS journals its renames itself."""
    if sys.platform == "win32":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP):  # a file system that cannot
            raise
    finally:
        os.close(descriptor)


def read_text(path: Path) -> str:
    """The journal's text, or a JournalError that names the file and says why it cannot be
    read (read_bytes, then decode_text)."""
    return decode_text(path, read_bytes(path))


def read_bytes(path: Path) -> bytes:
    """The file's bytes, or a JournalError that names the file and says why it cannot be
    read. Only a regular file is read (never a folder, a pipe or a device, which could be
    read forever), and no more of it than a journal can hold, however it grows meanwhile."""
    try:
        refuse_special(path, os.stat(path).st_mode)  # refused before it is even opened
        # O_NONBLOCK: a file swapped for a pipe since must not wait here for a writer (a
        # regular file is read as ever with it).
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            status = os.fstat(descriptor)
            refuse_special(path, status.st_mode)
            if status.st_size > MAX_FILE_BYTES:
                raise _too_large(path)
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise JournalError(f"{path}: does not exist") from None
    except OSError as error:
        raise JournalError(f"{path}: cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(path)  # it grew while read
    return data


def decode_text(path: Path, data: bytes) -> str:
    """The text of the journal `data` read from `path`; a byte order mark, which some editors
    write, is dropped. JournalError, naming the byte, when it is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        at = error.start + (len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0)
        raise JournalError(f"{path}: is not UTF-8 text (byte {at})") from None


def _too_large(path: Path) -> JournalError:
    limit = MAX_FILE_BYTES // (1024 * 1024)
    return JournalError(f"{path}: is over {limit} MiB, more than a journal can be")
