"""docs/architecture.md is written from the code: every package of owsqt has its paragraph,
and every module the path of one move names exists."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")


def _packages() -> list[str]:
    return sorted(
        init.parent.relative_to(REPO).as_posix()
        for init in (REPO / "owsqt").rglob("__init__.py")
        if "tables" not in init.parent.name  # data/tables is a part of data, not a feature
    )


def test_every_package_of_owsqt_has_a_paragraph():
    missing = [p for p in _packages() if f"`{p}/`" not in DOC]
    assert missing == [], f"docs/architecture.md does not describe {missing}"


def test_every_module_the_document_names_exists():
    named = set(re.findall(r"`((?:owsqt|tools)/[\w/]+\.py)`", DOC))
    assert named, "the document names no module"
    assert sorted(p for p in named if not (REPO / p).is_file()) == []


def test_the_path_of_one_move_runs_through_five_files_at_least():
    section = DOC.split("## The path of one move", 1)[1].split("\n## ", 1)[0]
    files = set(re.findall(r"`((?:owsqt|tools)/[\w/]+\.py)`", section))
    assert len(files) >= 5
