"""Printed modifiers as data (plain, banded by a count, chosen by a status) and their loaders."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import NATIONALITIES, read_rule


@dataclass(frozen=True, slots=True)
class Modifier:
    """A printed modifier with its rule number, so a UI can show where it comes from.

    ``drm`` is a die roll modification, ``columns_left`` a column shift to the left,
    ``drm_per_unit`` a DRM for each unit counted, ``result_reduction`` reduces the losses.
    ``only_for`` limits it to ``"artillery"`` or ``"air"`` fire; ``sides`` to the attacker
    and/or defender; ``nationality`` to one side's nationality.
    """

    key: str
    rule: str
    text: str
    drm: int = 0
    columns_left: int = 0
    drm_per_unit: int = 0
    result_reduction: int = 0
    only_for: str | None = None
    sides: tuple[str, ...] = ()
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class Band:
    """One printed step of a banded modifier: from ``at_least`` upward the DRM is ``drm``."""

    at_least: int
    drm: int
    text: str


@dataclass(frozen=True, slots=True)
class BandedModifier:
    """A modifier whose DRM grows with a count (proficiency difference, hexes, turns)."""

    key: str
    rule: str
    text: str
    bands: tuple[Band, ...]
    sides: tuple[str, ...] = ()

    def drm_for(self, count: int) -> int:
        """The DRM of the highest band not above ``count``; 0 below the first band."""
        drm = 0
        for band in self.bands:
            if count >= band.at_least:
                drm = band.drm
        return drm


@dataclass(frozen=True, slots=True)
class StatusModifier:
    """A DRM chosen by a status, e.g. supply (14.5): regular, organic or out of supply."""

    key: str
    rule: str
    text: str
    statuses: tuple[tuple[str, int, str], ...]
    sides: tuple[str, ...] = ()

    def drm_for(self, status: str) -> int:
        """The DRM for ``status``; an unknown status raises KeyError."""
        for name, drm, _text in self.statuses:
            if name == status:
                return drm
        known = ", ".join(repr(s[0]) for s in self.statuses)
        raise KeyError(f"unknown status {status!r}; known: {known}")


def read_modifier(node: Node, key: str) -> Modifier:
    """A plain :class:`Modifier` stored under ``key``."""
    node.check_keys(
        required=("text",),
        optional=(
            "rule",
            "drm",
            "columns_left",
            "drm_per_unit",
            "result_reduction",
            "only_for",
            "sides",
            "nationality",
        ),
    )

    def number(name: str, minimum: int | None = None) -> int:
        child = node.optional(name)
        return child.as_int(minimum=minimum) if child is not None else 0

    only_for = node.optional("only_for")
    nationality = node.optional("nationality")
    return Modifier(
        key=key,
        rule=read_rule(node),
        text=node.get("text").as_str(),
        drm=number("drm"),
        columns_left=number("columns_left", 0),
        drm_per_unit=number("drm_per_unit"),
        result_reduction=number("result_reduction", 0),
        only_for=only_for.as_choice(("artillery", "air")) if only_for else None,
        sides=read_sides(node),
        nationality=nationality.as_choice(NATIONALITIES) if nationality else None,
    )


def read_sides(node: Node) -> tuple[str, ...]:
    """The optional ``sides`` list (attacker, defender); empty when absent."""
    sides = node.optional("sides")
    if sides is None:
        return ()
    return tuple(item.as_choice(("attacker", "defender")) for item in sides.as_list(min_length=1))


def read_bands(node: Node, count_key: str) -> tuple[Band, ...]:
    """Bands ascending by ``count_key`` (``at_least``, ``greater_by``)."""
    bands: list[Band] = []
    for item in node.as_list(min_length=1):
        item.keys_exactly(count_key, "drm", "text")
        count = item.get(count_key)
        at_least = count.as_int()
        if bands and at_least <= bands[-1].at_least:
            raise count.error(f"a value above {bands[-1].at_least} (bands must ascend)")
        bands.append(Band(at_least, item.get("drm").as_int(), item.get("text").as_str()))
    return tuple(bands)


def read_banded(node: Node, key: str) -> BandedModifier:
    """A :class:`BandedModifier` whose bands are keyed ``at_least``."""
    node.check_keys(required=("rule", "text", "bands"), optional=("sides",))
    return BandedModifier(
        key=key,
        rule=read_rule(node),
        text=node.get("text").as_str(),
        bands=read_bands(node.get("bands"), "at_least"),
        sides=read_sides(node),
    )
