"""[Dice] The dice of e-mail play, agreed by both players for each file (docs/pbem-format.md).

The dice of file K, written by player X (Y is the other), roll from the seed

    SHA-256("owsqt seed GAME K SHARE FRESH"), its first 16 hex digits as a number,

SHARE being X's secret share for file K and FRESH a random share Y drew and wrote in the
send that ends his file K-1. X committed to SHARE before Y drew FRESH (in the send of his
file K-2; the creator's share of file 3 in the header) and reveals it in a `reveal` entry,
the first of file K. So neither player chooses a seed, and Y cannot compute X's dice
before X's file comes (X can try his own on a private copy: the documented limit). Each
file from the third begins with its reveal, whether it rolls or not: under the fog of war
the reader's world may roll where the writer's does not. Files 1 and 2 roll none.

A share is a secret only its player's key makes (Identity.secret_for) from the game, the
file, and the fresh share its player drew in the send that commits to it: nothing is
stored, and a game id used again makes new shares.

Games made before this scheme (header `dice: commit H`) agreed one seed for the whole game
from the joiner's share, in his join, and the creator's, in his reveal: they still replay
(`OneSeed`) but are not played on.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, Header, JournalError, is_hex

DICE_NOT_AGREED = (
    "the dice are not agreed yet: the first two files roll none (their shares are not "
    "committed yet); send your file now"
)
ONE_SEED_GAME = (
    "an older owsqt made this game, with one dice seed both players can compute ahead: it "
    "can be verified, not played on"
)
FIRST_ROLLING_FILE = 3  # files 1 and 2 roll no die: no share of theirs was committed before
NO_SALT = "-"  # the creator's share of file 3, committed in the header before anything is drawn


def fresh_share() -> str:
    """A fresh random share: 64 hex digits from the system's randomness."""
    return secrets.token_hex(32)


def share_of(identity: Identity, game: str, file: int, salt: str) -> str:
    """[Dice] The secret share of `identity`'s player for his file `file`: made from his key,
    `salt` being the fresh share he drew in the entry that commits to it."""
    return identity.secret_for(f"dice {game} {file} {salt}")


def share_commitment(game: str, file: int, share: str) -> str:
    """[Dice] What a player publishes of his share of file `file` before its fresh share is
    drawn."""
    return _sha256(f"owsqt dice commitment {game} {file} {share}")


def file_seed(game: str, file: int, share: str, fresh: str) -> int:
    """[Dice] The seed the dice of file `file` roll from: neither player chose it."""
    return int(_sha256(f"owsqt seed {game} {file} {share} {fresh}")[:16], 16)


def creator_commitment(identity: Identity, game: str) -> str:
    """[Dice] The header's commitment: to the creator's share of his file 3."""
    first = FIRST_ROLLING_FILE
    return share_commitment(game, first, share_of(identity, game, first, NO_SALT))


@dataclass(frozen=True, slots=True)
class Pledge:
    """A side's commitment to its share of its file `file`, made at entry `entry` (0: the
    header)."""

    file: int
    digest: str
    entry: int


