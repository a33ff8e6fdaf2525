"""E-mail play: the exchange of files between two players with keys of their own.

Joining, sending and importing, the dice agreed by both for each file, sealed bids (6.1)
and air allocations (4.3), and the exchange's own rules of who may write the journal
(docs/pbem-format.md).

The dice of each file are agreed by both players (journal/filedice.py): the creator commits
to his share of file 3 in the header, each send from file 2 on draws the fresh share of the
opponent's next file and commits to the sender's share of his next, and a player's program
begins each of his files from the third with the reveal of his share of its dice. A player
acts only for his own side and waits after sending; the first bid of a turn, and its first
air allocation, are sealed and shown by their owner's program once the opponent has made
his own (secrets.py). An import must continue the game exactly and keep the rules; on any
failure the game is restored.

GameSession creates and owns one EmailExchange in e-mail play, as its kind of play
(play.Players), and the exchange asks its game only what `Game` lists."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from owsqt.journal import pbem
from owsqt.journal.filedice import (
    DICE_NOT_AGREED,
    ONE_SEED_GAME,
    DiceAgreement,
    FileDice,
    OneSeed,
    agreement,
    fresh_share,
)
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
from owsqt.rules.core.actions import Action, RollDice, action_from_data, action_to_data
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.takein import TakeIn
from owsqt.session import exchangenotes as notes
from owsqt.session import secrets
from owsqt.session.fogduties import SideDuties
from owsqt.session.fogmail import check_opened
from owsqt.session.problems import EMAIL_RULE, Problem
from owsqt.session.referee import Refereed, referee
from owsqt.session.sentfiles import SentFiles

# What an import may change in the exchange, kept to restore it when the import fails:
# the keys, the dice's agreement, the files sent (how many, the last send's entry), the
# seals not yet shown, the secrets of the told actions.
_SavePoint = tuple[
    dict[str, str | None],
    DiceAgreement,
    tuple[int, int],
    dict[str, tuple[int, str]],
    dict[str, str],
]

OPEN_ROLL_REFUSED = (
    "an open roll in e-mail play outside free play: the rules call for none, and its roller, "
    "who knows his file's dice, could choose the purpose that gives the value he wants"
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

    def roll_from(self, seed: int) -> None: ...

    def take_in(
        self, entries: Sequence[Entry], progress: Callable[[int, int], None] | None = None
    ) -> None: ...


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

    def __init__(self, game: Game, duties: SideDuties | None = None) -> None:
        self._game = game
        self._duties = duties  # 18.1: in a fogged game, what its side's world owes and is owed
        header = game.header
        self.keys: dict[str, str | None] = {"german": header.german, "soviet": header.soviet}
        self._dice: DiceAgreement = agreement(header)
        self._sent = (0, 0)  # how many files were sent, and the entry of the last send
        # Where fresh shares of the dice come from: the system's randomness (a test or the
        # fuzzer may make them reproducible).
        self.fresh: Callable[[], str] = fresh_share
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
        return self._sent[0]

    @property
    def seed_agreed(self) -> bool:
        """[Dice] Whether the dice of the file being written are agreed, so that it may roll."""
        return self._dice.rolls_in(self._sent[0] + 1)

    def dice_report(self) -> str:
        """[Dice] How the game's dice stand, in words (verify, the e-mail game details)."""
        if isinstance(self._dice, OneSeed):
            agreed = "agreed by both players" if self._dice.agreed else "not agreed yet"
            return f"one seed for the whole game (made by an older owsqt), {agreed}"
        if not self._dice.agreed:
            return "not agreed yet: the first two files roll none"
        return (
            f"agreed by both players for each file, by commitment and reveal (files 3-"
            f"{self._dice.agreed})"
        )

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
        if self._owed() is not None:  # 18.1: his answer to a strike, his seals
            return True
        acting = {p.value for p in who_acts(game.ruleset, game.state)} - set(self._seals)
        return bool(acting) and not acting & self.local_sides

    # --- joining, sending, importing -----------------------------------------------------

    def join(self, side: str) -> None:
        """Take the free `side` (pbem.free_side): the JOIN entry brings this computer's key."""
        identity = self._game.identity
        self._game.write_note(
            EntryKind.JOIN,
            side,
            fields=(("key", identity.public),),
            narration=(notes.joined(Player(side)),),
            effect=self._take_join,
        )

    def send(self) -> tuple[str, str]:
        """End this player's part: a SEND entry, which from file 2 on draws the fresh share of
        the opponent's next file's dice and commits to this player's share of his next
        (journal/filedice.py), then the file's name and text."""
        reason = self.why_not_act()
        if reason:
            raise ValueError(reason)
        side = sorted(self.local_sides)[0]
        opponent = Player(side).opponent
        number = self.files_sent + 1
        dice: tuple[tuple[str, str], ...] = ()
        if isinstance(self._dice, FileDice):
            dice = self._dice.send_fields(self._game.identity, number, self.fresh())
        self._game.write_note(
            EntryKind.SEND,
            side,
            fields=(("file", str(number)), ("to", opponent.value), *dice),
            narration=(notes.sent(number, opponent),),
            effect=self._sent_file,
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
        if isinstance(self._dice, OneSeed):
            raise JournalError(ONE_SEED_GAME)
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
        if isinstance(self._dice, OneSeed):
            return ONE_SEED_GAME
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
            owed = self._owed()
            if owed is not None:
                return f"{owed}: send your file"
            if self._open_roll_refused(action):
                return OPEN_ROLL_REFUSED
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
        """What this player's program does by itself once the opponent's part is in: answer a
        strike, open his tells once the game is over, show a sealed bid once the opponent has
        bid."""
        if self.why_not_act() is not None:
            return
        if self._duties is not None:  # 18.1
            self._duties.answer_strike(self.begin_file)
            self._duties.open_tells(self.begin_file)
        mine = self.local_sides
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
        if self._open_roll_refused(action):
            broken.append((EMAIL_RULE, OPEN_ROLL_REFUSED))
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

    def replay_entry(self, entry: Entry) -> None:
        """[Dice] Any entry read from a file, first: a file from the third must begin with its
        writer's reveal, which agrees its dice; a send brings shares of the dice."""
        self._take_dice(entry)

    def replay_exchange(self, entry: Entry) -> None:
        if entry.kind is EntryKind.JOIN:
            self._take_join(entry)
        elif entry.kind is EntryKind.REVEAL:
            pass  # its share agreed the file's dice already (replay_entry)
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
            self._count_send(entry)

    # --- the pieces ------------------------------------------------------------------------

    def _refereed(self) -> Refereed | None:
        """[18.1] The referee's verdict once both players of a fogged game have opened their
        seals (each program's own OPEN is written when it sees the game over)."""
        openers = {e.by for e in self._game.entries if e.kind is EntryKind.OPEN}
        if openers != set(self.keys):
            return None
        return referee(self._game.ruleset, self._game.text())

    def _owed(self) -> str | None:
        """[18.1] What the opponent's program must write before this player acts again."""
        return self._duties.owed_by_opponent() if self._duties is not None else None

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

    def _count_send(self, entry: Entry) -> None:
        self._sent = (self._sent[0] + 1, entry.number)

    def _sent_file(self, entry: Entry) -> None:
        """This player's own send, once written: its shares of the dice, and the count."""
        self._take_dice(entry)
        self._count_send(entry)

    def _take_dice(self, entry: Entry) -> None:
        """[Dice] An entry, for the dice's agreement: a send's shares; a reveal's seed, which
        the file rolls from now on."""
        first = entry.number == self._sent[1] + 1
        seed = self._dice.take(entry, self._sent[0] + 1, first)
        if seed is not None:
            self._game.roll_from(seed)

    def begin_file(self) -> bool:
        """[Dice] Before this player's program writes the first entry of his file, from file
        3 on: the reveal of his share of its dice, which agrees them (whether it rolls or
        not: under the fog of war the other side's world may roll where his does not).
        Whether it wrote it."""
        dice, file = self._dice, self._sent[0] + 1
        if not isinstance(dice, FileDice) or file < 3 or self.why_not_act() is not None:
            return False
        if len(self._game.entries) != self._sent[1]:  # the file has begun
            return False
        side = next(iter(self.local_sides))
        self._game.write_note(
            EntryKind.REVEAL,
            side,
            fields=dice.reveal_fields(self._game.identity, file),
            narration=(notes.revealed(file),),
            effect=self._take_dice,
        )
        return True

    def _open_roll_refused(self, action: Action) -> bool:
        """[Dice] An open roll (RollDice) is refused in e-mail play outside free play: no rule
        calls for one, and its roller, who knows his file's seed, could choose its value."""
        return isinstance(action, RollDice) and self._game.header.mode != Mode.FREE.value

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
            self._dice.copy(),
            self._sent,
            dict(self._seals),
            dict(self.opened),
        )

    def _restore(self, saved: _SavePoint) -> None:
        self.keys, self._dice, self._sent, self._seals, self.opened = saved
