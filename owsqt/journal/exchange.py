"""E-mail play, mixed into GameSession: the exchange of files between two players with keys
of their own (docs/pbem-format.md). The creator commits to his share of the dice seed; the
second player joins with his key and share; the creator's program reveals on the next
import. A player acts only for his own side and waits after sending; the first bid of a turn
is sealed (6.1) and shown by its owner's program once the opponent has bid. An import must
continue the game exactly and keep the rules; on any failure the game is restored.

The exchange decides who may write the journal, not what the game allows: the engine is
the same for every kind of play."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Self

from owsqt.journal import pbem
from owsqt.journal.history import rolls_dice
from owsqt.journal.identity import Identity
from owsqt.journal.store import write_atomically
from owsqt.journal.textformat import (
    SIDES,
    Clock,
    Entry,
    EntryKind,
    JournalError,
    ParsedJournal,
    Play,
    is_hex,
    parse,
    utc_now,
)
from owsqt.rules.actors import who_acts
from owsqt.rules.core.actions import Action, DeclareAttacks, action_from_data, action_to_data
from owsqt.rules.core.dice import DiceState
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset

EMAIL_RULE = "e-mail play"  # the "rule number" of the exchange's own checks


@dataclass(frozen=True, slots=True)
class Problem:
    """A rule an entry breaks, found when a file is checked again (re-validation)."""

    entry: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"entry {self.entry}: {self.rule}: {self.message}"


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an opponent's file brought: its entries, first to last, and its number."""

    first_entry: int
    last_entry: int
    file_number: int


class ImportRefused(JournalError):
    """An opponent's file whose chain and signatures hold but whose actions break rules."""

    def __init__(self, problems: list[Problem]) -> None:
        listed = "; ".join(str(problem) for problem in problems[:5])
        more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
        super().__init__(f"the file breaks the rules: {listed}{more}")
        self.problems = problems


