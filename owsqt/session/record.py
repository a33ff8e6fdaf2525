"""The record of a game: its journal as written, and what is kept beside each entry.

Every entry a GameSession writes, played or replayed, goes through `GameRecord.write`:
signed and on disk first, then it takes effect on the game's history; beside it are kept the
turn and phase after it, each side's reading of it (sidelog.py: 18.1; in a game against the
computer, of why it made it) and, in e-mail play
under fog of war, the marks of this side's world (fogmail.py). The record reads the log back
as the desktop shows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from owsqt.journal.history import Applied, History
from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Clock, Entry, EntryKind, Header, ParsedJournal, fitting_time
from owsqt.journal.writer import JournalWriter
from owsqt.rules.core.actions import Action, action_to_data
from owsqt.rules.core.events import Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.narration import told
from owsqt.rules.fog.option import FOG_OF_WAR
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.public import Public
from owsqt.session.fogmail import SideWorld, sealed
from owsqt.session.presentlog import LogLine, PresentLog
from owsqt.session.seat import seat_in
from owsqt.session.sidelog import Reading, SideLog


class Key:
    """This machine's key (identity.py): the one given, or made on first use, so that it is
    loaded only to sign or seal, never to replay."""

    def __init__(self, identity: Identity | None = None) -> None:
        self._identity = identity

    def __call__(self) -> Identity:
        if self._identity is None:
            self._identity = Identity.load_or_create()
        return self._identity


# What a failed import restores: the journal's save point; the record's lists are cut to it.
RecordSavePoint = tuple[int, int]


class GameRecord:
    """The journal of one game and, per entry, what the log and the replay read of it."""

    def __init__(
        self,
        ruleset: Ruleset,
        header: Header,
        history: History,
        world: SideWorld | None,
        key: Key,
        clock: Clock,
    ) -> None:
        self.journal = JournalWriter(header)
        self._game = header.game
        self.key = key
        self._ruleset = ruleset
        self._history = history
        self._world = world
        self._clock = clock
        self._phases: list[tuple[int, Phase]] = []  # the turn and phase after each entry
        self._side_log = SideLog(ruleset, FOG_OF_WAR in header.options)  # entries' events
        self._present_log: dict[Player, PresentLog] = {}  # 18.1: each side's log today
        self._seat = seat_in(header)  # the computer's, in a game against it (issue 38)

    @property
    def next_number(self) -> int:
        """The number of the entry written next."""
        return len(self.journal) + 1

    def write(
        self,
        entry: Entry,
        effect: Callable[[Entry], object] | None = None,
        events: Sequence[Event] = (),
        public: Public | None = None,
    ) -> None:
        """Sign the entry, write it to disk, then let it take `effect`: if the journal cannot
        be written (JournalWriteFailed), the game in memory and the file stay as they were,
        and the file is let go: the game goes on unsaved until it is saved again. `events`
        are the action's, which the fog of war narrates again for each side (sidelog.py);
        `public` a TELL entry's public part (18.1, fogmail.py)."""
        before = self._history.state
        self.journal.write(entry, self._sign, effect)
        self._history.mark()
        after = self._history.state
        self._phases.append((after.turn, after.phase))
        self._side_log.add(entry, events, before, after)
        if self._world is None:
            return
        if entry.kind is EntryKind.UNDO:
            self._world.mark_undo(entry.target or 0)
        elif entry.kind is EntryKind.REDO:
            self._world.mark_redo(entry.target or 0)
        else:
            self._world.mark(public, after)

    def act(
        self,
        action: Action,
        before: GameState,
        outcome: Outcome,
        by: str,
        fields: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Journal an applied action: as an ACT entry signed for the side `by`, or in e-mail
        play under fog of war as a TELL entry, its public part and the action sealed for
        this side alone (18.1)."""
        number = self.next_number
        whole = action_to_data(action, self._ruleset.grid)
        public = None
        if self._world is not None:
            public = self._world.tell(before, action, outcome.state)
            fields = (*fields, *sealed(self.key(), self._game, number, whole))
            entry = self._world.tell_entry(number, self.now(), public, before, outcome, fields)
        else:
            entry = Entry(
                number=number,
                kind=EntryKind.ACT,
                at=self.now(),
                action=whole,
                narration=self.told(outcome, before),
                violations=tuple(str(v) for v in outcome.verdict.violations),
                fields=fields,
                by=by,
            )
        self.write(
            entry,
            lambda e: self._history.record(e.number, action, before, outcome),
            outcome.events,
            public,
        )

    def undo(self, target: Applied) -> None:
        """Journal the undo of `target`, the last effective action, and take it back."""
        entry = Entry(
            self.next_number,
            EntryKind.UNDO,
            self.now(),
            target=target.entry,
            by=self.journal.entry(target.entry).by,
        )
        self.write(entry, lambda _entry: self._history.undo())

    def redo(self, redone: Applied, outcome: Outcome) -> None:
        """Journal the redo of `redone`, the last undone action, whose `outcome` it has again,
        and apply it."""
        entry = Entry(
            self.next_number,
            EntryKind.REDO,
            self.now(),
            target=redone.entry,
            narration=self.told(outcome, self._history.state),
            by=self.journal.entry(redone.entry).by,
        )
        self.write(entry, lambda _entry: self._history.redo(), outcome.events)

    def note(
        self,
        kind: EntryKind,
        side: str,
        fields: tuple[tuple[str, str], ...] = (),
        narration: tuple[str, ...] = (),
        effect: Callable[[Entry], object] | None = None,
    ) -> None:
        """Journal an entry of the exchange (no action) for `side`; once it is on disk,
        `effect` takes it into the game."""
        number = self.next_number
        entry = Entry(number, kind, self.now(), fields=fields, narration=narration, by=side)
        self.write(entry, effect)

    def _sign(self, message: str) -> str:
        return self.key().sign(message)  # the key is loaded only to sign, not to replay

    def now(self) -> str:
        """[Entry times] The time of a new entry: this computer's clock, or, when it is
        further behind the latest time in the journal than the file allows, the earliest
        time the file allows (docs/pbem-format.md), so that what it writes reads back."""
        return fitting_time(self._clock(), self.journal.latest_time())

    def told(self, outcome: Outcome, before: GameState) -> tuple[str, ...]:
        """The narration an entry writes: whole, or under fog of war in e-mail play as the
        other side may read it (18.1: the file goes to him)."""
        if self._world is None:
            return tuple(event.describe(self._ruleset) for event in outcome.events)
        reader = self._world.side.opponent
        return told(self._ruleset, outcome.events, before, outcome.state, reader)

    def phase_after(self, entry: int) -> tuple[int, Phase]:
        """The turn and phase after journal entry `entry` (1 on), kept as it was written."""
        return self._phases[entry - 1]

    def resume(
        self,
        parsed: ParsedJournal,
        count: int,
        lines: list[str],
        at: tuple[GameState, list[tuple[int, Phase]]],
    ) -> None:
        """[Checkpoint] Take the first `count` entries of `parsed` (its first `lines`) as
        written, unreplayed: `at` is the state and the turn and phase after each of them."""
        state, phases = at
        self.journal.adopt(parsed, count, lines)
        self._history.resume(state, count)
        self._phases = list(phases)
        self._side_log.skip(count)

    def save_point(self) -> RecordSavePoint:
        return self.journal.save_point()

    def restore(self, saved: RecordSavePoint) -> None:
        """Back to `saved`, the history restored already: the entries written since are
        forgotten, and each side's present log is told again from the journal as it is."""
        self.journal.restore(saved)
        length = len(self.journal)
        del self._phases[length:]
        self._side_log.cut(length)
        if self._world is not None:
            self._world.cut(length)
        self._present_log.clear()

    # --- the log as the desktop reads it -------------------------------------------------

    def log_lines(self, since: int, side: Player | None) -> list[LogLine]:
        """The lines of the entries after `since` as `side` read them at each entry (None:
        whole)."""
        lines: list[LogLine] = []
        for entry in self.journal.entries[since:]:
            if entry.kind is EntryKind.UNDO:
                lines.append(LogLine(entry.number, f"undo of #{entry.target}", "undo"))
                continue
            if entry.kind is EntryKind.REDO:
                lines.append(LogLine(entry.number, f"redo of #{entry.target}", "redo"))
            kind = "event" if entry.kind in (EntryKind.ACT, EntryKind.REDO) else "exchange"
            narration, violations = self._side_log.reading(entry, side)
            lines.extend(LogLine(entry.number, text, kind) for text in narration)
            lines.extend(LogLine(entry.number, text, "violation") for text in violations)
            said = self.said(entry, side)
            if said is not None:
                lines.append(LogLine(entry.number, said, "computer"))
        return lines

    def said(self, entry: Entry, side: Player | None) -> str | None:
        """The log's line of why the computer made `entry`, in a game against it, as `side`
        may read it (sidelog.py: 18.1); None for an entry it did not make."""
        if self._seat is None or entry.kind is not EntryKind.ACT:
            return None
        written = self._side_log.said(entry, side)
        return None if written is None else self._seat.said(written)

    def present_lines(self, since: int, side: Player, now: SideView) -> list[LogLine]:
        """[18.1] The lines after `since` as `side` reads them today, seeing `now`: with no
        enemy unit named that it does not see now (presentlog.py)."""
        present = self._present_log.get(side)
        if present is None:
            present = self._present_log[side] = PresentLog(self._ruleset, side)
        entries = len(self.journal.entries)
        return present.lines(since, entries, lambda start: self.log_lines(start, side), now)

    def reading(self, number: int, side: Player | None) -> Reading:
        """[18.1] Entry `number`'s narration and broken rules as `side` may read them."""
        return self._side_log.reading(self.journal.entry(number), side)
