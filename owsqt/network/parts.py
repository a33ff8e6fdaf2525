"""The game file in room events (pure, no network): what a player's program adds to the
journal between two exchanges goes as a part, the text that follows the text both copies
share, cut into events small enough for a homeserver (a Matrix event holds at most 64 KiB);
the reader puts the pieces together and imports the whole as an e-mail file
(session/emailimport.py), which checks every entry. A piece that does not read as one, or
does not fit the pieces before it, is refused in one line; the homeserver may drop, repeat,
reorder or change events, and none of that reaches the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

EVENT_TYPE = "org.owsqt.part"
VERSION = 1
PIECE_CHARS = 8_000  # at most 6 bytes a character in JSON: 48 KB, under the event limit
MAX_PIECES = 512  # a part of a 2,000-entry file is some 30 pieces


class PartError(ValueError):
    """A piece that is not one of a part as owsqt sends it: what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One event of a part: the game, how many entries the text it follows holds (`base`),
    the piece's place among the part's (`seq` of `count`) and its text."""

    game: str
    base: int
    seq: int
    count: int
    text: str

    def content(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "game": self.game,
            "base": self.base,
            "seq": self.seq,
            "of": self.count,
            "text": self.text,
        }


def pieces_of(game: str, base: int, text: str) -> list[Piece]:
    """The pieces of the part `text`, which follows the first `base` entries of `game`."""
    chunks = [text[i : i + PIECE_CHARS] for i in range(0, len(text), PIECE_CHARS)] or [""]
    return [Piece(game, base, seq, len(chunks), chunk) for seq, chunk in enumerate(chunks)]


def read_piece(content: Mapping[str, Any]) -> Piece:
    """The piece an event's content holds; PartError saying what is wrong with it."""
    if content.get("v") != VERSION:
        raise PartError(f"a piece of version {content.get('v')!r}, not {VERSION}")
    fields = {"game": str, "base": int, "seq": int, "of": int, "text": str}
    for name, kind in fields.items():
        value = content.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise PartError(f"a piece's {name!r} is {value!r}")
    piece = Piece(content["game"], content["base"], content["seq"], content["of"], content["text"])
    if piece.base < 0 or not 0 <= piece.seq < piece.count <= MAX_PIECES:
        raise PartError(f"a piece numbered {piece.seq} of {piece.count} after entry {piece.base}")
    if len(piece.text) > PIECE_CHARS:
        raise PartError(f"a piece of {len(piece.text):,} characters")
    return piece


class Assembly:
    """The pieces of the parts of one game come in: a part is whole once every piece of it
    is in. A piece repeated is taken once; two different pieces for one place are refused,
    but after a part was refused whole (`refuse`), where a piece sent again replaces it."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._parts: dict[tuple[int, int], dict[int, str]] = {}  # (base, count) -> seq -> text
        self._refused: dict[int, str] = {}  # base -> the text of the part refused there

    def take(self, piece: Piece) -> None:
        if piece.game != self.game:
            raise PartError(f"a piece of game {piece.game[:8]}, not of this game")
        pieces = self._parts.setdefault((piece.base, piece.count), {})
        known = pieces.get(piece.seq)
        if known is not None and known != piece.text and piece.base not in self._refused:
            raise PartError(
                f"two different pieces {piece.seq} of the part after entry {piece.base}"
            )
        pieces[piece.seq] = piece.text

    def whole(self, base: int) -> str | None:
        """The text of the part that follows entry `base`, once all its pieces are in."""
        for (after, count), pieces in self._parts.items():
            if after == base and len(pieces) == count:
                text = "".join(pieces[seq] for seq in range(count))
                if self._refused.get(base) != text:
                    return text
        return None

    def refuse(self, base: int, text: str) -> None:
        """The part `text` after entry `base` was refused: it is not whole again until a
        piece sent again changes it (the pieces the homeserver left alone stay: sent again
        with the same transaction id, it keeps them once)."""
        self._refused[base] = text

    def forget(self, base: int) -> None:
        """The parts after entry `base` or before it are taken in, or stale."""
        self._parts = {key: p for key, p in self._parts.items() if key[0] > base}
        self._refused = {key: t for key, t in self._refused.items() if key > base}
