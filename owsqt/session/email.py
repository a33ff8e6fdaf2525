"""E-mail play: the exchange of files between two players with keys of their own.

Joining, sending and importing, the dice agreed by both for each file, sealed bids (6.1)
and air allocations (4.3), and the exchange's own rules of who may write the journal
(docs/pbem-format.md). The dice of each file are agreed by both players
(journal/filedice.py): the creator commits to his share of file 3 in the header, each send
from file 2 on draws the fresh share of the opponent's next file and commits to the
sender's share of his next, and a player's program begins each of his files from the third
with the reveal of his share of its dice. A player acts only for his own side and waits
after sending.

GameSession creates and owns one EmailExchange in e-mail play, as its kind of play
(play.Players); the exchange asks its game only what exchangegame.Game lists. Its parts:
the import of an opponent's file (emailimport.py), the sealed actions (sealedbids.py), what
its player sent last (sentfiles.LastSent), the rules of a file beyond the game's
(filerules.py) and, under fog of war, what its side's world owes (fogduties.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

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
from owsqt.journal.pbem import SentFile
from owsqt.journal.textformat import (
    Entry,
    EntryKind,
    JournalError,
    is_hex,
)
from owsqt.players.standing import Orders
from owsqt.rules.actors import acting_side, who_acts
from owsqt.rules.core.actions import Action, AllocateAir, DeclareAttacks
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.engine import Outcome
from owsqt.rules.worlds.takein import TakeIn
from owsqt.session import exchangenotes as notes
from owsqt.session import secrets
from owsqt.session.emailimport import ImportReport, import_file
from owsqt.session.exchangegame import Game
from owsqt.session.filerules import (
    OPEN_ROLL_REFUSED,
    file_full,
    open_roll_refused,
    undo_refusal,
)
from owsqt.session.fogduties import SideDuties
from owsqt.session.fogmail import check_opened
from owsqt.session.orders import Stacks, StandingOrders
from owsqt.session.problems import EMAIL_RULE, Problem
from owsqt.session.sealedbids import SealedBids
from owsqt.session.secrets import ALLOCATION, BID, Secret, due
from owsqt.session.sentfiles import LastSent

FOG_NO_ORDERS = (
    "standing orders are not used under the fog of war (18.1): each program plays on its "
    "own world, where the answers they give may differ"
)
FOG_NO_AHEAD = (
    "bids and air allocations are not sealed ahead under the fog of war (18.1): each side "
    "makes its own at its step, on its own world"
)


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
        self._bids = SealedBids(game)  # 6.1, 4.3: the actions sealed and not shown yet
        self._orders = StandingOrders(game)  # each side's standing orders in force
        self.opened: dict[str, str] = {}  # 18.1: side -> its secret of its told actions
        self._sends = LastSent(game)  # what this player sent last (sentfiles.py)

    # --- where the exchange stands -------------------------------------------------------

    @property
    def local_sides(self) -> frozenset[str]:
        """The side whose key is this computer's (none: the game is other players')."""
        public = self._game.identity.public
        return frozenset(side for side, key in self.keys.items() if key == public)

    def own_sealed(self) -> dict[str, Action]:
        """This player's sealed actions not shown yet, opened with his own key."""
        return self._bids.own_sealed(self.local_sides)

    @property
    def open_seals(self) -> dict[str, int]:
        """The current step's actions sealed and not shown yet (6.1, 4.3): side -> the entry
        that sealed it."""
        return self._bids.open_seals

    def sealed_described(self) -> list[str]:
        """Every sealed action not made yet, in words (6.1, 4.3)."""
        return self._bids.described()

    def bid_ahead(self, planned: int) -> None:
        """[6.1] Seal this player's bid of `planned` attacks for the next Initiative Phase in
        the file he writes now (sealedbids.py): made at its step without a file going back
        and forth for it. ValueError saying why it cannot be sealed now."""
        side = self._own_side()
        self._seal_ahead(DeclareAttacks(player=side, planned=planned), BID)

    def allocate_ahead(self, missions: Mapping[str, AirBox]) -> None:
        """[4.3] Seal this player's next air allocation (steps 1 and 2), his air units to
        `missions`, in the file he writes now: made at its step with those of them still
        ready then. ValueError saying why it cannot be sealed now."""
        side = self._own_side()
        self._seal_ahead(AllocateAir(player=side, missions=FrozenMap(missions)), ALLOCATION)

    def why_not_bid_ahead(self) -> str | None:
        """Why this player may not seal his next bid now (None: he may)."""
        return self.why_not_seal_ahead(BID)

    def why_not_seal_ahead(self, secret: Secret) -> str | None:
        """Why this player may not seal his next `secret` now (None: he may)."""
        if self._duties is not None:
            return FOG_NO_AHEAD
        reason = self.why_not_act() or file_full(self._game.entries)
        if reason is not None:
            return reason
        return self._bids.why_not_ahead(self._own_side(), secret)

    def _seal_ahead(self, action: Action, secret: Secret) -> None:
        """Seal `action` ahead; at its step and his to make now, it is made as at the step."""
        reason = self.why_not_seal_ahead(secret)
        if reason is not None:
            raise ValueError(reason)
        assert action.player is not None
        state = self._game.state
        if due(self._game.ruleset, secret, state.turn, action.player, state):
            outcome = self._game.submit(action)
            if not outcome.applied:
                raise ValueError("; ".join(v.message for v in outcome.verdict.violations))
            return
        self.begin_file()
        self._bids.seal_ahead(action, secret)
        self.after_entries()

    def _own_side(self) -> Player:
        return Player(sorted(self.local_sides)[0])

    def orders_of(self, side: Player) -> tuple[Orders, Stacks]:
        """`side`'s standing orders in force, his own and his stacks' (session/orders.py)."""
        return self._orders.of(side)

    def give_orders(self, orders: Orders, stacks: Mapping[str, Orders] | None = None) -> None:
        """Journal this player's new standing orders (players/standing.py), by which the
        opponent's program answers the questions his phase asks this player, from the
        file that carries them on. ValueError saying why they cannot be given now (after
        sending, or under the fog of war)."""
        reason = self.why_not_give_orders()
        if reason is not None:
            raise ValueError(reason)
        side = Player(sorted(self.local_sides)[0])
        self._orders.give(side, orders, stacks or {})

    def why_not_give_orders(self) -> str | None:
        """Why this player may not give standing orders now (None: he may): after sending,
        and under the fog of war, never."""
        return FOG_NO_ORDERS if self._duties is not None else self.why_not_act()

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
        return self._sends.last(next(iter(mine)))

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
        acting = {p.value for p in who_acts(game.ruleset, game.state)} - self._bids.made_sealed()
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
        self._sends.keep(side)
        header = self._game.header
        return pbem.file_name(header.scenario, header.game, number), self._game.text()

    def import_text(
        self, text: str, progress: Callable[[int, int], None] | None = None, live: bool = False
    ) -> ImportReport:
        """Take in the opponent's file (emailimport.py): it must continue this game exactly,
        hold the file this player sent last (last_sent: even when this copy of the game stops
        before it), carry the opponent's valid signatures and keep the rules of the game's
        mode. JournalError (or ImportRefused, listing the rules its first illegal entry
        breaks) leaves the game untouched; `progress(done, total)` follows the replay.
        `live`: the file may stop before the opponent's send, a part of it played live
        through a room (issue 40): this player waits until the send comes."""
        mine = self.local_sides
        if len(mine) != 1:
            raise JournalError("your key is not one of this game's two players' keys")
        if isinstance(self._dice, OneSeed):
            raise JournalError(ONE_SEED_GAME)
        opponent = Player(next(iter(mine))).opponent.value
        return import_file(self, self._game, text, opponent, progress, live)

    @contextmanager
    def unchanged_on_failure(self) -> Iterator[None]:
        """What an import may change in the exchange, restored when it fails: the keys, the
        dice's agreement, the files sent (how many, the last send's entry), the seals not
        yet shown, the secrets of the told actions."""
        saved = dict(self.keys), self._dice.copy(), self._sent, dict(self.opened)
        seals, orders = self._bids.save_point(), self._orders.save_point()
        try:
            yield
        except BaseException:
            self.keys, self._dice, self._sent, self.opened = saved
            self._bids.restore(seals)
            self._orders.restore(orders)
            raise

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
        if last is not None and last.by not in mine and last.kind is not EntryKind.SEND:
            return f"the {last.by} player is playing his part live: wait for his send"
        if action is not None:
            full = file_full(self._game.entries)
            if full is not None:
                return full
            owed = self._owed()
            if owed is not None:
                return f"{owed}: send your file"
            if open_roll_refused(action, self._game.header.mode):
                return OPEN_ROLL_REFUSED
            sealed = self._bids.why_not(action)
            if sealed is not None:
                return sealed
            side = acting_side(self._game.ruleset, self._game.state, action)
            if side is not None and side.value not in mine:
                return f"this is for the {side.title} player to do; send your file so that they can"
        return None

    def why_not_undo(self, target: int) -> str | None:
        return (
            self.why_not_act()
            or file_full(self._game.entries)
            or undo_refusal(
                self._game.entries, target, len(self._game.entries) + 1, self.local_sides
            )
        )

    def why_not_redo(self, target: int) -> str | None:
        return None  # a redo is judged as the action it makes again (why_not_act)

    def seal(self, action: Action, before: GameState) -> bool:
        """[6.1, 4.3] Whether `action` is sealed instead of applied (sealedbids.py)."""
        if secrets.to_seal(action, before) is None:
            return False
        self.begin_file()  # the seal's number is that of its entry, after any reveal
        return self._bids.seal(action, before)

    def after_entries(self) -> None:
        """What this player's program does by itself once the opponent's part is in: answer a
        strike, open his tells once the game is over, show a sealed bid once the opponent has
        bid."""
        if self.why_not_act() is not None:
            return
        if self._duties is not None:  # 18.1
            self._duties.answer_strike(self.begin_file)
            self._duties.open_tells(self.begin_file)
        self._bids.show(self.local_sides)
        self._orders.answer(self.local_sides)  # the opponent's questions his orders cover

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
        if entry.field("order") is not None:  # the writer answers by the other's orders
            broken.extend(self._orders.replayed(entry, action, before))
        elif acting is not None and acting.value != entry.by and entry.field("unseal") is None:
            broken.append(
                (
                    EMAIL_RULE,
                    f"the {entry.by} player made an action that is the {acting.value} player's",
                )
            )
        if not self.seed_agreed and rolls_dice(outcome):
            broken.append((EMAIL_RULE, DICE_NOT_AGREED))
        if open_roll_refused(action, self._game.header.mode):
            broken.append((EMAIL_RULE, OPEN_ROLL_REFUSED))
        broken.extend(self._bids.replayed(entry, action, before))
        return [Problem(entry.number, rule, message) for rule, message in broken]

    def replay_undo(self, entry: Entry, target: int) -> list[Problem]:
        undoers = {entry.by} if entry.by is not None else set()
        problem = undo_refusal(self._game.entries, target, entry.number, undoers)
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
            if self._duties is not None and entry.field("for") is not None:
                raise JournalError(FOG_NO_AHEAD, entry.number)
            self._bids.take_seal(entry)
        elif entry.kind is EntryKind.SHOW:
            self._bids.take_show(entry)
        elif entry.kind is EntryKind.OPEN:
            self._take_open(entry)
        elif entry.kind is EntryKind.ORDERS:
            if self._duties is not None:
                raise JournalError(FOG_NO_ORDERS, entry.number)
            self._orders.take(entry)
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

    def _owed(self) -> str | None:
        """[18.1] What the opponent's program must write before this player acts again."""
        return self._duties.owed_by_opponent() if self._duties is not None else None

    def _missing_send(self) -> SentFile | None:
        """The file this player sent last, recorded beside his key, when this copy of the game
        does not hold it (an older copy, or a file that dropped it): he must not play on it."""
        mine = self.local_sides
        if len(mine) != 1:
            return None
        return self._sends.missing(next(iter(mine)))

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
