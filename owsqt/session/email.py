"""E-mail play: the exchange of files between two players with keys of their own.

Joining, sending and importing, the dice seed agreed by both, sealed bids (6.1) and air
allocations (4.3), and the exchange's own rules of who may write the journal
(docs/pbem-format.md).

The creator commits to his share of the dice seed; the second player joins with his key and
share; the creator's program reveals on the next import. A player acts only for his own side
and waits after sending; the first bid of a turn, and its first air allocation, are sealed
and shown by their owner's program once the opponent has made his own (secrets.py). An
import must continue the game exactly and keep the rules; on any failure the game is
restored.

GameSession creates and owns one EmailExchange in e-mail play, as its kind of play
(play.Players), and the exchange asks its game only what `Game` lists."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from owsqt.journal import pbem
from owsqt.journal.history import rolls_dice
from owsqt.journal.identity import Identity
from owsqt.journal.limits import MAX_FILE_ENTRIES
from owsqt.journal.pbem import SentFile
from owsqt.journal.textformat import (
    Entry,
    EntryKind,
    Header,
    JournalError,
    ParsedJournal,
    check_not_ahead,
    is_hex,
    parse,
    utc_now,
)
from owsqt.rules.actors import acting_side, who_acts
from owsqt.rules.core.actions import Action, action_from_data, action_to_data
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.takein import TakeIn
from owsqt.session import exchangenotes as notes
from owsqt.session import secrets
from owsqt.session.fogmail import check_opened
from owsqt.session.problems import Problem
from owsqt.session.referee import Refereed, referee
from owsqt.session.sentfiles import SentFiles

# What an import may change in the exchange, kept to restore it when the import fails:
# the keys, whether the seed is agreed, the second share, the seals not yet shown.
_SavePoint = tuple[
    dict[str, str | None], bool, str | None, dict[str, tuple[int, str]], dict[str, str]
]

EMAIL_RULE = "e-mail play"  # the "rule number" of the exchange's own checks
DICE_NOT_AGREED = (
    "the dice are not agreed yet: the seed is fixed when the first player opens the "
    "second player's first file; send your file now"
)


class Game(Protocol):
    """What the exchange asks of the game it serves; GameSession implements it with public,
    documented members, so the exchange never reaches into the session."""

    header: Header
    ruleset: Ruleset

    @property
    def state(self) -> GameState: ...

    @property
    def entries(self) -> tuple[Entry, ...]: ...

    @property
    def identity(self) -> Identity: ...

    def text(self) -> str: ...

    def as_parsed(self) -> ParsedJournal: ...

    def write_note(
        self,
        kind: EntryKind,
        side: str,
        fields: tuple[tuple[str, str], ...] = (),
        narration: tuple[str, ...] = (),
        effect: Callable[[Entry], object] | None = None,
    ) -> None: ...

    def write_action(self, action: Action, fields: tuple[tuple[str, str], ...] = ()) -> Outcome: ...

    def reseed(self, seed: int) -> None: ...

    def take_in(
        self, entries: Sequence[Entry], progress: Callable[[int, int], None] | None = None
    ) -> None: ...

    def owed_by_opponent(self) -> str | None: ...

    def answer_strike(self) -> None: ...

    def open_tells(self) -> None: ...


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an opponent's file brought: its entries, first to last, and its number; in a
    fogged game that both players' seals now open, the referee's verdict (18.1)."""

    first_entry: int
    last_entry: int
    file_number: int
    refereed: Refereed | None = None


