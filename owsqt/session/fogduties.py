"""[18.1] What this side's program owes the other in e-mail play under fog of war.

The answer to the other side's strike on one of this side's hidden stacks (4.6, 12.4), which
only this side's world draws; once the game is over, the OPEN entry that reveals the secret of
its told actions, so that the file replays and verifies whole (referee.py); and what the
other side's program owes this one. GameSession makes them for its side's world, and the
exchange (email.py) holds them: it writes them by itself when the opponent's part is in."""

from __future__ import annotations

from collections.abc import Callable

from owsqt.journal import pbem
from owsqt.journal.history import History
from owsqt.journal.textformat import EntryKind
from owsqt.rules.core.steps import Phase
from owsqt.session import exchangenotes as notes
from owsqt.session.fogmail import SideWorld
from owsqt.session.record import GameRecord


class SideDuties:
    """The entries this side's world owes the other side, and those it is owed."""

    def __init__(
        self,
        world: SideWorld,
        history: History,
        record: GameRecord,
    ) -> None:
        self._world = world
        self._history = history
        self._record = record

    def owed_by_opponent(self) -> str | None:
        """What the other side's program must write before this side acts again: the answer
        to this side's strike on one of its hidden stacks (4.6, 12.4), or, once the game is
        over, its OPEN entry; None: nothing."""
        entries = self._record.journal.entries
        return self._world.owed(entries, self._history.state, self._history.last_applied)

    def answer_strike(self, begin_file: Callable[[], object]) -> None:
        """[4.6, 12.4] Write the resolution the other side's last entry asks for, after what
        begins this player's file (`begin_file`): it struck a hidden stack of this side at
        random, which only this side's world draws."""
        world, record = self._world, self._record
        if not world.owes_answer(record.journal.entries, self._history.last_applied):
            return
        begin_file()  # [Dice] the reveal that begins a file comes first
        public = world.resolution(self._history.state)
        entry = world.answer_entry(record.next_number, record.now(), public)
        record.write(entry, None, (), public)

    def open_tells(self, begin_file: Callable[[], object]) -> None:
        """Once the game is over, reveal this side's secret of its told actions (an OPEN
        entry, after what begins this player's file: `begin_file`), once."""
        world = self._world
        if self._history.state.phase is not Phase.GAME_OVER:
            return
        side = world.side.value
        entries = self._record.journal.entries
        if any(e.kind is EntryKind.OPEN and e.by == side for e in entries):
            return
        game = self._record.journal.header.game
        secret = self._record.key().secret_for(pbem.tells_label(game))
        begin_file()  # [Dice] the reveal that begins a file comes first
        self._record.note(
            EntryKind.OPEN,
            side,
            fields=(("secret", secret),),
            narration=(notes.opened(world.side),),
        )
