"""[18.1] What a side knows of a stack or a unit, for the displays that name units outside
the map (the attack dialog, the combat calculator, the Combat panel, the other docks): the
units it sees on a hex and how many it does not, and whether it knows a unit's present
strength, without which no odds are worked out for it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class StackSeen:
    """[18.1] A hex's stack as a side sees it: the units it may name, top first, and how
    many counters of the stack it sees only as counters."""

    units: tuple[str, ...]
    hidden: int

    def __bool__(self) -> bool:
        return bool(self.units) or self.hidden > 0


def stack_seen(seen: SideView, hex_: Hex) -> StackSeen:
    """[18.1] The stack on `hex_` as `seen.side` sees it."""
    return StackSeen(seen.state.stack(hex_), seen.hidden.get(hex_, 0))


def strength_known(ruleset: Ruleset, seen: SideView, unit_id: str) -> bool:
    """[18.1] Whether `seen.side` knows the unit's present strength: its own units, and the
    enemy's while a combat under way engages them. An enemy counter on top of its stack
    shows only its printed side, never its strength marker; a hidden one nothing."""
    if seen.side is None:
        return True
    return ruleset.catalogue.ground[unit_id].player is seen.side or unit_id in seen.revealed


def strengths_known(ruleset: Ruleset, seen: SideView, units: Iterable[str]) -> bool:
    """[18.1] Whether the side knows every one of `units`' strengths: the condition for
    showing the fire, the column and the DRMs of an engagement (the odds)."""
    return all(strength_known(ruleset, seen, u) for u in units)
