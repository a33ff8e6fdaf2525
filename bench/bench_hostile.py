"""Refusing hostile 50 MB game files, against only splitting the same bytes into lines: each
is refused by a limit of journal/limits.py checked before the work it bounds (issue 21)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from bench.harness import Measurement, measure
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Header, JournalError, chain_digest, parse

SIZE = 50 * 1024 * 1024
KEY = Identity.generate()


def _header() -> list[str]:
    return Header(
        scenario="we-are-coming",
        options=(),
        mode="free",
        created="2026-11-21T05:00:00Z",
        program="owsqt 0.1.0",
        game="0123456789abcdef0123456789abcdef",
        german=KEY.public,
        soviet=KEY.public,
        seed=42,
    ).lines()


def _pieces(marker: str, text: str) -> list[str]:
    return [f"{marker} {text[:76]}", *(f" {text[i : i + 77]}" for i in range(76, len(text), 77))]


def _chained(header: list[str], body: list[str]) -> list[str]:
    """The header and an entry of `body` whose hash holds (its signature does not)."""
    previous = hashlib.sha256("\n".join(header).encode()).hexdigest()
    return [*header, "", *body, f"~ {chain_digest(previous, body)}", "@ -", ""]


def _continued(lines: list[str], size: int) -> str:
    """`lines`, whose last record goes on in lines of 77 characters up to `size`."""
    text = "\n".join(lines) + "\n"
    line = " " + "f" * 76 + "\n"
    return text + line * max(0, (size - len(text)) // len(line))


def hostile_texts(size: int = SIZE) -> dict[str, str]:
    """Files of about `size` characters that a hostile opponent could send: one endless
    record; more entries than MAX_ENTRIES; an action nested 30,000 deep; an action holding
    a number of 1,000,000 digits. The last two are followed by an endless record."""
    header = _header()
    title = "#1 act t by german"
    tiny = "#1 undo t #1 by german\n~ " + "0" * 64 + "\n@ -\n\n"
    deep = '{"kind": ' + "[" * 30_000 + "]" * 30_000 + "}"
    digits = '{"kind": "roll", "count": ' + "7" * 1_000_000 + "}"
    filler = ["#2 act t by german", "= x"]
    return {
        "one_record": _continued([*header, "", title, '> {"kind": "roll"}', "= x"], size),
        "many_entries": "\n".join([*header, ""]) + "\n" + tiny * (size // len(tiny)),
        "deep_json": _continued([*_chained(header, [title, *_pieces(">", deep)]), *filler], size),
        "huge_integer": _continued(
            [*_chained(header, [title, *_pieces(">", digits)]), *filler], size
        ),
    }


def refusal(text: str) -> Callable[[], JournalError]:
    """Reading `text`, which must be refused."""

    def refuse() -> JournalError:
        try:
            parse(text)
        except JournalError as error:
            return error
        raise AssertionError("a hostile file was read")

    return refuse


def splitting(data: bytes) -> Callable[[], list[bytes]]:
    """The floor: the file's bytes split into lines, as any reading of it must."""
    return lambda: data.split(b"\n")


def run() -> list[Measurement]:
    return [
        measure(f"journal.refuse_50mb_{name}", refusal(text), splitting(text.encode()), 5)
        for name, text in hostile_texts().items()
    ]
