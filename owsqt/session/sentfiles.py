"""What this computer's player last sent in each e-mail game, kept beside his key.

A reply must extend the file its player received (docs/pbem-format.md, "Play by e-mail"). The
player's own copy of the game says what he sent, but it may be an older copy, a backup or the
opponent's file opened as a game; so each send is also recorded beside the key that signed it,
in $XDG_CONFIG_HOME/owsqt/sent/GAME-SIDE.json, outside any game file, and an import is
checked against the later of the two. A key made in memory (tests, fuzzing) has no folder and
keeps no record. The record is a safety net: one that cannot be read is ignored (the copy
still counts), and one that cannot be written is logged, never a failed send."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from owsqt.journal.identity import Identity
from owsqt.journal.pbem import SentFile
from owsqt.journal.store import write_atomically
from owsqt.journal.textformat import SIDES, is_hex

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
