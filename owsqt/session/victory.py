"""Where each victory point of a game was earned (19.33): the journal entry whose state
first holds an award of the ledger, and the summary of the scenario's victory that the
result screen and `owsqt replay --json` show."""

from __future__ import annotations

from typing import Any

from owsqt.rules.core.state import Award
from owsqt.rules.fog.view import SideView
from owsqt.rules.victory.points import Count
from owsqt.rules.victory.result import live_standing
from owsqt.session.game import GameSession


def entry_of_award(session: GameSession, award: Award, upto: int | None = None) -> int | None:
    """The first journal entry (up to `upto`, default all) after which the ledger holds
    `award`, found by a binary search over the entries' states (the ledger only grows
    along the game; an award undone and earned again is found where it was first
    earned); None if the state after `upto` does not hold it."""
    last = len(session.entries) if upto is None else upto
    if award not in session.state_after(last).victory_ledger:
        return None
    low, high = 1, last
    while low < high:
        middle = (low + high) // 2
        if award in session.state_after(middle).victory_ledger:
            high = middle
        else:
            low = middle + 1
    return low


def victory_summary(
    session: GameSession, upto: int | None = None, seen: SideView | None = None
) -> dict[str, Any] | None:
    """[19.13, 19.23, 19.33, 19.42] The victory after entry `upto` (default: the last) as
    plain data: the result (final once the game is over), and for the campaigns the level,
    the net, each side's sum and every source with its points, each award with its turn
    and journal entry; for the short scenarios the stacking points across the river and
    the objective hex's holder. None for a scenario without victory conditions. [18.1]
    `seen`: the sources told as that side may know them (victory.points.count)."""
    last = len(session.entries) if upto is None else upto
    state = session.state_after(last)
    ruleset = session.ruleset
    standing = live_standing(ruleset, state, seen)
    if standing is None:
        return None
    result = state.result or standing.result
    summary: dict[str, Any] = {
        "final": state.result is not None,
        "result": result.text(),
        "winner": result.winner.value if result.winner else None,
        "rule": result.rule,
    }
    if not isinstance(standing, Count):
        holder = standing.holder
        summary.update(across=standing.across, holder=holder.value if holder else None)
        return summary
    sources = []
    for line in standing.lines:
        item: dict[str, Any] = {
            "source": line.source,
            "player": line.player.value,
            "points": line.points,
            "counted": line.counted,
            "text": line.text,
        }
        if line.award is not None:
            item.update(
                turn=line.award.turn,
                phase=line.award.phase.value,
                segment=line.award.segment.value,
                entry=entry_of_award(session, line.award, last),
            )
        sources.append(item)
    summary.update(
        level=standing.level.result,
        net=standing.net,
        german=standing.german,
        soviet=standing.soviet,
        strength_lost=standing.strength_lost,
        sources=sources,
    )
    return summary
