"""A game file whose end was cut off in the middle of an entry, and its recovery
(docs/pbem-format.md, "Writing the file").

An entry reaches the file in one append (store.JournalFile): a process killed in the middle
of it, or a disk that fails, can leave the first part of the entry and not the rest. Such a
file is *torn*, and only such a file: its text is a journal that reads whole up to the end
of an entry (chain and signatures hold), followed by the beginning of the next entry and
nothing more, namely

- one entry's lines, without a blank line among them, whose first line is (the beginning
  of) the title of the next entry, `#N+1 ...`;
- cut off before the entry is whole: it has no `~` line, or the `~` line is cut short, or
  (format 2) its `@` signature is shorter than a whole signature;
- what of it is whole holds: a `~` line of 64 hex digits is the hash of the lines before
  it, chained to the last whole entry. A cut may also fall inside a character of UTF-8.

A bad hash or signature anywhere else, or an entry that is whole but wrong, is not a tear:
it is a changed file, refused as ever. A file that reads whole but lacks its last line
ending is whole, not torn (the next append starts with the missing blank line)."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from owsqt.journal.lock import JournalLock
from owsqt.journal.sidefiles import first_free, keep_copy, numbered
from owsqt.journal.store import decode_text, naming, read_bytes, read_locked
from owsqt.journal.textformat import (
    LEGACY_VERSION,
    JournalError,
    ParsedJournal,
    chain_digest,
    parse,
)

SIGNATURE_CHARS = len(base64.b64encode(bytes(64)))  # an Ed25519 signature in base64
_HASH_CHARS = 64
_MARKERS = ">=!+"


@dataclass(frozen=True, slots=True)
class Tear:
    """Where a torn file's whole entries end: `whole` entries in the first `offset` bytes
    of the `size` the file has."""

    whole: int
    offset: int
    size: int

    @property
    def entry(self) -> int:
        """The entry that was cut off."""
        return self.whole + 1

    @property
    def torn_bytes(self) -> int:
        return self.size - self.offset


class TornJournal(JournalError):
    """A file torn at its end: recover() keeps a copy and cuts it to its whole entries."""

    def __init__(self, tear: Tear) -> None:
        whole = {0: "no whole entry", 1: "1 whole entry"}.get(
            tear.whole, f"{tear.whole} whole entries"
        )
        super().__init__(
            f"the file ends in the middle of entry {tear.entry}, after {whole}; opening it, "
            "or `owsqt recover`, keeps those"
        )
        self.tear = tear


def find_tear(data: bytes) -> Tear | None:
    """Where the whole entries of a torn file end, or None when `data` is not torn (it
    reads whole, or something other than its end is wrong)."""
    text = _decoded(data)
    if text is None:
        return None
    start = _last_title(text)
    if start is None:
        return None
    whole = text[:start]
    try:
        parsed = parse(whole)
    except JournalError:
        return None
    if not _cut_short(text[start:], parsed):
        return None
    return Tear(len(parsed.entries), len(whole.encode("utf-8")), len(data))


def parse_or_tear(text: str) -> ParsedJournal:
    """parse(text), with TornJournal instead of its JournalError when the file is torn."""
    try:
        return parse(text)
    except JournalError:
        tear = find_tear(text.encode("utf-8"))
        if tear is None:
            raise
        raise TornJournal(tear) from None


def read_journal(source: Path | JournalLock) -> str:
    """read_text of the file at `source`, or of the file a lock holds, read through the
    lock (store.read_locked), with TornJournal instead of its JournalError when the file is
    torn inside a character. The bytes are read once, by read_bytes, which refuses a folder,
    a pipe or a device before reading anything."""
    path = source.game if isinstance(source, JournalLock) else source
    data = read_locked(source) if isinstance(source, JournalLock) else read_bytes(source)
    try:
        return decode_text(path, data)
    except JournalError:
        tear = find_tear(data)
        if tear is None:
            raise
        raise TornJournal(tear) from None


def copy_names(path: Path, when: datetime | None = None) -> Iterator[Path]:
    """Where the torn file is kept when it is recovered: NAME.torn-YYYYmmddTHHMMSS.owsg,
    numbered on (-2, -3...) past every name taken."""
    stamp = (when or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S")
    return numbered(path, f"torn-{stamp}")


def copy_path(path: Path, when: datetime | None = None) -> Path:
    """The name the copy of the torn file would take now (recover() takes the first free
    one when it makes it)."""
    return first_free(copy_names(path, when))


def recover(path: Path, lock: JournalLock) -> tuple[Tear, Path]:
    """Keep a copy of the torn file at `path` (copy_names) and cut it to its whole entries,
    under `lock`, which the caller holds; the file is read and cut through the lock. The
    copy is made where nothing stands, never over a copy kept before nor through a link
    (sidefiles.keep_copy). JournalError when it is not torn (any more)."""
    assert lock.held and lock.game == path
    data = read_locked(lock)
    tear = find_tear(data)
    if tear is None:
        raise JournalError(f"{path.name} is not cut off in the middle of an entry")
    copy = keep_copy(data, copy_names(path))  # on the disk before the original is cut
    lock.check()
    try:
        os.ftruncate(lock.fd, tear.offset)
        os.fsync(lock.fd)
    except OSError as error:  # a full disk: say which file could not be written
        raise naming(error, path) from None
    return tear, copy


def _decoded(data: bytes) -> str | None:
    """The text of `data`; a character cut off at the very end is left out (the tail is
    then torn in any case). None when it is not UTF-8 elsewhere."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason != "unexpected end of data" or error.end != len(data):
            return None
        return data[: error.start].decode("utf-8", errors="strict")


