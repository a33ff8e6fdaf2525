"""Journal files on disk: appended and forced to the disk entry by entry, under a lock, cut
back when an append fails; replaced atomically."""

from __future__ import annotations

import codecs
import errno
import os
import sys
import tempfile
from pathlib import Path

from owsqt.journal.filekinds import refuse_special
from owsqt.journal.limits import MAX_FILE_BYTES
from owsqt.journal.lock import JournalLock
from owsqt.journal.textformat import JournalError

_CHUNK = 1 << 20  # bytes read at a time


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
    or the file is cut back to where it was. It is written through the descriptor of its
    lock (lock.py), held from when it is opened until it is closed, so that it is the very
    file that was locked, and read, that grows; nobody else writes it meanwhile."""

    def __init__(self, path: Path, lock: JournalLock | None = None) -> None:
        """Append to `path`, which exists, under `lock` (taken here when it is None, with
        JournalLocked when someone else has it); the file is closed with the lock."""
        self.path = path
        self._lock = lock or JournalLock(path)
        try:
            self._lock.check()  # the file locked (and read) is the one the name leads to
            self._size = os.lseek(self._lock.fd, 0, os.SEEK_END)
            self._lead = _separator(self._lock.fd, self._size)
        except JournalError:
            self._lock.release()
            raise
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
        JournalWriteFailed. JournalReplaced, and nothing written, when the file's name
        leads to another file now (replaced behind the lock's back)."""
        self._lock.check()
        data = (self._lead + "\n".join(lines) + "\n").encode("utf-8")
        descriptor = self._lock.fd
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
        """Replace the whole file atomically, under the lock this file holds, which goes
        over to the new file."""
        replace_locked(self._lock, text)
        self._size = self._last = os.lseek(self._lock.fd, 0, os.SEEK_END)
        self._lead = _separator(self._lock.fd, self._size)

    def close(self, keep_lock: bool = False) -> None:
        """Close the file and, unless `keep_lock`, let go of its lock (and its descriptor)."""
        if not keep_lock:
            self._lock.release()

    def _cut(self, size: int) -> bool:
        try:
            os.ftruncate(self._lock.fd, size)
            os.fsync(self._lock.fd)
        except OSError:
            return False
        return True


def _separator(descriptor: int, size: int) -> str:
    """What goes before the next entry so that it starts after a blank line: nothing when
    the file ends so (as owsqt writes it, or in CRLF), more when its last line ending is
    missing."""
    if size == 0:
        return ""
    os.lseek(descriptor, max(0, size - 4), os.SEEK_SET)
    end = os.read(descriptor, 4).replace(b"\r\n", b"\n")  # CRLF reads as LF
    if end.endswith(b"\n\n"):
        return ""
    return "\n" if end.endswith(b"\n") else "\n\n"


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one: a
    new file beside it, forced to the disk, renamed over it, and the rename forced too. The
    new file is made under a random name that nothing stands at (mkstemp: O_EXCL, links not
    followed), so that nobody's file is written through it. For files no lock guards (a game
    file is replaced by replace_locked)."""
    descriptor, temporary = _new_beside(path)
    try:
        try:
            _fill(descriptor, text.encode("utf-8"))
        finally:
            os.close(descriptor)
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


def replace_locked(lock: JournalLock, text: str) -> None:
    """Replace the game file `lock` holds with `text`, as write_atomically does, so that the
    lock holds on: the new file is locked before it takes the name, and the lock goes over
    to it. JournalReplaced, and nothing changed, when the name already leads elsewhere."""
    path = lock.game
    lock.check()
    descriptor, temporary = _new_beside(path)
    locked: JournalLock | None = None
    try:
        locked = JournalLock(path, descriptor)  # locked before it has the name
        _fill(descriptor, text.encode("utf-8"))
        os.replace(temporary, path)
    except BaseException as error:
        raise _given_up(error, path, descriptor, locked, Path(temporary)) from None
    lock.move_to(locked)
    sync_directory(path.parent)


def _given_up(
    error: BaseException, path: Path, descriptor: int, lock: JournalLock | None, made: Path
) -> BaseException:
    """Undo the making of a new file after `error`: its descriptor closed (or its lock let
    go), the file `made` removed; the error to raise, naming the game `path` when the
    system refused a write (a full disk) without saying which file."""
    if lock is None:
        os.close(descriptor)
    else:
        lock.release()
    made.unlink(missing_ok=True)
    return naming(error, path) if isinstance(error, OSError) else error


class JournalExists(JournalError):
    """A new game file would replace a file that stands at its name."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: exists already; choose another name")
        self.path = path


