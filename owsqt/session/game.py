"""GameSession: the one façade the desktop and the CLI talk to.

It holds the ruleset, the state, the mode and the journal. `submit` applies an
action through the engine and, when it took effect, appends it to the journal
on disk at once, signed with the player's key: the journal is the autosave, the
undo history, the save file and the e-mail file. Opening a journal replays it and
checks its hash chain and signatures.

Who may write the journal at this computer is the kind of play's to say: the session
holds one as its `players` (play.py), and in e-mail play that is the exchange of files
(email.py), which it owns and which asks it only what email.Game lists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from owsqt import __version__
from owsqt.journal import pbem
from owsqt.journal.filedice import DICE_NOT_AGREED, creator_commitment
from owsqt.journal.history import Applied, History, rolls_dice
from owsqt.journal.identity import Identity
from owsqt.journal.lock import JournalLock
from owsqt.journal.recovery import parse_or_tear, read_journal, recover
from owsqt.journal.sidefiles import keep_copy, numbered
from owsqt.journal.textformat import (
    LEGACY_VERSION,
    SIDES,
    Clock,
    Entry,
    EntryKind,
    Header,
    JournalError,
    ParsedJournal,
    Play,
    fitting_time,
    is_time,
    parse,
    quoted,
    utc_now,
)
from owsqt.journal.writer import JournalWriter
from owsqt.rules.core.actions import Action, EndStep, action_from_data, action_to_data
from owsqt.rules.core.codec import CodecError
from owsqt.rules.core.dice import DiceState, DieKeys, new_seed
from owsqt.rules.core.events import Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import InvalidAction, Mode, Verdict, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.fog.narration import told
from owsqt.rules.fog.option import (
    FOG_OF_WAR,
    GAME_OPTIONS,
    PROGRAM_OPTIONS,
    fog_on,
    misplaced_option,
    new_game_options,
)
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.scenario.scenario import initial_state
from owsqt.rules.scenario.turntrack import units_in_play
from owsqt.rules.worlds.public import Public
from owsqt.rules.worlds.reach import TRESPASS_RULE
from owsqt.session import exchangenotes as notes
from owsqt.session.checkpointcheck import agrees
from owsqt.session.email import EmailExchange
from owsqt.session.fogmail import FOG_BY_EMAIL_READERS, SideWorld, opened, sealed, side_of
from owsqt.session.play import LOCAL_PLAY, Players
from owsqt.session.presentlog import LogLine, PresentLog
from owsqt.session.problems import EMAIL_RULE, ImportRefused, Problem
from owsqt.session.sidelog import SideLog

Progress = Callable[[int, int], None]  # told (entries done, entries in all) as a file is read


class GameSession:
    """A game in progress, bound to its journal.

    `players` is its kind of play; `email` is the same object in e-mail play, the exchange
    of files (send, import_text, files_sent), and None in local play."""

    def __init__(
        self,
        ruleset: Ruleset,
        header: Header,
        clock: Clock = utc_now,
        identity: Identity | None = None,
        audit: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.header = header
        self.mode = Mode(header.mode)
        self.play = Play(header.play)
        self._clock = clock
        self._identity = identity
        self._audit = audit  # collect broken rules as problems instead of refusing the file
        self.problems: list[Problem] = []
        scenario = ruleset.scenarios.get(header.scenario)
        if scenario is None:
            raise JournalError(f"unknown scenario {quoted(header.scenario)}")
        chosen = {option.id for option in scenario.options} | set(GAME_OPTIONS)  # 19.41, 18.1
        known = chosen | set(PROGRAM_OPTIONS)  # 18.1: the keyed die, which players never choose
        for index, option in enumerate(header.options):
            if option not in known or option in header.options[:index]:
                why = "is named twice" if option in known else "is not one of the game's"
                listed = ", ".join(sorted(chosen)) or "none"
                raise JournalError(f"the option {quoted(option)} {why} (options: {listed})")
        misplaced = misplaced_option(header.options)
        if misplaced:
            raise JournalError(misplaced)
        in_play = units_in_play(
            scenario, ruleset.turn_record_track, ruleset.catalogue, header.options
        )
        self.initial_state = initial_state(
            ruleset.catalogue, scenario, header.seed or 0, header.options, in_play
        )
        if header.per_file_dice:  # [Dice] every roll keyed: no roll moves another's die
            self.initial_state = replace(self.initial_state, dice=DiceState(0, keys=DieKeys()))
        # 18.1: in e-mail play under fog of war this computer plays on its side's world
        self._world: SideWorld | None = None
        step = None
        if self.play is Play.EMAIL and FOG_OF_WAR in header.options:
            side = side_of(header, self.identity.public)
            self._world = SideWorld(ruleset, side, self.initial_state)
            self.ruleset = self._world.ruleset
            self.initial_state = self._world.initial
            step = self._world.step
        self._history = History(
            self.ruleset, self.initial_state, self.mode, step, header.per_file_dice
        )
        self._journal = JournalWriter(header)
        self._phases: list[tuple[int, Phase]] = []  # the turn and phase after each entry
        self._side_log = SideLog(self.ruleset, FOG_OF_WAR in header.options)  # entries' events
        self._present_log: dict[Player, PresentLog] = {}  # 18.1: each side's log today
        # The kind of play; in e-mail play, the exchange (docs/pbem-format.md).
        self.email: EmailExchange | None = EmailExchange(self) if self.play is Play.EMAIL else None
        self.players: Players = self.email or LOCAL_PLAY[self.play](header)

    # --- creating and opening ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        scenario: str,
        mode: Mode = Mode.FREE,
        *,
        seed: int | None = None,
        options: tuple[str, ...] = (),
        path: Path | None = None,
        clock: Clock = utc_now,
        play: Play = Play.SOLITAIRE,
        side: Player = Player.GERMAN,
        identity: Identity | None = None,
        game: str | None = None,
    ) -> GameSession:
        """A new game; with `path`, its journal is written there from the first action on
        (made there where no file stands: JournalExists else).

        Local games (solitaire, hot-seat) are signed by this machine's key for both sides and
        roll from `seed`. An e-mail game names its creator's `side` and key, and commits to
        the creator's share of the dice of his file 3 (journal/filedice.py). The file records
        the chosen `options` and those the program adds for them (18.1: the keyed die)."""
        identity = identity or Identity.load_or_create()
        game = game or pbem.new_game_id()
        created = clock()
        german: str | None
        soviet: str | None
        commitment: str | None = None
        dice: int | None = None
        if play is Play.EMAIL:
            if seed is not None:
                raise ValueError("an e-mail game's seed is made by both players, not chosen")
            german = identity.public if side is Player.GERMAN else None
            soviet = identity.public if side is Player.SOVIET else None
            commitment = creator_commitment(identity, game)
        else:
            german = soviet = identity.public
            dice = new_seed() if seed is None else seed
        header = Header(
            scenario=scenario,
            options=new_game_options(tuple(options)),  # 18.1: fog brings the keyed die
            mode=mode.value,
            created=created,
            program=f"owsqt {__version__}",
            game=game,
            play=play.value,
            german=german,
            soviet=soviet,
            seed=dice,
            commitment=commitment,
            per_file_dice=commitment is not None,
        )
        session = cls(ruleset, header, clock, identity)
        if path is not None:
            session.save_as(path, replace=False)  # a new game never replaces a file
        return session

    def apply_default_setup(self) -> None:
        """Set up the sides this player plays as the scenario's default set-up has it, each
        in its turn (19.11): both sides of a local game, which then begins turn one; in
        e-mail play only one's own side, when it is its turn to set up.

        The placements are ordinary journal entries (19.11, 19.12), so players can adjust
        them, undo them in free play, or replay them."""
        scenario = self.ruleset.scenarios[self.state.scenario]
        for _ in range(2):  # each side in its turn to set up
            player = self.state.active
            if (
                self.state.phase is not Phase.SETUP
                or player is None
                or self.players.why_not_act(EndStep(player=player))
            ):
                return
            for action in default_setup(
                self.ruleset, scenario, self.state, player, self.state.options
            ):
                self.submit(action)
            self.submit(EndStep(player=player))

    @classmethod
    def open(
        cls,
        ruleset: Ruleset,
        path: Path,
        clock: Clock = utc_now,
        identity: Identity | None = None,
        lock: JournalLock | None = None,
    ) -> GameSession:
        """Replay the journal at `path` and keep appending to it, under its lock, taken
        before it is read (or `lock`, which the caller took): JournalLocked when another
        owsqt writes it, JournalError if it is bad, TornJournal when only its end was cut
        off in the middle of an entry (recover() mends that).

        The file is read through its lock (the file locked is the file read, whatever its
        name leads to meanwhile). A version 1 journal (before signatures) is rewritten as
        version 2, signed by this machine's key; the old file is kept beside it as
        NAME.v1.owsg, or NAME.v1-2.owsg and on when that is taken (never over a file)."""
        lock = lock or JournalLock(path)
        try:
            text = read_journal(lock)
            session: GameSession = cls.from_text(ruleset, text, clock, identity)
            if session.header.version != LEGACY_VERSION:
                session._journal.bind(path, lock)
                return session
            upgraded: GameSession = session._upgraded()
            keep_copy(text.encode("utf-8"), numbered(path, "v1"))
            upgraded._journal.save_as(path, lock)
            return upgraded
        except BaseException:
            lock.release()
            raise

    @classmethod
    def recover(
        cls,
        ruleset: Ruleset,
        path: Path,
        clock: Clock = utc_now,
        identity: Identity | None = None,
    ) -> tuple[GameSession, Path]:
        """Open the file at `path`, torn at its end (TornJournal), as far as its whole
        entries go: a copy of it as it is is kept beside it (recovery.copy_path), then it is
        cut to those entries. Returns the game and where the copy is; JournalError when the
        file is not torn, or what is whole does not replay."""
        lock = JournalLock(path)
        try:
            _, copy = recover(path, lock)
            return cls.open(ruleset, path, clock, identity, lock), copy
        except BaseException:
            lock.release()
            raise

    @classmethod
    def from_text(
        cls,
        ruleset: Ruleset,
        text: str,
        clock: Clock = utc_now,
        identity: Identity | None = None,
        audit: bool = False,
    ) -> GameSession:
        """Replay a journal's text without binding a file (for replay and verification).

        With `audit`, actions that break the rules in the game's mode are applied anyway and
        listed in `problems`; without it they make the journal a JournalError."""
        parsed = parse_or_tear(text)  # the mode and the kind of play are checked there
        session = cls(ruleset, parsed.header, clock, identity, audit)
        for entry in parsed.entries:
            session._replay(entry)
        return session

    @classmethod
    def resume(
        cls,
        ruleset: Ruleset,
        parsed: ParsedJournal,
        at: tuple[int, list[str], GameState, list[tuple[int, Phase]]],
        path: Path,
        clock: Clock = utc_now,
        identity: Identity | None = None,
        lock: JournalLock | None = None,
    ) -> GameSession:
        """A local game at `path` from a checkpoint (session/checkpoint.py): `at` is the number of
        entries it covers, the file's lines up to them, the state and the turn and phase
        after each, which must agree with what those entries say (checkpointcheck.py: the
        dice, the step). The entries after it are replayed; the ones it covers are not, so
        they cannot be undone or shown in this session. JournalError if the checkpoint does
        not agree or the rest does not fit.
        `lock` is the file's, taken by the caller before reading it (else taken here)."""
        count, lines, state, phases = at
        session = cls(ruleset, parsed.header, clock, identity)
        if session.email is not None:
            raise JournalError("e-mail games are replayed whole")
        if not agrees(ruleset, parsed, count, session.initial_state, (state, phases)):
            raise JournalError("the checkpoint says otherwise than the journal it covers")
        session._journal.adopt(parsed, count, lines)
        session._history.resume(state, count)
        session._phases = list(phases)
        session._side_log.skip(count)
        for entry in parsed.entries[count:]:
            session._replay(entry)
        session._journal.bind(path, lock)
        return session

    @classmethod
    def join(
        cls,
        ruleset: Ruleset,
        text: str,
        path: Path | None = None,
        clock: Clock = utc_now,
        identity: Identity | None = None,
        fresh: Callable[[], str] | None = None,
    ) -> GameSession:
        """Take the free side of an e-mail game from its creator's first file: the JOIN entry
        brings this player's key. `fresh`: where his fresh shares of the dice come from (the
        system's randomness unless given; journal/filedice.py). JournalError (ImportRefused
        for broken rules) when the file cannot be joined."""
        identity = identity or Identity.load_or_create()
        first = parse(text, known=0)  # his first file: one file
        side = pbem.free_side(first, identity.public)
        session = cls(ruleset, first.header, clock, identity)
        session.take_in(first.entries)  # refused at the first entry that breaks a rule
        assert session.email is not None  # free_side made sure that it is an e-mail game
        if fresh is not None:
            session.email.fresh = fresh
        session.email.join(side)
        if path is not None:
            session.save_as(path, replace=False)  # a new game never replaces a file
        return session

    # --- playing ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._history.state

    @property
    def world_side(self) -> Player | None:
        """[18.1] In e-mail play with fog of war, the side whose world this computer holds
        (fogmail.py); None in every other game, which it holds whole."""
        return self._world.side if self._world is not None else None

    @property
    def identity(self) -> Identity:
        """This machine's key, made on first use (identity.py)."""
        if self._identity is None:
            self._identity = Identity.load_or_create()
        return self._identity

    def submit(self, action: Action) -> Outcome:
        """Apply `action` in the game's mode; journal it if it took effect.

        Raises InvalidAction for an action no mode accepts (an unknown unit, ...). In e-mail
        play an action the exchange forbids now (the opponent's to make, a die before the
        seed is agreed) is refused with the reason, in any mode; a sealed bid is applied as
        its seal."""
        refusal = self.players.why_not_act(action)
        if refusal:
            return self._refused(refusal)
        before, outcome = self._applied(action)
        if not outcome.applied:
            return outcome
        trespass = self._world.trespass(action, self.mode) if self._world is not None else None
        if trespass is not None:  # 18.1: what the other side's program would refuse
            return self._refused(trespass, TRESPASS_RULE)
        if not self.players.seed_agreed and rolls_dice(outcome):
            return self._refused(DICE_NOT_AGREED, EMAIL_RULE)
        if self.players.seal(action, before):
            return Outcome(self.state, (), outcome.verdict, applied=True)
        self._act(action, before, outcome)
        self.players.after_entries()
        return outcome

    def why_not_undo(self) -> str | None:
        reason = self._history.why_not_undo()
        last = self._history.last_applied
        if reason is None and last is not None:  # no reason: there is a last action
            reason = self.players.why_not_undo(last.entry)
        return reason

    def why_not_redo(self) -> str | None:
        """A redo acts again: the kind of play judges the action as if it were made now (in
        e-mail play, a player redoes only his own side's actions)."""
        following = self._history.next_redo
        if following is None:
            return self._history.why_not_redo()
        return self.players.why_not_act(following.action)

    def undo(self) -> Applied:
        """Take back the last effective action (ValueError saying why when it cannot be)."""
        reason = self.why_not_undo()
        if reason:
            raise ValueError(reason)
        self.players.begin_file()  # [Dice] the reveal that begins a file comes first
        target = self._history.last_applied
        assert target is not None  # why_not_undo() found an action to take back
        entry = Entry(
            len(self._journal) + 1,
            EntryKind.UNDO,
            self._now(),
            target=target.entry,
            by=self._journal.entry(target.entry).by,
        )
        self._write(entry, lambda _entry: self._history.undo())
        return target

    def redo(self) -> Outcome:
        """Apply the last undone action again (ValueError when there is none)."""
        reason = self.why_not_redo()
        if reason:
            raise ValueError(reason)
        if self.players.begin_file():  # [Dice] the reveal first, then the redo on its seed
            return self.redo()
        redone, outcome = self._history.preview_redo()
        entry = Entry(
            len(self._journal) + 1,
            EntryKind.REDO,
            self._now(),
            target=redone.entry,
            narration=self._told(outcome, self.state),
            by=self._journal.entry(redone.entry).by,
        )
        self._write(entry, lambda _entry: self._history.redo(), outcome.events)
        return outcome

    def state_after(self, entry: int) -> GameState:
        """The state after journal entry `entry` (0: as the game began), for replay."""
        return self._history.state_after(entry)

    def seen_by(self, side: Player | None, entry: int | None = None) -> SideView:
        """[18.1] What `side` may know of the game after journal entry `entry` (now by
        default); None, or a game without fog of war: everything."""
        return self.seen_in(self.state if entry is None else self.state_after(entry), side)

    def seen_in(self, state: GameState, side: Player | None) -> SideView:
        """[18.1] What `side` may know of `state`, a state of this game; in e-mail play under
        fog of war, of this side's world, whose phantoms are hidden counters."""
        if self._world is not None:
            return self._world.seen(state, side)
        return view(self.ruleset, state, side)

    def phase_after(self, entry: int) -> tuple[int, Phase]:
        """The turn and phase after journal entry `entry` (0: as the game began), kept as
        each entry is written, so a replay lists the phase starts without replaying."""
        if entry == 0:
            return self.initial_state.turn, self.initial_state.phase
        return self._phases[entry - 1]

    # --- the journal ------------------------------------------------------------------

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self._journal.entries

    @property
    def path(self) -> Path | None:
        """The file the journal is appended to (None: not bound to one yet)."""
        return self._journal.path

    def log_lines(self, since: int = 0, side: Player | None = None) -> list[LogLine]:
        """The journal as the log dock reads it, from entry number `since` + 1 on (the
        journal only grows, so a view can add just what is new); as `side` may read it
        (18.1, `narration`) and with no enemy unit named that it does not see now
        (`forgotten`: a view tells the whole log again when that changes), or whole for None."""
        if side is not None and fog_on(self.state):
            present = self._present_log.get(side)
            if present is None:
                present = self._present_log[side] = PresentLog(self.ruleset, side)
            entries = len(self._journal.entries)
            return present.lines(
                since, entries, lambda start: self._read_log(start, side), self.seen_by(side)
            )
        return self._read_log(since, side)

    def _read_log(self, since: int, side: Player | None) -> list[LogLine]:
        """The lines of the entries after `since` as `side` read them at each entry."""
        lines: list[LogLine] = []
        for entry in self._journal.entries[since:]:
            if entry.kind is EntryKind.UNDO:
                lines.append(LogLine(entry.number, f"undo of #{entry.target}", "undo"))
                continue
            if entry.kind is EntryKind.REDO:
                lines.append(LogLine(entry.number, f"redo of #{entry.target}", "redo"))
            kind = "event" if entry.kind in (EntryKind.ACT, EntryKind.REDO) else "exchange"
            narration, violations = self._side_log.reading(entry, side)
            lines.extend(LogLine(entry.number, text, kind) for text in narration)
            lines.extend(LogLine(entry.number, text, "violation") for text in violations)
        return lines

    def narration(self, number: int, side: Player | None = None) -> tuple[str, ...]:
        """[18.1] What journal entry `number` narrates, as `side` may read it in a game with
        fog of war (hidden enemy units unnamed, fog/narration.py); None: as written."""
        entry = self._journal.entry(number)
        return self._side_log.reading(entry, side)[0]

    def violations(self, number: int, side: Player | None = None) -> tuple[str, ...]:
        """The broken rules entry `number` records (ASSIST play), as `side` may read them."""
        entry = self._journal.entry(number)
        return self._side_log.reading(entry, side)[1]

    def text(self) -> str:
        """The whole journal as it stands on disk."""
        return self._journal.text()

    def save_as(self, path: Path, replace: bool = True) -> None:
        """Write the journal to `path` atomically and go on appending there, under its lock
        (JournalLocked, and nothing written, when another owsqt writes that file); without
        `replace`, only where no file stands (JournalExists else, and nothing written)."""
        self._journal.save_as(path, replace=replace)

    def close(self) -> None:
        """Let go of the file and its lock (the game stays in memory, unsaved)."""
        self._journal.close()

    @property
    def lost(self) -> Path | None:
        """The file this game was written to until a write failed (then `path` is None)."""
        return self._journal.lost

    def _write(
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
        before = self.state
        self._journal.write(entry, self._sign, effect)
        self._history.mark()
        self._phases.append((self.state.turn, self.state.phase))
        self._side_log.add(entry, events, before, self.state)
        if self._world is None:
            return
        if entry.kind is EntryKind.UNDO:
            self._world.mark_undo(entry.target or 0)
        elif entry.kind is EntryKind.REDO:
            self._world.mark_redo(entry.target or 0)
        else:
            self._world.mark(public, self.state)

    def _now(self) -> str:
        """[Entry times] The time of a new entry: this computer's clock, or, when it is
        further behind the latest time in the journal than the file allows, the earliest
        time the file allows (docs/pbem-format.md), so that what it writes reads back."""
        return fitting_time(self._clock(), self._journal.latest_time())

    def _sign(self, message: str) -> str:
        return self.identity.sign(message)  # the key is loaded only to sign, not to replay

    # --- what the exchange writes (email.Game) -----------------------------------------

    def as_parsed(self) -> ParsedJournal:
        """The journal as parse() gives it back from text(), without reading it again."""
        return self._journal.parsed()

    def write_note(
        self,
        kind: EntryKind,
        side: str,
        fields: tuple[tuple[str, str], ...] = (),
        narration: tuple[str, ...] = (),
        effect: Callable[[Entry], object] | None = None,
    ) -> None:
        """Journal an entry of the exchange (no action) for `side`, signed; once it is on
        disk, `effect` takes it into the game. [Dice] The first of a player's file comes
        after the reveal that begins it."""
        if kind is not EntryKind.REVEAL:
            self.players.begin_file()
        number = len(self._journal) + 1
        entry = Entry(number, kind, self._now(), fields=fields, narration=narration, by=side)
        self._write(entry, effect)

    def write_action(self, action: Action, fields: tuple[tuple[str, str], ...] = ()) -> Outcome:
        """Apply `action` in the game's mode and journal it with `fields` if it took effect,
        without asking whose it is to make: the exchange showing a sealed bid."""
        before, outcome = self._applied(action)
        if outcome.applied:
            self._act(action, before, outcome, fields)
        return outcome

    def roll_from(self, seed: int) -> None:
        """[Dice] The actions from now on roll from `seed`: the seed both e-mail players
        agreed for the file being written (journal/filedice.py)."""
        self._history.roll_from(seed)

    def take_in(self, entries: Sequence[Entry], progress: Progress | None = None) -> None:
        """Replay `entries`, read from another copy of this journal that continues it (an
        opponent's file), all or none: any JournalError, or ImportRefused listing the rules
        that the first entry breaking any breaks, leaves the game and its file as they were.
        The entries after that one are not judged: the file is refused, whatever they hold,
        so a reply of many illegal actions costs one. `progress(done, total)` is told after
        each entry. The kind of play keeps its own state and restores it itself."""
        saved = self._history.save_point(), self._journal.save_point(), self.initial_state
        self._audit, self.problems = True, []
        try:
            with self._journal.written_whole():
                for done, entry in enumerate(entries, 1):
                    self._replay(entry)
                    if self.problems:
                        raise ImportRefused(self.problems)
                    if progress is not None:
                        progress(done, len(entries))
        except BaseException:
            history, journal, self.initial_state = saved
            self._history.restore(history)
            self._journal.restore(journal)
            del self._phases[len(self._journal) :]
            self._side_log.cut(len(self._journal))
            if self._world is not None:
                self._world.cut(len(self._journal))
            self._present_log.clear()  # told again from the journal as it is
            raise
        finally:
            self._audit = False

    def _act(
        self,
        action: Action,
        before: GameState,
        outcome: Outcome,
        fields: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Journal an applied action: as an ACT entry, or in e-mail play under fog of war
        as a TELL entry, its public part and the action sealed for this side alone (18.1)."""
        number = len(self._journal) + 1
        whole = action_to_data(action, self.ruleset.grid)
        public = None
        if self._world is not None:
            public = self._world.tell(before, action, outcome.state)
            fields = (*fields, *sealed(self.identity, self.header.game, number, whole))
            entry = self._world.tell_entry(number, self._now(), public, before, outcome, fields)
        else:
            entry = Entry(
                number=number,
                kind=EntryKind.ACT,
                at=self._now(),
                action=whole,
                narration=self._narrate(outcome),
                violations=tuple(str(v) for v in outcome.verdict.violations),
                fields=fields,
                by=self._signing_side(action, before),
            )
        self._write(
            entry,
            lambda e: self._history.record(e.number, action, before, outcome),
            outcome.events,
            public,
        )

    def _narrate(self, outcome: Outcome) -> tuple[str, ...]:
        return tuple(event.describe(self.ruleset) for event in outcome.events)

    def _told(self, outcome: Outcome, before: GameState) -> tuple[str, ...]:
        """The narration an entry writes: whole, or under fog of war in e-mail play as the
        other side may read it (18.1: the file goes to him)."""
        if self._world is None:
            return self._narrate(outcome)
        reader = self._world.side.opponent
        return told(self.ruleset, outcome.events, before, outcome.state, reader)

    # --- e-mail play under fog of war (18.1, fogmail.py) --------------------------------

    def answer_strike(self) -> None:
        """[18.1, 4.6, 12.4] Write the resolution the other side's last entry asks for: it
        struck a hidden stack of this side at random, which only this side's world draws."""
        world = self._world
        if world is None or not world.owes_answer(
            self._journal.entries, self._history.last_applied
        ):
            return
        self.players.begin_file()  # [Dice] the reveal that begins a file comes first
        public = world.resolution(self.state)
        self._write(
            world.answer_entry(len(self._journal) + 1, self._now(), public), None, (), public
        )

    def open_tells(self) -> None:
        """[18.1] Once the game is over, reveal this side's secret of its told actions (an
        OPEN entry): with both, the file replays and verifies whole (fogmail.referee)."""
        world = self._world
        if world is None or self.state.phase is not Phase.GAME_OVER:
            return
        side = world.side.value
        if any(e.kind is EntryKind.OPEN and e.by == side for e in self._journal.entries):
            return
        secret = self.identity.secret_for(pbem.tells_label(self.header.game))
        self.write_note(
            EntryKind.OPEN,
            side,
            fields=(("secret", secret),),
            narration=(notes.opened(world.side),),
        )

    def owed_by_opponent(self) -> str | None:
        """[18.1] What the other side's program must write before this side acts again in a
        fogged e-mail game: the answer to this side's strike on one of its hidden stacks
        (4.6, 12.4), or, once the game is over, its OPEN entry; None: nothing."""
        world = self._world
        if world is None:
            return None
        return world.owed(self._journal.entries, self.state, self._history.last_applied)

    def _applied(self, action: Action) -> tuple[GameState, Outcome]:
        """The state before `action` and its outcome in the game's mode. [Dice] In e-mail play
        the first action of a player's file is preceded by the reveal that agrees its dice,
        and applied again on their seed."""
        before = self.state
        outcome = self._apply(before, action, self.mode)
        if outcome.applied and self.players.begin_file():
            before = self.state
            outcome = self._apply(before, action, self.mode)
        return before, outcome

    def _apply(self, state: GameState, action: Action, mode: Mode) -> Outcome:
        """The engine's outcome of `action`: on the whole game, or on this side's world."""
        if self._world is not None:
            return self._world.step(state, action, mode)
        return apply(self.ruleset, state, action, mode)

    def _refused(self, reason: str, rule: str | None = None) -> Outcome:
        """Refused by the kind of play, under its rule (e-mail play, 18.1 in hot-seat)."""
        violation = Violation(rule or self.players.rule, reason)
        return Outcome(self.state, (), Verdict((violation,)), applied=False)

    def _signing_side(self, action: Action, state: GameState) -> str:
        acting = action.player or state.active
        mine = self.players.local_sides
        if acting is not None and acting.value in mine:
            return acting.value
        return sorted(mine)[0] if mine else "german"

    # --- replaying a journal ------------------------------------------------------------

    def _replay(self, entry: Entry) -> None:
        """Apply one entry read from a file; JournalError names it when it does not fit."""
        self.players.replay_entry(entry)  # [Dice] where the entry stands in its file
        if entry.kind is EntryKind.ACT:
            self._replay_act(entry)
        elif entry.kind is EntryKind.TELL:
            self._replay_tell(entry)
        elif entry.kind is EntryKind.UNDO:
            self._replay_undo(entry)
        elif entry.kind is EntryKind.REDO:
            self._replay_redo(entry)
        else:
            world = self._world
            if world is not None and not world.joins_as(entry, self.identity.public):
                raise JournalError(FOG_BY_EMAIL_READERS, entry.number)  # 18.1
            self._write(entry, self._replay_note)

    def _replay_note(self, entry: Entry) -> None:
        """An entry of the exchange, taken in by the kind of play, holds the words owsqt
        writes on it and no others (exchangenotes.py)."""
        per_file = self.email is not None and self.header.per_file_dice  # [Dice]
        file = self.email.files_sent + 1 if self.email is not None and per_file else None
        self.players.replay_exchange(entry)
        self._check_words(entry, notes.written_on(entry, file))

    def _replay_act(self, entry: Entry) -> None:
        if self._world is not None:
            raise JournalError(
                "an action shown whole in a game of fog of war by e-mail (18.1): its entries "
                "tell their public part",
                entry.number,
            )
        try:
            action = action_from_data(entry.action, self.ruleset.grid)
            before = self.state
            # Judged in the game's mode, but applied even when STRICT refuses, so that an
            # audit goes on and lists every broken rule.
            judging = Mode.ASSIST if self.mode is Mode.STRICT else self.mode
            outcome = apply(self.ruleset, before, action, judging)
        except (CodecError, InvalidAction) as error:
            raise JournalError(f"the action cannot be applied: {error}", entry.number) from None
        self._check_narration(entry, outcome, before)
        violations = tuple(str(v) for v in outcome.verdict.violations)
        if self.mode is Mode.STRICT:
            for violation in outcome.verdict.violations:
                self._report(Problem(entry.number, violation.rule, violation.message))
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

    def _take(
        self,
        entry: Entry,
        action: Action,
        before: GameState,
        outcome: Outcome,
        public: Public | None = None,
    ) -> None:
        """Write an entry read from a file, once the kind of play has judged its action."""
        for problem in self.players.replay_act(entry, action, before, outcome):
            self._report(problem)
        self._write(
            entry,
            lambda e: self._history.record(e.number, action, before, outcome),
            outcome.events,
            public,
        )

    def _replay_tell(self, entry: Entry) -> None:
        """[18.1] A TELL entry: this side's own action opened from its seal and applied to
        its world, which must tell what the entry holds; or the other side's public part
        taken in, judged now only on what it does to this side's units (rules/worlds/reach.py)
        and whole when the game ends and every seal is opened."""
        world = self._world
        if world is None:
            raise JournalError("only a game of fog of war by e-mail tells", entry.number)
        before = self.state
        if entry.by != world.side.value:  # applied unjudged; what it trespasses on is listed
            if entry.field("box") is None:  # his answer to a strike: words owsqt writes
                self._check_words(entry, notes.written_on(entry))
            step, outcome = world.take_in(entry, before, self.mode)
            for violation in outcome.verdict.violations:
                self._report(Problem(entry.number, violation.rule, violation.message))
            self._take(entry, step, before, outcome, step.public)
            return
        if entry.field("box") is None:  # a resolution (answer_strike)
            public = world.resolution(before)
            self._check_told(entry, world.to_data(public) == entry.action)
            self._check_words(entry, notes.written_on(entry))
            self._write(entry, None, (), public)
            return
        master = self.identity.secret_for(pbem.tells_label(self.header.game))
        action = opened(master, self.header.game, entry, self.ruleset)
        judging = Mode.ASSIST if self.mode is Mode.STRICT else self.mode
        outcome = world.step(before, action, judging)
        if not outcome.applied:
            raise JournalError(f"your own action is refused now: {action.kind}", entry.number)
        public = world.tell(before, action, outcome.state)
        self._check_told(entry, world.to_data(public) == entry.action)
        self._check_narration(entry, outcome, before)
        if self.mode is Mode.ASSIST:  # (a strict game's entries hold no broken rule)
            told = world.told_violations(before, outcome)
            self._check_words(entry, ((*entry.narration, *told),), with_violations=True)
        if self.mode is Mode.STRICT:
            for violation in outcome.verdict.violations:
                self._report(Problem(entry.number, violation.rule, violation.message))
        self._take(entry, action, before, outcome, public)

    def _check_told(self, entry: Entry, holds: bool) -> None:
        if not holds:
            raise JournalError(
                "the entry does not tell what your sealed action tells now (was the game "
                "made with other rules or data?)",
                entry.number,
            )

    def _replay_undo(self, entry: Entry) -> None:
        last = self._history.last_applied
        if last is None or last.entry != entry.target:
            raise JournalError(
                f"undo of #{entry.target}, which is not the last action", entry.number
            )
        barrier = self._history.why_not_undo()
        if barrier:
            self._report(Problem(entry.number, "undo", barrier))
        for problem in self.players.replay_undo(entry, last.entry):
            self._report(problem)
        # An audit has listed what the undo breaks and takes the action back all the same,
        # like an act the rules refuse, so that it checks the entries after it as written.
        self._write(entry, lambda _entry: self._history.undo(despite_barrier=self._audit))

    def _replay_redo(self, entry: Entry) -> None:
        """A redo applies its action again: judged as the act was (in ASSIST, its broken rules
        are the act's own `!` lines), and by the rules of the kind of play, as any action."""
        following = self._history.next_redo
        if following is None or following.entry != entry.target:
            raise JournalError(
                f"redo of #{entry.target}, which was not the last undone", entry.number
            )
        before = self.state
        judging = Mode.ASSIST if self.mode is Mode.STRICT else self.mode
        _, outcome = self._history.preview_redo(judging)
        self._check_narration(entry, outcome, before)
        if self.mode is Mode.STRICT:
            for violation in outcome.verdict.violations:
                self._report(Problem(entry.number, violation.rule, violation.message))
        for problem in self.players.replay_act(entry, following.action, before, outcome):
            self._report(problem)
        self._write(entry, lambda _entry: self._history.redo(judging), outcome.events)

    def _check_narration(self, entry: Entry, outcome: Outcome, before: GameState) -> None:
        if self._world is not None and entry.by != self._world.side.value:
            return  # 18.1: the other side narrated its action from its own world
        self._check_words(entry, (self._told(outcome, before),))

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

    def _report(self, problem: Problem) -> None:
        """An audit lists a broken rule; any other replay refuses the journal for it."""
        if not self._audit:
            raise JournalError(
                f"the rules refuse this action: {problem.rule}: {problem.message}", problem.entry
            )
        self.problems.append(problem)

    def _upgraded(self) -> GameSession:
        """This version 1 journal as a version 2 one, signed by this machine for both sides."""
        identity = self.identity
        header = Header(
            scenario=self.header.scenario,
            options=self.header.options,
            mode=self.header.mode,
            created=self.header.created if is_time(self.header.created) else self._clock(),
            program=f"owsqt {__version__}",
            game=pbem.new_game_id(),
            german=identity.public,
            soviet=identity.public,
            seed=self.header.seed,
        )
        upgraded = GameSession(self.ruleset, header, self._clock, identity)
        for entry in self._journal.entries:
            player = (entry.action or {}).get("player")
            if player not in SIDES:
                player = (upgraded.state.active or Player.GERMAN).value
            at = fitting_time(entry.at, upgraded._journal.latest_time())
            upgraded._replay(replace(entry, at=at, by=player, signature=None))
        return upgraded
