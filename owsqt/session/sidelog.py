"""[18.1] The journal's narration as one side may read it, in a game with fog of war.

A journal entry's narration is written whole (the game file's, unchanged); the log and the
replay of a side that the fog of war blinds read each entry's events again through
`fog.narration`, between the states before and after it. The events are kept as each entry
is written; an entry's reading for a side is made once, when first asked."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

from owsqt.journal.textformat import Entry, EntryKind
from owsqt.rules.core.events import Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.narration import Sight, names_enemy
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset

VIEWS_KEPT = 4  # a state's view is asked as the state after one entry and before the next
TOLD_BY_EVENTS = (EntryKind.ACT, EntryKind.REDO)

Reading = tuple[tuple[str, ...], tuple[str, ...]]
"""An entry's narration and its broken rules, as one side reads them."""


class SideLog:
    """Each entry's events, and what each side may read of them (docs: fog of war)."""

    def __init__(self, ruleset: Ruleset, fog: bool) -> None:
        self._ruleset = ruleset
        self._fog = fog  # the game is played with the fog of war (18.1)
        self._events: list[tuple[Event, ...] | None] = []  # None: resumed past, not replayed
        self._read: dict[tuple[int, Player], Reading] = {}
        self._views: OrderedDict[tuple[int, Player], tuple[GameState, SideView]] = OrderedDict()

    def add(self, events: Sequence[Event]) -> None:
        """The events of the entry just written (none for an undo or an exchange note)."""
        self._events.append(tuple(events))

    def skip(self, count: int) -> None:
        """Entries a checkpoint covers (session/checkpoint.py): their events are not known."""
        self._events.extend([None] * count)

    def cut(self, length: int) -> None:
        """Forget the entries after the first `length` (an import taken back)."""
        del self._events[length:]
        for key in [key for key in self._read if key[0] > length]:
            del self._read[key]

    def reading(
        self, entry: Entry, side: Player | None, state_after: Callable[[int], GameState]
    ) -> Reading:
        """[18.1] Entry `entry`'s narration and broken rules as `side` may read them;
        `state_after(n)` is the state after entry n. As written for side None, a game
        without fog, an undo and the notes of an e-mail exchange; nothing for an action
        before a checkpoint the game resumed from (its states are not kept)."""
        written = (entry.narration, entry.violations)
        if side is None or not self._fog or entry.kind not in TOLD_BY_EVENTS:
            return written
        events = self._events[entry.number - 1]
        if events is None:
            return (), ()
        if not entry.violations and not names_enemy(self._ruleset, events, side):
            return written  # naming no enemy unit, the lines are those written
        key = (entry.number, side)
        if key not in self._read:
            sight = Sight(
                self._ruleset,
                side,
                state_after(entry.number - 1),
                state_after(entry.number),
                lambda state: self._view(state, side),
            )
            self._read[key] = (sight.narration(events), sight.violations(entry.violations))
        return self._read[key]

    def _view(self, state: GameState, side: Player) -> SideView:
        """The side's view of `state`, remembered for the next entry's reading."""
        key = (id(state), side)
        kept = self._views.get(key)
        if kept is not None and kept[0] is state:
            self._views.move_to_end(key)
            return kept[1]
        seen = view(self._ruleset, state, side)
        self._views[key] = (state, seen)
        while len(self._views) > VIEWS_KEPT:
            self._views.popitem(last=False)
        return seen
