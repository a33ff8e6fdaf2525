"""Shared die-roll machinery: roll checks, result grids, column lookup and loader helpers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from owsqt.rules.data.datafile import DataError, Node

R = TypeVar("R")
T = TypeVar("T")

#: The game uses one ten-sided die (every table's rows run from 1 to 10).
DIE_LOW = 1
DIE_HIGH = 10

#: Terrain, modifiers, supply and replacements all key some entries by nationality.
NATIONALITIES = ("german", "soviet", "rumanian")


def check_roll(roll: int) -> int:
    """``roll`` if it is an integer die roll from 1 to 10; raises TypeError or ValueError."""
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise TypeError(f"a die roll must be an integer, got {roll!r}")
    if not DIE_LOW <= roll <= DIE_HIGH:
        raise ValueError(f"a die roll must be from {DIE_LOW} to {DIE_HIGH}, got {roll}")
    return roll


def check_int(name: str, value: int) -> int:
    """``value`` if it is an integer (a bool is not); raises TypeError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    return value


def lookup(items: tuple[T, ...], key: str, what: str, name: Callable[[T], str]) -> T:
    """The item whose ``name`` is ``key``; raises KeyError listing the known ``what``s."""
    for item in items:
        if name(item) == key:
            return item
    known = ", ".join(repr(name(i)) for i in items)
    raise KeyError(f"unknown {what} {key!r}; known: {known}")


@dataclass(frozen=True, slots=True)
class Column:
    """A printed column: its label (``"30+"``, ``"-3/-4"``) and the values it covers.

    ``high`` is None for the last column of a factor table, which covers everything above.
    """

    label: str
    low: int
    high: int | None


@dataclass(frozen=True, slots=True)
class DieRow:
    """A printed row: its label (``"10 or more"``, ``"9"``, ``"1 or less"``) and its roll."""

    label: str
    roll: int


@dataclass(frozen=True, slots=True)
class ResultGrid(Generic[R]):
    """Columns, die rows (as printed, highest roll first) and one result per cell."""

    columns: tuple[Column, ...]
    rows: tuple[DieRow, ...]
    cells: tuple[tuple[R, ...], ...]

    def row_index(self, modified_roll: int) -> int:
        """The row for a modified roll, clamped to the printed rows.

        Our reading: a modified roll above the top row uses the top row and one below the
        bottom row uses the bottom row, also where the book prints a plain ``1`` rather than
        ``1 or less`` (Bombardment and Counterbattery tables).
        """
        top, bottom = self.rows[0].roll, self.rows[-1].roll
        clamped = max(bottom, min(top, modified_roll))
        return top - clamped

    def result(self, modified_roll: int, column_index: int) -> R:
        """The cell for a modified roll (clamped) in the given column."""
        return self.cells[self.row_index(modified_roll)][column_index]

    def lookup(self, die_label: str, column_label: str) -> R:
        """The cell under printed labels, e.g. ``lookup("10 or more", "30+")``."""
        row = [r.label for r in self.rows].index(die_label)
        column = [c.label for c in self.columns].index(column_label)
        return self.cells[row][column]

    def __iter__(self) -> Iterator[tuple[DieRow, Column, R]]:
        for row, results in zip(self.rows, self.cells, strict=True):
            for column, result in zip(self.columns, results, strict=True):
                yield row, column, result


def factor_column(grid: ResultGrid[R], factors: int, shifts: int, table: str) -> int:
    """Rule 11.4 column finding for factor-indexed tables (CRT, Bombardment, Counterbattery).

    A total between two printed columns uses the highest column not above it; each shift moves
    one column left. Our reading: a shift past the first column stays on the first column.
    """
    check_int("factors", factors)
    check_int("shifts", shifts)
    first = grid.columns[0]
    if factors < first.low:
        raise ValueError(
            f"{table}: {factors} factors is below the first column ({first.label}); "
            f"at least {first.low} factor(s) must fire"
        )
    if shifts < 0:
        raise ValueError(
            f"{table}: column shifts always move left (rule 11.4); got {shifts} (negative)"
        )
    index = max(i for i, column in enumerate(grid.columns) if column.low <= factors)
    return max(0, index - shifts)


class FactorTable(Generic[R]):
    """Lookups shared by the tables indexed by factors firing (CRT, Bombardment,
    Counterbattery): a mixin for their frozen dataclasses, which hold `title` and `grid`."""

    __slots__ = ()
    title: str
    grid: ResultGrid[R]

    def column_index(self, factors: int, shifts: int = 0) -> int:
        """Index of the column used for ``factors`` after ``shifts`` columns left (11.4)."""
        return factor_column(self.grid, factors, shifts, self.title)

    def column_for(self, factors: int, shifts: int = 0) -> str:
        """The printed label of the column used, e.g. the CRT's ``column_for(26, 1) == "20"``."""
        return self.grid.columns[self.column_index(factors, shifts)].label

    def resolve(self, factors: int, shifts: int = 0, drm: int = 0, *, roll: int) -> R:
        """The result for ``factors`` firing, ``shifts`` columns left, net ``drm`` and the
        die ``roll`` (1-10); the modified roll is clamped to the printed rows. Fewer factors
        than the first column raises ValueError."""
        column = self.column_index(factors, shifts)
        return self.grid.result(check_roll(roll) + check_int("drm", drm), column)


