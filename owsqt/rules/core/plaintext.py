"""Plain text: what a line of a game file, a line of the log and a terminal may hold.

Text that reaches a game file (an action's words, a unit's name in the narration, a
scenario id in the header) must read back as it was written: a line break would split its
record, and a control character is not text a player reads. Text that reaches a terminal
may come from a hostile file; an escape sequence or a bidirectional override in it would
drive the terminal or disguise the line (docs/pbem-format.md, "Text and the terminal").

`unsafe_character` finds such a character, for the checks that refuse it where text comes
in (data files, actions, journal lines); `printable` escapes each one, for everything
printed (owsqt replay, verify, error lines): one helper for both, so that what is refused
and what is escaped are the same characters.
"""

from __future__ import annotations

import re

# The characters never printed as text: the Unicode (14.0) categories Cc (controls: C0, DEL,
# C1), Cf (formats: the bidirectional overrides and isolates, zero-width characters, the
# byte order mark, the tags), Cs (surrogates), Co (private use), Zl and Zp (the line and
# paragraph separators). Written out, so that what a file may hold does not change with the
# Unicode version of the Python that reads it; a test checks it against unicodedata.
UNSAFE_RANGES = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C),
    (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E),
    (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F), (0xD800, 0xF8FF),
    (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001),
    (0xE0020, 0xE007F), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD),
)  # fmt: skip
_UNSAFE = re.compile(
    "[" + "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in UNSAFE_RANGES) + "]"
)


def unsafe_character(text: str) -> str | None:
    """The first character of `text` that is not plain text on one line (None: there is
    none), written as an escape a message can quote, e.g. '\\u000a' or '\\u202e'."""
    found = _UNSAFE.search(text)
    return _escape(found) if found is not None else None


def printable(text: str) -> str:
    """`text` with every character that is not plain text on one line escaped (a line break
    as \\u000a, ESC as \\u001b, a right-to-left override as \\u202e): safe to print to a terminal,
    and still valid inside a JSON string (the escapes are JSON's own \\uXXXX)."""
    return _UNSAFE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    high, low = divmod(code - 0x10000, 0x400)  # JSON writes a character beyond as a pair
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"
