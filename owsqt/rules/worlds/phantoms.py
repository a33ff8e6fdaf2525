"""[18.1] Phantoms: the units a side's world puts in the place of the enemy's hidden counters,
named apart from every unit of the data (belief.py builds them)."""

from __future__ import annotations

from enum import StrEnum

from owsqt.rules.core.vocabulary import Player

PHANTOM_MARK = "~"  # no unit id of the data files begins with it (checked by with_phantoms)


class PhantomKind(StrEnum):
    """What a phantom carries of the counters it stands for."""

    QUIET = "quiet"  # no zone of control: a company (10.1)
    ZOC = "zoc"  # a zone of control (10.1)
    ARMOUR = "armour"  # armour with a zone of control (11.8)
    ARTILLERY = "artillery"  # artillery with a zone of control (11.8)
    ANTIAIRCRAFT = "antiaircraft"  # 16.1: counted against air units
    CONVOY = "convoy"  # a relief convoy (16.3)


def phantom_id(side: Player, kind: PhantomKind, index: int) -> str:
    return f"{PHANTOM_MARK}{side.value}~{kind.value}~{index}"


def is_phantom(unit_id: str) -> bool:
    return unit_id.startswith(PHANTOM_MARK)
