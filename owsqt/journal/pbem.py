"""The e-mail protocol's pieces that need no game: ids, sealed actions, file names, and the
checks that a file continues our game or can be joined (docs/pbem-format.md); the dice,
agreed for each file by commit and reveal, are filedice.py's."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from owsqt.journal.filedice import ONE_SEED_GAME
from owsqt.journal.identity import canonical_b64decode
from owsqt.journal.textformat import (
    SIDES,
    Entry,
    EntryKind,
    JournalError,
    ParsedJournal,
    Play,
    is_number,
)

SEAL_PADDING = 1024  # sealed actions are padded to a multiple of this: the size of a bid
# or of any allocation of a side's air units (under 600 bytes) tells nothing
TELL_PADDING = 256  # 18.1: a told action's box, whose size may tell only what its entry shows
FILE_SUFFIX = ".owsg"


def new_game_id() -> str:
    return secrets.token_hex(16)


def canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def seal_label(game: str, entry: int) -> str:
    return f"seal {game} {entry}"


def seal_digest(game: str, entry: int, action: dict[str, Any], nonce: str) -> str:
    """[6.1] The commitment to a secret action (a bid of planned attacks), made at `entry`."""
    return _sha256(f"owsqt seal {game} {entry} {canonical(action)} {nonce}")


def seal_box(secret: str, action: dict[str, Any], padding: int = SEAL_PADDING) -> str:
    """The sealed action encrypted for its owner alone (the key is the owner's secret for this
    seal), so the owner's program can show it again after a restart or on another machine;
    padded with spaces to a multiple of `padding` bytes."""
    plain = canonical(action).encode("utf-8")
    plain += b" " * (-len(plain) % padding)
    key = bytes.fromhex(secret)
    return base64.b64encode(ChaCha20Poly1305(key).encrypt(bytes(12), plain, None)).decode()


def open_box(secret: str, box: str) -> dict[str, Any] | None:
    """The action in a box made with `secret`; None when it is not ours or is damaged."""
    sealed = canonical_b64decode(box)
    if sealed is None:
        return None
    try:
        plain = ChaCha20Poly1305(bytes.fromhex(secret)).decrypt(bytes(12), sealed, None)
        data = json.loads(plain.decode("utf-8"))
    except (InvalidTag, ValueError):
        return None
    return data if isinstance(data, dict) else None


def tells_label(game: str) -> str:
    """[18.1] What a player's key signs to make the secret of all his told actions of a game:
    revealed at its end (the OPEN entry), it opens every one of them."""
    return f"tells {game}"


def tell_secret(master: str, game: str, entry: int) -> str:
    """[18.1] The secret that seals the action told at `entry`, made from the player's secret
    of the game's told actions (`tells_label`)."""
    return _sha256(f"owsqt tell {game} {entry} {master}")


def file_name(scenario: str, game: str, number: int) -> str:
    """`we-are-coming-5f0c9d1e-003.owsg`: the game, then the file's number in the exchange."""
    return f"{scenario}-{game[:8]}-{number:03d}{FILE_SUFFIX}"


@dataclass(frozen=True, slots=True)
class SentFile:
    """A file a player sent: its number, its entries (from the one after the previous send to
    his send) and the hash of his send, which the hash chain binds to all before it."""

    file: int
    first: int
    last: int
    digest: str

    def describe(self) -> str:
        """'your file 3 (entries 41-57, ending with your send #57)'"""
        entries = f"entries {self.first}-{self.last}"
        return f"your file {self.file} ({entries}, ending with your send #{self.last})"

    def held_by(self, journal: ParsedJournal) -> bool:
        """Whether `journal` holds this file's send unchanged, and so all before it."""
        digests = journal.digests
        return len(digests) >= self.last and digests[self.last - 1] == self.digest


def last_sent(journal: ParsedJournal, side: str) -> SentFile | None:
    """The last file `side` sent in `journal`; None when he has sent none."""
    entries = journal.entries
    mine = [e.number for e in entries if e.kind is EntryKind.SEND and e.by == side]
    if not mine:
        return None
    last = mine[-1]
    before = [e.number for e in entries[: last - 1] if e.kind is EntryKind.SEND]
    number = entries[last - 1].field("file") or ""
    return SentFile(
        int(number) if is_number(number) else len(before) + 1,
        before[-1] + 1 if before else 1,
        last,
        journal.digests[last - 1],
    )