class EmailPlay:
    """The e-mail half of GameSession (its attributes are the session's)."""

    @classmethod
    def join(
        cls,
        ruleset: Ruleset,
        text: str,
        path: Path | None = None,
        clock: Clock = utc_now,
        identity: Identity | None = None,
    ) -> Self:
        """Take the free side of an e-mail game from its creator's first file: the JOIN entry
        brings this player's key and share of the dice seed."""
        identity = identity or Identity.load_or_create()
        parsed = parse(text)
        header = parsed.header
        if header.play != Play.EMAIL.value:
            raise JournalError(f"this is a {header.play} game, not one played by e-mail")
        if identity.public in (header.german, header.soviet):
            raise JournalError("this is your own game: open it, or open your opponent's reply")
        free = [side for side in SIDES if header.key_of(side) is None]
        if not free or any(entry.kind is EntryKind.JOIN for entry in parsed.entries):
            raise JournalError("both sides of this game have players already")
        pbem.check_continues(ParsedJournal(header, (), ()), parsed, header.creator)
        session = cls.from_text(ruleset, text, clock, identity, audit=True)
        if session.problems:
            raise ImportRefused(session.problems)
        side, game = free[0], header.game
        session._note(
            EntryKind.JOIN,
            side,
            fields=(("key", identity.public), ("share", identity.secret_for(f"join {game}"))),
            narration=(f"The {side.capitalize()} player joins the game.",),
            effect=lambda entry: session._take_join(entry),
        )
        if path is not None:
            session.save_as(path)
        return session

    # --- e-mail play ------------------------------------------------------------------

    @property
    def local_sides(self) -> frozenset[str]:
        """The sides this machine's key plays: both in local games."""
        if self.play is not Play.EMAIL:
            return frozenset(SIDES)
        public = self.identity.public
        return frozenset(side for side, key in self.keys.items() if key == public)

    def waiting_for_opponent(self) -> bool:
        """[E-mail] Whether the game now waits only for the opponent: time to send the file
        (a sealed bid counts as made)."""
        if self.play is not Play.EMAIL or self.why_not_act() is not None:
            return False
        acting = {player.value for player in who_acts(self.state)} - set(self._seals)
        return bool(acting) and not acting & self.local_sides

    @property
    def open_seals(self) -> dict[str, int]:
        """Sealed bids not shown yet: side -> the entry that sealed it (6.1)."""
        return {side: number for side, (number, _seal) in self._seals.items()}

    @property
    def files_sent(self) -> int:
        return sum(1 for entry in self._entries if entry.kind is EntryKind.SEND)

    def send(self) -> tuple[str, str]:
        """[E-mail] End this player's part: a SEND entry, then the file's name and text."""
        if self.play is not Play.EMAIL:
            raise ValueError("only a game played by e-mail is sent")
        reason = self.why_not_act()
        if reason:
            raise ValueError(reason)
        side = sorted(self.local_sides)[0]
        opponent = Player(side).opponent
        number = self.files_sent + 1
        self._note(
            EntryKind.SEND,
            side,
            fields=(("file", str(number)), ("to", opponent.value)),
            narration=(f"File {number} sent to the {opponent.title} player.",),
        )
        return pbem.file_name(self.header.scenario, self.header.game, number), self.text()

    def import_text(self, text: str) -> ImportReport:
        """[E-mail] Take in the opponent's file: it must continue this game exactly, carry the
        opponent's valid signatures and keep the rules of the game's mode. JournalError (or
        ImportRefused, listing the broken rules) leaves the game untouched."""
        if self.play is not Play.EMAIL:
            raise JournalError("only a game played by e-mail takes its opponent's files")
        mine = self.local_sides
        if len(mine) != 1:
            raise JournalError("your key is not one of this game's two players' keys")
        opponent = Player(next(iter(mine))).opponent.value
        theirs = parse(text)
        ours = ParsedJournal(self.header, tuple(self._entries), tuple(self._digests))
        pbem.check_continues(ours, theirs, opponent)
        saved = self._save_point()
        file, self._file = self._file, None  # the journal on disk is replaced whole, or kept
        self._audit, self.problems = True, []
        try:
            for entry in theirs.entries[len(self._entries) :]:
                self._replay(entry)
            if self.problems:
                raise ImportRefused(self.problems)
            if self.path is not None:
                write_atomically(self.path, self.text())
        except BaseException:
            self._restore(saved)
            self._file = file
            raise
        finally:
            self._audit = False
        if file is not None:
            file.close()
            self._attach(self.path)
        report = ImportReport(len(ours.entries) + 1, len(theirs.entries), self.files_sent)
        self._after_entries()
        return report

    def _replay_exchange(self, entry: Entry) -> None:
        if self.play is not Play.EMAIL:
            raise JournalError(f"a '{entry.kind.value}' entry belongs to e-mail play", entry.number)
        if entry.kind is EntryKind.JOIN:
            share = entry.field("share") or ""
            if not is_hex(share, 64):
                raise JournalError("the join holds no share of the dice seed", entry.number)
            self._write(entry, self._take_join)
        elif entry.kind is EntryKind.REVEAL:
            share = entry.field("share") or ""
            if self.seed_agreed or self._second_share is None or entry.by != self.header.creator:
                raise JournalError("a reveal only follows the second player's join", entry.number)
            if pbem.commitment(self.header.game, share) != self.header.commitment:
                raise JournalError(
                    "the revealed share does not match the commitment in the header: the "
                    "first player changed it",
                    entry.number,
                )
            self._write(entry, lambda _entry: self._fix_seed(share))
        elif entry.kind is EntryKind.SEAL:
            seal = entry.field("seal") or ""
            if not is_hex(seal, 64) or entry.by in self._seals:
                raise JournalError("a seal holds one 64-digit commitment a side", entry.number)
            self._write(entry, lambda e: self._seals.__setitem__(e.by, (e.number, seal)))
        else:  # SEND
            number = str(self.files_sent + 1)
            if entry.field("file") != number or entry.field("to") == entry.by:
                raise JournalError(
                    f"a send names file {number} and the opponent; this one says file "
                    f"{entry.field('file')!r} to {entry.field('to')!r}",
                    entry.number,
                )
            self._write(entry)

    # --- the exchange's own rules -------------------------------------------------------

    def why_not_act(self, action: Action | None = None) -> str | None:
        """Why this player cannot act now in e-mail play (None: they can; other plays: None).

        With `action`, also whether that action is this player's to make."""
        if self.play is not Play.EMAIL:
            return None
        mine = self.local_sides
        if not mine:
            return "your key is not one of this game's two players' keys"
        last = self._entries[-1] if self._entries else None
        if last is not None and last.kind is EntryKind.SEND and last.by in mine:
            opponent = last.field("to") or "other"
            return (
                f"you sent file {last.field('file')} to the {opponent.capitalize()} player; "
                "open their reply to go on"
            )
        if action is not None:
            if isinstance(action, DeclareAttacks) and action.player in self._seals:
                return f"the {action.player.title} bid of this turn is sealed already (6.1)"
            side = action.player or self.state.active
            if side is not None and side.value not in mine:
                return f"this is for the {side.title} player to do; send your file so that they can"
        return None

    def _check_email_act(
        self, entry: Entry, action: Action, before: GameState, outcome: Outcome
    ) -> None:
        acting = action.player or before.active
        if acting is not None and acting.value != entry.by:
            self._problem(
                entry.number,
                EMAIL_RULE,
                f"the {entry.by} player made an action that is the {acting.value} player's",
            )
        if not self.seed_agreed and rolls_dice(outcome):
            self._problem(entry.number, EMAIL_RULE, self._dice_not_agreed())
        unseal = entry.field("unseal")
        if unseal is None and isinstance(action, DeclareAttacks) and entry.by in self._seals:
            self._problem(entry.number, "6.1", f"the {entry.by} bid is sealed already")
        if unseal is not None:
            number, seal = self._seals.pop(entry.by or "", (None, None))
            nonce = entry.field("nonce") or ""
            if (
                f"#{number}" != unseal
                or pbem.seal_digest(self.header.game, number, entry.action, nonce) != seal
            ):
                self._problem(
                    entry.number, "6.1", f"the bid shown is not the one sealed at entry {unseal}"
                )

    def _undo_refusal(self, target: int, at: int, undoers: Collection[str]) -> str | None:
        """Why `undoers`, writing entry `at`, may not undo entry `target`: an e-mail player
        takes back only his own entries, and none he has sent already."""
        owner = self._entries[target - 1].by or ""
        if owner not in undoers:
            return f"#{target} is the {owner.capitalize()} player's to take back"
        for entry in self._entries[target : at - 1]:
            if entry.kind is EntryKind.SEND and entry.by == owner:
                return f"#{target} went to your opponent in file {entry.field('file')}"
        return None

    def _dice_not_agreed(self) -> str:
        return (
            "the dice are not agreed yet: the seed is fixed when the first player opens the "
            "second player's first file; send your file now"
        )

    def _take_join(self, entry: Entry) -> None:
        self.keys[entry.by or ""] = entry.field("key")
        self._second_share = entry.field("share")

    def _fix_seed(self, first_share: str) -> None:
        """[Dice] Both shares are known: the seed is agreed, and no die has been rolled yet."""
        if self.state.dice.rolls_made:
            raise JournalError("a die was rolled before the seed was agreed")
        seed = pbem.agreed_seed(self.header.game, first_share, self._second_share or "")
        self.initial_state = replace(self.initial_state, dice=DiceState(seed))
        self._history.reseed(self.initial_state)
        self.seed_agreed = True

    def _after_entries(self) -> None:
        """What this player's program does by itself once the opponent's part is in: reveal
        the first share of the seed, show a sealed bid once the opponent has bid."""
        if self.play is not Play.EMAIL or self.why_not_act() is not None:
            return
        mine = self.local_sides
        creator = self.header.creator
        if not self.seed_agreed and self._second_share is not None and creator in mine:
            share = self.identity.secret_for(pbem.share_label(self.header.game))
            self._note(
                EntryKind.REVEAL,
                creator,
                fields=(("share", share),),
                narration=("The dice seed is agreed: both players' shares are in.",),
                effect=lambda _entry: self._fix_seed(share),
            )
        for side, (number, _seal) in list(self._seals.items()):
            opponent = Player(side).opponent
            if side in mine and opponent in self.state.initiative.planned_attacks:
                self._unseal(side, number)

    def _should_seal(self, action: Action, before: GameState) -> bool:
        """[6.1] The first e-mail bid of a turn is sealed: the opponent sees only that it is
        made, and bids without knowing it."""
        if self.play is not Play.EMAIL or not isinstance(action, DeclareAttacks):
            return False
        opponent = action.player.opponent if action.player else None
        return (
            opponent is not None
            and opponent not in before.initiative.planned_attacks
            and opponent.value not in self._seals
            and action.player.value not in self._seals
        )

    def _seal(self, action: DeclareAttacks, outcome: Outcome) -> Outcome:
        side = action.player.value
        number = len(self._entries) + 1
        data = action_to_data(action, self.ruleset.grid)
        secret = self.identity.secret_for(pbem.seal_label(self.header.game, number))
        seal = pbem.seal_digest(self.header.game, number, data, secret)
        self._note(
            EntryKind.SEAL,
            side,
            fields=(("seal", seal), ("box", pbem.seal_box(secret, data))),
            narration=(
                f"{action.player.title} bid of planned attacks sealed until both have bid.",
            ),
            effect=lambda e: self._seals.__setitem__(side, (e.number, seal)),
        )
        return Outcome(self.state, (), outcome.verdict, applied=True)

    def _unseal(self, side: str, number: int) -> None:
        secret = self.identity.secret_for(pbem.seal_label(self.header.game, number))
        box = self._entries[number - 1].field("box") or ""
        data = pbem.open_box(secret, box)
        if data is None:
            raise JournalError(f"your sealed bid at entry {number} cannot be opened", number)
        action = action_from_data(data, self.ruleset.grid)
        before = self.state
        outcome = apply(self.ruleset, before, action, self.mode)
        if not outcome.applied:  # the bid was legal when sealed; nothing else bids since
            raise JournalError(f"your sealed bid at entry {number} is refused now", number)
        del self._seals[side]
        self._act(action, before, outcome, (("unseal", f"#{number}"), ("nonce", secret)))

    # --- import's safety net -------------------------------------------------------------

    def _save_point(self) -> tuple:
        return (
            self._history.save_point(),
            len(self._entries),
            len(self._lines),
            dict(self.keys),
            self.seed_agreed,
            self._second_share,
            dict(self._seals),
            self.initial_state,
        )

    def _restore(self, saved: tuple) -> None:
        (history, entries, lines, keys, agreed, share, seals, initial) = saved
        self._history.restore(history)
        del self._entries[entries:], self._digests[entries:], self._phases[entries:]
        del self._lines[lines:]
        self.keys, self.seed_agreed = keys, agreed
        self._second_share, self._seals, self.initial_state = share, seals, initial
