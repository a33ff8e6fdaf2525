"""The small movement and supply tables: hasty attack costs, stacking, replacements, supply."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from owsqt.rules.core.rounding import round_half_up
from owsqt.rules.data.datafile import Node
from owsqt.rules.data.tables.grid import NATIONALITIES, check_int, lookup

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class HastyAttackCosts:
    """Hasty Attack Movement Costs (rule 8.4)."""

    costs: tuple[tuple[str, int], ...]
    rule: str = "8.4"

    def cost(self, nationality: str) -> int:
        """MP a unit of this nationality pays for a hasty attack: German 2, Soviet 3, Rumanian 4."""
        return lookup(self.costs, nationality, "nationality", lambda c: c[0])[1]


@dataclass(frozen=True, slots=True)
class StackingLimit:
    """Stacking (rule 9.2): the most stacking points one hex may hold."""

    max_points_per_hex: int
    rule: str = "9.2"


@dataclass(frozen=True, slots=True)
class ReplacementRates:
    """Combat attrition replacement rates (rule 17.3)."""

    rates: tuple[tuple[str, Fraction], ...]
    rule: str = "17.3"

    def rate(self, nationality: str) -> Fraction:
        """Soviet 1/4, German 1/2, Rumanian 1/4."""
        return lookup(self.rates, nationality, "nationality", lambda r: r[0])[1]

    def replacement_points(self, nationality: str, losses: int) -> int:
        """Replacement points for one loss type: losses x rate, rounded by rule 2.5 (17.3).

        The 17.4 example: 9 Soviet infantry losses give 2, 1 artillery loss gives 0.
        """
        check_int("losses", losses)
        if losses < 0:
            raise ValueError(f"losses cannot be negative, got {losses}")
        return round_half_up(self.rate(nationality) * losses)


@dataclass(frozen=True, slots=True)
class SupplySegment:
    """One leg of a supply line (14.2); ``max_hexes`` None means any length."""

    to: str
    max_hexes: int | None


@dataclass(frozen=True, slots=True)
class SupplyLine:
    """A nationality's chain of supply segments (rule 14.2)."""

    key: str
    nationality: str
    segments: tuple[SupplySegment, ...]

    @property
    def first_segment_hexes(self) -> int | None:
        """Longest first leg: Soviet 8 (tank/mechanized corps 15), Rumanian 8, German 20."""
        return self.segments[0].max_hexes


@dataclass(frozen=True, slots=True)
class SupplyTable:
    """Supply line lengths (14.2) and movement effect of supply status (14.5)."""

    lines: tuple[SupplyLine, ...]
    movement: tuple[tuple[str, Fraction], ...]

    def line(self, key: str) -> SupplyLine:
        """``soviet_non_mechanized``, ``soviet_tank_mechanized_corps``, ``rumanian``, ``german``."""
        return lookup(self.lines, key, "supply line", lambda s: s.key)

    def movement_factor(self, status: str) -> Fraction:
        """Movement allowance multiplier (14.5): out of supply halves it."""
        return lookup(self.movement, status, "supply status", lambda m: m[0])[1]


def _read_nationality_map(node: Node, read: Callable[[Node], T]) -> tuple[tuple[str, T], ...]:
    node.keys_exactly(*NATIONALITIES)
    return tuple((nationality, read(value)) for nationality, value in node.as_mapping().items())


def read_hasty(root: Node) -> HastyAttackCosts:
    """The Hasty Attack Movement Costs, from its YAML root."""
    root.keys_exactly("hasty_attack_costs")
    costs = _read_nationality_map(root.get("hasty_attack_costs"), lambda n: n.as_int(minimum=0))
    return HastyAttackCosts(costs)


def read_stacking(root: Node) -> StackingLimit:
    """The stacking limit, from its YAML root."""
    root.keys_exactly("stacking")
    node = root.get("stacking")
    node.keys_exactly("max_points_per_hex")
    return StackingLimit(node.get("max_points_per_hex").as_int(minimum=1))


def read_replacements(root: Node) -> ReplacementRates:
    """The replacement rates, from its YAML root."""
    root.keys_exactly("replacement_rates")
    rates = _read_nationality_map(
        root.get("replacement_rates"), lambda n: n.as_fraction(minimum=0, maximum=1)
    )
    return ReplacementRates(rates)


def read_supply(root: Node) -> SupplyTable:
    """The supply line lengths and supply movement effects, from its YAML root."""
    root.keys_exactly("supply")
    node = root.get("supply")
    node.keys_exactly("lines", "movement")
    lines_node = node.get("lines")
    lines_node.keys_exactly(
        "soviet_non_mechanized", "soviet_tank_mechanized_corps", "rumanian", "german"
    )
    lines: list[SupplyLine] = []
    for key, entry in lines_node.as_mapping().items():
        entry.keys_exactly("nationality", "segments")
        segments = []
        for segment in entry.get("segments").as_list(min_length=1):
            segment.keys_exactly("to", "hexes")
            segments.append(
                SupplySegment(
                    segment.get("to").as_str(), segment.get("hexes").as_optional_int(minimum=1)
                )
            )
        lines.append(
            SupplyLine(key, entry.get("nationality").as_choice(NATIONALITIES), tuple(segments))
        )
    movement_node = node.get("movement")
    movement_node.keys_exactly("regular", "organic", "out_of_supply")
    movement = tuple(
        (status, value.as_fraction(minimum=0, maximum=1))
        for status, value in movement_node.as_mapping().items()
    )
    return SupplyTable(tuple(lines), movement)
