"""What a player's computer keeps of a network game beside its game file (`FILE.network`):
his account, the game's room, the opponent's Matrix id, and how much of the game file the
room holds (the text both copies share: its length and SHA-256). No secret: the access token
is in the keyring (account.py). The game file stays the truth: a record that does not fit it
is refused in one line, and the room is read again from its start."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from owsqt.journal.sidefiles import read_side_file, write_side_file
from owsqt.network.account import Account

SUFFIX = ".network"
LIMIT = 4096  # bytes: a record is a few lines


class RecordError(ValueError):
    """A record that cannot be read, or does not fit its game file: what is wrong."""


@dataclass(frozen=True, slots=True)
class NetworkRecord:
    account: Account
    room_id: str
    opponent: str
    shared_chars: int
    shared_sha256: str

    @staticmethod
    def path_of(game_file: Path) -> Path:
        return game_file.with_name(game_file.name + SUFFIX)

    def shared(self, text: str) -> str:
        """The text both copies share, from the game file's `text`."""
        shared = text[: self.shared_chars]
        if hashlib.sha256(shared.encode("utf-8")).hexdigest() != self.shared_sha256:
            raise RecordError("the network record does not fit the game file")
        return shared

    def with_shared(self, shared: str) -> NetworkRecord:
        digest = hashlib.sha256(shared.encode("utf-8")).hexdigest()
        return NetworkRecord(self.account, self.room_id, self.opponent, len(shared), digest)

    def save(self, game_file: Path) -> None:
        data = {
            "homeserver": self.account.homeserver,
            "user": self.account.user_id,
            "room": self.room_id,
            "opponent": self.opponent,
            "shared_chars": self.shared_chars,
            "shared_sha256": self.shared_sha256,
        }
        write_side_file(self.path_of(game_file), json.dumps(data, indent=1).encode("utf-8"))

    @classmethod
    def load(cls, game_file: Path) -> NetworkRecord:
        path = cls.path_of(game_file)
        if not path.exists() and not path.is_symlink():
            raise RecordError(f"{game_file} is not a network game: no {path.name} beside it")
        try:
            data = json.loads(read_side_file(path, LIMIT))
            text = {k: data[k] for k in ("homeserver", "user", "room", "opponent")}
            chars, digest = data["shared_chars"], data["shared_sha256"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise RecordError(f"{path}: not a network record ({error})") from None
        if not all(isinstance(v, str) for v in text.values()) or not isinstance(chars, int):
            raise RecordError(f"{path}: not a network record")
        account = Account(text["homeserver"], text["user"])
        return cls(account, text["room"], text["opponent"], chars, str(digest))
