"""GameSession: the one façade the desktop and the CLI talk to, and the play of a game.

It holds the ruleset, the state, the mode and the journal. `submit` applies an
action through the engine and, when it took effect, appends it to the journal
on disk at once, signed with the player's key: the journal is the autosave, the
undo history, the save file and the e-mail file. Opening a journal replays it and
checks its hash chain and signatures.

Its parts, each a module of its own: the record of the journal and what is kept beside
each entry (record.py), the replay and audit of entries read from a file (replay.py), and
the state a game's header begins it in (headers.py); the ways a game opens are functions
that return a session (opening.py). Who may write the journal at this computer is the kind
of play's to say: the session holds one as its `players` (play.py), and in e-mail play
that is the exchange of files (email.py), which it owns and which asks it only what
exchangegame.Game lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path

from owsqt.journal.filedice import DICE_NOT_AGREED
from owsqt.journal.history import Applied, History, rolls_dice
from owsqt.journal.identity import Identity
from owsqt.journal.lock import JournalLock
from owsqt.journal.textformat import (
    Clock,
    Entry,
    EntryKind,
    Header,
    ParsedJournal,
    Play,
    utc_now,
)
from owsqt.rules.actors import acting_side
from owsqt.rules.core.actions import Action, EndStep
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode, Verdict, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.fog.option import FOG_OF_WAR, fog_on
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.worlds.reach import TRESPASS_RULE
from owsqt.session.email import EmailExchange
from owsqt.session.fogduties import SideDuties
from owsqt.session.fogmail import SideWorld, side_of
from owsqt.session.headers import beginning
from owsqt.session.play import LOCAL_PLAY, ComputerPlay, Players
from owsqt.session.presentlog import LogLine
from owsqt.session.problems import EMAIL_RULE, Problem
from owsqt.session.record import GameRecord, Key
from owsqt.session.replay import Progress, Replay, ReplayedGame
from owsqt.session.seat import SETUP_REASON, by_computer, seat_in


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
        """The game `header` begins, with no entry yet; with `audit`, a replay into it lists
        the rules its entries break as `problems` instead of refusing them (replay.py)."""
        self.ruleset = ruleset
        self.header = header
        self.mode = Mode(header.mode)
        self.play = Play(header.play)
        self.seat = seat_in(header)  # the computer's, in play against it (issue 38)
        self._key = Key(identity)  # this machine's, made on first use
        self.initial_state = beginning(ruleset, header)
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
        self._record = GameRecord(
            self.ruleset, header, self._history, self._world, self._key, clock
        )
        # The kind of play; in e-mail play, the exchange (docs/pbem-format.md).
        self.email: EmailExchange | None = None
        if self.play is Play.EMAIL:
            duties = None  # 18.1: what this side's world owes the other, and is owed
            if self._world is not None:
                duties = SideDuties(self._world, self._history, self._record)
            self.email = EmailExchange(self, duties)
        self.players: Players
        if self.email is not None:
            self.players = self.email
        elif self.seat is not None:
            self.players = ComputerPlay(header, self.seat.side, self._actor, self._by_computer)
        else:
            self.players = LOCAL_PLAY[self.play](header)
        parts = ReplayedGame(self.ruleset, header, self.mode, self.players, self.email, self._key)
        self._replay = Replay(parts, self._history, self._record, self._world, audit)

    # --- what opening a game asks (opening.py) ----------------------------------------

    def replay(self, entries: Sequence[Entry]) -> None:
        """Apply `entries` read from a file that this game's journal continues with
        (replay.py); JournalError names the first that does not fit or, but in an audit,
        breaks a rule."""
        self._replay.entries(entries)

    def replay_version_1(self, entries: Sequence[Entry]) -> None:
        """Replay a version 1 journal's `entries` into this game, the version 2 game it becomes
        (its header: headers.upgraded_header), each signed for its side (replay.py)."""
        self._replay.upgrade(entries)

    def resume_at(
        self,
        parsed: ParsedJournal,
        at: tuple[int, list[str], GameState, list[tuple[int, Phase]]],
    ) -> None:
        """[Checkpoint] Begin this game, new, with the first entries of `parsed` as a
        checkpoint covers them (opening.resume_game), unreplayed: `at` is their number, the
        file's lines up to them, the state and the turn and phase after each. They cannot be
        undone or shown in this session."""
        count, lines, state, phases = at
        self._record.resume(parsed, count, lines, (state, phases))

    def bind(self, path: Path, lock: JournalLock | None = None) -> None:
        """Go on appending to the file at `path`, which holds this journal as it is, under
        `lock`, the file's, taken before it was read (else taken here)."""
        self._record.journal.bind(path, lock)

    def apply_default_setup(self) -> None:
        """Set up the sides this player plays as the scenario's default set-up has it, each
        in its turn (19.11): both sides of a local game, which then begins turn one; in
        e-mail play only one's own side, when it is its turn to set up.

        The placements are ordinary journal entries (19.11, 19.12), so players can adjust
        them, undo them in free play, or replay them. In play against the computer its side
        is set up so too, as its entries."""
        scenario = self.ruleset.scenarios[self.state.scenario]
        for _ in range(2):  # each side in its turn to set up
            player = self.state.active
            if self.state.phase is not Phase.SETUP or player is None:
                return
            place = self.submit
            if self.seat is not None and player is self.seat.side:  # the computer's side
                place = partial(self.write_action, fields=(self.seat.field(SETUP_REASON),))
            elif self.players.why_not_act(EndStep(player=player)):
                return
            for action in default_setup(
                self.ruleset, scenario, self.state, player, self.state.options
            ):
                place(action)
            place(EndStep(player=player))

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
        return self._key()

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
        return self.players.why_not_redo(following.entry) or self.players.why_not_act(
            following.action
        )

    def undo(self) -> Applied:
        """Take back the last effective action (ValueError saying why when it cannot be)."""
        reason = self.why_not_undo()
        if reason:
            raise ValueError(reason)
        self.players.begin_file()  # [Dice] the reveal that begins a file comes first
        target = self._history.last_applied
        assert target is not None  # why_not_undo() found an action to take back
        self._record.undo(target)
        return target

    def redo(self) -> Outcome:
        """Apply the last undone action again (ValueError when there is none)."""
        reason = self.why_not_redo()
        if reason:
            raise ValueError(reason)
        if self.players.begin_file():  # [Dice] the reveal first, then the redo on its seed
            return self.redo()
        redone, outcome = self._history.preview_redo()
        self._record.redo(redone, outcome)
        return outcome

    def effective_actions(self) -> Iterator[Applied]:
        """The effective actions, the last first: those undo would take back in turn."""
        return self._history.effective()

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
        return self._record.phase_after(entry)

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

    def _by_computer(self, number: int) -> bool:
        """Whether the computer made journal entry `number` (play against it, issue 38)."""
        return by_computer(self._record.journal.entry(number))

    def _actor(self, action: Action) -> Player | None:
        """[3.1] The side that makes `action` now (rules/actors.py)."""
        return acting_side(self.ruleset, self.state, action)

    def _refused(self, reason: str, rule: str | None = None) -> Outcome:
        """Refused by the kind of play, under its rule (e-mail play, 18.1 in hot-seat)."""
        violation = Violation(rule or self.players.rule, reason)
        return Outcome(self.state, (), Verdict((violation,)), applied=False)

    def _act(
        self,
        action: Action,
        before: GameState,
        outcome: Outcome,
        fields: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Journal an applied action (record.py), signed for the side that made it."""
        acting = action.player or before.active
        mine = self.players.local_sides
        by: str = "german"
        if acting is not None and acting.value in mine:
            by = acting.value
        elif mine:
            by = sorted(mine)[0]
        self._record.act(action, before, outcome, by, fields)

    # --- the journal ------------------------------------------------------------------

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self._record.journal.entries

    @property
    def path(self) -> Path | None:
        """The file the journal is appended to (None: not bound to one yet)."""
        return self._record.journal.path

    @property
    def problems(self) -> list[Problem]:
        """[Audit] The rules the entries replayed in an audit break, in order (replay.py)."""
        return self._replay.problems

    def log_lines(self, since: int = 0, side: Player | None = None) -> list[LogLine]:
        """The journal as the log dock reads it, from entry number `since` + 1 on (the
        journal only grows, so a view can add just what is new); as `side` may read it
        (18.1, `narration`) and with no enemy unit named that it does not see now
        (`forgotten`: a view tells the whole log again when that changes), or whole for None."""
        if side is not None and fog_on(self.state):
            return self._record.present_lines(since, side, self.seen_by(side))
        return self._record.log_lines(since, side)

    def computer_said(self, number: int, side: Player | None = None) -> str | None:
        """[18.1] The log's line of why the computer made entry `number`, as `side` may read
        it (under fog of war, no hidden unit of the computer's named); None for an entry it
        did not make."""
        return self._record.said(self._record.journal.entry(number), side)

    def narration(self, number: int, side: Player | None = None) -> tuple[str, ...]:
        """[18.1] What journal entry `number` narrates, as `side` may read it in a game with
        fog of war (hidden enemy units unnamed, fog/narration.py); None: as written."""
        return self._record.reading(number, side)[0]

    def violations(self, number: int, side: Player | None = None) -> tuple[str, ...]:
        """The broken rules entry `number` records (ASSIST play), as `side` may read them."""
        return self._record.reading(number, side)[1]

    def text(self) -> str:
        """The whole journal as it stands on disk."""
        return self._record.journal.text()

    def save_as(self, path: Path, replace: bool = True, lock: JournalLock | None = None) -> None:
        """Write the journal to `path` atomically and go on appending there, under its lock
        (`lock`, when the caller holds it; JournalLocked, and nothing written, when another
        owsqt writes that file); without `replace`, only where no file stands (JournalExists
        else, and nothing written)."""
        self._record.journal.save_as(path, lock, replace)

    def close(self) -> None:
        """Let go of the file and its lock (the game stays in memory, unsaved)."""
        self._record.journal.close()

    @property
    def lost(self) -> Path | None:
        """The file this game was written to until a write failed (then `path` is None)."""
        return self._record.journal.lost

    # --- what the exchange writes (exchangegame.Game) ----------------------------------

    def as_parsed(self) -> ParsedJournal:
        """The journal as parse() gives it back from text(), without reading it again."""
        return self._record.journal.parsed()

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
        self._record.note(kind, side, fields, narration, effect)

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
        """Replay `entries` of an opponent's file that continues this journal, in audit and
        all or none: ImportRefused for the rules the first illegal one breaks (replay.py)."""
        self._replay.take_in(entries, progress)
