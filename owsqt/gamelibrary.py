"""The player's games as a library: each saved game and autosave with its scenario, turn,
sides, mode, kind of play and date, and which of them was played last.

A game counts as played when it holds at least one action of a player beyond the default
set-up the program makes for him (issue 20): an autosave of a game nobody touched is not a
game to continue. Qt-free: the desktop shows these facts, this module only reads them."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from owsqt.journal.store import read_text
from owsqt.journal.textformat import EntryKind, JournalError, ParsedJournal, Play, parse
from owsqt.rules.core.verdict import Mode
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import new_game
from owsqt.userfiles import JOURNAL_SUFFIX, RecentFiles, autosave_dir

_STEP = re.compile(r"^turn (\d+): (.+)$")  # StepChanged's narration: "turn 3: movement, ..."


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the library lists of one game file."""

    path: Path
    scenario: str  # the scenario's title (its id when the rules do not know it)
    turn: int
    step: str  # "set-up" or the phase and segment, as the log says them
    sides: str  # "both" in local play; in e-mail play the side of this computer's key
    mode: str
    play: str
    modified: datetime
    played: bool  # a player acted beyond the default set-up
    autosave: bool  # in the autosave folder rather than saved under a name

    @property
    def where(self) -> str:
        return f"turn {self.turn}, {self.step}"


def game_facts(ruleset: Ruleset, path: Path, me: str | None = None) -> GameFacts:
    """The facts of the journal at `path`; `me` is this computer's public key (e-mail play
    names the side it holds). JournalError when the file cannot be read or trusted."""
    journal = parse(read_text(path))
    header = journal.header
    scenario = ruleset.scenarios.get(header.scenario)
    turn, step = _where(journal, scenario.first_turn if scenario else 1)
    if header.play == Play.EMAIL.value:
        mine = [side for side in ("german", "soviet") if me and header.key_of(side) == me]
        sides = " and ".join(side.title() for side in mine) or "neither (another's file)"
    else:
        sides = "both"
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError as error:
        raise JournalError(f"{path} cannot be read: {error.strerror}") from None
    return GameFacts(
        path=path,
        scenario=scenario.title if scenario else header.scenario,
        turn=turn,
        step=step,
        sides=sides,
        mode=header.mode,
        play=header.play,
        modified=modified,
        played=_played(ruleset, journal),
        autosave=path.parent == autosave_dir(),
    )


def library(
    ruleset: Ruleset,
    recent: RecentFiles | None = None,
    folder: Path | None = None,
    me: str | None = None,
) -> list[GameFacts]:
    """Every game worth listing, newest first: the saved games of the recent list, played
    or not, and the autosaves that were played. Unreadable files are left out."""
    recent = recent if recent is not None else RecentFiles()
    saved = set(recent.paths())
    found: list[GameFacts] = []
    for path in _candidates(saved, folder if folder is not None else autosave_dir()):
        try:
            facts = game_facts(ruleset, path, me)
        except JournalError:
            continue
        if facts.played or path in saved:
            found.append(facts)
    return sorted(found, key=lambda facts: (facts.modified, facts.path.name), reverse=True)


def last_played(
    ruleset: Ruleset,
    recent: RecentFiles | None = None,
    folder: Path | None = None,
    me: str | None = None,
) -> GameFacts | None:
    """The game played last: the most recently written save or autosave in which a player
    acted; None when there is none."""
    recent = recent if recent is not None else RecentFiles()
    paths = _candidates(set(recent.paths()), folder if folder is not None else autosave_dir())
    dated = []
    for path in paths:
        try:
            dated.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    for _, _, path in sorted(dated, reverse=True):  # read only as far as the first played
        try:
            facts = game_facts(ruleset, path, me)
        except JournalError:
            continue
        if facts.played:
            return facts
    return None


def _candidates(saved: Iterable[Path], folder: Path) -> list[Path]:
    paths = {path.resolve() for path in saved}
    with contextlib.suppress(OSError):  # no folder, or one that cannot be listed: none
        paths.update(p.resolve() for p in folder.glob(f"*{JOURNAL_SUFFIX}") if p.is_file())
    return sorted(paths)


def _where(journal: ParsedJournal, first_turn: int) -> tuple[int, str]:
    """The turn and step the game stands at after its last entry, read from the narration
    of the steps (undo goes back to the step before the entry taken back)."""
    start = (first_turn, "set-up")
    after: dict[int, tuple[int, str]] = {0: start}
    current = start
    for entry in journal.entries:
        if entry.kind is EntryKind.UNDO and entry.target is not None:
            current = after.get(entry.target - 1, current)
        elif entry.kind is EntryKind.REDO and entry.target is not None:
            current = after.get(entry.target, current)
        else:
            for line in entry.narration:
                match = _STEP.match(line)
                if match:
                    current = (int(match.group(1)), match.group(2))
        after[entry.number] = current
    return current


def _played(ruleset: Ruleset, journal: ParsedJournal) -> bool:
    """A player acted: the entries are more than, or other than, the default set-up."""
    header = journal.header
    if header.play == Play.EMAIL.value or header.scenario not in ruleset.scenarios:
        return bool(journal.entries)  # e-mail games set up one side at a time: any entry
    actions = tuple(
        entry.action if entry.kind is EntryKind.ACT else {"entry": entry.kind.value}
        for entry in journal.entries
    )
    if not actions:
        return False
    return actions != _default_setup(ruleset, header.scenario, header.options, header.mode)


_SETUPS: dict[tuple[int, str, tuple[str, ...], str], tuple[Ruleset, tuple[object, ...]]] = {}


def _default_setup(
    ruleset: Ruleset, scenario: str, options: tuple[str, ...], mode: str
) -> tuple[object, ...]:
    """The actions the program journals for the default set-up of both sides (worked out
    once per ruleset, scenario, options and mode)."""
    key = (id(ruleset), scenario, options, mode)
    kept = _SETUPS.get(key)
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    session = new_game(ruleset, scenario, Mode(mode), seed=0, options=options)
    session.apply_default_setup()
    actions = tuple(entry.action for entry in session.entries)
    _SETUPS[key] = (ruleset, actions)
    return actions
