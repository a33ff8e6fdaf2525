"""docs/rules-coverage.md stays true to itself and to the code: its summary counts the
rows, and every test and module a row names exists."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
BODY, SUMMARY = DOC.split("## Summary", 1)
STATES = {"enforced": "enforced", "reading": "reading", "not": "not yet"}


def _rows() -> list[tuple[str, list[str]]]:
    """(section, cells) of every clause row above the summary."""
    rows, section = [], None
    for line in BODY.splitlines():
        heading = re.match(r"## (\d+)\.0", line)
        if heading:
            section = heading.group(1)
        elif section and line.startswith("| ") and not line.startswith("| Clause"):
            rows.append((section, [c.strip() for c in line.split("|")[1:-1]]))
    return rows


def test_the_summary_counts_the_rows_by_state():
    counted: dict[str, Counter[str]] = {}
    for section, cells in _rows():
        if cells[0].startswith("10.4 pointer"):  # a pointer, not counted
            continue
        state = STATES.get(cells[1].split()[0])
        assert state is not None, f"row {cells[0]!r} has no state"
        counted.setdefault(section, Counter())[state] += 1
    table = {}
    for line in SUMMARY.splitlines():
        cells = [c.strip().strip("*") for c in line.split("|")[1:-1]]
        if cells[:1] == ["Total"] or (cells and cells[0].isdigit()):
            table[cells[0]] = tuple(int(c) for c in cells[1:])
    expected = {s: (c["enforced"], c["reading"], c["not yet"]) for s, c in counted.items()}
    total = tuple(sum(v[i] for v in expected.values()) for i in range(3))
    assert table == {**expected, "Total": total}


def test_every_test_a_row_names_exists():
    names = {n for _, cells in _rows() for n in re.findall(r"\btest_\w+", cells[-1])}
    sources = "".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("*.py"))
    defined = set(re.findall(r"def (test_\w+)", sources))
    assert sorted(names - defined) == []
