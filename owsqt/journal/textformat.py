"""The journal's text format: a header and hash-chained entries in short plain lines.

    owsqt journal 1
    program: owsqt 0.1.0
    scenario: we-are-coming
    ...

    #1 act 2026-11-21T05:01:02Z
    > {"kind": "place", "to": "2428", "units": ["de-6pz-11pzr-1"]}
    = I/11 Pz placed on 2428 from not arrived
    ! 9.2: 2428 holds 20 stacking points; no more than 18 may occupy a hex
    ~ 5d41402abc4b2a76b9719d911017c592...

A record longer than LINE_WIDTH continues on lines that begin with a space;
joining the pieces gives it back exactly. Each entry's hash (the `~` line)
covers the previous hash and every line of the entry before it, and the
first entry's previous hash is the hash of the header: editing, dropping,
inserting or reordering anything breaks the chain at that entry.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

FORMAT_NAME = "owsqt journal"
FORMAT_VERSION = 1
LINE_WIDTH = 78
MAX_FILE_BYTES = 64 * 1024 * 1024


class EntryKind(StrEnum):
    ACT = "act"  # an action applied to the game
    UNDO = "undo"  # the latest effective action taken back
    REDO = "redo"  # the latest undone action applied again


class JournalError(ValueError):
    """A journal that cannot be read or trusted; names the entry and the line."""

    def __init__(self, message: str, entry: int | None = None, line: int | None = None) -> None:
        where = []
        if entry is not None:
            where.append(f"entry {entry}")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.entry = entry
        self.line = line


@dataclass(frozen=True, slots=True)
class Header:
    scenario: str
    options: tuple[str, ...]
    mode: str
    seed: int
    created: str
    program: str
    version: int = FORMAT_VERSION

    def lines(self) -> list[str]:
        return [
            f"{FORMAT_NAME} {self.version}",
            f"program: {self.program}",
            f"scenario: {self.scenario}",
            f"options: {' '.join(self.options) if self.options else '-'}",
            f"mode: {self.mode}",
            f"seed: {self.seed}",
            f"created: {self.created}",
        ]

    def digest(self) -> str:
        return _sha256("\n".join(self.lines()))


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    kind: EntryKind
    at: str
    action: dict[str, Any] | None = None  # the action's data, for ACT entries
    target: int | None = None  # the entry an UNDO or REDO refers to
    narration: tuple[str, ...] = ()  # what happened, as the log reads it
    violations: tuple[str, ...] = ()  # broken rules applied anyway (ASSIST)

    def body_lines(self) -> list[str]:
        """Every line of the entry except its hash line."""
        title = f"#{self.number} {self.kind.value} {self.at}"
        if self.target is not None:
            title += f" #{self.target}"
        lines = [title]
        if self.action is not None:
            text = json.dumps(
                self.action, sort_keys=True, ensure_ascii=False, separators=(", ", ": ")
            )
            lines.extend(_wrap(">", text))
        for text in self.narration:
            lines.extend(_wrap("=", text))
        for text in self.violations:
            lines.extend(_wrap("!", text))
        return lines


def chain_digest(previous: str, body: list[str]) -> str:
    """The hash that seals an entry to everything before it."""
    return _sha256(previous + "\n" + "\n".join(body))


def render_entry(entry: Entry, previous_digest: str) -> tuple[list[str], str]:
    """The entry's lines, hash line included, and its digest."""
    body = entry.body_lines()
    digest = chain_digest(previous_digest, body)
    return [*body, f"~ {digest}", ""], digest


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _wrap(marker: str, text: str) -> list[str]:
    """Split a record into lines of at most LINE_WIDTH, breaking before a space if one is near."""
    first_width = LINE_WIDTH - len(marker) - 1
    pieces = []
    rest = text
    width = first_width
    while len(rest) > width:
        cut = rest.rfind(" ", width // 2, width)
        if cut <= 0:
            cut = width
        pieces.append(rest[:cut])
        rest = rest[cut:]
        width = LINE_WIDTH - 1
    pieces.append(rest)
    lines = [f"{marker} {pieces[0]}"]
    # A continuation line starts with a space; the piece itself may start with one too.
    lines.extend(f" {piece}" for piece in pieces[1:])
    return lines


@dataclass(frozen=True, slots=True)
class ParsedJournal:
    header: Header
    entries: tuple[Entry, ...]
    digests: tuple[str, ...]  # the digest sealing each entry, in order

    @property
    def last_digest(self) -> str:
        return self.digests[-1] if self.digests else self.header.digest()


def parse(text: str) -> ParsedJournal:
    """Read a journal and check its hash chain; JournalError names the first bad entry."""
    if len(text) > MAX_FILE_BYTES:
        raise JournalError(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header, position = _parse_header(lines)
    previous = header.digest()
    entries: list[Entry] = []
    digests: list[str] = []
    while position < len(lines):
        if not lines[position].strip():
            position += 1
            continue
        entry, digest, position = _parse_entry(lines, position, previous, len(entries) + 1)
        entries.append(entry)
        digests.append(digest)
        previous = digest
    return ParsedJournal(header, tuple(entries), tuple(digests))


_HEADER_KEYS = ("program", "scenario", "options", "mode", "seed", "created")


def _parse_header(lines: list[str]) -> tuple[Header, int]:
    first = lines[0].strip() if lines else ""
    if not first.startswith(FORMAT_NAME):
        raise JournalError(
            f"this is not an owsqt journal: it should start with '{FORMAT_NAME}'", line=1
        )
    version_text = first.removeprefix(FORMAT_NAME).strip()
    if not version_text.isdigit():
        raise JournalError(f"the format version {version_text!r} is not a number", line=1)
    version = int(version_text)
    if version != FORMAT_VERSION:
        raise JournalError(
            f"the journal has format version {version}; this owsqt reads version {FORMAT_VERSION}",
            line=1,
        )
    values: dict[str, str] = {}
    for index, key in enumerate(_HEADER_KEYS, start=1):
        line = lines[index] if index < len(lines) else ""
        name, _, value = line.partition(": ")
        if name != key:
            raise JournalError(
                f"expected the header field '{key}: ...', found {line!r}", line=index + 1
            )
        values[key] = value
    if not values["seed"].isdigit():
        raise JournalError(f"the seed {values['seed']!r} is not a number", line=7)
    options = () if values["options"] == "-" else tuple(values["options"].split())
    header = Header(
        scenario=values["scenario"],
        options=options,
        mode=values["mode"],
        seed=int(values["seed"]),
        created=values["created"],
        program=values["program"],
        version=version,
    )
    return header, len(_HEADER_KEYS) + 1


def _parse_entry(
    lines: list[str], start: int, previous: str, expected_number: int
) -> tuple[Entry, str, int]:
    title = lines[start]
    number = expected_number
    parts = title.split(" ")
    if not title.startswith("#") or len(parts) not in (3, 4):
        raise JournalError(
            f"expected an entry title such as '#{number} act <time>'", number, start + 1
        )
    if parts[0][1:] != str(expected_number):
        raise JournalError(
            f"found entry {parts[0]} where entry #{expected_number} should be "
            "(an entry was dropped, inserted or reordered)",
            number,
            start + 1,
        )
    try:
        kind = EntryKind(parts[1])
    except ValueError:
        raise JournalError(f"unknown entry kind {parts[1]!r}", number, start + 1) from None
    target = None
    if len(parts) == 4:
        if not (parts[3].startswith("#") and parts[3][1:].isdigit()):
            raise JournalError(
                f"expected '#<entry>' after the time, found {parts[3]!r}", number, start + 1
            )
        target = int(parts[3][1:])
    records: list[list[str]] = []  # [marker, text]
    position = start + 1
    digest_line = None
    while position < len(lines):
        line = lines[position]
        if line.startswith("~ "):
            digest_line = position
            break
        if line.startswith(" ") and records:
            records[-1][1] += line[1:]
        elif len(line) >= 2 and line[0] in ">=!" and line[1] == " ":
            records.append([line[0], line[2:]])
        elif not line.strip():
            break
        else:
            raise JournalError(f"cannot read the line {line[:40]!r}", number, position + 1)
        position += 1
    if digest_line is None:
        raise JournalError(
            "the entry has no hash line: the file ends or breaks off here (truncated?)",
            number,
            position + 1,
        )
    body = lines[start:digest_line]
    digest = lines[digest_line][2:].strip()
    if chain_digest(previous, body) != digest:
        raise JournalError(
            "the hash does not match: this entry or one before it was changed",
            number,
            digest_line + 1,
        )
    action = None
    narration: list[str] = []
    violations: list[str] = []
    for marker, text in records:
        if marker == ">":
            if action is not None:
                raise JournalError("an entry holds one action", number, start + 1)
            try:
                action = json.loads(text)
            except json.JSONDecodeError as error:
                raise JournalError(f"the action is not valid JSON: {error}", number) from None
        elif marker == "=":
            narration.append(text)
        else:
            violations.append(text)
    if (kind is EntryKind.ACT) != (action is not None):
        raise JournalError(
            f"an '{kind.value}' entry {'needs' if kind is EntryKind.ACT else 'holds no'} action",
            number,
        )
    entry = Entry(number, kind, parts[2], action, target, tuple(narration), tuple(violations))
    return entry, digest, digest_line + 1
