"""The rules of an e-mail game's file beyond the game's own (docs/pbem-format.md).

What a player may take back (his own entries, none he has sent), how many entries one file
holds (limits.MAX_FILE_ENTRIES), and no open roll outside free play. The exchange (email.py)
refuses by them what its player does, and judges by them what an opponent's file holds."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from owsqt.journal.limits import MAX_FILE_ENTRIES
from owsqt.journal.textformat import Entry, EntryKind
from owsqt.rules.core.actions import Action, RollDice
from owsqt.rules.core.verdict import Mode

OPEN_ROLL_REFUSED = (
    "an open roll in e-mail play outside free play: the rules call for none, and its roller, "
    "who knows his file's dice, could choose the purpose that gives the value he wants"
)


def undo_refusal(
    entries: Sequence[Entry], target: int, at: int, undoers: Collection[str]
) -> str | None:
    """Why `undoers`, writing entry `at`, may not undo entry `target`: an e-mail player
    takes back only his own entries, and none he has sent already."""
    owner = entries[target - 1].by or ""
    if owner not in undoers:
        return f"#{target} is the {owner.capitalize()} player's to take back"
    for entry in entries[target : at - 1]:
        if entry.kind is EntryKind.SEND and entry.by == owner:
            return f"#{target} went to your opponent in file {entry.field('file')}"
    return None


# [Limits] Entries of a file kept for what the program writes by itself after the player's
# last action: his seals made ahead and shown (6.1, 4.3), answers by standing orders, the send
FILE_HEADROOM = 16


def file_full(entries: Sequence[Entry]) -> str | None:
    """[Limits] Why a player's file takes no more of his actions: one file holds at most
    MAX_FILE_ENTRIES (an opponent's program refuses a larger one), FILE_HEADROOM of them
    kept for the send and what his program writes by itself."""
    held = 0
    for entry in reversed(entries):
        if entry.kind is EntryKind.SEND:
            break
        held += 1
    if held < MAX_FILE_ENTRIES - 1 - FILE_HEADROOM:
        return None
    return (
        f"your file holds {held:,} entries since the last send, the most one file may "
        f"hold ({MAX_FILE_ENTRIES:,}) but for its send and what your program writes by "
        "itself: send it now"
    )


def open_roll_refused(action: Action, mode: str) -> bool:
    """[Dice] An open roll (RollDice) is refused in e-mail play outside free play (`mode`,
    the header's): no rule calls for one, and its roller, who knows his file's seed, could
    choose its value."""
    return isinstance(action, RollDice) and mode != Mode.FREE.value