def check_continues(
    ours: ParsedJournal,
    theirs: ParsedJournal,
    opponent: str,
    sent: SentFile | None = None,
    live: bool = False,
) -> None:
    """[Import] The opponent's file must be our game, hold the file we sent last (`sent`) and
    everything we have unchanged, add something of his, and end with his send (`live`: or
    with any entry of his, a part of his file played live through a room, issue 40);
    JournalError says which it does not. The entries up to `sent` may be ours even where our
    copy of the game stops before them (an older copy: `sent` is what we know we sent)."""
    if theirs.header.game != ours.header.game:
        raise JournalError(
            f"this file belongs to another game (game {theirs.header.game[:8]}, "
            f"{theirs.header.scenario}); yours is game {ours.header.game[:8]}"
        )
    if theirs.header != ours.header:
        raise JournalError("the file's header differs from your game's: it was altered", line=1)
    if sent is not None and not sent.held_by(theirs):
        raise JournalError(
            f"the file does not hold {sent.describe()}: it was cut or continues an older file"
        )
    for number, (mine, other) in enumerate(zip(ours.digests, theirs.digests, strict=False), 1):
        if mine != other:
            raise JournalError(
                "the file differs here from the game you sent: it was changed or it continues "
                "another copy of the game",
                number,
            )
    known = max(len(ours.entries), sent.last if sent is not None else 0)
    if len(theirs.entries) <= known:
        if sent is not None and len(theirs.entries) == sent.last:
            raise JournalError(
                f"the file holds nothing new: it ends with your own send #{sent.last} (file "
                f"{sent.file}), without the {opponent} player's reply (your own file, or his "
                "cut short after your send)"
            )
        raise JournalError(
            f"the file holds nothing new: it ends at entry {len(theirs.entries)}, and your game "
            f"has {known} entries (an old file, or your own?)"
        )
    for entry in theirs.entries[known:]:
        if entry.by != opponent:
            raise JournalError(
                f"the entry is the {entry.by} player's; a file from your opponent adds only "
                f"the {opponent} player's entries",
                entry.number,
            )
    last = theirs.entries[-1]
    if last.kind is not EntryKind.SEND and not live:
        raise JournalError(
            f"the file does not end with the {opponent} player's send: it was cut short after "
            f"entry {last.number}",
        )


def not_as_sent(entries: Sequence[Entry]) -> str | None:
    """[Verify] What shows that an e-mail game's file is not one as a player sends it: entries
    after the last send. A player's own copy of the game ends so between his sends, and so
    does a sent file cut short after a whole entry; the file cannot tell which."""
    if entries and entries[-1].kind is EntryKind.SEND:
        return None
    sends = [entry for entry in entries if entry.kind is EntryKind.SEND]
    first = sends[-1].number + 1 if sends else 1
    if not entries:
        what = "it holds no entry"
    elif sends:
        after = f"entry {first}" if first == len(entries) else f"entries {first}-{len(entries)}"
        what = f"{after} after the last send (file {sends[-1].field('file')}, #{sends[-1].number})"
    else:
        what = f"no file was sent yet ({len(entries)} entries)"
    return (
        f"not a file as sent: {what}; so ends a player's own copy of the game between his "
        "sends, and so does a file cut short after a whole entry"
    )


def free_side(first: ParsedJournal, public: str) -> str:
    """[Join] The side that the player with key `public` takes in the game of its creator's
    first file; JournalError when the file is not one he can join."""
    header = first.header
    if header.play != Play.EMAIL.value:
        raise JournalError(f"this is a {header.play} game, not one played by e-mail")
    if not header.per_file_dice:
        raise JournalError(ONE_SEED_GAME, line=len(header.lines()))
    if public in (header.german, header.soviet):
        raise JournalError("this is your own game: open it, or open your opponent's reply")
    free = [side for side in SIDES if header.key_of(side) is None]
    if not free or any(entry.kind is EntryKind.JOIN for entry in first.entries):
        raise JournalError("both sides of this game have players already")
    check_continues(ParsedJournal(header, (), ()), first, header.creator)
    return free[0]


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
