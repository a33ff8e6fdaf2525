"""The ways a game opens, each a function that returns its GameSession.

A new game (`new_game`); a journal's text replayed, bound to no file (`game_from_text`);
the file of a game, replayed and bound to it (`open_journal`), a version 1 one upgraded to
version 2; a file torn at its end, recovered (`recover_game`); the free side of an e-mail
game taken from its creator's first file (`join_game`); a local game resumed from its
checkpoint (`resume_game`, for session/checkpoint.py). Each asks the session only what it
publishes; the headers they begin with are headers.py's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from owsqt.journal import pbem
from owsqt.journal.identity import Identity
from owsqt.journal.lock import JournalLock
from owsqt.journal.recovery import parse_or_tear, read_journal, recover
from owsqt.journal.sidefiles import keep_copy, numbered
from owsqt.journal.textformat import (
    LEGACY_VERSION,
    Clock,
    JournalError,
    ParsedJournal,
    Play,
    parse,
    utc_now,
)
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session.checkpointcheck import agrees
from owsqt.session.game import GameSession
from owsqt.session.headers import new_header, upgraded_header


def new_game(
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
    computer: str | None = None,
) -> GameSession:
    """A new game, its header as headers.new_header makes it for this player (`seed`: local
    games only; `side`: the creator's, in e-mail play; `computer`: the computer's seat,
    "SIDE PLAYER LEVEL", in play against the computer); with `path`, its journal is written
    there from the first action on (made there where no file stands: JournalExists else)."""
    identity = identity or Identity.load_or_create()
    game = game or pbem.new_game_id()
    created = clock()
    header = new_header(
        identity,
        scenario,
        mode,
        created,
        seed=seed,
        options=options,
        play=play,
        side=side,
        game=game,
        computer=computer,
    )
    session = GameSession(ruleset, header, clock, identity)
    if path is not None:
        session.save_as(path, replace=False)  # a new game never replaces a file
    return session


def game_from_text(
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
    session = GameSession(ruleset, parsed.header, clock, identity, audit)
    session.replay(parsed.entries)
    return session


def open_journal(
    ruleset: Ruleset,
    path: Path,
    clock: Clock = utc_now,
    identity: Identity | None = None,
    lock: JournalLock | None = None,
) -> GameSession:
    """Replay the journal at `path` and keep appending to it, under its lock, taken
    before it is read (or `lock`, which the caller took): JournalLocked when another
    owsqt writes it, JournalError if it is bad, TornJournal when only its end was cut
    off in the middle of an entry (recover_game mends that).

    The file is read through its lock (the file locked is the file read, whatever its
    name leads to meanwhile). A version 1 journal (before signatures) is rewritten as
    version 2, signed by this machine's key; the old file is kept beside it as
    NAME.v1.owsg, or NAME.v1-2.owsg and on when that is taken (never over a file)."""
    lock = lock or JournalLock(path)
    try:
        text = read_journal(lock)
        session = game_from_text(ruleset, text, clock, identity)
        if session.header.version != LEGACY_VERSION:
            session.bind(path, lock)
            return session
        upgraded = _upgraded(session, clock)
        keep_copy(text.encode("utf-8"), numbered(path, "v1"))
        upgraded.save_as(path, lock=lock)
        return upgraded
    except BaseException:
        lock.release()
        raise


def _upgraded(session: GameSession, clock: Clock) -> GameSession:
    """This version 1 game as a version 2 one, signed by this machine for both sides."""
    identity = session.identity
    header = upgraded_header(session.header, clock, identity)
    upgraded = GameSession(session.ruleset, header, clock, identity)
    upgraded.replay_version_1(session.entries)
    return upgraded


def recover_game(
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
        return open_journal(ruleset, path, clock, identity, lock), copy
    except BaseException:
        lock.release()
        raise


def join_game(
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
    session = GameSession(ruleset, first.header, clock, identity)
    session.take_in(first.entries)  # refused at the first entry that breaks a rule
    assert session.email is not None  # free_side made sure that it is an e-mail game
    if fresh is not None:
        session.email.fresh = fresh
    session.email.join(side)
    if path is not None:
        session.save_as(path, replace=False)  # a new game never replaces a file
    return session


def resume_game(
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
    count, _, state, phases = at
    session = GameSession(ruleset, parsed.header, clock, identity)
    if session.email is not None:
        raise JournalError("e-mail games are replayed whole")
    if not agrees(ruleset, parsed, count, session.initial_state, (state, phases)):
        raise JournalError("the checkpoint says otherwise than the journal it covers")
    session.resume_at(parsed, at)
    session.replay(parsed.entries[count:])
    session.bind(path, lock)
    return session
