"""Replaying a journal entry by entry, and the audit: what a file read back must hold.

A game opened from a file, an opponent's file taken in (`take_in`, all or none) and a
version 1 journal upgraded are replayed here: each entry's action is applied again, judged
in the game's mode and by its kind of play, and its words (`=` and `!` lines) must be the
ones owsqt writes on it now. A replay refuses the file at the first rule broken
(JournalError); an audit applies such actions anyway and lists them as `problems`.

GameSession (game.py) makes one Replay for itself and asks it to replay; the replay reads
the game's parts it is given (ReplayedGame) and writes through its record (record.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from owsqt.journal import pbem
from owsqt.journal.history import History
from owsqt.journal.textformat import (
    SIDES,
    Entry,
    EntryKind,
    Header,
    JournalError,
    fitting_time,
    quoted,
)
from owsqt.rules.core.actions import Action, action_from_data
from owsqt.rules.core.codec import CodecError
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import InvalidAction, Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.public import Public
from owsqt.session import exchangenotes as notes
from owsqt.session.email import EmailExchange
from owsqt.session.fogmail import FOG_BY_EMAIL_READERS, SideWorld, opened
from owsqt.session.play import Players
from owsqt.session.problems import ImportRefused, Problem
from owsqt.session.record import GameRecord, Key

Progress = Callable[[int, int], None]  # told (entries done, entries in all) as a file is read


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """The parts of a game its replay reads, which GameSession gives it: not the session
    itself, which nothing of its own holds, so that it is let go (and its file's lock with
    it) as soon as its owner lets go of it."""

    ruleset: Ruleset
    header: Header
    mode: Mode
    players: Players
    email: EmailExchange | None
    key: Key  # this machine's, to open this side's sealed actions (18.1)


class Replay:
    """The replay of entries read from a file into one game, and the audit of them."""

    def __init__(
        self,
        game: ReplayedGame,
        history: History,
        record: GameRecord,
        world: SideWorld | None,
        audit: bool = False,
    ) -> None:
        self._game = game
        self._history = history
        self._record = record
        self._world = world  # 18.1: this side's world in fogged e-mail play
        self.audit = audit  # collect broken rules as problems instead of refusing the file
        self.problems: list[Problem] = []

    def entries(self, entries: Sequence[Entry]) -> None:
        """Apply `entries`, read from a file, in order; JournalError names the first that does
        not fit (and, but in an audit, the first that breaks a rule)."""
        for entry in entries:
            self.entry(entry)

    def take_in(self, entries: Sequence[Entry], progress: Progress | None = None) -> None:
        """Replay `entries`, read from another copy of this journal that continues it (an
        opponent's file), all or none: any JournalError, or ImportRefused listing the rules
        that the first entry breaking any breaks, leaves the game and its file as they were.
        The entries after that one are not judged: the file is refused, whatever they hold,
        so a reply of many illegal actions costs one. `progress(done, total)` is told after
        each entry. The kind of play keeps its own state and restores it itself."""
        saved = self._history.save_point(), self._record.save_point()
        self.audit, self.problems = True, []
        try:
            with self._record.journal.written_whole():
                for done, entry in enumerate(entries, 1):
                    self.entry(entry)
                    if self.problems:
                        raise ImportRefused(self.problems)
                    if progress is not None:
                        progress(done, len(entries))
        except BaseException:
            history, record = saved
            self._history.restore(history)
            self._record.restore(record)
            raise
        finally:
            self.audit = False

    def upgrade(self, entries: Sequence[Entry]) -> None:
        """Replay a version 1 journal's `entries` into this game, a version 2 one: each
        signed for the side whose action it is (the side to act, for an entry that names
        none), at a time the file allows."""
        for entry in entries:
            player = (entry.action or {}).get("player")
            if player not in SIDES:
                player = (self._history.state.active or Player.GERMAN).value
            at = fitting_time(entry.at, self._record.journal.latest_time())
            self.entry(replace(entry, at=at, by=player, signature=None))

    def entry(self, entry: Entry) -> None:
        """Apply one entry read from a file; JournalError names it when it does not fit."""
        self._game.players.replay_entry(entry)  # [Dice] where the entry stands in its file
        if entry.kind is EntryKind.ACT:
            self._act(entry)
        elif entry.kind is EntryKind.TELL:
            self._tell(entry)
        elif entry.kind is EntryKind.UNDO:
            self._undo(entry)
        elif entry.kind is EntryKind.REDO:
            self._redo(entry)
        else:
            world = self._world
            if world is not None and not world.joins_as(entry, self._game.key().public):
                raise JournalError(FOG_BY_EMAIL_READERS, entry.number)  # 18.1
            self._record.write(entry, self._note)

    def _note(self, entry: Entry) -> None:
        """An entry of the exchange, taken in by the kind of play, holds the words owsqt
        writes on it and no others (exchangenotes.py)."""
        email = self._game.email
        per_file = email is not None and self._game.header.per_file_dice  # [Dice]
        file = email.files_sent + 1 if email is not None and per_file else None
        self._game.players.replay_exchange(entry)
        self._check_words(entry, notes.written_on(entry, file))

    def _act(self, entry: Entry) -> None:
        if self._world is not None:
            raise JournalError(
                "an action shown whole in a game of fog of war by e-mail (18.1): its entries "
                "tell their public part",
                entry.number,
            )
        game = self._game
        try:
            action = action_from_data(entry.action, game.ruleset.grid)
            before = self._history.state
            # Judged in the game's mode, but applied even when STRICT refuses, so that an
            # audit goes on and lists every broken rule.
            outcome = apply(game.ruleset, before, action, self._judging)
        except (CodecError, InvalidAction) as error:
            raise JournalError(f"the action cannot be applied: {error}", entry.number) from None
        self._check_narration(entry, outcome, before)
        violations = tuple(str(v) for v in outcome.verdict.violations)
        if game.mode is Mode.STRICT:
            self._report_violations(entry, outcome)
        elif violations != entry.violations:
            self._report(
                Problem(
                    entry.number,
                    "assist",
                    f"the rules judge this action {list(violations) or 'legal'} where the file "
                    f"says {list(entry.violations) or 'legal'}",
                )
            )
        self._take(entry, action, before, outcome)

    @property
    def _judging(self) -> Mode:
        """The mode a replayed action is judged in: a STRICT game's as ASSIST, so that what
        it breaks is applied and listed rather than refused."""
        return Mode.ASSIST if self._game.mode is Mode.STRICT else self._game.mode

    def _take(
        self,
        entry: Entry,
        action: Action,
        before: GameState,
        outcome: Outcome,
        public: Public | None = None,
    ) -> None:
        """Write an entry read from a file, once the kind of play has judged its action."""
        for problem in self._game.players.replay_act(entry, action, before, outcome):
            self._report(problem)
        self._record.write(
            entry,
            lambda e: self._history.record(e.number, action, before, outcome),
            outcome.events,
            public,
        )

    def _tell(self, entry: Entry) -> None:
        """[18.1] A TELL entry: this side's own action opened from its seal and applied to
        its world, which must tell what the entry holds; or the other side's public part
        taken in, judged now only on what it does to this side's units (rules/worlds/reach.py)
        and whole when the game ends and every seal is opened."""
        world = self._world
        if world is None:
            raise JournalError("only a game of fog of war by e-mail tells", entry.number)
        game = self._game
        before = self._history.state
        if entry.by != world.side.value:  # applied unjudged; what it trespasses on is listed
            if entry.field("box") is None:  # his answer to a strike: words owsqt writes
                self._check_words(entry, notes.written_on(entry))
            step, outcome = world.take_in(entry, before, game.mode)
            self._report_violations(entry, outcome)
            self._take(entry, step, before, outcome, step.public)
            return
        if entry.field("box") is None:  # a resolution (answer_strike)
            public = world.resolution(before)
            self._check_told(entry, world.to_data(public) == entry.action)
            self._check_words(entry, notes.written_on(entry))
            self._record.write(entry, None, (), public)
            return
        master = game.key().secret_for(pbem.tells_label(game.header.game))
        action = opened(master, game.header.game, entry, game.ruleset)
        outcome = world.step(before, action, self._judging)
        if not outcome.applied:
            raise JournalError(f"your own action is refused now: {action.kind}", entry.number)
        public = world.tell(before, action, outcome.state)
        self._check_told(entry, world.to_data(public) == entry.action)
        self._check_narration(entry, outcome, before)
        if game.mode is Mode.ASSIST:  # (a strict game's entries hold no broken rule)
            told = world.told_violations(before, outcome)
            self._check_words(entry, ((*entry.narration, *told),), with_violations=True)
        if game.mode is Mode.STRICT:
            self._report_violations(entry, outcome)
        self._take(entry, action, before, outcome, public)

    def _check_told(self, entry: Entry, holds: bool) -> None:
        if not holds:
            raise JournalError(
                "the entry does not tell what your sealed action tells now (was the game "
                "made with other rules or data?)",
                entry.number,
            )

    def _undo(self, entry: Entry) -> None:
        last = self._history.last_applied
        if last is None or last.entry != entry.target:
            raise JournalError(
                f"undo of #{entry.target}, which is not the last action", entry.number
            )
        barrier = self._history.why_not_undo()
        if barrier:
            self._report(Problem(entry.number, "undo", barrier))
        for problem in self._game.players.replay_undo(entry, last.entry):
            self._report(problem)
        # An audit has listed what the undo breaks and takes the action back all the same,
        # like an act the rules refuse, so that it checks the entries after it as written.
        self._record.write(entry, lambda _entry: self._history.undo(despite_barrier=self.audit))

    def _redo(self, entry: Entry) -> None:
        """A redo applies its action again: judged as the act was (in ASSIST, its broken rules
        are the act's own `!` lines), and by the rules of the kind of play, as any action."""
        following = self._history.next_redo
        if following is None or following.entry != entry.target:
            raise JournalError(
                f"redo of #{entry.target}, which was not the last undone", entry.number
            )
        before = self._history.state
        judging = self._judging
        _, outcome = self._history.preview_redo(judging)
        self._check_narration(entry, outcome, before)
        if self._game.mode is Mode.STRICT:
            self._report_violations(entry, outcome)
        for problem in self._game.players.replay_act(entry, following.action, before, outcome):
            self._report(problem)
        self._record.write(entry, lambda _entry: self._history.redo(judging), outcome.events)

    def _check_narration(self, entry: Entry, outcome: Outcome, before: GameState) -> None:
        if self._world is not None and entry.by != self._world.side.value:
            return  # 18.1: the other side narrated its action from its own world
        self._check_words(entry, (self._record.told(outcome, before),))

    def _check_words(
        self, entry: Entry, written: tuple[tuple[str, ...], ...], with_violations: bool = False
    ) -> None:
        """[Replay] The entry's `=` lines (and, `with_violations`, its `!` lines after them)
        are one of the lists `written`, the words owsqt writes on it, line for line; else
        JournalError names the entry and the first line that differs."""
        found = (*entry.narration, *entry.violations) if with_violations else entry.narration
        if found in written:
            return
        replayed = written[0]
        for index in range(max(len(replayed), len(found))):
            recorded = found[index] if index < len(found) else "nothing"
            now = replayed[index] if index < len(replayed) else "nothing"
            if recorded == now:
                continue
            after = len(entry.narration)
            marker, at = ("=", index) if index < after else ("!", index - after)
            raise JournalError(
                f"replaying gives {quoted(now)} where the file says {quoted(recorded)} "
                "(was the game made with other rules or data?)",
                entry.number,
                entry.line_of(marker, at),
            )

    def _report_violations(self, entry: Entry, outcome: Outcome) -> None:
        for violation in outcome.verdict.violations:
            self._report(Problem(entry.number, violation.rule, violation.message))

    def _report(self, problem: Problem) -> None:
        """An audit lists a broken rule; any other replay refuses the journal for it."""
        if not self.audit:
            raise JournalError(
                f"the rules refuse this action: {problem.rule}: {problem.message}", problem.entry
            )
        self.problems.append(problem)
