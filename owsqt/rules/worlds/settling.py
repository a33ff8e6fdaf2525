"""[18.1] The public facts besides the units that an entry's writer settles for both
worlds: what its world computed and the other's could not, because it depends on the
writer's hidden units."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, TallyNationality
from owsqt.rules.worlds.rename import renamed

SETTLED_BY_WRITER = (
    "bridges",
    "entrenchments",
    "interdiction_zones",
    "losses",
    "replacement_points",
    "victory_ledger",
)
"""The public facts beside the units that the writer's action settles, though they may
depend on its hidden units: a bridge its hidden engineers built (16.2), an entrenchment
(15.1), what its hidden units lost and were given (17.3), the points German units earned
(19.33). Of each the entry tells what the writer's world changed (a map's changed
entries, another field whole), of the tallies the writer's own, and of the ledger the
German side's whole (`settled`)."""


UNKNOWN_DETAIL = ""
"""[19.33] What an award earned by a unit the reader may not see says it was earned by."""
_TALLIES = ("losses", "replacement_points")  # 17.3: each side's own nationalities'
_LEDGER = "victory_ledger"  # 19.33: every point is earned by German units or their losses
_SIDE_OF_TALLY = {
    TallyNationality.GERMAN: Player.GERMAN,
    TallyNationality.RUMANIAN: Player.GERMAN,
    TallyNationality.SOVIET: Player.SOVIET,
}


def settled(
    writer: Player, since: GameState, after: GameState, hidden: Collection[str]
) -> FrozenMap[str, Any]:
    """What of `SETTLED_BY_WRITER` the writer's world changed since its last entry (`since`:
    its world then); of the loss and replacement tallies the writer's own whole (17.3),
    so that one wrong in the other's world lasts only until the next entry; and, from the
    German side, the victory ledger whole (19.33), naming none of the `hidden` units."""
    found: dict[str, Any] = {}
    for name in SETTLED_BY_WRITER:
        old, new = getattr(since, name), getattr(after, name)
        if name in _TALLIES:
            found[name] = FrozenMap(
                {key: value for key, value in new.items() if _SIDE_OF_TALLY[key] is writer}
            )
        elif name == _LEDGER:
            if writer is Player.GERMAN:
                found[name] = renamed(new, dict.fromkeys(hidden, UNKNOWN_DETAIL))
        elif old == new:
            continue
        elif isinstance(new, FrozenMap):
            keys = {key for key in {*old, *new} if old.get(key) != new.get(key)}
            found[name] = FrozenMap({key: new.get(key) for key in keys})
        else:
            found[name] = new
    return FrozenMap(found)


def not_the_writers(writer: Player, name: str, value: Any) -> str | None:
    """[17.3, 19.33] What of `value`, settled by `writer` for the field `name`, is not his to
    settle (`settled` writes none of it): another side's tally, or the victory ledger told
    by the Soviet side; None: all of it is his."""
    if name in _TALLIES:
        for key in value:
            if _SIDE_OF_TALLY[key] is not writer:
                return f"the {key.value} tally is the {_SIDE_OF_TALLY[key].value} side's"
    if name == _LEDGER and writer is not Player.GERMAN:
        return "the German side tells the victory points its units earn"
    return None


def settle(state: GameState, changes: Mapping[str, Any]) -> GameState:
    """`state` with what an entry's writer settled: a map's entries (None: taken off), a
    field."""
    fields_: dict[str, Any] = {}
    for name, value in changes.items():
        if name not in SETTLED_BY_WRITER:
            raise ValueError(f"an entry cannot settle {name!r}")
        if isinstance(value, FrozenMap):
            current = dict(getattr(state, name))
            for key, entry in value.items():
                if entry is None:
                    current.pop(key, None)
                else:
                    current[key] = entry
            fields_[name] = FrozenMap(current)
        else:
            fields_[name] = value
    return replace(state, **fields_)
