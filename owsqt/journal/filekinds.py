"""What stands at a game file's path, when it is not a regular file: a folder, a pipe or a
device, which a reader could wait on or read forever, is refused before it is opened or
anything is made beside it (a lock file)."""

from __future__ import annotations

import stat
from pathlib import Path

from owsqt.journal.textformat import JournalError


def special_kind(mode: int) -> str:
    """What a file of `mode` is when it is not a regular one ("" for a regular file)."""
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


def refuse_special(path: Path, mode: int) -> None:
    """JournalError when `mode`, the mode of what is at `path`, is not a regular file's."""
    kind = special_kind(mode)
    if kind:
        raise JournalError(f"{path}: is {kind}, not a game file")
