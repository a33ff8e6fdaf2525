"""Journal files on disk: appended and flushed after every entry, replaced atomically."""

from __future__ import annotations

import os
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
    """The journal's text, or a JournalError saying why it cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise JournalError(f"{path} is {size} bytes, more than a journal can be")
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise JournalError(f"{path} does not exist") from None
    except UnicodeDecodeError as error:
        raise JournalError(f"{path} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise JournalError(f"{path} cannot be read: {error.strerror}") from None
