"""GameSession: the one façade the desktop and the CLI talk to.

It holds the ruleset, the state, the mode and the journal. `submit` applies an
action through the engine and, when it took effect, appends it to the journal
on disk at once: the journal is the autosave, the undo history and the save
file. Opening a journal replays it and checks its hash chain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from owsqt import __version__
from owsqt.journal.history import Applied, History
from owsqt.journal.store import JournalFile, read_text, write_atomically
from owsqt.journal.textformat import Entry, EntryKind, Header, JournalError, parse, render_entry
from owsqt.rules.actions import Action, EndStep, action_from_data, action_to_data
from owsqt.rules.codec import CodecError
from owsqt.rules.defaultsetup import default_setup
from owsqt.rules.dice import new_seed
from owsqt.rules.engine import Outcome, apply
from owsqt.rules.ruleset import Ruleset
from owsqt.rules.scenario import initial_state
from owsqt.rules.state import GameState
from owsqt.rules.turntrack import units_in_play
from owsqt.rules.verdict import InvalidAction, Mode

Clock = Callable[[], str]


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class LogLine:
    """One readable line of the game log: the entry it belongs to and its text."""

    entry: int
    text: str
    kind: str  # "event", "violation", "undo", "redo"


class GameSession:
    """A game in progress, bound to its journal."""

    def __init__(self, ruleset: Ruleset, header: Header, clock: Clock = utc_now) -> None:
        self.ruleset = ruleset
        self.header = header
        self.mode = Mode(header.mode)
        self._clock = clock
        scenario = ruleset.scenarios.get(header.scenario)
        if scenario is None:
            raise JournalError(f"unknown scenario {header.scenario!r}")
        in_play = units_in_play(
            scenario, ruleset.turn_record_track, ruleset.catalogue, header.options
        )
        self.initial_state = initial_state(
            ruleset.catalogue, scenario, header.seed, header.options, in_play
        )
        self._history = History(ruleset, self.initial_state, self.mode)
        self._entries: list[Entry] = []
        self._lines: list[str] = [*header.lines(), ""]
        self._digest = header.digest()
        self._file: JournalFile | None = None
        self.path: Path | None = None

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
    ) -> GameSession:
        """A new game; with `path`, its journal is written there from the first action on."""
        header = Header(
            scenario=scenario,
            options=tuple(options),
            mode=mode.value,
            seed=new_seed() if seed is None else seed,
            created=clock(),
            program=f"owsqt {__version__}",
        )
        session = cls(ruleset, header, clock)
        if path is not None:
            session.save_as(path)
        return session

    def apply_default_setup(self) -> None:
        """Set up both sides as the scenario's default set-up has it, and begin turn one.

        The placements are ordinary journal entries (19.11, 19.12), so players can adjust
        them, undo them in free play, or replay them."""
        scenario = self.ruleset.scenarios[self.state.scenario]
        for _ in range(2):  # each side in its turn to set up
            player = self.state.active
            for action in default_setup(
                self.ruleset, scenario, self.state, player, self.state.options
            ):
                self.submit(action)
            self.submit(EndStep(player=player))

    @classmethod
    def open(cls, ruleset: Ruleset, path: Path, clock: Clock = utc_now) -> GameSession:
        """Replay the journal at `path` and keep appending to it; JournalError if it is bad."""
        session = cls.from_text(ruleset, read_text(path), clock)
        session._attach(path)
        return session

    @classmethod
    def from_text(cls, ruleset: Ruleset, text: str, clock: Clock = utc_now) -> GameSession:
        """Replay a journal's text without binding a file (for replay and verification)."""
        parsed = parse(text)
        try:
            Mode(parsed.header.mode)
        except ValueError:
            raise JournalError(f"unknown mode {parsed.header.mode!r}", line=5) from None
        session = cls(ruleset, parsed.header, clock)
        for entry in parsed.entries:
            session._replay(entry)
        return session

    # --- playing ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._history.state

    def submit(self, action: Action) -> Outcome:
        """Apply `action` in the game's mode; journal it if it took effect.

        Raises InvalidAction for an action no mode accepts (an unknown unit, ...).
        """
        before = self.state
        outcome = apply(self.ruleset, before, action, self.mode)
        if outcome.applied:
            entry = Entry(
                number=len(self._entries) + 1,
                kind=EntryKind.ACT,
                at=self._clock(),
                action=action_to_data(action, self.ruleset.grid),
                narration=self._narrate(outcome),
                violations=tuple(str(v) for v in outcome.verdict.violations),
            )
            self._write(entry)
            self._history.record(entry.number, action, before, outcome)
        return outcome

    def why_not_undo(self) -> str | None:
        return self._history.why_not_undo()

    def why_not_redo(self) -> str | None:
        return self._history.why_not_redo()

    def undo(self) -> Applied:
        """Take back the last effective action (ValueError saying why when it cannot be)."""
        reason = self._history.why_not_undo()
        if reason:
            raise ValueError(reason)
        target = self._history.last_applied
        self._write(
            Entry(len(self._entries) + 1, EntryKind.UNDO, self._clock(), target=target.entry)
        )
        return self._history.undo()

    def redo(self) -> Outcome:
        """Apply the last undone action again (ValueError when there is none)."""
        redone, outcome = self._history.preview_redo()
        entry = Entry(
            len(self._entries) + 1,
            EntryKind.REDO,
            self._clock(),
            target=redone.entry,
            narration=self._narrate(outcome),
        )
        self._write(entry)
        self._history.redo()
        return outcome

    # --- the journal ------------------------------------------------------------------

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def log_lines(self, since: int = 0) -> list[LogLine]:
        """The journal as the log dock reads it, from entry number `since` + 1 on (the
        journal only grows, so a view can add just what is new)."""
        lines: list[LogLine] = []
        for entry in self._entries[since:]:
            if entry.kind is EntryKind.UNDO:
                lines.append(LogLine(entry.number, f"undo of #{entry.target}", "undo"))
                continue
            if entry.kind is EntryKind.REDO:
                lines.append(LogLine(entry.number, f"redo of #{entry.target}", "redo"))
            lines.extend(LogLine(entry.number, text, "event") for text in entry.narration)
            lines.extend(LogLine(entry.number, text, "violation") for text in entry.violations)
        return lines

    def text(self) -> str:
        """The whole journal as it stands on disk."""
        return "\n".join(self._lines) + "\n"

    def save_as(self, path: Path) -> None:
        """Write the journal to `path` atomically and go on appending there."""
        write_atomically(path, self.text())
        self._attach(path)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _attach(self, path: Path) -> None:
        self.close()
        self._file = JournalFile(path)
        self.path = path

    def _write(self, entry: Entry) -> None:
        """Disk first: if the journal cannot be written, the game in memory stays as it was."""
        lines, digest = render_entry(entry, self._digest)
        if self._file is not None:
            self._file.append(lines)
        self._digest = digest
        self._entries.append(entry)
        self._lines.extend(lines)

    def _narrate(self, outcome: Outcome) -> tuple[str, ...]:
        return tuple(event.describe(self.ruleset) for event in outcome.events)

    def _replay(self, entry: Entry) -> None:
        """Apply one entry read from a file; JournalError names it when it does not fit."""
        if entry.kind is EntryKind.ACT:
            try:
                action = action_from_data(entry.action, self.ruleset.grid)
                before = self.state
                outcome = apply(self.ruleset, before, action, self.mode)
            except (CodecError, InvalidAction) as error:
                raise JournalError(f"the action cannot be applied: {error}", entry.number) from None
            if not outcome.applied:
                reasons = "; ".join(str(v) for v in outcome.verdict.violations)
                raise JournalError(f"the rules refuse this action: {reasons}", entry.number)
            self._check_narration(entry, outcome)
            violations = tuple(str(v) for v in outcome.verdict.violations)
            if violations != entry.violations:
                raise JournalError(
                    f"the rules now judge this action {list(violations) or 'legal'} where the "
                    f"file says {list(entry.violations) or 'legal'}",
                    entry.number,
                )
            self._history.record(entry.number, action, before, outcome)
        elif entry.kind is EntryKind.UNDO:
            last = self._history.last_applied
            if last is None or last.entry != entry.target:
                raise JournalError(
                    f"undo of #{entry.target}, which is not the last action", entry.number
                )
            try:
                self._history.undo()
            except ValueError as error:
                raise JournalError(str(error), entry.number) from None
        else:
            following = self._history.next_redo
            if following is None or following.entry != entry.target:
                raise JournalError(
                    f"redo of #{entry.target}, which was not the last undone", entry.number
                )
            _, outcome = self._history.redo()
            self._check_narration(entry, outcome)
        self._write(entry)  # no file is attached while replaying: this only keeps the text

    def _check_narration(self, entry: Entry, outcome: Outcome) -> None:
        replayed = self._narrate(outcome)
        for index in range(max(len(replayed), len(entry.narration))):
            recorded = entry.narration[index] if index < len(entry.narration) else "nothing"
            now = replayed[index] if index < len(replayed) else "nothing"
            if recorded == now:
                continue
            raise JournalError(
                f"replaying gives {now!r} where the file says {recorded!r} "
                "(was the game made with other rules or data?)",
                entry.number,
            )
