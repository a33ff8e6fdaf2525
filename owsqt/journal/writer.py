"""A journal as it is written: signed, chained and appended to its file entry by entry.

Each entry is signed, chained to the one before, appended to the file at once and kept in
memory with its digest and its lines."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from owsqt.journal.lock import JournalLock
from owsqt.journal.store import JournalExists, JournalFile, create_locked, replace_locked
from owsqt.journal.textformat import (
    FORMAT_VERSION,
    Entry,
    Header,
    ParsedJournal,
    render_entry,
    signed,
)


class JournalWriter:
    """The entries of one journal so far, and the file they go to (none until one is bound)."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self._entries: list[Entry] = []
        self._digests: list[str] = []
        self._lines: list[str] = [*header.lines(), ""]
        self._file: JournalFile | None = None
        self.path: Path | None = None
        self.lost: Path | None = None  # the file it stopped writing when a write failed

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def latest_time(self) -> str:
        """[Entry times] The latest time the journal holds: its creation's or an entry's."""
        return max((self.header.created, *(entry.at for entry in self._entries)))

    def entry(self, number: int) -> Entry:
        """Entry `number`, counted from 1 as in the journal."""
        return self._entries[number - 1]

    def write(
        self,
        entry: Entry,
        sign: Callable[[str], str],
        effect: Callable[[Entry], object] | None = None,
    ) -> None:
        """Sign the entry with `sign` (version 2, when it is not signed yet), write it to the
        file, then let it take `effect`: if the file cannot be written or the effect fails,
        the journal in memory and the file stay as they were.

        A file that cannot be written (JournalWriteFailed, cut back to its last whole entry)
        is let go: the journal goes on in memory, unsaved, until it is saved elsewhere, and
        nothing more is appended to that file behind the entry that is missing from it."""
        previous = self._digests[-1] if self._digests else self.header.digest()
        if entry.signature is None and self.header.version == FORMAT_VERSION:
            entry = signed(entry, previous, sign)
        lines, digest = render_entry(entry, previous)
        file = self._file
        if file is not None:
            try:
                file.append(lines)
            except OSError:
                self._let_go()
                raise
        try:
            if effect is not None:
                effect(entry)
        except BaseException:
            if file is not None and not file.take_back():
                self._let_go()
            raise
        self._digests.append(digest)
        self._entries.append(entry)
        self._lines.extend(lines)

    def adopt(self, parsed: ParsedJournal, count: int, lines: list[str]) -> None:
        """Take the first `count` entries of `parsed` as written, with `lines`, the file's
        lines up to their end (header included): a checkpoint's journal, not re-rendered."""
        assert not self._entries  # only a journal that holds nothing yet adopts
        self._entries = list(parsed.entries[:count])
        self._digests = list(parsed.digests[:count])
        self._lines = lines

    def text(self) -> str:
        """The whole journal as it stands on disk."""
        return "\n".join(self._lines) + "\n"

    def parsed(self) -> ParsedJournal:
        """The journal as parse() gives it back from text(), without reading it again."""
        return ParsedJournal(self.header, tuple(self._entries), tuple(self._digests))

    # --- the file ---------------------------------------------------------------------------

    def save_as(self, path: Path, lock: JournalLock | None = None, replace: bool = True) -> None:
        """Write the journal to `path` atomically and go on appending there, under its lock:
        `lock`, or a new file made exclusively where nothing stands (store.create_locked),
        or, with `replace`, the lock of the file that stands there, taken first (JournalLocked
        when someone else writes it: nothing written). Without `replace`, a file that stands
        at `path` is never replaced (JournalExists)."""
        if lock is None and self._bound_to(path):
            assert self._file is not None
            self._file.replace(self.text())
            return
        if lock is None:
            try:
                lock = create_locked(path, self.text())
            except JournalExists:
                if not replace:
                    raise
            else:
                self.bind(path, lock)  # which lets go of the lock when it fails
                return
            lock = JournalLock(path)
        try:
            replace_locked(lock, self.text())
        except BaseException:
            lock.release()
            raise
        self.bind(path, lock)

    def bind(self, path: Path, lock: JournalLock | None = None) -> None:
        """Go on appending to `path`, which holds this journal already, under `lock` (taken
        here when it is None: JournalLocked when someone else has it)."""
        if lock is None and self._bound_to(path):
            assert self._file is not None
            lock = self._file.lock
            self._file.close(keep_lock=True)
            self._file = self.path = None  # unbound, should the file not open again
        file = JournalFile(path, lock)
        self.close()
        self._file, self.path, self.lost = file, path, None

    def _bound_to(self, path: Path) -> bool:
        return self._file is not None and self._file.path.resolve() == path.resolve()

    def close(self) -> None:
        """Let go of the file and its lock; the journal stays in memory, unbound."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def _let_go(self) -> None:
        """A write failed: stop writing the file, which ends in the last whole entry."""
        self.lost = self.path
        self.close()
        self.path = None

    @contextmanager
    def written_whole(self) -> Iterator[None]:
        """The entries written inside reach the file at the end, all at once, by replacing it
        atomically under its lock; if anything inside fails, the file stays as it was (cut
        the entries in memory back with restore())."""
        file, self._file = self._file, None
        try:
            yield
            if file is not None:
                file.replace(self.text())
        finally:
            self._file = file

    # --- going back -------------------------------------------------------------------------

    def save_point(self) -> tuple[int, int]:
        return len(self._entries), len(self._lines)

    def restore(self, saved: tuple[int, int]) -> None:
        """Drop the entries written since `saved` (from memory only: see written_whole)."""
        entries, lines = saved
        del self._entries[entries:], self._digests[entries:], self._lines[lines:]