@dataclass(slots=True)
class FileDice:
    """[Dice] Where the agreement of an e-mail game's dice stands, entry by entry: each side's
    standing commitment, the fresh share of each file, every share seen (none is taken
    twice) and the last file whose dice are agreed."""

    game: str
    pledges: dict[str, Pledge]
    fresh: dict[int, str] = field(default_factory=dict)  # file -> the fresh share it takes
    seen: dict[str, int] = field(default_factory=dict)  # share or commitment -> its entry
    agreed: int = 0  # the last file whose dice are agreed (0: none)

    @staticmethod
    def of(header: Header) -> FileDice:
        """The agreement as the header begins it: the creator's commitment to his file 3."""
        digest = header.commitment or ""
        return FileDice(
            header.game, {header.creator: Pledge(FIRST_ROLLING_FILE, digest, 0)}, seen={digest: 0}
        )

    def copy(self) -> FileDice:
        return FileDice(
            self.game, dict(self.pledges), dict(self.fresh), dict(self.seen), self.agreed
        )

    def rolls_in(self, file: int) -> bool:
        """Whether the dice of file `file` are agreed, so that it may roll."""
        return self.agreed == file

    def take(self, entry: Entry, file: int, first: bool) -> int | None:
        """Entry `entry` of file `file` (`first`: the file's first entry); the seed the file
        rolls from when the entry agrees it (its reveal). JournalError, naming the entry,
        for a reveal missing or out of place, a share taken twice or not as committed."""
        if (entry.kind is EntryKind.REVEAL) != (first and file >= FIRST_ROLLING_FILE):
            if entry.kind is EntryKind.REVEAL:
                raise JournalError(
                    "a reveal is the first entry of a file, from file 3 on", entry.number
                )
            raise JournalError(
                f"file {file} does not begin with the {entry.by} player's reveal of his share "
                "of its dice",
                entry.number,
            )
        if entry.kind is EntryKind.SEND and file >= 2:
            fresh, commit = self._values(entry, "send", ("fresh", "commit"))
            self.fresh[file + 1] = fresh
            self.pledges[entry.by or ""] = Pledge(file + 2, commit, entry.number)
        elif entry.kind is EntryKind.REVEAL:
            return self._reveal(entry, file)
        return None

    def _reveal(self, entry: Entry, file: int) -> int:
        side = entry.by or ""
        (share,) = self._values(entry, "reveal", ("share",))
        pledge = self.pledges.get(side)
        if pledge is None or pledge.file != file:
            raise JournalError(
                f"the {side} player committed to no share of file {file}'s dice: the first "
                "two files roll none, and a player reveals only in his own file",
                entry.number,
            )
        where = "the header" if pledge.entry == 0 else f"his send #{pledge.entry}"
        if share_commitment(self.game, file, share) != pledge.digest:
            raise JournalError(
                f"the {side} share of file {file}'s dice does not match his commitment in "
                f"{where}: he changed it",
                entry.number,
            )
        self.agreed = file
        return file_seed(self.game, file, share, self.fresh[file])

    def _values(self, entry: Entry, what: str, names: tuple[str, ...]) -> list[str]:
        """The entry's dice shares `names`: each 64 hex digits, none seen before."""
        values = []
        for name in names:
            value = entry.field(name) or ""
            if not is_hex(value, 64):
                raise JournalError(
                    f"the {what} holds no {name} share of the dice (64 hex digits)", entry.number
                )
            if value in self.seen or value in values:
                before = self.seen.get(value, entry.number)
                where = f"entry {before}" if before else "the header"
                raise JournalError(
                    f"the {what}'s {name} share repeats one of {where}: each share of the "
                    "dice is new",
                    entry.number,
                )
            values.append(value)
        self.seen.update(dict.fromkeys(values, entry.number))
        return values

    def send_fields(self, identity: Identity, file: int, fresh: str) -> tuple[tuple[str, str], ...]:
        """[Dice] What a send of this player's file `file` brings from file 2 on: the fresh
        share of the opponent's next file, and his commitment to his share of file + 2, made
        with that fresh share."""
        if file < 2:
            return ()
        later = file + 2
        commit = share_commitment(self.game, later, share_of(identity, self.game, later, fresh))
        return (("fresh", fresh), ("commit", commit))

    def reveal_fields(self, identity: Identity, file: int) -> tuple[tuple[str, str], ...]:
        """[Dice] This player's share of his file `file`, revealed in its first entry."""
        return (("share", share_of(identity, self.game, file, self.fresh.get(file - 1, NO_SALT))),)


@dataclass(slots=True)
class OneSeed:
    """[Dice] A game made before the dice were agreed for each file (header `dice: commit
    H`): one seed for the whole game, from the joiner's share (his join) and the creator's
    (his reveal, which matches the header). Read and verified as it was, not played on."""

    game: str
    commitment: str
    creator: str
    second: str | None = None
    agreed: int = 0  # the file whose reveal agreed the seed (0: not yet)

    def copy(self) -> OneSeed:
        return OneSeed(self.game, self.commitment, self.creator, self.second, self.agreed)

    def rolls_in(self, file: int) -> bool:
        return self.agreed != 0

    def take(self, entry: Entry, file: int, first: bool) -> int | None:
        share = entry.field("share") or ""
        if entry.kind is EntryKind.JOIN:
            if not is_hex(share, 64):
                raise JournalError("the join holds no share of the dice seed", entry.number)
            self.second = share
        elif entry.kind is EntryKind.REVEAL:
            if self.agreed or self.second is None or entry.by != self.creator:
                raise JournalError("a reveal only follows the second player's join", entry.number)
            if _sha256(f"owsqt seed commitment {self.game} {share}") != self.commitment:
                raise JournalError(
                    "the revealed share does not match the commitment in the header: the "
                    "first player changed it",
                    entry.number,
                )
            self.agreed = file
            return int(_sha256(f"owsqt seed {self.game} {share} {self.second}")[:16], 16)
        return None


DiceAgreement = FileDice | OneSeed


def agreement(header: Header) -> DiceAgreement:
    """[Dice] How an e-mail game's header says its dice are agreed."""
    if header.per_file_dice:
        return FileDice.of(header)
    return OneSeed(header.game, header.commitment or "", header.creator)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
