"""The computer's seat in a game against the computer (issue 38): the side it plays, the
player and its strength level, as the game's header names them (`computer:`), and the
field that marks the journal entries it made."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.journal.textformat import Entry, Header, JournalError, Play
from owsqt.players.names import LEVEL_NAMES, PLAYER_NAMES
from owsqt.rules.core.vocabulary import Player

COMPUTER_FIELD = "computer"  # an entry's field: the computer made it, and why
SETUP_REASON = "the scenario's default set-up (19.11)"  # how the computer sets up
DEFAULT_PLAYER = "heuristic"  # the strongest player offered by default


@dataclass(frozen=True, slots=True)
class Seat:
    """The computer's seat: the side it plays, the player's name and its strength level
    (players/names.py, declared in players/interface.py)."""

    side: Player
    player: str = DEFAULT_PLAYER
    level: str = "normal"

    @property
    def text(self) -> str:
        """As the header's `computer:` line holds it."""
        return f"{self.side.value} {self.player} {self.level}"

    @property
    def title(self) -> str:
        """For the log and the table: "the computer (greedy, normal)"."""
        return f"the computer ({self.player}, {self.level})"

    def field(self, reason: str) -> tuple[str, str]:
        """The field of an entry the computer made for `reason`: its player, level and why
        ("greedy normal: allocate_air scores 243.0 of 2 looked at")."""
        return COMPUTER_FIELD, f"{self.player} {self.level}: {reason}"

    def said(self, written: str) -> str:
        """The log's line of an entry's computer field `written`: "The computer (greedy,
        normal), Soviet: allocate_air scores 243.0 of 2 looked at"."""
        reason = written.removeprefix(f"{self.player} {self.level}: ")
        return f"The {self.title.removeprefix('the ')}, {self.side.title}: {reason}"


def seat_in(header: Header) -> Seat | None:
    """The computer's seat a game's header names; None in any other kind of play;
    JournalError for a player or level this owsqt does not know."""
    if header.play != Play.COMPUTER.value or header.computer is None:
        return None
    side, player, level = header.computer.split(" ")
    try:
        check_names(player, level)
    except ValueError as error:
        raise JournalError(f"the header's computer player: {error}") from None
    return Seat(Player(side), player, level)


def by_computer(entry: Entry) -> bool:
    """Whether the computer made the journal entry `entry`."""
    return entry.field(COMPUTER_FIELD) is not None


def check_names(player: str, level: str) -> None:
    """ValueError in one line for a player or level this owsqt does not offer."""
    if player not in PLAYER_NAMES:
        known = ", ".join(PLAYER_NAMES)
        raise ValueError(f"no computer player is called {player!r} (one of {known})")
    if level not in LEVEL_NAMES:
        known = ", ".join(LEVEL_NAMES)
        raise ValueError(f"no strength level is called {level!r} (one of {known})")
