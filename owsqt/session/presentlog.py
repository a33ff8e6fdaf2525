"""[18.1] One side's log as it reads today, in a game with fog of war: each line as the side
read it at its entry (sidelog.py), with every enemy unit it names that the side does not
see now unnamed (`fog.narration.forgotten`), so that the log keeps no note of where a unit
seen once has gone. Kept up to date cheaply: a new entry reads its own lines, and when the
units in sight change only the lines that name those units are told again."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.narration import enemies_named, forgotten, still_seen
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class LogLine:
    """One readable line of the game log: the entry it belongs to and its text."""

    entry: int
    text: str
    kind: str  # "event", "violation", "undo", "redo", "exchange", "computer" (why it acted)


class PresentLog:
    """`side`'s log of a fogged game as it reads now."""

    def __init__(self, ruleset: Ruleset, side: Player) -> None:
        self._ruleset, self._side = ruleset, side
        self._read: list[LogLine] = []  # as read at each line's entry
        self._shown: list[LogLine] = []  # as read now
        self._named: list[frozenset[str]] = []  # the enemy units each line names
        self._naming: dict[str, list[int]] = {}  # an enemy unit: the lines that name it
        self._seen: dict[str, bool] = {}  # each named unit: whether the side sees it now
        self._entries = 0

    def lines(
        self, since: int, entries: int, read: Callable[[int], Sequence[LogLine]], now: SideView
    ) -> list[LogLine]:
        """The lines of the entries after `since`, of a journal of `entries` entries whose
        lines from entry number n + 1 on `read(n)` gives; `now` the side's view today."""
        changed = [unit for unit, was in self._seen.items() if still_seen(now, unit) is not was]
        for unit in changed:
            self._seen[unit] = not self._seen[unit]
        for index in sorted({i for unit in changed for i in self._naming[unit]}):
            self._shown[index] = self._tell(index, now)
        if entries > self._entries:
            for line in read(self._entries):
                self._add(line, now)
            self._entries = entries
        start = bisect_right(self._shown, since, key=lambda line: line.entry)
        return self._shown[start:]

    def _add(self, line: LogLine, now: SideView) -> None:
        index = len(self._read)
        named = enemies_named(self._ruleset, line.text, self._side)
        self._read.append(line)
        self._named.append(named)
        for unit in named:
            self._naming.setdefault(unit, []).append(index)
            self._seen.setdefault(unit, still_seen(now, unit))
        self._shown.append(self._tell(index, now))

    def _tell(self, index: int, now: SideView) -> LogLine:
        line, named = self._read[index], self._named[index]
        if not named:
            return line
        return replace(line, text=forgotten(self._ruleset, line.text, now, named))
