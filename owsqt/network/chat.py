"""The chat of a game's room (issue 40): what its members say, in Matrix messages any client
shows. A message may cite a hex (`2539`, by its CCRR id) or a journal entry (`#123`): the
table shows them as links to the map and the log. Chat is beside the game: nothing said
changes it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from owsqt.network.room import Arrived

ENTRY = re.compile(r"(?<![\w#])#(\d{1,6})\b")  # a journal entry cited: #123
HEX = re.compile(r"(?<![\w#])(\d{4})(?!\d)")  # a hex cited, by its CCRR id


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One message: who said it (his Matrix id) and what."""

    sender: str
    words: str

    def entries(self) -> tuple[int, ...]:
        """The journal entries the message cites (`#123`)."""
        return tuple(int(m) for m in ENTRY.findall(self.words))

    def hexes(self, known: frozenset[str] | set[str]) -> tuple[str, ...]:
        """The hexes the message cites: four digits that are a hex of the map (`known`)."""
        return tuple(m for m in HEX.findall(self.words) if m in known)


def said_in(arrived: Iterable[Arrived]) -> list[ChatLine]:
    """The chat messages among events read from the room."""
    return [ChatLine(event.sender, event.said) for event in arrived if event.said is not None]