class EmailExchange:
    """The exchange of files of one e-mail game, seen from this computer's player."""

    share_the_computer = False  # one player at each computer
    rule = EMAIL_RULE

    def __init__(self, game: Game) -> None:
        self._game = game
        header = game.header
        self.keys: dict[str, str | None] = {"german": header.german, "soviet": header.soviet}
        self.seed_agreed = header.seed is not None
        self._second_share: str | None = None
        self._seals: dict[str, tuple[int, str]] = {}  # side -> (entry, seal) not yet shown
        self.opened: dict[str, str] = {}  # 18.1: side -> its secret of its told actions
        # What this player sent last as recorded beside his key (sentfiles.py), read once
        # when first asked, and whether the game's entries (so many of them) hold it.
        self._recorded: tuple[SentFile | None] | None = None
        self._held: tuple[int, bool] = (-1, True)

    # --- where the exchange stands -------------------------------------------------------

    @property
    def local_sides(self) -> frozenset[str]:
        """The side whose key is this computer's (none: the game is other players')."""
        public = self._game.identity.public
        return frozenset(side for side, key in self.keys.items() if key == public)

    def own_sealed(self) -> dict[str, Action]:
        """This player's sealed actions not shown yet, opened with his own key."""
        mine = self.local_sides
        return {s: self._sealed_action(n) for s, (n, _seal) in self._seals.items() if s in mine}

    @property
    def open_seals(self) -> dict[str, int]:
        """Actions sealed and not shown yet (6.1, 4.3): side -> the entry that sealed it."""
        return {side: number for side, (number, _seal) in self._seals.items()}

    @property
    def files_sent(self) -> int:
        """How many files the two players have sent, both counted."""
        return sum(1 for entry in self._game.entries if entry.kind is EntryKind.SEND)

    def last_sent(self) -> SentFile | None:
        """The file this player sent last: the later of the last one his copy of the game holds
        and the one recorded beside his key when he sent it (this copy may be older)."""
        mine = self.local_sides
        if len(mine) != 1:
            return None
        side = next(iter(mine))
        in_copy = pbem.last_sent(self._game.as_parsed(), side)
        recorded = self._recorded_send(side)
        if recorded is None or (in_copy is not None and in_copy.last > recorded.last):
            return in_copy
        return recorded

    def not_as_sent(self) -> str | None:
        """[Verify] What shows that this file is not one as a player sends it (entries after
        the last send): his own copy between sends, or a file cut short after an entry."""
        return pbem.not_as_sent(self._game.entries)

    def waiting_for_opponent(self) -> bool:
        """Whether only the opponent acts now: time to send the file (a sealed bid counts as
        made)."""
        if self.why_not_act() is not None:
            return False
        game = self._game
        if game.owed_by_opponent() is not None:  # 18.1: his answer to a strike, his seals
            return True
        acting = {p.value for p in who_acts(game.ruleset, game.state)} - set(self._seals)
        return bool(acting) and not acting & self.local_sides

    # --- joining, sending, importing -----------------------------------------------------

    def join(self, side: str) -> None:
        """Take the free `side` (pbem.free_side): the JOIN entry brings this computer's key and
        its share of the dice seed."""
        identity = self._game.identity
        share = identity.secret_for(f"join {self._game.header.game}")
        self._game.write_note(
            EntryKind.JOIN,
            side,
            fields=(("key", identity.public), ("share", share)),
            narration=(notes.joined(Player(side)),),
            effect=self._take_join,
        )

    def send(self) -> tuple[str, str]:
        """End this player's part: a SEND entry, then the file's name and text."""
        reason = self.why_not_act()
        if reason:
            raise ValueError(reason)
        side = sorted(self.local_sides)[0]
        opponent = Player(side).opponent
        number = self.files_sent + 1
        self._game.write_note(
            EntryKind.SEND,
            side,
            fields=(("file", str(number)), ("to", opponent.value)),
            narration=(notes.sent(number, opponent),),
        )
        header = self._game.header
        sent = pbem.last_sent(self._game.as_parsed(), side)
        records = SentFiles.beside(self._game.identity)
        if sent is not None and records is not None:  # the send just written
            records.keep(header.game, side, sent)
            self._recorded = (sent,)
        return pbem.file_name(header.scenario, header.game, number), self._game.text()

    def import_text(
        self, text: str, progress: Callable[[int, int], None] | None = None
    ) -> ImportReport:
        """Take in the opponent's file: it must continue this game exactly, hold the file this
        player sent last (last_sent: even when this copy of the game stops before it), carry
        the opponent's valid signatures and keep the rules of the game's mode. JournalError
        (or ImportRefused, listing the rules its first illegal entry breaks) leaves the game
        untouched. The checks go from the cheapest on: the size of his file (parse, before
        any entry is read: limits.MAX_FILE_ENTRIES), the chain and signatures of what it
        adds, whose entries they are and its send, and last the replay, which stops at the
        first entry that breaks a rule; `progress(done, total)` follows the replay."""
        mine = self.local_sides
        if len(mine) != 1:
            raise JournalError("your key is not one of this game's two players' keys")
        opponent = Player(next(iter(mine))).opponent.value
        ours = self._game.as_parsed()
        # The entries this copy holds were checked when they were written or taken in; the
        # file must hold them unchanged (check_continues compares their chained hashes, which
        # cover every line but the signature's), so their signatures are not checked again.
        sent = self.last_sent()
        known = max(len(ours.entries), sent.last if sent is not None else 0)
        theirs = parse(text, trusted=len(ours.entries), known=known)
        pbem.check_continues(ours, theirs, opponent, sent)
        check_not_ahead(theirs.entries[len(ours.entries) :], utc_now())  # Entry times
        saved = self._save_point()
        try:
            self._game.take_in(theirs.entries[len(ours.entries) :], progress)
        except BaseException:
            self._restore(saved)
            raise
        first, last = len(ours.entries) + 1, len(theirs.entries)
        self.after_entries()
        return ImportReport(first, last, self.files_sent, self._refereed())

    # --- the exchange's own rules --------------------------------------------------------

    def why_not_act(self, action: Action | None = None) -> str | None:
        """Why this player cannot act now (None: he can); with `action`, also whether that
        action is his to make."""
        mine = self.local_sides
        if not mine:
            return "your key is not one of this game's two players' keys"
        missing = self._missing_send()
        if missing is not None:
            return (
                f"this copy of the game stops before {missing.describe()}: open your "
                "opponent's reply to it, or the copy you sent it from"
            )
        entries = self._game.entries
        last = entries[-1] if entries else None
        if last is not None and last.kind is EntryKind.SEND and last.by in mine:
            opponent = last.field("to") or "other"
            return (
                f"you sent file {last.field('file')} to the {opponent.capitalize()} player; "
                "open their reply to go on"
            )
        if action is not None:
            full = self._file_full()
            if full is not None:
                return full
            owed = self._game.owed_by_opponent()
            if owed is not None:
                return f"{owed}: send your file"
            secret = secrets.kind_of(action)
            if secret is not None and action.player in self._seals:
                return (
                    f"the {action.player.title} {secret.what} of this turn is sealed already "
                    f"({secret.rule})"
                )
            side = acting_side(self._game.ruleset, self._game.state, action)
            if side is not None and side.value not in mine:
                return f"this is for the {side.title} player to do; send your file so that they can"
        return None

    def why_not_undo(self, target: int) -> str | None:
        return (
            self.why_not_act()
            or self._file_full()
            or self._undo_refusal(target, len(self._game.entries) + 1, self.local_sides)
        )

    def seal(self, action: Action, before: GameState) -> bool:
        """[6.1, 4.3] The first bid of a turn, and its first air allocation, are sealed:
        the opponent sees only that it is made, and makes his own without knowing it. An
        allocation stands in the game as made, its boxes unshown."""
        secret = secrets.to_seal(action, before)
        if secret is None or action.player is None:
            return False
        side, opponent = action.player.value, action.player.opponent.value
        if opponent in self._seals or side in self._seals:
            return False
        game = self._game.header.game
        number = len(self._game.entries) + 1
        data = action_to_data(action, self._game.ruleset.grid)
        key = self._game.identity.secret_for(pbem.seal_label(game, number))
        seal = pbem.seal_digest(game, number, data, key)
        self._game.write_note(
            EntryKind.SEAL,
            side,
            fields=(("seal", seal), ("box", pbem.seal_box(key, data))),
            narration=(notes.sealed(action.player, secret.what),),
            effect=lambda e: self._seals.__setitem__(side, (e.number, seal)),
        )
        stand_in = secrets.stand_in(action)
        if stand_in is not None and not self._game.write_action(stand_in).applied:
            raise JournalError(f"your sealed {secret.what} cannot stand in the game", number)
        return True

    def after_entries(self) -> None:
        """What this player's program does by itself once the opponent's part is in: reveal
        the first share of the seed, show a sealed bid once the opponent has bid."""
        if self.why_not_act() is not None:
            return
        self._game.answer_strike()  # 18.1
        self._game.open_tells()
        mine = self.local_sides
        header = self._game.header
        creator = header.creator
        if not self.seed_agreed and self._second_share is not None and creator in mine:
            share = self._game.identity.secret_for(pbem.share_label(header.game))
            self._game.write_note(
                EntryKind.REVEAL,
                creator,
                fields=(("share", share),),
                narration=(notes.REVEALED,),
                effect=lambda _entry: self._fix_seed(share),
            )
        for side, (number, _seal) in list(self._seals.items()):
            if side in mine:
                sealed = self._sealed_action(number)
                if secrets.may_show(sealed, self._game.state):
                    self._unseal(side, number, sealed)

    # --- checking what a file brings -----------------------------------------------------

    def replay_act(
        self, entry: Entry, action: Action, before: GameState, outcome: Outcome
    ) -> list[Problem]:
        """The exchange's rules an action read from a file breaks; a bid shown takes its
        seal away."""
        broken: list[tuple[str, str]] = []  # (rule, message)
        if isinstance(action, TakeIn):  # 18.1: the other side's entry, as its public part
            action = action.public.action or action
        acting = acting_side(self._game.ruleset, before, action)
        if acting is not None and acting.value != entry.by:
            broken.append(
                (
                    EMAIL_RULE,
                    f"the {entry.by} player made an action that is the {acting.value} player's",
                )
            )
        if not self.seed_agreed and rolls_dice(outcome):
            broken.append((EMAIL_RULE, DICE_NOT_AGREED))
        unseal = entry.field("unseal")
        secret = secrets.kind_of(action)
        if unseal is None and secret is not None and entry.by in self._seals:
            broken.append((secret.rule, f"the {entry.by} {secret.what} is sealed already"))
        if unseal is not None:
            number, seal = self._seals.pop(entry.by or "", (None, None))
            nonce = entry.field("nonce") or ""
            game = self._game.header.game
            shown = action_to_data(action, self._game.ruleset.grid)
            if (
                number is None  # no bid of this side is sealed
                or f"#{number}" != unseal
                or pbem.seal_digest(game, number, shown, nonce) != seal
            ):
                rule, what = (secret.rule, secret.what) if secret else ("6.1", "action")
                broken.append((rule, f"the {what} shown is not the one sealed at entry {unseal}"))
        return [Problem(entry.number, rule, message) for rule, message in broken]

    def replay_undo(self, entry: Entry, target: int) -> list[Problem]:
        undoers = {entry.by} if entry.by is not None else set()
        problem = self._undo_refusal(target, entry.number, undoers)
        return [Problem(entry.number, EMAIL_RULE, problem)] if problem else []

    def replay_exchange(self, entry: Entry) -> None:
        if entry.kind is EntryKind.JOIN:
            share = entry.field("share") or ""
            if not is_hex(share, 64):
                raise JournalError("the join holds no share of the dice seed", entry.number)
            self._take_join(entry)
        elif entry.kind is EntryKind.REVEAL:
            share = entry.field("share") or ""
            header = self._game.header
            if self.seed_agreed or self._second_share is None or entry.by != header.creator:
                raise JournalError("a reveal only follows the second player's join", entry.number)
            if pbem.commitment(header.game, share) != header.commitment:
                raise JournalError(
                    "the revealed share does not match the commitment in the header: the "
                    "first player changed it",
                    entry.number,
                )
            self._fix_seed(share)
        elif entry.kind is EntryKind.SEAL:
            seal = entry.field("seal") or ""
            if not is_hex(seal, 64) or entry.by in self._seals:
                raise JournalError("a seal holds one 64-digit commitment a side", entry.number)
            self._seals[entry.by or ""] = (entry.number, seal)
        elif entry.kind is EntryKind.OPEN:
            self._take_open(entry)
        else:  # SEND
            number = str(self.files_sent + 1)
            opponent = Player(entry.by or "").opponent.value
            if entry.field("file") != number or entry.field("to") != opponent:
                raise JournalError(
                    f"a send names file {number} and the opponent; this one says file "
                    f"{entry.field('file')!r} to {entry.field('to')!r}",
                    entry.number,
                )

    # --- the pieces ------------------------------------------------------------------------

    def _refereed(self) -> Refereed | None:
        """[18.1] The referee's verdict once both players of a fogged game have opened their
        seals (each program's own OPEN is written when it sees the game over)."""
        openers = {e.by for e in self._game.entries if e.kind is EntryKind.OPEN}
        if openers != set(self.keys):
            return None
        return referee(self._game.ruleset, self._game.text())

    def _undo_refusal(self, target: int, at: int, undoers: Collection[str]) -> str | None:
        """Why `undoers`, writing entry `at`, may not undo entry `target`: an e-mail player
        takes back only his own entries, and none he has sent already."""
        entries = self._game.entries
        owner = entries[target - 1].by or ""
        if owner not in undoers:
            return f"#{target} is the {owner.capitalize()} player's to take back"
        for entry in entries[target : at - 1]:
            if entry.kind is EntryKind.SEND and entry.by == owner:
                return f"#{target} went to your opponent in file {entry.field('file')}"
        return None

    def _file_full(self) -> str | None:
        """[Limits] Why this player's file takes no more entries but his send: one file
        holds at most MAX_FILE_ENTRIES (an opponent's program refuses a larger one)."""
        held = 0
        for entry in reversed(self._game.entries):
            if entry.kind is EntryKind.SEND:
                break
            held += 1
        if held < MAX_FILE_ENTRIES - 1:
            return None
        return (
            f"your file holds {held:,} entries since the last send, the most one file may "
            f"hold ({MAX_FILE_ENTRIES:,}) but for its send: send it now"
        )

    def _recorded_send(self, side: str) -> SentFile | None:
        if self._recorded is None:
            records = SentFiles.beside(self._game.identity)
            game = self._game.header.game
            self._recorded = (records.last(game, side) if records is not None else None,)
        return self._recorded[0]

    def _missing_send(self) -> SentFile | None:
        """The file this player sent last, recorded beside his key, when this copy of the game
        does not hold it (an older copy, or a file that dropped it): he must not play on it."""
        mine = self.local_sides
        if len(mine) != 1:
            return None
        recorded = self._recorded_send(next(iter(mine)))
        if recorded is None:
            return None
        count = len(self._game.entries)
        if self._held[0] != count:
            self._held = (count, recorded.held_by(self._game.as_parsed()))
        return None if self._held[1] else recorded

    def _take_open(self, entry: Entry) -> None:
        """[18.1] A side's secret of its told actions, revealed once the game is over: it must
        open every action the side sealed, each as committed."""
        side, secret = entry.by or "", entry.field("secret") or ""
        if not is_hex(secret, 64) or side in self.opened:
            raise JournalError("an open entry holds one 64-digit secret, once a side", entry.number)
        if self._game.state.phase is not Phase.GAME_OVER:
            raise JournalError(
                "a side opens its sealed actions once the game is over", entry.number
            )
        check_opened(self._game.entries, side, secret, self._game.header.game)
        self.opened[side] = secret

    def _take_join(self, entry: Entry) -> None:
        self.keys[entry.by or ""] = entry.field("key")
        self._second_share = entry.field("share")

    def _fix_seed(self, first_share: str) -> None:
        """[Dice] Both shares are known: the game rolls from the seed they make."""
        header = self._game.header
        self._game.reseed(pbem.agreed_seed(header.game, first_share, self._second_share or ""))
        self.seed_agreed = True

    def _sealed_action(self, number: int) -> Action:
        """The action this player sealed at entry `number`, opened with his own key."""
        key = self._game.identity.secret_for(pbem.seal_label(self._game.header.game, number))
        box = self._game.entries[number - 1].field("box") or ""
        data = pbem.open_box(key, box)
        if data is None:
            raise JournalError(f"your sealed action at entry {number} cannot be opened", number)
        return action_from_data(data, self._game.ruleset.grid)

    def _unseal(self, side: str, number: int, action: Action) -> None:
        key = self._game.identity.secret_for(pbem.seal_label(self._game.header.game, number))
        outcome = self._game.write_action(action, (("unseal", f"#{number}"), ("nonce", key)))
        if not outcome.applied:  # it was legal when sealed; nothing has changed it since
            raise JournalError(f"your sealed action at entry {number} is refused now", number)
        del self._seals[side]

    def _save_point(self) -> _SavePoint:
        return (
            dict(self.keys),
            self.seed_agreed,
            self._second_share,
            dict(self._seals),
            dict(self.opened),
        )

    def _restore(self, saved: _SavePoint) -> None:
        self.keys, self.seed_agreed, self._second_share, self._seals, self.opened = saved
