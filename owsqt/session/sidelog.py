"""[18.1] The journal's narration as each side may read it, in a game with fog of war.

A journal entry's narration is written whole (the game file's, unchanged); the log and the
replay of a side that the fog of war blinds read each entry's events again through
`fog.narration`, between the states before and after it. Each side's reading is made as the
entry is written (or replayed), while both states are at hand: rebuilding them later costs an
action's replay per entry, where a side's view costs a fraction of one, and a hot-seat
hand-over then tells the other side's log at once."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Sequence

from owsqt.journal.textformat import Entry, EntryKind
from owsqt.rules.core.events import Event
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.narration import Sight, enemies_named, names_enemy
from owsqt.rules.fog.view import SideView, view
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session.seat import COMPUTER_FIELD

VIEWS_KEPT = 4  # a state's view is asked as the state after one entry and before the next
TOLD_BY_EVENTS = (EntryKind.ACT, EntryKind.REDO, EntryKind.TELL)

Reading = tuple[tuple[str, ...], tuple[str, ...]]
"""An entry's narration and its broken rules, as one side reads them."""


FIGURE = re.compile(r"[+-]?\d+\.\d+")  # a score in a computer's reason: "243.0", "+1.1"
WITHHELD = "…"  # 18.1: what the human reads in a score's place under the fog of war


class SideLog:
    """What each side may read of each entry, where it differs from what is written."""

    def __init__(self, ruleset: Ruleset, fog: bool) -> None:
        self._ruleset = ruleset
        self._fog = fog  # the game is played with the fog of war (18.1)
        # Per entry, the sides whose reading differs from the entry as written; None for an
        # entry a checkpoint covers (session/checkpoint.py), whose events are not known.
        self._read: list[dict[Player, Reading] | None] = []
        self._views: OrderedDict[tuple[int, Player], tuple[GameState, SideView]] = OrderedDict()
        # 18.1: per entry the computer made, the sides whose reading of its reason differs
        self._said: dict[int, dict[Player, str]] = {}

    def add(
        self, entry: Entry, events: Sequence[Event], before: GameState, after: GameState
    ) -> None:
        """Read the entry just written, whose action had `events`, for each side."""
        read: dict[Player, Reading] = {}
        said = entry.field(COMPUTER_FIELD)
        if self._fog and said is not None:
            self._read_said(entry.number, entry.by, said, before, after)
        if self._fog and entry.kind in TOLD_BY_EVENTS:
            # 18.1: a TELL's narration is written for the other side; each side reads its
            # own program's events (e-mail play: its world's)
            told = entry.kind is EntryKind.TELL
            for side in Player:
                if entry.violations or names_enemy(self._ruleset, events, side):
                    sight = Sight(self._ruleset, side, before, after, self._viewer(side))
                    read[side] = (sight.narration(events), sight.violations(entry.violations))
                elif told:
                    read[side] = (tuple(e.describe(self._ruleset) for e in events), ())
        self._read.append(read)

    def _read_said(
        self, number: int, by: str | None, said: str, before: GameState, after: GameState
    ) -> None:
        """[18.1] The computer's reason for entry `number`, made `by` its side, as each side
        may read it: written on its own side's world, it may name its own units the human
        does not see, which his reading leaves unnamed ("a German unit"), as the entry's
        narration does; and its scores, sums over its own units hidden ones included, are
        withheld from the human (FIGURE)."""
        for side in Player:
            read = said
            if enemies_named(self._ruleset, said, side):
                sight = Sight(self._ruleset, side, before, after, self._viewer(side))
                read = sight.unnamed(said)
            if side.value != by:
                read = FIGURE.sub(WITHHELD, read)
            if read != said:
                self._said.setdefault(number, {})[side] = read

    def said(self, entry: Entry, side: Player | None) -> str | None:
        """The computer's reason written in `entry` (its field) as `side` may read it: as
        written for side None or a game without fog; None for an entry it did not make, or
        one before the checkpoint a fogged game resumed from."""
        written = entry.field(COMPUTER_FIELD)
        if written is None or side is None or not self._fog:
            return written
        if self._read[entry.number - 1] is None:
            return None  # before the checkpoint a game resumed from: not read
        return self._said.get(entry.number, {}).get(side, written)

    def skip(self, count: int) -> None:
        """Entries a checkpoint covers: their events are not known here."""
        self._read.extend([None] * count)

    def cut(self, length: int) -> None:
        """Forget the entries after the first `length` (an import taken back)."""
        del self._read[length:]
        for number in [number for number in self._said if number > length]:
            del self._said[number]

    def reading(self, entry: Entry, side: Player | None) -> Reading:
        """[18.1] Entry `entry`'s narration and broken rules as `side` may read them: as
        written for side None, a game without fog, an undo and the notes of an e-mail
        exchange; nothing for an action before the checkpoint a game resumed from."""
        written = (entry.narration, entry.violations)
        if side is None or not self._fog or entry.kind not in TOLD_BY_EVENTS:
            return written
        read = self._read[entry.number - 1]
        if read is None:
            return (), ()
        return read.get(side, written)

    def _viewer(self, side: Player) -> Callable[[GameState], SideView]:
        return lambda state: self._view(state, side)

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
