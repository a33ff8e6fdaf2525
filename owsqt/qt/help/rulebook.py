"""The rulebook's text (resources/rulebook) cut into its numbered clauses and charts: the
index of the Help dock and the places its links go to.

Chapters are "8.0 Movement", clauses "(8.2) Movement Restrictions", scenario clauses
"19.13 Victory Conditions"; the charts after the design notes ("Combat Results Table")
are sections of their own. The second scenario heading numbered 19.3, whose clauses are
19.41 and 19.42, is 19.4 (reading R135).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from owsqt.about import RULEBOOK_FILE
from owsqt.rules.data.datafile import resources_dir

_CHAPTER = re.compile(r"^(\d{1,2})\.0 (\S.*)$")
_CLAUSE = re.compile(r"^\((\d{1,2}\.\d{1,2})\) (\S.*)$")
_SCENARIO = re.compile(r"^(\d{1,2}\.\d{1,2}) (\S.*)$")
_CHART = re.compile(
    r"^[A-Z][\w' ()-]*(Chart|Chart \(TEC\)|Table|Track|Sequence of Play|Modifications)$"
)
CHARTS = "charts"
CHARTS_TITLE = "Charts and tables"


@dataclass(frozen=True, slots=True)
class Section:
    """One heading of the rulebook: `key` is its anchor ("8.2", "chart-3"), `line` the
    index of its line in `Rulebook.lines`, `parent` the key of the section it belongs to."""

    key: str
    title: str
    line: int
    parent: str | None

    @property
    def label(self) -> str:
        return self.title if self.key[0].isalpha() else f"{self.key} {self.title}"


@dataclass(frozen=True, slots=True)
class Rulebook:
    lines: tuple[str, ...]
    sections: tuple[Section, ...]
    body_start: int  # the first line after the table of contents

    def keys(self) -> frozenset[str]:
        return frozenset(s.key for s in self.sections)

    def at_line(self) -> dict[int, Section]:
        return {s.line: s for s in self.sections}

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    def resolve(self, number: str) -> str | None:
        """The anchor a citation opens: the clause itself, else the clause it is part of
        (19.13 -> 19.1 -> 19.0), None when the rulebook has no such chapter."""
        keys = self.keys()
        candidate = number
        while candidate:
            if candidate in keys:
                return candidate
            chapter, _, tail = candidate.partition(".")
            if not tail or tail == "0":
                return None
            candidate = f"{chapter}.{tail[:-1] or '0'}"
        return None


def _short_title(text: str) -> str:
    cut = text.split(". ")[0].rstrip(".:")
    return cut if len(cut) <= 60 else cut[:57].rstrip() + "…"


def parse(text: str) -> Rulebook:
    lines = tuple(text.splitlines())
    body_start = next(
        (i for i, line in enumerate(lines) if _CHAPTER.match(line) and "\t" not in line), 0
    )
    sections: list[Section] = []
    chapter: str | None = None
    charts = False
    for i in range(body_start, len(lines)):
        line = lines[i].strip()
        if (found := _CHAPTER.match(line)) and "\t" not in line:
            chapter = f"{found.group(1)}.0"
            sections.append(Section(chapter, found.group(2).strip().title(), i, None))
            charts = found.group(1) == "20"
        elif charts and _CHART.match(line) and not line.startswith("Terrain ("):
            if not any(s.key == CHARTS for s in sections):
                sections.append(Section(CHARTS, CHARTS_TITLE, i, None))
            key = f"chart-{sum(s.key.startswith('chart-') for s in sections) + 1}"
            sections.append(Section(key, line, i, CHARTS))
        elif (found := _CLAUSE.match(line) or _SCENARIO.match(line)) and chapter:
            number, rest = found.groups()
            if not number.startswith(chapter.split(".")[0] + "."):
                continue  # a numbered list item, not a clause of this chapter
            number = _renumbered(number, lines, i, {s.key for s in sections})
            tail = number.split(".")[1]
            parent = chapter if len(tail) == 1 else f"{number.split('.')[0]}.{tail[0]}"
            sections.append(Section(number, _short_title(rest), i, parent))
    return Rulebook(lines, tuple(sections), body_start)


def _renumbered(number: str, lines: tuple[str, ...], at: int, seen: set[str]) -> str:
    """R135: a clause number printed twice takes the number its own sub-clauses give it
    (the second "19.3" heads 19.41 and 19.42, so it is 19.4)."""
    if number not in seen:
        return number
    for line in lines[at + 1 :]:
        found = _SCENARIO.match(line.strip()) or _CLAUSE.match(line.strip())
        if found:
            child = found.group(1)
            head, tail = child.split(".")
            if len(tail) == 2:
                return f"{head}.{tail[0]}"
            break
    return number


def rulebook_path() -> Path:
    return resources_dir() / RULEBOOK_FILE


@cache
def load_rulebook(path: Path | None = None) -> Rulebook:
    """The shipped rulebook, read and cut once."""
    return parse((path or rulebook_path()).read_text(encoding="utf-8"))
