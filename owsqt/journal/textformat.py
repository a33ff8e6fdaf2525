"""The journal's text format: a header and hash-chained, signed entries in short plain lines.

    owsqt journal 2
    program: owsqt 0.1.0
    game: 5f0c9d1e2a7b4c3d8e6f1a2b3c4d5e6f
    ...

    #1 act 2026-11-21T05:01:02Z by german
    > {"kind": "place", "to": "2428", "units": ["de-6pz-11pzr-1"]}
    = I/11 Pz placed on 2428 from not arrived
    ! 9.2: 2428 holds 20 stacking points; no more than 18 may occupy a hex
    ~ 5d41402abc4b2a76b9719d911017c592...
    @ kq3Xb0...(the signer's Ed25519 signature of the hash, base64)

A record longer than LINE_WIDTH continues on lines that begin with a space;
joining the pieces gives it back exactly. Each entry's hash (the `~` line)
covers the previous hash and every line of the entry before it, and the
first entry's previous hash is the hash of the header: editing, dropping,
inserting or reordering anything breaks the chain at that entry. The `@`
line signs that hash with the key of the side named in the title.
docs/pbem-format.md describes the whole format; version 1 journals (no game
id, no keys, no signatures) are still read, for local games made before it.
Reading checks the limits of journal/limits.py before the work each bounds,
so that a hostile file is refused at once, and takes only text spelled as
it is written: what is hashed as read is what is written again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from itertools import accumulate, islice
from typing import Any, NoReturn

from owsqt.journal.identity import is_public_key, signature_holds
from owsqt.journal.limits import (
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_JSON_DEPTH,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_NUMBER_DIGITS,
    MAX_RECORD_CHARS,
    QUOTE_CHARS,
)
from owsqt.journal.parts import PartTooLarge, check_parts
from owsqt.rules.core.verdict import Mode

FORMAT_NAME = "owsqt journal"
FORMAT_VERSION = 2
LEGACY_VERSION = 1  # local journals written before signatures; read, never written
LINE_WIDTH = 78
SIDES = ("german", "soviet")
PER_FILE = "per-file"  # the header's `dice:` of an e-mail game: agreed for each file
ONE_SEED = "commit"  # of an e-mail game made before: one seed agreed for the whole game

Clock = Callable[[], str]  # the time written in an entry's title
TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # UTC, to the second: 2026-11-21T10:00:05Z
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
# [Entry times] How much earlier than the latest time above it an entry may be written, and
# how much later than the reader's clock an opponent's entry may be: two players' clocks
# differ, by minutes, not by days (docs/pbem-format.md, "Entry times").
TIME_SLACK = timedelta(hours=24)


def utc_now() -> str:
    return datetime.now(UTC).strftime(TIME_FORMAT)


def is_time(text: str) -> bool:
    """[Entry times] Whether `text` is a time as owsqt writes it: UTC, to the second."""
    if not _TIME.fullmatch(text):
        return False
    try:
        datetime.strptime(text, TIME_FORMAT)
    except ValueError:  # the 31st of February, the 25th hour
        return False
    return True


def _shifted(time: str, by: timedelta) -> str:
    moved = datetime.strptime(time, TIME_FORMAT) + by
    return moved.strftime(TIME_FORMAT) if moved.year >= 1 else "0001-01-01T00:00:00Z"


def earliest_after(latest: str) -> str:
    """[Entry times] The earliest time an entry may bear below entries and a header whose
    latest time is `latest`: TIME_SLACK before it."""
    return _shifted(latest, -TIME_SLACK)


def fitting_time(now: str, latest: str) -> str:
    """[Entry times] The time to write on a new entry: `now`, the writer's clock, unless it
    is further behind `latest` (the latest time the journal holds) than the rule allows;
    then the earliest time it allows, so that what owsqt writes it reads back."""
    if not is_time(latest):  # a version 1 journal's, read and written anew
        return now
    earliest = earliest_after(latest)
    return now if is_time(now) and now >= earliest else earliest


class EntryKind(StrEnum):
    ACT = "act"  # an action applied to the game
    UNDO = "undo"  # the latest effective action taken back
    REDO = "redo"  # the latest undone action applied again
    JOIN = "join"  # e-mail play: the second player's key, his first shares of the dice
    REVEAL = "reveal"  # e-mail play: a file's first entry, its writer's share of its dice
    SEAL = "seal"  # e-mail play: a secret action committed now, shown later (6.1 bids)
    SHOW = "show"  # e-mail play: a bid sealed ahead shown once both are in (6.1)
    SEND = "send"  # e-mail play: the end of a file sent to the opponent
    TELL = "tell"  # e-mail play under fog of war: an entry's public part, its action sealed
    OPEN = "open"  # e-mail play under fog of war: at the end, the secret of a side's seals
    ORDERS = "orders"  # e-mail play: a side's standing orders (players/standing.py)


class Play(StrEnum):
    SOLITAIRE = "solitaire"  # one player at one machine: no hand-over
    HOT_SEAT = "hot-seat"  # two players at one machine, handing over
    EMAIL = "e-mail"  # two players trading files
    COMPUTER = "computer"  # one player against a computer player at one machine (issue 38)


class JournalError(ValueError):
    """A journal that cannot be read or trusted; names the entry and the line."""

    def __init__(self, message: str, entry: int | None = None, line: int | None = None) -> None:
        where = []
        if entry is not None:
            where.append(f"entry {entry}")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.entry = entry
        self.line = line


def quoted(text: str) -> str:
    """`text` quoted for a message, cut to its first QUOTE_CHARS characters when longer."""
    if len(text) <= QUOTE_CHARS:
        return repr(text)
    return f"{text[:QUOTE_CHARS]!r}... ({len(text):,} characters)"


@dataclass(frozen=True, slots=True)
class Header:
    scenario: str
    options: tuple[str, ...]
    mode: str
    created: str
    program: str
    game: str = ""  # a random id: files of other games are told apart by it
    play: str = Play.SOLITAIRE.value
    german: str | None = None  # the German player's public key, once known
    soviet: str | None = None
    seed: int | None = None  # the dice seed of a local game
    commitment: str | None = None  # e-mail: the creator's commitment to his share of the dice
    per_file_dice: bool = False  # e-mail: dice agreed for each file (filedice.py); else one seed
    version: int = FORMAT_VERSION
    computer: str | None = None  # play against the computer: "SIDE PLAYER LEVEL" (its seat)

    def key_of(self, side: str) -> str | None:
        return self.german if side == "german" else self.soviet

    @property
    def creator(self) -> str:
        """The side of the player who made the game: the side whose key the header holds
        (in local games both; then "german")."""
        return "german" if self.german else "soviet"

    def lines(self) -> list[str]:
        if self.version == LEGACY_VERSION:
            return [
                f"{FORMAT_NAME} {self.version}",
                f"program: {self.program}",
                f"scenario: {self.scenario}",
                f"options: {_options_text(self.options)}",
                f"mode: {self.mode}",
                f"seed: {self.seed}",
                f"created: {self.created}",
            ]
        dice = f"seed {self.seed}"
        if self.commitment is not None:
            dice = f"{PER_FILE if self.per_file_dice else ONE_SEED} {self.commitment}"
        return [
            f"{FORMAT_NAME} {self.version}",
            f"program: {self.program}",
            f"game: {self.game}",
            f"scenario: {self.scenario}",
            f"options: {_options_text(self.options)}",
            f"mode: {self.mode}",
            f"play: {self.play}",
            f"created: {self.created}",
            f"german: {self.german or '-'}",
            f"soviet: {self.soviet or '-'}",
            f"dice: {dice}",
            *([f"{COMPUTER_KEY}: {self.computer}"] if self.play == Play.COMPUTER.value else []),
        ]

    def digest(self) -> str:
        return _sha256("\n".join(self.lines()))


def _options_text(options: tuple[str, ...]) -> str:
    return " ".join(options) if options else "-"


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    kind: EntryKind
    at: str
    action: dict[str, Any] | None = None  # the action's data (ACT), or the public part (TELL)
    target: int | None = None  # the entry an UNDO or REDO refers to
    narration: tuple[str, ...] = ()  # what happened, as the log reads it
    violations: tuple[str, ...] = ()  # broken rules applied anyway (ASSIST)
    fields: tuple[tuple[str, str], ...] = ()  # named values: keys, seed shares, file numbers
    by: str | None = None  # the side whose key signs the entry (None only in version 1)
    signature: str | None = None  # that key's signature of the entry's hash
    line: int = dataclasses.field(
        default=0, compare=False
    )  # its title's line in the file read (0: none)

    def field(self, name: str) -> str | None:
        return next((value for key, value in self.fields if key == name), None)

    def line_of(self, marker: str, index: int = 0) -> int | None:
        """The line of the file read where the entry's record `index` (from 0) of those
        marked `marker` begins; its title's when it has no such record; None when the entry
        was not read from a file."""
        if not self.line:
            return None
        found = 0
        for offset, text in enumerate(self.body_lines()):
            if text.startswith(f"{marker} "):  # a record's first line (the rest begin " ")
                if found == index:
                    return self.line + offset
                found += 1
        return self.line

    def body_lines(self) -> list[str]:
        """Every line of the entry that its hash covers."""
        title = f"#{self.number} {self.kind.value} {self.at}"
        if self.target is not None:
            title += f" #{self.target}"
        if self.by is not None:
            title += f" by {self.by}"
        lines = [title]
        if self.action is not None:
            text = json.dumps(
                self.action, sort_keys=True, ensure_ascii=False, separators=(", ", ": ")
            )
            lines.extend(_wrap(">", text))
        for name, value in self.fields:
            lines.extend(_wrap("+", f"{name} {value}"))
        for text in self.narration:
            lines.extend(_wrap("=", text))
        for text in self.violations:
            lines.extend(_wrap("!", text))
        return lines


def chain_digest(previous: str, body: list[str]) -> str:
    """The hash that seals an entry to everything before it."""
    return _sha256(previous + "\n" + "\n".join(body))


def signed(entry: Entry, previous_digest: str, sign: Callable[[str], str]) -> Entry:
    """The entry with its signature: `sign` signs the hash that chains it to `previous`."""
    return replace(entry, signature=sign(chain_digest(previous_digest, entry.body_lines())))


def render_entry(entry: Entry, previous_digest: str) -> tuple[list[str], str]:
    """The entry's lines, hash and signature lines included, and its digest."""
    body = entry.body_lines()
    digest = chain_digest(previous_digest, body)
    lines = [*body, f"~ {digest}"]
    if entry.signature is not None:
        lines.extend(_wrap("@", entry.signature))
    return [*lines, ""], digest


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _wrap(marker: str, text: str) -> list[str]:
    """Split a record into lines of at most LINE_WIDTH, breaking before a space if one is near."""
    first_width = LINE_WIDTH - len(marker) - 1
    pieces = []
    rest = text
    width = first_width
    while len(rest) > width:
        cut = rest.rfind(" ", width // 2, width)
        if cut <= 0:
            cut = width
        pieces.append(rest[:cut])
        rest = rest[cut:]
        width = LINE_WIDTH - 1
    pieces.append(rest)
    lines = [f"{marker} {pieces[0]}"]
    # A continuation line starts with a space; the piece itself may start with one too.
    lines.extend(f" {piece}" for piece in pieces[1:])
    return lines


@dataclass(frozen=True, slots=True)
class ParsedJournal:
    header: Header
    entries: tuple[Entry, ...]
    digests: tuple[str, ...]  # the digest sealing each entry, in order

    @property
    def last_digest(self) -> str:
        return self.digests[-1] if self.digests else self.header.digest()


def parse(text: str, trusted: int = 0, known: int | None = None) -> ParsedJournal:
    """Read a journal, check its hash chain and its signatures; JournalError names the first
    entry that fails. The signatures of the first `trusted` entries are not checked again:
    a checkpoint (session/checkpoint.py) vouches for those bytes, checked when it was made,
    and an import (session/email.py) requires them to be the entries of its own copy. An
    e-mail journal's files are bounded (parts.py) before its first entry is read; `known`:
    it is an opponent's reply to a copy of the game of so many entries, which adds one."""
    lines = _lines(text)
    header, position = _parse_header(lines)
    if header.play == Play.EMAIL.value:
        try:
            check_parts(lines, position, known)  # bounded before any entry is read
        except PartTooLarge as error:
            raise JournalError(str(error), error.entry, error.line) from None
    keys = {"german": header.german, "soviet": header.soviet}
    previous = _sha256("\n".join(lines[:position]))  # as read, checked to be as written
    entries: list[Entry] = []
    digests: list[str] = []
    latest = header.created  # the latest time written so far (Entry times)
    while position < len(lines):
        if not lines[position].strip():
            position += 1
            continue
        number = len(entries) + 1
        entry, digest, position = _parse_entry(lines, position, previous, number, header)
        if header.version != LEGACY_VERSION:
            latest = _check_time(entry, latest)
            if number > trusted or entry.kind is EntryKind.JOIN:
                _check_signature(entry, digest, keys)
        entries.append(entry)
        digests.append(digest)
        previous = digest
    return ParsedJournal(header, tuple(entries), tuple(digests))


def _check_time(entry: Entry, latest: str) -> str:
    """[Entry times] The entry's time is a UTC time as owsqt writes it, no more than
    TIME_SLACK before `latest`, the latest time above it; the latest time after it."""
    if not is_time(entry.at):
        raise JournalError(
            f"the time {quoted(entry.at)} is not a UTC time as owsqt writes it, such as "
            "2026-11-21T10:00:05Z",
            entry.number,
            entry.line,
        )
    if entry.at < earliest_after(latest):
        raise JournalError(
            f"the time {entry.at} is more than a day before {latest}, a time written above "
            "it: entry times do not go back",
            entry.number,
            entry.line,
        )
    return max(latest, entry.at)


def check_not_ahead(entries: Iterable[Entry], now: str) -> None:
    """[Entry times] An opponent's entries are not dated more than TIME_SLACK after `now`,
    the reader's clock (JournalError names the first that is)."""
    latest = _shifted(now, TIME_SLACK)
    for entry in entries:
        if entry.at > latest:
            raise JournalError(
                f"the time {entry.at} is more than a day after this computer's clock ({now})",
                entry.number,
                entry.line,
            )


def normalized(text: str) -> str:
    """A journal's text with the line endings it is read with: LF (CRLF, as some mail
    programs write, and CR read the same)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _lines(text: str) -> list[str]:
    """The file's lines. The limits (journal/limits.py) that bound the work of reading are
    checked first, each by a count that costs no more than reading the text once."""
    text = text.removeprefix("\ufeff")  # the byte order mark some editors write
    if len(text) > MAX_FILE_BYTES:
        raise JournalError(
            f"the file holds {len(text):,} characters, larger than a journal may be: at most "
            f"{MAX_FILE_BYTES:,} bytes ({MAX_FILE_BYTES / 2**20:g} MiB)"
        )
    text = normalized(text)
    count = text.count("\n") + 1
    if count > MAX_LINES:
        raise JournalError(f"the file has {count:,} lines; a journal has at most {MAX_LINES:,}")
    lines = text.split("\n")
    if max(map(len, lines)) > MAX_LINE_CHARS:
        index = next(i for i, line in enumerate(lines) if len(line) > MAX_LINE_CHARS)
        raise JournalError(
            f"the line is {len(lines[index]):,} characters long; a journal line is at most "
            f"{MAX_LINE_CHARS:,}",
            _entry_at(lines, index),
            index + 1,
        )
    if text.count("\n#") + text.startswith("#") > MAX_ENTRIES:  # every title starts a line
        titles = (index for index, line in enumerate(lines) if line.startswith("#"))
        index = next(islice(titles, MAX_ENTRIES, None))
        raise JournalError(
            f"a journal holds at most {MAX_ENTRIES:,} entries", MAX_ENTRIES + 1, index + 1
        )
    return lines


def _entry_at(lines: list[str], index: int) -> int | None:
    """The number of the entry that line `index` is part of (None in the header)."""
    return sum(1 for line in lines[: index + 1] if line.startswith("#")) or None


def _check_signature(entry: Entry, digest: str, keys: dict[str, str | None]) -> None:
    """[Integrity] Every entry is signed by the key of the side it names; a JOIN brings the
    joining side's key, signed with that key."""
    side = entry.by or ""
    if entry.kind is EntryKind.JOIN:
        joining = entry.field("key") or ""
        if keys.get(side) is not None:
            raise JournalError(f"the {side} side has a key already; it cannot join", entry.number)
        if not is_public_key(joining):
            raise JournalError(
                f"the join holds no valid public key ({quoted(joining)})", entry.number
            )
        keys[side] = joining
    key = keys.get(side)
    if key is None:
        raise JournalError(
            f"the entry is signed for the {side} side, which has no key in this game",
            entry.number,
        )
    if entry.signature is None:
        raise JournalError("the entry is not signed", entry.number)
    if not signature_holds(key, digest, entry.signature):
        raise JournalError(
            f"the signature is not the {side} player's: the entry was changed after it was "
            "signed, or signed with another key",
            entry.number,
        )


COMPUTER_KEY = "computer"  # the seat of a game against the computer, after the dice
_LEGACY_KEYS = ("program", "scenario", "options", "mode", "seed", "created")
_KEYS = (
    "program",
    "game",
    "scenario",
    "options",
    "mode",
    "play",
    "created",
    "german",
    "soviet",
    "dice",
)


def format_version(text: str) -> int:
    """The format version the journal `text` names on its first line, as parse() reads it;
    JournalError when it is not a journal of a version this owsqt reads."""
    return _version(text.removeprefix("\ufeff").partition("\n")[0].partition("\r")[0])


def _version(first_line: str) -> int:
    """The format version a journal's first line names (JournalError if none this reads)."""
    first = first_line.strip()
    if not first.startswith(FORMAT_NAME):
        raise JournalError(
            f"this is not an owsqt journal: it should start with '{FORMAT_NAME}'", line=1
        )
    version_text = first.removeprefix(FORMAT_NAME).strip()
    if not is_number(version_text) or len(version_text) > MAX_NUMBER_DIGITS:
        raise JournalError(f"the format version {quoted(version_text)} is not a number", line=1)
    version = int(version_text)
    if version not in (LEGACY_VERSION, FORMAT_VERSION):
        raise JournalError(
            f"the journal has format version {version}; this owsqt reads versions "
            f"{LEGACY_VERSION} and {FORMAT_VERSION} (is it from a newer owsqt?)",
            line=1,
        )
    return version


def _parse_header(lines: list[str]) -> tuple[Header, int]:
    version = _version(lines[0] if lines else "")
    names = _LEGACY_KEYS if version == LEGACY_VERSION else _KEYS
    values: dict[str, str] = {}
    for index, key in enumerate(names, start=1):
        line = lines[index] if index < len(lines) else ""
        name, _, value = line.partition(": ")
        if name != key:
            raise JournalError(
                f"expected the header field '{key}: ...', found {quoted(line)}", line=index + 1
            )
        values[key] = value
    options = () if values["options"] == "-" else tuple(values["options"].split())
    if values["mode"] not in {mode.value for mode in Mode}:
        known = ", ".join(mode.value for mode in Mode)
        raise JournalError(
            f"unknown mode {quoted(values['mode'])} (known: {known})", line=names.index("mode") + 2
        )
    # Keyword arguments of Header shared by both versions: mixed types, checked by Header.
    common: dict[str, Any] = {
        "scenario": values["scenario"],
        "options": options,
        "mode": values["mode"],
        "created": values["created"],
        "program": values["program"],
        "version": version,
    }
    if version == LEGACY_VERSION:
        seed = _number(values["seed"], "the seed", names.index("seed") + 2)
        header = Header(**common, seed=seed)
    else:
        header = Header(**common, **_v2_fields(values), computer=_computer_seat(lines, values))
    _check_written(lines, header.lines(), 0, None)
    return header, len(header.lines())


def _computer_seat(lines: list[str], values: dict[str, str]) -> str | None:
    """A game against the computer: its seat, the header's line after the dice, as "SIDE
    PLAYER LEVEL" (the session checks that it names a player and a level it knows)."""
    if values["play"] != Play.COMPUTER.value:
        return None
    index = len(_KEYS) + 1
    line = lines[index] if index < len(lines) else ""
    name, _, value = line.partition(": ")
    words = value.split(" ")
    if (
        name != COMPUTER_KEY
        or len(words) != 3
        or words[0] not in SIDES
        or not all(word.isascii() and word.isalpha() and word.islower() for word in words[1:])
    ):
        raise JournalError(
            f"expected the header field '{COMPUTER_KEY}: SIDE PLAYER LEVEL' of a game against "
            f"the computer, such as '{COMPUTER_KEY}: soviet greedy normal', found {quoted(line)}",
            line=index + 1,
        )
    return value


def _check_written(lines: list[str], written: list[str], start: int, entry: int | None) -> None:
    """[Integrity] The lines from `start` are the `written` ones, as owsqt writes them. What
    is read is hashed as read but kept and written again as parsed: a header or an entry that
    reads the same but is spelled otherwise (spaces, leading zeros, JSON spacing, wrapping)
    would be hashed one way and written another, and break the chain of the next file."""
    for index, text in enumerate(written, start):
        found = lines[index] if index < len(lines) else ""
        if found != text:
            raise JournalError(
                f"the line {quoted(found)} is not as owsqt writes it: {quoted(text)}",
                entry,
                index + 1,
            )


def _v2_fields(values: dict[str, str]) -> dict[str, Any]:
    line_of = {key: index + 2 for index, key in enumerate(_KEYS)}
    game = values["game"]
    if not is_hex(game, 32):
        raise JournalError(f"the game id {quoted(game)} is not 32 hex digits", line=line_of["game"])
    if values["play"] not in {play.value for play in Play}:
        known = ", ".join(play.value for play in Play)
        raise JournalError(
            f"unknown kind of play {quoted(values['play'])} (known: {known})", line=line_of["play"]
        )
    keys: dict[str, str | None] = {}
    for side in SIDES:
        text = values[side]
        if text != "-" and not is_public_key(text):
            raise JournalError(
                f"the {side} key {quoted(text)} is not a public key", line=line_of[side]
            )
        keys[side] = None if text == "-" else text
    if not is_time(values["created"]):
        raise JournalError(
            f"the time the game was made, {quoted(values['created'])}, is not a UTC time as "
            "owsqt writes it, such as 2026-11-21T10:00:00Z",
            line=line_of["created"],
        )
    how, _, value = values["dice"].partition(" ")
    seed = commitment = None
    if how == "seed":
        seed = _number(value, "the seed", line_of["dice"])
    elif how in (PER_FILE, ONE_SEED) and is_hex(value, 64):
        commitment = value
    else:
        raise JournalError(
            f"expected 'dice: seed <number>', 'dice: {PER_FILE} <64 hex digits>' or 'dice: "
            f"{ONE_SEED} <64 hex digits>', found {quoted(values['dice'])}",
            line=line_of["dice"],
        )
    email = values["play"] == Play.EMAIL.value
    if email and seed is not None:  # [Dice] a seed the creator chose
        raise JournalError(
            f"an e-mail game's dice are agreed by both players, not chosen by its creator: "
            f"'dice: seed {seed}'",
            line=line_of["dice"],
        )
    if not email and commitment is not None:
        raise JournalError(
            f"a {values['play']} game rolls from the seed in its header, not from shares of "
            "e-mail play",
            line=line_of["dice"],
        )
    return {
        "game": game,
        "play": values["play"],
        "german": keys["german"],
        "soviet": keys["soviet"],
        "seed": seed,
        "commitment": commitment,
        "per_file_dice": how == PER_FILE,
    }


def is_number(text: str) -> bool:
    """Whether `text` is ASCII digits: str.isdigit() also takes '²', which int() refuses."""
    return text.isascii() and text.isdigit()


def is_hex(text: str, length: int) -> bool:
    """Whether `text` is `length` lower-case hex digits (ids, hashes, shares)."""
    return len(text) == length and all(c in "0123456789abcdef" for c in text)


def _number(text: str, what: str, line: int) -> int:
    if not is_number(text) or len(text) > MAX_NUMBER_DIGITS:
        raise JournalError(f"{what} {quoted(text)} is not a number", line=line)
    return int(text)


def _parse_title(
    title: str, number: int, line: int, version: int
) -> tuple[EntryKind, str, int | None, str | None]:
    parts = title.split(" ")
    by = None
    if version != LEGACY_VERSION:
        if len(parts) < 5 or parts[-2] != "by" or parts[-1] not in SIDES:
            raise JournalError(
                f"expected an entry title such as '#{number} act <time> by german'", number, line
            )
        by = parts[-1]
        parts = parts[:-2]
    if not title.startswith("#") or len(parts) not in (3, 4):
        raise JournalError(f"expected an entry title such as '#{number} act <time>'", number, line)
    if parts[0][1:] != str(number):
        raise JournalError(
            f"found entry {quoted(parts[0])} where entry #{number} should be "
            "(an entry was dropped, inserted or reordered)",
            number,
            line,
        )
    try:
        kind = EntryKind(parts[1])
    except ValueError:
        raise JournalError(f"unknown entry kind {quoted(parts[1])}", number, line) from None
    target = None
    if len(parts) == 4:
        if not (parts[3].startswith("#") and is_number(parts[3][1:]) and len(parts[3]) < 12):
            raise JournalError(
                f"expected '#<entry>' after the time, found {quoted(parts[3])}", number, line
            )
        target = int(parts[3][1:])
    return kind, parts[2], target, by


def _parse_entry(
    lines: list[str], start: int, previous: str, number: int, header: Header
) -> tuple[Entry, str, int]:
    version = header.version
    kind, at, target, by = _parse_title(lines[start], number, start + 1, version)
    if (target is not None) != (kind in _TARGETED):
        why = (
            "names the entry it takes back or applies again"
            if kind in _TARGETED
            else "refers to no other entry: only an undo or a redo does"
        )
        raise JournalError(
            f"{_a(kind)} '{kind.value}' entry {why} ('#N' after its time)",
            number,
            start + 1,
        )
    records, position = _records(lines, start + 1, number, ">=!+")
    _check_records(kind, records, header, number, start + 1)
    if position >= len(lines) or not lines[position].startswith("~ "):
        raise JournalError(
            "the entry has no hash line: the file ends or breaks off here (truncated?)",
            number,
            position + 1,
        )
    digest_line = position
    body = lines[start:digest_line]
    digest = chain_digest(previous, body)
    if lines[digest_line] != f"~ {digest}":
        raise JournalError(
            "the hash does not match: this entry or one before it was changed",
            number,
            digest_line + 1,
        )
    signatures, position = _records(lines, digest_line + 1, number, "@")
    if len(signatures) > 1:
        raise JournalError("an entry holds one signature", number, digest_line + 2)
    action = None
    fields: list[tuple[str, str]] = []
    narration: list[str] = []
    violations: list[str] = []
    for marker, text, line in records:
        if marker == ">":
            if action is not None:
                raise JournalError("an entry holds one action", number, line)
            action = _action(text, number, line)
        elif marker == "+":
            name, _, value = text.partition(" ")
            fields.append((name, value))
        elif marker == "=":
            narration.append(text)
        else:
            violations.append(text)
    needs = kind in (EntryKind.ACT, EntryKind.TELL)
    if needs and action is None:
        what = "its public part" if kind is EntryKind.TELL else "action"
        raise JournalError(f"{_a(kind)} '{kind.value}' entry needs {what}", number, start + 1)
    entry = Entry(
        number,
        kind,
        at,
        action,
        target,
        tuple(narration),
        tuple(violations),
        tuple(fields),
        by,
        signatures[0][1] if signatures else None,
        start + 1,
    )
    if version != LEGACY_VERSION:  # version 1 games are written anew when opened
        _check_written(lines, entry.body_lines(), start, number)
    return entry, digest, position


# [Records] What each kind of entry holds, as owsqt writes it (docs/pbem-format.md, the
# kinds of entry): whether it holds an action (or a public part), narration and broken
# rules, and the names of its `+` fields, in order, one of the lists given. The words of the
# narration are the replay's to check (session/game.py), the values of the fields the
# exchange's (session/email.py).
_VIOLATIONS = "!"
_UNSEAL = ("unseal", "nonce")  # a sealed bid or allocation shown (6.1, 4.3)
_TELL_SEAL = ("seal", "box")  # 18.1: a told action sealed for its writer
_COMPUTER = ("computer",)  # issue 38: made by the computer player, and why
_ORDER = ("order",)  # e-mail play: the other side's answer, by his standing order
_RECORDS: dict[EntryKind, tuple[str, tuple[tuple[str, ...], ...]]] = {
    EntryKind.ACT: (">=!", ((), _UNSEAL, _ORDER)),
    EntryKind.TELL: (">=!", ((), _TELL_SEAL, (*_UNSEAL, *_TELL_SEAL))),
    EntryKind.UNDO: ("", ((),)),
    EntryKind.REDO: ("=", ((),)),
    # [Dice] a join brings a share only in a game of one seed (older games); a send of
    # per-file dice brings the writer's fresh share and his next commitment
    EntryKind.JOIN: ("=", (("key",), ("key", "share"))),
    EntryKind.REVEAL: ("=", (("share",),)),
    EntryKind.SEAL: ("=", (("seal", "box"), ("seal", "box", "for"))),
    EntryKind.SHOW: ("=", (("seal", "nonce"),)),
    EntryKind.SEND: ("=", (("file", "to"), ("file", "to", "fresh", "commit"))),
    EntryKind.OPEN: ("=", (("secret",),)),
    EntryKind.ORDERS: ("=", (("orders",), ("orders", "stacks"))),
}
_TARGETED = (EntryKind.UNDO, EntryKind.REDO)


def _a(kind: EntryKind) -> str:
    """The article before the kind's name: an 'act', a 'send'."""
    return "an" if kind.value[0] in "aeiou" else "a"


_RECORD_NAMES = {">": "action", "=": "narration", "!": "broken rules"}


def _check_records(
    kind: EntryKind, records: list[tuple[str, str, int]], header: Header, number: int, title: int
) -> None:
    """[Records] The entry holds only the records its kind holds (_RECORDS; the computer's
    reason only in a game against the computer), and broken rules only in assist mode, the
    one mode that applies an action that breaks one: a line owsqt never writes is refused,
    naming it, however it is signed."""
    markers, field_lists = _RECORDS[kind]
    if kind is EntryKind.ACT and header.play == Play.COMPUTER.value:
        field_lists = (*field_lists, _COMPUTER)
    mode = Mode(header.mode)
    if mode is Mode.ASSIST or _VIOLATIONS not in markers:
        allowed = markers
    else:
        allowed = markers.replace(_VIOLATIONS, "")
    names: list[str] = []
    for marker, text, line in records:
        if marker == "+":
            name = text.partition(" ")[0]
            if not any(name in names_ for names_ in field_lists):
                known = sorted({n for names_ in field_lists for n in names_})
                holds = ", ".join(f"'+ {n}'" for n in known) or "no named value"
                raise JournalError(
                    f"unknown field {quoted(name)}: {_a(kind)} '{kind.value}' entry holds {holds}",
                    number,
                    line,
                )
            names.append(name)
        elif marker not in allowed:
            where = f" in a game of {mode.value} mode" if marker in markers else ""
            raise JournalError(
                f"{_a(kind)} '{kind.value}' entry holds no {_RECORD_NAMES[marker]}{where}",
                number,
                line,
            )
    if tuple(names) not in field_lists:
        wanted = " or ".join(
            ", ".join(f"'+ {n}'" for n in names_) or "none" for names_ in field_lists
        )
        first = next((line for marker, _, line in records if marker == "+"), title)
        raise JournalError(
            f"{_a(kind)} '{kind.value}' entry holds the fields {wanted}, once each, in this order; "
            f"this one holds {', '.join(names) or 'none'}",
            number,
            first,
        )


def _records(
    lines: list[str], position: int, number: int, markers: str
) -> tuple[list[tuple[str, str, int]], int]:
    """The records from `position` on that start with one of `markers`, continuation lines
    joined, each with the number of its first line, up to the first line that is none of
    them; and where that line is."""
    records: list[tuple[str, str, int]] = []  # marker, text, line
    pieces: list[str] = []  # of the record being read
    size = 0
    marker, first = "", 0
    while position < len(lines):
        line = lines[position]
        if line.startswith(" ") and pieces:
            size += len(line) - 1
            if size > MAX_RECORD_CHARS:
                raise JournalError(
                    f"the record begun on line {first:,} is longer than {MAX_RECORD_CHARS:,} "
                    "characters, the most a record may hold",
                    number,
                    position + 1,
                )
            pieces.append(line[1:])
        elif len(line) >= 2 and line[0] in markers and line[1] == " ":
            if pieces:
                records.append((marker, "".join(pieces), first))
            marker, first, pieces, size = line[0], position + 1, [line[2:]], len(line) - 2
        elif not line.strip() or line.startswith("~ "):
            break
        else:
            raise JournalError(f"cannot read the line {quoted(line)}", number, position + 1)
        position += 1
    if pieces:
        records.append((marker, "".join(pieces), first))
    return records, position


# --- the action's JSON, read within the limits ------------------------------------------

_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)  # linear: it never backtracks
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _Refused(Exception):
    """A value of an action's JSON beyond the limits, raised from inside the decoder."""