def _last_title(text: str) -> int | None:
    """Where the last line that begins with '#' (an entry's title) starts."""
    start = text.rfind("\n#")
    return None if start < 0 else start + 1


def _cut_short(tail: str, parsed: ParsedJournal) -> bool:
    """Whether `tail` is the beginning of the entry after `parsed`, cut off before its end."""
    lines = tail.replace("\r\n", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()  # the cut fell at the end of a line
    if not lines or "" in lines:
        return False  # no entry, or more than one
    title, records = lines[0], lines[1:]
    expected = f"#{len(parsed.entries) + 1} "
    if not (title.startswith(expected) or (not records and expected.startswith(title))):
        return False
    hashed = next((i for i, line in enumerate(records) if line.startswith("~")), None)
    body = records if hashed is None else records[:hashed]
    if not _records(body, _MARKERS, last_cut=hashed is None):
        return False
    if hashed is None:
        return True  # cut before the hash
    digest_line, signature = records[hashed], records[hashed + 1 :]
    digest = digest_line[2:]
    if not (digest_line[:2] == "~ "[: len(digest_line)] and _is_hex_prefix(digest)):
        return False
    if len(digest) < _HASH_CHARS:
        return not signature  # cut inside the hash
    if chain_digest(parsed.last_digest, [title, *body]) != digest:
        return False  # a whole hash that does not hold: changed, not cut
    if parsed.header.version == LEGACY_VERSION:
        return False  # the hash ends a version 1 entry: it is whole
    if not _records(signature, "@", last_cut=True) or len(signature) > 2:
        return False
    joined = "".join(line[2:] if line.startswith("@") else line[1:] for line in signature)
    return len(joined) < SIGNATURE_CHARS  # cut inside the signature, or before it


def _records(lines: list[str], markers: str, last_cut: bool) -> bool:
    """Whether `lines` are records with `markers` and their continuations; with
    `last_cut`, the last may be cut off after its marker."""
    for index, line in enumerate(lines):
        if last_cut and index == len(lines) - 1 and len(line) == 1 and line in markers:
            continue
        if line.startswith(" ") and index > 0:
            continue
        if not (len(line) >= 2 and line[0] in markers and line[1] == " "):
            return False
    return True


def _is_hex_prefix(text: str) -> bool:
    return len(text) <= _HASH_CHARS and all(c in "0123456789abcdef" for c in text)
