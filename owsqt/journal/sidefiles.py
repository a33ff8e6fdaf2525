"""The files owsqt keeps beside a game file: its checkpoint (session/checkpoint.py), the copy
of a torn file kept by its recovery (recovery.py), the old file of a version 1 game rewritten
as version 2 (session/game.py). See docs/pbem-format.md, "Writing the file".

Whoever can write the game's folder can put anything at their names: a link to another file
of the player's, a pipe, a device, a file of any size. So none is ever opened through a
link; none is read unless it is a regular file, nor more of it than it can hold (checked
before reading); a file is replaced only through a new file of a random name, made where
nothing stands, and renamed over it (a link there is replaced, never followed); and a copy
kept is made only where nothing stands, numbered on past every name taken, never over one."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from owsqt.journal.store import naming, read_bounded, sync_directory
from owsqt.journal.textformat import JournalError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_MOST_COPIES = 10_000  # names tried before a copy is given up on


def read_side_file(path: Path, limit: int) -> bytes:
    """The bytes of the side file `path`, read without following a link and without waiting
    (O_NOFOLLOW | O_NONBLOCK); JournalError, in one line, when it does not exist, is a
    link, is not a regular file (a pipe, a device) or holds more than `limit` bytes."""
    if not _NOFOLLOW and os.path.islink(path):  # a system without O_NOFOLLOW (Windows)
        raise _a_link(path)
    flags = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise JournalError(f"{path}: does not exist") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _a_link(path) from None
        raise JournalError(f"{path}: cannot be read: {error.strerror or error}") from None
    try:
        return read_bounded(path, descriptor, limit)
    except OSError as error:
        raise JournalError(f"{path}: cannot be read: {error.strerror or error}") from None
    finally:
        os.close(descriptor)


def write_side_file(path: Path, data: bytes) -> None:
    """Replace the side file `path` with `data`, whole: a new file of a random name beside it
    (mkstemp: made where nothing stands, links not followed), renamed over whatever stands
    at `path` (a link is replaced, not followed). Not forced to the disk: for a cache."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def numbered(path: Path, tag: str) -> Iterator[Path]:
    """NAME.TAG.owsg beside `path` (NAME.owsg), then NAME.TAG-2.owsg, NAME.TAG-3.owsg..."""
    yield path.with_name(f"{path.stem}.{tag}{path.suffix}")
    for number in range(2, _MOST_COPIES + 1):
        yield path.with_name(f"{path.stem}.{tag}-{number}{path.suffix}")


def first_free(names: Iterator[Path]) -> Path:
    """The first of `names` where nothing stands now (links included): what keep_copy would
    take, were nothing made meanwhile."""
    for candidate in names:
        if not os.path.lexists(candidate):
            return candidate
    raise JournalError("every name for a copy is taken")


def keep_copy(data: bytes, names: Iterator[Path]) -> Path:
    """Write `data` to a new file at the first of `names` where nothing stands, made there
    exclusively (O_CREAT | O_EXCL: never over a file, never through a link, even one put
    there meanwhile), forced to the disk with its folder; where it went."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)
    for candidate in names:
        try:
            descriptor = os.open(candidate, flags, 0o666)
        except FileExistsError:
            continue
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            sync_directory(candidate.parent)
        except BaseException as error:
            candidate.unlink(missing_ok=True)
            if isinstance(error, OSError):  # a full disk: say which file could not be written
                raise naming(error, candidate) from None
            raise
        return candidate
    raise JournalError("every name for a copy is taken")


def _a_link(path: Path) -> JournalError:
    return JournalError(f"{path}: is a symbolic link, which owsqt does not follow here")
