"""Taking in an opponent's file in e-mail play: what it must hold, and what it brought.

His file must continue this game exactly, hold the file this player sent last (even when
this copy of the game stops before it), carry his valid signatures and keep the rules of the
game's mode; any failure leaves the game and the exchange as they were. The exchange
(email.py) asks for it in `import_text`."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol

from owsqt.journal import pbem
from owsqt.journal.pbem import SentFile
from owsqt.journal.textformat import EntryKind, check_not_ahead, parse, utc_now
from owsqt.session.exchangegame import Game
from owsqt.session.referee import Refereed, referee


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an opponent's file brought: its entries, first to last, and its number; in a
    fogged game that both players' seals now open, the referee's verdict (18.1)."""

    first_entry: int
    last_entry: int
    file_number: int
    refereed: Refereed | None = None


class Importing(Protocol):
    """What the import asks of the exchange it takes a file into (email.EmailExchange)."""

    keys: dict[str, str | None]

    @property
    def files_sent(self) -> int: ...

    def last_sent(self) -> SentFile | None: ...

    def unchanged_on_failure(self) -> AbstractContextManager[None]: ...

    def after_entries(self) -> None: ...


def import_file(
    exchange: Importing,
    game: Game,
    text: str,
    opponent: str,
    progress: Callable[[int, int], None] | None = None,
    live: bool = False,
) -> ImportReport:
    """Take in the file of `opponent` (his side): JournalError (or ImportRefused, listing the
    rules its first illegal entry breaks) leaves the game untouched. The checks go from the
    cheapest on: the size of his file (parse, before any entry is read:
    limits.MAX_FILE_ENTRIES), the chain and signatures of what it adds, whose entries they
    are and its send, and last the replay, which stops at the first entry that breaks a
    rule; `progress(done, total)` follows the replay. `live`: the file may stop before his
    send, a part of it played live (issue 40)."""
    ours = game.as_parsed()
    # The entries this copy holds were checked when they were written or taken in; the
    # file must hold them unchanged (check_continues compares their chained hashes, which
    # cover every line but the signature's), so their signatures are not checked again.
    sent = exchange.last_sent()
    known = max(len(ours.entries), sent.last if sent is not None else 0)
    theirs = parse(text, trusted=len(ours.entries), known=known)
    pbem.check_continues(ours, theirs, opponent, sent, live)
    check_not_ahead(theirs.entries[len(ours.entries) :], utc_now())  # Entry times
    with exchange.unchanged_on_failure():
        game.take_in(theirs.entries[len(ours.entries) :], progress)
    first, last = len(ours.entries) + 1, len(theirs.entries)
    exchange.after_entries()
    return ImportReport(first, last, exchange.files_sent, _refereed(exchange, game))


def _refereed(exchange: Importing, game: Game) -> Refereed | None:
    """[18.1] The referee's verdict once both players of a fogged game have opened their
    seals (each program's own OPEN is written when it sees the game over)."""
    openers = {e.by for e in game.entries if e.kind is EntryKind.OPEN}
    if openers != set(exchange.keys):
        return None
    return referee(game.ruleset, game.text())
