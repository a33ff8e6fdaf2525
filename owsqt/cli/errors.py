"""The errors of the command line and the one line each is said in, `owsqt: WHAT: WHY`: no
longer than a reader takes in at a glance, quoting at most a short piece of the input.

Light (no rules but the plain-text helper, no Qt): main.py uses it before any command's
modules are loaded."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from owsqt.rules.core.plaintext import printable

MESSAGE_CHARS = 200
QUOTE_CHARS = 40
# A quoted piece as repr() writes one, '...' or "...", not an apostrophe inside a word.
_QUOTED = re.compile(r"""(?<!\w)(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?!\w)""")
# The errors bad input raises, by module: a module not loaded yet raised none of them.
_INPUT_ERRORS = (
    ("owsqt.journal.textformat", "JournalError"),  # a game file that cannot be read or trusted
    ("owsqt.journal.identity", "IdentityError"),  # the player's key
    ("owsqt.rules.core.codec", "CodecError"),  # an action that cannot be read
    ("owsqt.rules.data.datafile", "DataError"),  # a broken data file
    ("owsqt.rules.map.mapfile", "MapFileError"),  # a broken compiled map
)


class InputError(ValueError):
    """An argument a command cannot use: its message says which and why."""


def say(text: str) -> None:
    """Print `text` to stdout, every character that could drive the terminal or disguise
    the line escaped (plaintext.printable): the words of a game file are its writer's, who
    may be a cheating opponent (docs/pbem-format.md, "Text and the terminal")."""
    print(printable(text))


def say_json(data: Any, **options: Any) -> None:
    """Print `data` as JSON (json.dumps with `options`), its lines as `say` prints text:
    JSON escapes the C0 controls inside its strings, not C1, bidirectional overrides or line
    separators, which are escaped here as JSON's own \\uXXXX, so that it still reads."""
    for line in json.dumps(data, **options).split("\n"):  # a string holds no raw LF
        say(line)


def shorten(message: str) -> str:
    """`message` on one line, its control characters escaped (plaintext.printable), each
    quoted piece cut to QUOTE_CHARS and the whole to MESSAGE_CHARS, an ellipsis marking
    each cut."""
    line = printable(" ".join(message.split()))
    line = _QUOTED.sub(_short_quote, line)
    if len(line) > MESSAGE_CHARS:
        line = line[: MESSAGE_CHARS - 1] + "…"
    return line


def complain(message: str) -> None:
    """Print `message`, shortened, as the command's one line on stderr."""
    print(shorten(f"owsqt: {message}"), file=sys.stderr)


def is_bad_input(error: Exception) -> bool:
    """Whether `error` is one that bad input raises (said in one line), not a bug (shown with
    its traceback)."""
    kinds = (getattr(sys.modules[module], name) for module, name in _INPUT_ERRORS
             if module in sys.modules)  # fmt: skip
    return isinstance(error, (InputError, *kinds))


def input_message(error: Exception) -> str:
    """What is said of an error of bad input or of the system."""
    if isinstance(error, OSError):
        name = error.filename if error.filename is not None else error.filename2
        why = error.strerror or str(error)
        return f"{name}: {why}" if name is not None else why
    datafile = sys.modules.get("owsqt.rules.data.datafile")
    if datafile is not None and isinstance(error, datafile.DataError):
        return f"a data file is broken: {error}"
    return str(error)


def output_path(path: Path, option: str) -> Path:
    """`path`, if a file can be written there: its folder exists and it is no folder itself
    (InputError else). Nothing is made or written here."""
    if path.is_dir():
        raise InputError(f"{option} {path}: is a folder; name a file in it")
    if not path.parent.is_dir():
        raise InputError(f"{option} {path}: there is no folder {path.parent}")
    return path


def _short_quote(match: re.Match[str]) -> str:
    quoted = match.group()
    mark, inside = quoted[0], quoted[1:-1]
    if len(inside) <= QUOTE_CHARS:
        return quoted
    return f"{mark}{inside[: QUOTE_CHARS - 1]}…{mark}"