def create_locked(path: Path, text: str) -> JournalLock:
    """Make the game file `path` with `text`, never in place of anything that stands there
    (JournalExists then, and nothing changed), and hold its lock: the file is written and
    locked under a random name, then given its own by a hard link, which the system makes
    only where no name is (on a file system without links, the name itself is made
    exclusively and written). The folder is forced to the disk."""
    descriptor, temporary = _new_beside(path)
    lock: JournalLock | None = None
    try:
        lock = JournalLock(path, descriptor)
        _fill(descriptor, text.encode("utf-8"))
        linked = _link(temporary, path)
    except BaseException as error:
        raise _given_up(error, path, descriptor, lock, Path(temporary)) from None
    Path(temporary).unlink(missing_ok=True)
    if not linked:
        lock.release()
        lock = _created_in_place(path, text)
    sync_directory(path.parent)
    return lock


def _link(source: str, path: Path) -> bool:
    """Give the file `source` the name `path` too, only where nothing stands (JournalExists
    else); False on a file system that cannot link."""
    try:
        os.link(source, path)
    except FileExistsError:
        raise JournalExists(path) from None
    except OSError as error:
        if error.errno in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS):
            return False
        raise
    return True


def _created_in_place(path: Path, text: str) -> JournalLock:
    """`path` made exclusively (O_EXCL: never over a file, never through a link), locked and
    written: for a file system that cannot link."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o666)
    except FileExistsError:
        raise JournalExists(path) from None
    lock: JournalLock | None = None
    try:
        lock = JournalLock(path, descriptor)
        _fill(descriptor, text.encode("utf-8"), chmod=False)
    except BaseException as error:
        raise _given_up(error, path, descriptor, lock, path) from None
    return lock


def _new_beside(path: Path) -> tuple[int, str]:
    """A new, empty file in `path`'s folder under a random hidden name, open for reading
    and writing (mkstemp: made exclusively, links not followed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)


def _fill(descriptor: int, data: bytes, chmod: bool = True) -> None:
    """Write `data` to the new file of `descriptor` and force it to the disk; with `chmod`,
    give it the mode a plain new file gets (mkstemp makes it private, 0600)."""
    if chmod and hasattr(os, "fchmod"):
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
    written = 0
    while written < len(data):
        written += os.write(descriptor, data[written:])
    os.fsync(descriptor)


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
        try:
            return read_bounded(path, descriptor, MAX_FILE_BYTES)
        finally:
            os.close(descriptor)
    except FileNotFoundError:
        raise JournalError(f"{path}: does not exist") from None
    except OSError as error:
        raise JournalError(f"{path}: cannot be read: {error.strerror or error}") from None


def read_locked(lock: JournalLock) -> bytes:
    """The bytes of the game file `lock` holds, read through the lock's own descriptor: the
    file locked is the file read, whatever its name leads to meanwhile (read_bytes' limits)."""
    try:
        return read_bounded(lock.game, lock.fd, MAX_FILE_BYTES)
    except OSError as error:
        raise JournalError(f"{lock.game}: cannot be read: {error.strerror or error}") from None


def read_bounded(path: Path, descriptor: int, limit: int) -> bytes:
    """The bytes of the file open at `descriptor` (from its start), which must be a regular
    file (JournalError else) of at most `limit` bytes, checked before anything is read and
    again as it is read (it may grow meanwhile)."""
    status = os.fstat(descriptor)
    refuse_special(path, status.st_mode)
    if status.st_size > limit:
        raise _too_large(path, limit)
    os.lseek(descriptor, 0, os.SEEK_SET)
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(descriptor, min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise _too_large(path, limit)  # it grew while read
    return b"".join(chunks)


def decode_text(path: Path, data: bytes) -> str:
    """The text of the journal `data` read from `path`; a byte order mark, which some editors
    write, is dropped. JournalError, naming the byte, when it is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        at = error.start + (len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0)
        raise JournalError(f"{path}: is not UTF-8 text (byte {at})") from None


def _too_large(path: Path, limit: int) -> JournalError:
    if limit == MAX_FILE_BYTES:
        return JournalError(f"{path}: is over {limit >> 20} MiB, more than a journal can be")
    return JournalError(f"{path}: is over {limit >> 20} MiB, more than it can be")
