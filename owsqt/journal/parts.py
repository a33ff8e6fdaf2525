"""The files of an e-mail game inside its journal, told apart by their title lines alone.

Each file a player sends adds his entries up to his `send`: its part of the journal. An
opponent's reply is one part, and a part is bounded (limits.MAX_FILE_ENTRIES): the bound is
checked here on the title lines, before any entry is hashed, verified or replayed, so that
a reply padded with entries is refused at once (docs/pbem-format.md, Limits).
"""

from __future__ import annotations

from owsqt.journal.limits import MAX_FILE_ENTRIES


class PartTooLarge(ValueError):
    """A part of an e-mail journal beyond the bound: the message, the entry and the line at
    which it is found (textformat.parse turns it into a JournalError)."""

    def __init__(self, message: str, entry: int, line: int) -> None:
        super().__init__(message)
        self.entry = entry
        self.line = line


def check_parts(lines: list[str], start: int, known: int | None = None) -> None:
    """[Limits] Every file of an e-mail journal, from `start` (its first line after the
    header) on, holds at most MAX_FILE_ENTRIES entries, its send included. Read as an
    opponent's reply to a copy of the game that holds `known` entries, what it adds is one
    file: at most MAX_FILE_ENTRIES entries (whether they are his, and end with his send, the
    import checks next). Read whole (`known` None), its files alternate: no player sends
    twice in a row (docs/pbem-format.md, Play by e-mail). Read from the title lines (each
    begins with '#', which no other line does), so the cost is one pass over the lines; a
    title that is not as written is left for the parse to name."""
    held = 0  # the entries of the file being counted
    number = 0  # the entries counted
    part = 1
    sender = ""
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.startswith("#"):
            continue
        number += 1
        held += 1
        if known is not None and number - known > MAX_FILE_ENTRIES:
            raise PartTooLarge(
                f"the file adds more than {MAX_FILE_ENTRIES:,} entries to the {known:,} of "
                "your game, the most one file of an e-mail game may hold",
                number,
                index + 1,
            )
        if held > MAX_FILE_ENTRIES:
            raise PartTooLarge(
                f"file {part} of the game holds more than {MAX_FILE_ENTRIES:,} entries, the "
                "most one file of an e-mail game may hold",
                number,
                index + 1,
            )
        words = line.split(" ")
        if len(words) >= 5 and words[1] == "send":
            if known is None and words[-1] == sender:
                raise PartTooLarge(
                    f"the {sender} player sends file {part} after file {part - 1}, which he "
                    "sent too: the players' files alternate",
                    number,
                    index + 1,
                )
            sender, held, part = words[-1], 0, part + 1
