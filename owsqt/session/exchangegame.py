"""What the e-mail exchange (email.py) and its parts ask of the game they serve.

GameSession implements `Game` with public, documented members, so that the exchange never
reaches into the session."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from owsqt.journal.identity import Identity
from owsqt.journal.textformat import Entry, EntryKind, Header, ParsedJournal
from owsqt.rules.core.actions import Action
from owsqt.rules.core.state import GameState
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset


class Game(Protocol):
    """The game of an e-mail exchange, as the exchange reads and writes it."""

    header: Header
    ruleset: Ruleset

    @property
    def state(self) -> GameState: ...

    @property
    def entries(self) -> tuple[Entry, ...]: ...

    @property
    def identity(self) -> Identity: ...

    def text(self) -> str: ...

    def as_parsed(self) -> ParsedJournal: ...

    def write_note(
        self,
        kind: EntryKind,
        side: str,
        fields: tuple[tuple[str, str], ...] = (),
        narration: tuple[str, ...] = (),
        effect: Callable[[Entry], object] | None = None,
    ) -> None: ...

    def submit(self, action: Action) -> Outcome: ...

    def write_action(self, action: Action, fields: tuple[tuple[str, str], ...] = ()) -> Outcome: ...

    def roll_from(self, seed: int) -> None: ...

    def take_in(
        self, entries: Sequence[Entry], progress: Callable[[int, int], None] | None = None
    ) -> None: ...