def read_rule(node: Node) -> str:
    """The rule number under ``node``'s required ``rule`` key, e.g. ``"11.4"``."""
    rule = node.optional("rule")
    if rule is None:
        raise DataError(node.file, node.key_path, "key 'rule'", line=node.line)
    return rule.as_parsed(_parse_rule_number, "a rule number such as '11.4'")


def _parse_rule_number(text: str) -> str:
    if not re.fullmatch(r"\d+(\.\d+)*", text.strip()):
        raise ValueError(text)
    return text.strip()


def _parse_die_label(text: str) -> tuple[int, str]:
    match = re.fullmatch(r"\s*(\d+)(?:\s+or\s+(more|less))?\s*", text)
    if not match:
        raise ValueError(text)
    return int(match.group(1)), match.group(2) or ""


def _parse_factor_label(text: str) -> tuple[int, bool]:
    match = re.fullmatch(r"\s*(\d+)(\+?)\s*", text)
    if not match:
        raise ValueError(text)
    return int(match.group(1)), bool(match.group(2))


def _parse_differential_label(text: str) -> tuple[int, int]:
    text = text.strip()
    match = re.fullmatch(r"([+-]?\d+)/([+-]?\d+)", text)
    if match:
        a, b = int(match.group(1)), int(match.group(2))
        return min(a, b), max(a, b)
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text), int(text)
    raise ValueError(text)


def read_factor_columns(node: Node) -> tuple[Column, ...]:
    """Ascending factor columns such as ``1, 2, 3, ..., "30+"``; each covers up to the next."""
    items = node.as_list(min_length=1)
    parsed = [
        item.as_parsed(_parse_factor_label, "a factor column such as 5 or '30+'") for item in items
    ]
    columns: list[Column] = []
    for i, (item, (low, plus)) in enumerate(zip(items, parsed, strict=True)):
        if low < 1:
            raise item.error("a factor column of at least 1")
        if plus and i != len(items) - 1:
            raise item.error("'N+' only on the last column")
        if i and low <= parsed[i - 1][0]:
            raise item.error(f"a column above {parsed[i - 1][0]} (columns must ascend)")
        high = parsed[i + 1][0] - 1 if i + 1 < len(parsed) else None
        columns.append(Column(item.as_scalar_text().strip(), low, high))
    return tuple(columns)


def read_differential_columns(node: Node) -> tuple[Column, ...]:
    """Differential columns such as ``"-3/-4", ..., "+2"``, ascending without gaps."""
    columns: list[Column] = []
    next_low: int | None = None
    for item in node.as_list(min_length=1):
        low, high = item.as_parsed(
            _parse_differential_label, "a differential column such as '+1' or '-3/-4'"
        )
        if next_low is not None and low != next_low:
            raise item.error(
                f"a column starting at {next_low:+d} (columns must ascend without gaps)"
            )
        columns.append(Column(item.as_scalar_text().strip(), low, high))
        next_low = high + 1
    return tuple(columns)


def read_grid(
    node: Node,
    columns: tuple[Column, ...],
    parse: Callable[[str], R],
    expected: str,
) -> ResultGrid[R]:
    """The ``rows`` under ``node``: every die roll from 10 down to 1, one result per column."""
    rows: list[DieRow] = []
    cells: list[tuple[R, ...]] = []
    row_nodes = node.get("rows").as_list(min_length=1)
    for i, row in enumerate(row_nodes):
        row.keys_exactly("die", "results")
        die = row.get("die")
        roll, open_end = die.as_parsed(
            _parse_die_label, "a die roll such as 7, '10 or more' or '1 or less'"
        )
        if open_end == "more" and i != 0:
            raise die.error("'or more' only on the first (highest) row")
        if open_end == "less" and i != len(row_nodes) - 1:
            raise die.error("'or less' only on the last (lowest) row")
        if i == 0 and roll != DIE_HIGH:
            raise die.error(f"the first row to be {DIE_HIGH} (the highest die roll)")
        if i and roll != rows[-1].roll - 1:
            raise die.error(f"roll {rows[-1].roll - 1} (rows must run down one roll at a time)")
        results = row.get("results")
        if not isinstance(results.value, list) or len(results.value) != len(columns):
            found = f"{len(results.value)} results" if isinstance(results.value, list) else None
            raise results.error(f"{len(columns)} results, one per column", found)
        cells.append(tuple(cell.as_parsed(parse, expected) for cell in results.as_list()))
        rows.append(DieRow(die.as_scalar_text().strip(), roll))
    if rows[-1].roll != DIE_LOW:
        raise row_nodes[-1].get("die").error(f"the last row to be {DIE_LOW} (the lowest roll)")
    return ResultGrid(columns, tuple(rows), tuple(cells))
