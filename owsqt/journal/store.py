"""Journal files on disk: appended and flushed after every entry, replaced atomically."""

from __future__ import annotations

import codecs
import os
import stat
import tempfile
from pathlib import Path

from owsqt.journal.textformat import MAX_FILE_BYTES, JournalError


class JournalFile:
    """An open journal file that grows by whole entries; each append reaches the disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle = open(path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115

    def append(self, lines: list[str]) -> None:
        self._handle.write("\n".join(lines) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain new file would get.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_text(path: Path) -> str:
    """The journal's text, or a JournalError that names the file and says why it cannot be
    read. Only a regular file is read (never a folder, a pipe or a device, which could be
    read forever), and no more of it than a journal can hold, however it grows meanwhile.
    A byte order mark, which some editors write, is dropped."""
    try:
        kind = _special_kind(os.stat(path).st_mode)  # refused before it is even opened
        if kind:
            raise JournalError(f"{path}: is {kind}, not a game file")
        # O_NONBLOCK: a file swapped for a pipe since must not wait here for a writer (a
        # regular file is read as ever with it).
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            status = os.fstat(descriptor)
            kind = _special_kind(status.st_mode)
            if kind:
                raise JournalError(f"{path}: is {kind}, not a game file")
            if status.st_size > MAX_FILE_BYTES:
                raise _too_large(path)
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise JournalError(f"{path}: does not exist") from None
    except OSError as error:
        raise JournalError(f"{path}: cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(path)  # it grew while read
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        at = error.start + (len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0)
        raise JournalError(f"{path}: is not UTF-8 text (byte {at})") from None


def _special_kind(mode: int) -> str:
    """What a file that is not a regular one is ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something other than a file"


def _too_large(path: Path) -> JournalError:
    limit = MAX_FILE_BYTES // (1024 * 1024)
    return JournalError(f"{path}: is over {limit} MiB, more than a journal can be")
