"""The words that name the computer at the table (issue 38): "The computer (Soviet)", and
a dock's line of who acts told of the computer when the step is its side's."""

from __future__ import annotations

import re

from owsqt.rules.core.vocabulary import Player
from owsqt.session.seat import Seat

_RULE = re.compile(r"\(([^()]*)\)\s*$")  # the rule a line ends with: "(4.3, step 1)"


def computer_name(seat: Seat) -> str:
    """'The computer (Soviet)'."""
    return f"The computer ({seat.side.title})"


def told_of_computer(line: str, player: Player | None, seat: Seat | None) -> str:
    """`line`, which tells `player` what to do, unless the computer plays `player`'s side:
    then who acts and the rule the line ends with, for the human to watch."""
    if seat is None or player is not seat.side:
        return line
    rule = _RULE.search(line)
    cited = f" ({rule.group(1)})" if rule else ""
    return (
        f"{computer_name(seat)} acts in this step{cited}: watch its moves on the map and in the log"
    )
