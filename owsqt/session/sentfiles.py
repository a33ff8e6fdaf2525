"""What this computer's player last sent in each e-mail game, kept beside his key.

A reply must extend the file its player received (docs/pbem-format.md, "Play by e-mail"). The
player's own copy of the game says what he sent, but it may be an older copy, a backup or the
opponent's file opened as a game; so each send is also recorded beside the key that signed it,
in $XDG_CONFIG_HOME/owsqt/sent/GAME-SIDE.json, outside any game file, and an import is
checked against the later of the two. A key made in memory (tests, fuzzing) has no folder and
keeps no record. The record is a safety net: one that cannot be read is ignored (the copy
still counts), and one that cannot be written is logged, never a failed send. The exchange
(email.py) asks its `LastSent` which file its player sent last."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from owsqt.journal import pbem
from owsqt.journal.identity import Identity
from owsqt.journal.pbem import SentFile
from owsqt.journal.store import write_atomically
from owsqt.journal.textformat import SIDES, is_hex
from owsqt.session.exchangegame import Game

log = logging.getLogger(__name__)

SENT_FOLDER = "sent"


class SentFiles:
    """The records of files sent, one a game and side, in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @classmethod
    def beside(cls, identity: Identity) -> SentFiles | None:
        """The records of the key `identity`, in its folder; None for a key kept nowhere."""
        return None if identity.home is None else cls(identity.home / SENT_FOLDER)

    def last(self, game: str, side: str) -> SentFile | None:
        """The file `side` last sent in `game` from this computer; None when none is recorded
        or the record cannot be read."""
        path = self._path(game, side)
        if path is None:
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, ValueError) as error:
            log.warning("the record of the file you sent last, %s, is unreadable: %s", path, error)
            return None
        sent = _sent_file(data, game, side)
        if sent is None:
            log.warning("the record of the file you sent last, %s, is damaged", path)
        return sent

    def keep(self, game: str, side: str, sent: SentFile) -> None:
        """Record `sent` as the file `side` sent last in `game`."""
        path = self._path(game, side)
        if path is None:
            return
        data = {"game": game, "side": side, "file": sent.file, "first": sent.first}
        data |= {"last": sent.last, "send": sent.digest}
        try:
            write_atomically(path, json.dumps(data, indent=2) + "\n")
        except OSError as error:
            log.warning("cannot record the file you sent in %s: %s", path, error)

    def _path(self, game: str, side: str) -> Path | None:
        if not is_hex(game, 32) or side not in SIDES:  # the header's parser made sure of both
            return None
        return self.folder / f"{game}-{side}.json"


class LastSent:
    """The file a side of one game sent last, from its copy of the game and from the record
    beside its key, which is read once, when first asked."""

    def __init__(self, game: Game) -> None:
        self._game = game
        # The record, once read, and whether the game's entries (so many of them) hold it.
        self._recorded: tuple[SentFile | None] | None = None
        self._held: tuple[int, bool] = (-1, True)

    def last(self, side: str) -> SentFile | None:
        """The file `side` sent last: the later of the last one this copy of the game holds
        and the one recorded beside the key when it was sent (this copy may be older)."""
        in_copy = pbem.last_sent(self._game.as_parsed(), side)
        recorded = self._recorded_send(side)
        if recorded is None or (in_copy is not None and in_copy.last > recorded.last):
            return in_copy
        return recorded

    def keep(self, side: str) -> None:
        """Record beside the key the file `side` has just sent (the game's last send)."""
        sent = pbem.last_sent(self._game.as_parsed(), side)
        records = SentFiles.beside(self._game.identity)
        if sent is not None and records is not None:  # the send just written
            records.keep(self._game.header.game, side, sent)
            self._recorded = (sent,)

    def missing(self, side: str) -> SentFile | None:
        """The file `side` sent last, recorded beside the key, when this copy of the game
        does not hold it (an older copy, or a file that dropped it): none must play on it."""
        recorded = self._recorded_send(side)
        if recorded is None:
            return None
        count = len(self._game.entries)
        if self._held[0] != count:
            self._held = (count, recorded.held_by(self._game.as_parsed()))
        return None if self._held[1] else recorded

    def _recorded_send(self, side: str) -> SentFile | None:
        if self._recorded is None:
            records = SentFiles.beside(self._game.identity)
            game = self._game.header.game
            self._recorded = (records.last(game, side) if records is not None else None,)
        return self._recorded[0]


def _sent_file(data: object, game: str, side: str) -> SentFile | None:
    """The record read back; None when it is not one of `side` in `game` as keep() writes it."""
    if not isinstance(data, dict) or data.get("game") != game or data.get("side") != side:
        return None
    numbers = [data.get(name) for name in ("file", "first", "last")]
    counted = [n for n in numbers if type(n) is int and n > 0]
    digest = data.get("send")
    if len(counted) != len(numbers) or not isinstance(digest, str) or not is_hex(digest, 64):
        return None
    file, first, last = counted
    return SentFile(file, first, last, digest) if first <= last else None