def _action(text: str, number: int, line: int) -> dict[str, Any]:
    """The action of the `>` record on `line`: a JSON object nested at most MAX_JSON_DEPTH
    deep whose numbers have at most MAX_NUMBER_DIGITS characters, checked before or while
    decoding, so that the decoder neither recurses deep nor reads a huge number."""
    depth = _json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise JournalError(
            f"the action nests {depth:,} deep; an action nests at most {MAX_JSON_DEPTH} deep",
            number,
            line,
        )
    try:
        action = _ACTION_JSON.decode(text)
    except _Refused as error:
        raise JournalError(str(error), number, line) from None
    except json.JSONDecodeError as error:
        raise JournalError(
            f"the action is not valid JSON: {error.msg} at {quoted(text[error.pos :])}",
            number,
            line,
        ) from None
    if not isinstance(action, dict):
        raise JournalError(f"the action {quoted(text)} is not a JSON object", number, line)
    return action


def _json_depth(text: str) -> int:
    """How deep the arrays and objects of `text` nest, by its brackets outside strings."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _number_text(text: str) -> str:
    if len(text) > MAX_NUMBER_DIGITS:
        raise _Refused(
            f"the action holds a number of {len(text):,} characters; a number has at most "
            f"{MAX_NUMBER_DIGITS}"
        )
    return text


def _integer(text: str) -> int:
    return int(_number_text(text))


def _finite(text: str) -> float:
    value = float(_number_text(text))
    if not math.isfinite(value):
        raise _Refused(f"the action holds the number {quoted(text)}, too large to hold")
    return value


def _constant(name: str) -> NoReturn:
    raise _Refused(f"the action holds {name}, which is not a number")


_ACTION_JSON = json.JSONDecoder(parse_int=_integer, parse_float=_finite, parse_constant=_constant)
