"""[18.1] E-mail play under fog of war: this computer's side plays on its world.

Neither program of a fogged e-mail game holds the whole game. Each keeps its side's world
(rules/worlds/): its own units whole, the enemy's as they show. An action of this side is
applied to its world and journalled as a TELL entry, which holds only what the other side
may learn of it (its public part) and the whole action sealed for its writer: the action
encrypted with a secret of the writer's key that only he can make, and a commitment to it
(docs/pbem-format.md, "Fog of war"). The other side's TELL entries are taken into the world
from their public part.

`SideWorld` keeps what both programs must agree on to read and write a public part: the
exposure each side told last, and this side's world as it stood after its own last entry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from owsqt.journal import pbem
from owsqt.journal.history import Applied
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import SIDES, Entry, EntryKind, Header, JournalError
from owsqt.rules.core.actions import Action, action_from_data
from owsqt.rules.core.codec import CodecError
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.narration import Sight, told
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.belief import belief, with_phantoms
from owsqt.rules.worlds.exposure import Exposure, exposure
from owsqt.rules.worlds.phantoms import is_phantom
from owsqt.rules.worlds.public import Public, owner_resolves, public_part, resolution
from owsqt.rules.worlds.publicdata import public_from_data, public_to_data
from owsqt.rules.worlds.reach import acting_with
from owsqt.rules.worlds.takein import TakeIn, world_of, world_step
from owsqt.session import exchangenotes as notes

_SAID = 120  # the characters of an error an entry made that its refusal quotes

FOG_BY_EMAIL_READERS = (
    "this game is played by e-mail with fog of war (18.1): only its two players' programs "
    "can read it, each its own side's part"
)


@dataclass(frozen=True, slots=True)
class _Told:
    """After an entry: the exposure each side told last, and this side's world after its
    own last entry (`public_part`'s `told` and `since`)."""

    told: FrozenMap[Player, Exposure]
    since: GameState


class SideWorld:
    """[18.1] This computer's side's world in a fogged e-mail game, entry by entry."""

    def __init__(self, ruleset: Ruleset, side: Player, initial: GameState) -> None:
        self.side = side
        self.base = ruleset
        self.ruleset = with_phantoms(ruleset)  # the world's units include the phantoms
        self.initial = belief(ruleset, initial, side).state
        told = FrozenMap({player: exposure(ruleset, initial, player) for player in Player})
        self._start = _Told(told, self.initial)
        self._marks: list[_Told] = []  # after each entry

    def step(self, state: GameState, action: Action, mode: Mode) -> Outcome:
        """One step of the world: this side's action, or the other side's entry taken in."""
        return world_step(self.ruleset, self.side, state, action, mode)

    # --- what an entry tells -------------------------------------------------------------

    def tell(self, before: GameState, action: Action, after: GameState) -> Public:
        """[18.1] The public part of this side's `action`, between its world's states."""
        last = self._last
        return public_part(
            last.told[self.side],
            last.since,
            world_of(self.ruleset, self.side, before),
            action,
            world_of(self.ruleset, self.side, after),
        )

    def resolution(self, state: GameState) -> Public:
        """[18.1, 4.6, 12.4] The entry that answers a strike on one of this side's hidden
        stacks: what its units show once its world drew the unit struck."""
        last = self._last
        world = world_of(self.ruleset, self.side, state)
        return resolution(last.told[self.side], last.since, world)

    def owes_resolution(self, public: Public) -> bool:
        """Whether the other side's entry struck a stack of this side at random."""
        return (
            public.writer is not self.side
            and public.action is not None
            and (owner_resolves(public.action))
        )

    def to_data(self, public: Public) -> dict[str, Any]:
        return public_to_data(public, self._last.told[public.writer], self.base.grid)

    def from_data(self, entry: Entry) -> Public:
        """The public part an entry of the other side holds; JournalError when it is bad."""
        writer = _side(entry)
        try:
            return public_from_data(entry.action, self._last.told[writer], self.base)
        except CodecError as error:
            raise JournalError(f"the entry's public part is bad: {error}", entry.number) from None

    def take_in(self, entry: Entry, state: GameState, mode: Mode) -> tuple[TakeIn, Outcome]:
        """[18.1] The other side's entry as a step of this world in `state`, and the step's
        outcome: its public part applied unjudged, its verdict what it trespasses on in
        `mode` (`reach`: the reader's units that its writer's world could not act on).
        JournalError names the entry when the part cannot be read or applied."""
        with failing_as(entry, f"the {entry.by} tell cannot be taken in"):
            public = self.from_data(entry)
            if public.writer is self.side:
                raise JournalError("an entry of this side holds its action sealed", entry.number)
            step = TakeIn(player=public.writer, public=public, shown=self._last.told[self.side])
            return step, self.step(state, step, mode)

    def trespass(self, action: Action, mode: Mode) -> str | None:
        """[18.1, 3.1] Why this side's `action` must not be made in `mode` though the mode
        applies it: it acts with, or edits, a unit of the other side, which the other side's
        program refuses outside free play (`reach`); None: it may be made."""
        if mode is Mode.FREE:
            return None
        enemy = self.side.opponent
        for unit_id in acting_with(self.ruleset, action, enemy):
            return (
                f"{self.ruleset.unit_name(unit_id)} is a {enemy.title} unit: in e-mail play "
                "under fog of war a player acts with his own units and names the enemy's only "
                "as the unit he fires at"
            )
        return None

    # --- the entries this side writes, and those it waits for ----------------------------

    def tell_entry(
        self,
        number: int,
        at: str,
        public: Public,
        before: GameState,
        outcome: Outcome,
        fields: tuple[tuple[str, str], ...],
    ) -> Entry:
        """[18.1] The TELL entry of this side's action: its public part, narrated and judged
        as the other side may read it, with `fields` (the seal)."""
        return Entry(
            number=number,
            kind=EntryKind.TELL,
            at=at,
            action=self.to_data(public),
            narration=self.told(before, outcome),
            violations=self.told_violations(before, outcome),
            fields=fields,
            by=self.side.value,
        )

    def told(self, before: GameState, outcome: Outcome) -> tuple[str, ...]:
        """[18.1] The narration of this side's action as a TELL entry writes it: as the other
        side may read it."""
        return told(self.ruleset, outcome.events, before, outcome.state, self.side.opponent)

    def told_violations(self, before: GameState, outcome: Outcome) -> tuple[str, ...]:
        """[18.1] The broken rules of this side's action as a TELL entry writes them: as the
        other side may read them."""
        sight = Sight(self.ruleset, self.side.opponent, before, outcome.state)
        return sight.violations(tuple(str(v) for v in outcome.verdict.violations))

    def answer_entry(self, number: int, at: str, public: Public) -> Entry:
        """[18.1, 4.6] The TELL entry that answers a strike on one of this side's stacks."""
        return Entry(
            number=number,
            kind=EntryKind.TELL,
            at=at,
            action=self.to_data(public),
            narration=(notes.answered(self.side),),
            by=self.side.value,
        )

    def owes_answer(self, entries: Sequence[Entry], last: Applied | None) -> bool:
        """Whether the last effective step, the other side's entry, struck a stack of this
        side at random, and this side has not answered it yet."""
        if last is None or not isinstance(last.action, TakeIn):
            return False
        return self.owes_resolution(last.action.public) and not _told_since(
            entries, last.entry, self.side
        )

    def owed(self, entries: Sequence[Entry], state: GameState, last: Applied | None) -> str | None:
        """[18.1] What the other side's program must write before this side acts again: the
        answer to this side's strike on one of its hidden stacks (4.6, 12.4), or, once the
        game is over, its OPEN entry; None: nothing."""
        enemy = self.side.opponent
        if state.phase is Phase.GAME_OVER:
            opened = {e.by for e in entries if e.kind is EntryKind.OPEN}
            if enemy.value not in opened:
                return (
                    f"the {enemy.title} player opens his sealed actions now that the game is over"
                )
            return None
        if last is None or isinstance(last.action, TakeIn) or not owner_resolves(last.action):
            return None
        if _told_since(entries, last.entry, enemy):
            return None
        return f"the {enemy.title} player's program draws the hidden unit your strike hit (18.1)"

    def joins_as(self, entry: Entry, public_key: str) -> bool:
        """Whether a JOIN entry leaves this computer a player: one that takes this side
        brings this computer's key (`public_key`)."""
        if entry.kind is not EntryKind.JOIN or entry.by != self.side.value:
            return True
        return entry.field("key") == public_key

    # --- the bookkeeping after each entry ------------------------------------------------

    def mark(self, public: Public | None, state: GameState) -> None:
        """After an entry: a TELL's `public` part (None: an entry of the exchange), and the
        world's `state` after it."""
        last = self._last
        if public is None:
            self._marks.append(last)
            return
        told = FrozenMap({**last.told, public.writer: public.after})
        since = state if public.writer is self.side else last.since
        self._marks.append(_Told(told, since))

    def mark_undo(self, target: int) -> None:
        """An undo of entry `target`: as it stood before it."""
        self._marks.append(self._marks[target - 2] if target > 1 else self._start)

    def mark_redo(self, target: int) -> None:
        """A redo of entry `target`: as it stood after it."""
        self._marks.append(self._marks[target - 1])

    def cut(self, length: int) -> None:
        """Forget the entries after the first `length` (an import taken back)."""
        del self._marks[length:]

    @property
    def _last(self) -> _Told:
        return self._marks[-1] if self._marks else self._start

    # --- what the side sees ----------------------------------------------------------------

    def seen(self, state: GameState, side: Player | None) -> SideView:
        """[18.1] What `side` sees of the world `state`: the phantoms are hidden counters."""
        seen = view(self.ruleset, state, side if side is not None else self.side)
        hidden = dict(seen.hidden)
        units = {}
        for unit_id, unit in seen.state.units.items():
            if not is_phantom(unit_id):
                units[unit_id] = unit
            elif unit.hex is not None:
                hidden[unit.hex] = hidden.get(unit.hex, 0) + 1
        revealed = frozenset(u for u in seen.revealed if not is_phantom(u))
        shown = replace(seen.state, units=FrozenMap(units))
        return SideView(seen.side, shown, FrozenMap(hidden), revealed)


def side_of(header: Header, public_key: str) -> Player:
    """The side the computer with `public_key` plays in a fogged e-mail game: its key's, or
    the side still free to join; JournalError for anyone else's computer."""
    mine = [side for side in SIDES if header.key_of(side) == public_key]
    free = [side for side in SIDES if header.key_of(side) is None]
    if len(mine) == 1:
        return Player(mine[0])
    if not mine and len(free) == 1:
        return Player(free[0])
    raise JournalError(FOG_BY_EMAIL_READERS)


def sealed(
    identity: Identity, game: str, number: int, action: dict[str, Any]
) -> tuple[tuple[str, str], ...]:
    """[18.1] The fields that seal a TELL entry's whole action for its writer: the
    commitment to it and the box only his key opens (until his OPEN entry at the end)."""
    secret = pbem.tell_secret(identity.secret_for(pbem.tells_label(game)), game, number)
    return (
        ("seal", pbem.seal_digest(game, number, action, secret)),
        ("box", pbem.seal_box(secret, action, pbem.TELL_PADDING)),
    )


def opened(master: str, game: str, entry: Entry, ruleset: Ruleset) -> Action:
    """The action a TELL entry seals, opened with its writer's secret of the game's told
    actions (`master`) and checked against its commitment; JournalError when it cannot be."""
    secret = pbem.tell_secret(master, game, entry.number)
    data = pbem.open_box(secret, entry.field("box") or "")
    if data is None or pbem.seal_digest(game, entry.number, data, secret) != entry.field("seal"):
        raise JournalError(
            f"the entry's sealed action cannot be opened with the {entry.by} player's secret",
            entry.number,
        )
    try:
        return action_from_data(data, ruleset.grid)
    except CodecError as error:
        raise JournalError(f"the sealed action cannot be read: {error}", entry.number) from None


def check_opened(entries: Sequence[Entry], side: str, master: str, game: str) -> None:
    """[18.1] That `master`, revealed by `side` at the end, opens each of its sealed told
    actions as committed; JournalError names the first it does not."""
    for entry in entries:
        if entry.kind is not EntryKind.TELL or entry.by != side or entry.field("box") is None:
            continue
        secret = pbem.tell_secret(master, game, entry.number)
        data = pbem.open_box(secret, entry.field("box") or "")
        if data is None or pbem.seal_digest(game, entry.number, data, secret) != entry.field(
            "seal"
        ):
            raise JournalError(
                f"the {side} player's secret does not open the action he sealed at #{entry.number}"
            )


@contextmanager
def failing_as(entry: Entry, what: str) -> Iterator[None]:
    """[18.1] Run what the other side's `entry` makes this program do before any rule can
    judge it (a public part applied unjudged, a sealed action opened at the end): whatever
    fails in it is the entry's, said in one line naming it (JournalError, `what`: why)."""
    try:
        yield
    except JournalError:
        raise
    except Exception as error:  # unjudged data may make the engine fail anywhere in it
        said = " ".join(f"{type(error).__name__}: {error}".split())[:_SAID]
        raise JournalError(f"{what}: {said}", entry.number) from None


def _told_since(entries: Sequence[Entry], number: int, side: Player) -> bool:
    """Whether `side` wrote a TELL entry after entry `number`."""
    return any(e.kind is EntryKind.TELL and e.by == side.value for e in entries[number:])


def _side(entry: Entry) -> Player:
    try:
        return Player(entry.by or "")
    except ValueError:
        raise JournalError(f"the entry names no side ({entry.by!r})", entry.number) from None
