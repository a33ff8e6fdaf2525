"""A checkpoint of a game's state beside its file, so that `owsqt act` need not replay the
whole journal (docs/pbem-format.md, "The checkpoint").

It is a cache and nothing more. It is used only when everything about it holds: its own
format, this program and these rules (a fingerprint of their code and data), a MAC made
with this machine's key (so a checkpoint written by anyone else, or edited, is refused),
and the SHA-256 of the file's bytes up to the entry it covers, which must still be the
file's beginning. Otherwise it is ignored, without a word, the journal is replayed whole,
and a new checkpoint is written. `owsqt verify` never reads it: verification replays
everything. Local games only: an e-mail game's exchange keeps state of its own."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from owsqt import __version__
from owsqt.journal.identity import Identity
from owsqt.journal.lock import JournalLock
from owsqt.journal.recovery import read_journal
from owsqt.journal.sidefiles import read_side_file, write_side_file
from owsqt.journal.textformat import (
    FORMAT_VERSION,
    LEGACY_VERSION,
    JournalError,
    Play,
    format_version,
    normalized,
    parse,
)
from owsqt.rules.core.codec import CodecError, decode_record, encode
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.data.datafile import resources_dir, scenarios_dir
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session.game import GameSession
from owsqt.session.opening import game_from_text, open_journal, resume_game

FORMAT = "owsqt checkpoint 1"
MAX_CHECKPOINT_BYTES = 16 << 20  # a whole campaign's is about 3 MiB: its state and phases
_PACKAGE = Path(__file__).resolve().parents[1]  # owsqt/


def checkpoint_path(game: Path) -> Path:
    """Where the checkpoint of `game` is kept: a hidden file beside it."""
    return game.with_name(f".{game.name}.checkpoint")


@cache
def rules_key() -> str:
    """The program's version and a fingerprint of its code and of every data file the rules
    read, the scenarios' included (names, sizes and times of change): a checkpoint made by
    other rules is stale. Taken once a process."""
    digest = hashlib.sha256(__version__.encode())
    for root in (_PACKAGE, resources_dir(), scenarios_dir()):
        for folder, names, files in os.walk(root):
            names[:] = sorted(n for n in names if n != "__pycache__" and n != "qt")
            for name in sorted(files):
                status = os.stat(os.path.join(folder, name))
                digest.update(f"{folder}/{name} {status.st_size} {status.st_mtime_ns}\n".encode())
    return f"owsqt {__version__} {digest.hexdigest()[:32]}"


def open_game(
    ruleset: Ruleset, path: Path, identity: Identity | None = None
) -> tuple[GameSession, bool]:
    """The game at `path` and whether its checkpoint is up to date: resumed from the
    checkpoint when that holds, else replayed whole (opening.open_journal, with its JournalError
    when the file is bad). The file's lock is taken before anything is read (JournalLocked
    when another owsqt writes it), and the game holds it, bound to the file; except a version
    1 journal: opening binds it by rewriting it as version 2 (opening.open_journal), which
    `owsqt act` leaves to an action that takes effect, so that a refused one leaves the file
    as it was. That session has no path and holds no lock."""
    lock = JournalLock(path)
    try:
        text = read_journal(lock)  # the file locked is the file read
        resumed = _resumed(ruleset, path, text, identity, lock)
        if resumed is None:
            if format_version(text) != LEGACY_VERSION:
                return open_journal(ruleset, path, identity=identity, lock=lock), False
            session = game_from_text(ruleset, text, identity=identity)
            lock.release()
            return session, False
    except BaseException:
        lock.release()
        raise
    session, count = resumed
    return session, count == len(session.entries)


def _resumed(
    ruleset: Ruleset, path: Path, text: str, identity: Identity | None, lock: JournalLock
) -> tuple[GameSession, int] | None:
    try:
        stored = read_side_file(checkpoint_path(path), MAX_CHECKPOINT_BYTES).decode("utf-8")
    except (JournalError, ValueError):
        return None  # none, a link, a pipe, a device, too large or not text: replayed whole
    mac, _, body = stored.partition("\n")
    text = normalized(text)  # CRLF reads as LF, as the journal's reader has it
    try:
        identity = identity or Identity.load_or_create()
        if not hmac.compare_digest(mac, _mac(body, identity)):
            return None  # not made here, or changed since
        data = json.loads(body)
        if not _holds(data, text):
            return None
        count = data["entries"]
        size = data["chars"]
        parsed = parse(text, trusted=count)
        if len(parsed.entries) < count or parsed.digests[count - 1] != data["head"]:
            return None
        if parsed.header.version != FORMAT_VERSION or parsed.header.play == Play.EMAIL.value:
            return None
        state = decode_record(GameState, data["state"], ruleset.grid, "checkpoint")
        phases = [(turn, Phase(phase)) for turn, phase in data["phases"]]
        lines = text[:size].split("\n")[:-1]
        at = (count, lines, state, phases)
        return resume_game(ruleset, parsed, at, path, identity=identity, lock=lock), count
    except (JournalError, CodecError, KeyError, TypeError, ValueError, IndexError, RecursionError):
        return None  # stale, corrupt or tampered: replayed whole, the journal decides


def _holds(data: Any, text: str) -> bool:
    """The checkpoint is of these rules and covers the beginning of this text (LF only)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    if data.get("rules") != rules_key():
        return False
    size = data["chars"]
    if not isinstance(size, int) or not 0 < size <= len(text) or not data["entries"] > 0:
        return False
    prefix = hashlib.sha256(text[:size].encode("utf-8")).hexdigest()
    return hmac.compare_digest(prefix, str(data["prefix"]))


def save_checkpoint(session: GameSession, identity: Identity | None = None) -> None:
    """Write the checkpoint of `session`'s game as its file stands now (a local game bound to
    a file with at least one entry); nothing for others. It is written only by the game
    bound to the file, which holds the file's lock (lock.py), so that no other writer can
    change the file between. A failure to write is no error: the next command replays the
    journal whole."""
    path = session.path
    count = len(session.entries)
    if path is None or session.email is not None or not count:
        return
    text = session.text()
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": rules_key(),
        "entries": count,
        "chars": len(text),
        "prefix": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "head": session.as_parsed().last_digest,
        "phases": [[turn, phase.value] for turn, phase in _phases(session, count)],
        "state": encode(session.state, session.ruleset.grid),
    }
    body = json.dumps(data, separators=(",", ":"))
    mac = _mac(body, identity or session.identity)
    data_out = f"{mac}\n{body}".encode()
    if len(data_out) > MAX_CHECKPOINT_BYTES:
        return  # more than would be read back; one made before still covers the beginning
    with contextlib.suppress(OSError):  # replaced whole, not forced to the disk: a cache
        write_side_file(checkpoint_path(path), data_out)  # a link there is replaced, not followed


def _phases(session: GameSession, count: int) -> list[tuple[int, Phase]]:
    return [session.phase_after(entry) for entry in range(1, count + 1)]


def _mac(body: str, identity: Identity) -> str:
    """HMAC-SHA256 of the checkpoint's body (its first line holds it), keyed by a secret
    only this machine's key makes."""
    key = identity.secret_for("checkpoint").encode("ascii")
    return hmac.new(key, body.encode("utf-8"), hashlib.sha256).hexdigest()
