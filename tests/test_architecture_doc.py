"""docs/architecture.md is written from the code: every package of owsqt has its one
paragraph, and every module and package the document names exists.

A path the document names is a module (`owsqt/rules/engine.py`, `rules/core/state.py`: a
short path is read from `owsqt/`) or, in backquotes, a path into owsqt (`owsqt/qt/pocket/`,
`owsqt/qt/map/painter`: a package or a module). A package is described where a heading, a
list item or a line begins with its path in backquotes. Each failure names the paths, so
that a module moved or renamed is found at once."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
# Top-level folders of the repository a path may start from; any other path is in owsqt/.
REPO_FOLDERS = ("owsqt", "tools", "bench", "tests", "packaging")
# Named by the document but made only in the wheel (setup.py copies the data there).
WHEEL_ONLY = {"owsqt/_shipped/"}

_MODULE = re.compile(r"(?<![\w/.*-])((?:\w+/)+\w+\.py)\b")
_OWSQT_PATH = re.compile(r"`(owsqt(?:/\w+)*/?)`")
_DESCRIBED = re.compile(r"^(?:#+ [^`\n]*|[ \t]*- )?`(owsqt/[\w/]*)`", re.MULTILINE)


def _packages() -> list[str]:
    return sorted(
        init.parent.relative_to(REPO).as_posix() + "/"
        for init in (REPO / "owsqt").rglob("__init__.py")
        if "tables" not in init.parent.name  # data/tables is a part of data, not a feature
    )


def _descriptions() -> list[str]:
    """The package paths that begin a heading, a list item or a line, in document order."""
    return [path for path in _DESCRIBED.findall(DOC) if path.endswith("/")]


def _module_file(path: str) -> Path:
    """Where a named module lies: from the repository, or from owsqt/ for a short path."""
    top = path.split("/", 1)[0]
    return REPO / path if top in REPO_FOLDERS else REPO / "owsqt" / path


def _exists(path: str) -> bool:
    """A path into owsqt names a package (with its __init__.py, not a folder a move left
    behind) and, without the closing slash, may name a module without its .py."""
    if (REPO / path / "__init__.py").is_file():
        return True
    return not path.endswith("/") and (REPO / f"{path}.py").is_file()


def test_every_package_of_owsqt_has_a_paragraph():
    described = set(_descriptions()) | {"owsqt/"}  # the whole document describes owsqt/
    missing = [p for p in _packages() if p not in described]
    assert missing == [], f"docs/architecture.md has no paragraph beginning with {missing}"


def test_no_package_is_described_twice():
    seen = _descriptions()
    doubled = sorted({p for p in seen if seen.count(p) > 1})
    assert doubled == [], f"docs/architecture.md describes each of {doubled} more than once"


def test_every_module_the_document_names_exists():
    named = set(_MODULE.findall(DOC))
    assert named, "the document names no module"
    missing = sorted(
        p if _module_file(p) == REPO / p else f"{p} (looked for owsqt/{p})"
        for p in named
        if not _module_file(p).is_file()
    )
    assert missing == [], f"docs/architecture.md names modules that do not exist: {missing}"


def test_every_path_into_owsqt_the_document_names_exists():
    named = set(_OWSQT_PATH.findall(DOC)) - WHEEL_ONLY
    assert "owsqt/qt/" in named, "the document names no package"
    missing = sorted(p for p in named if not _exists(p))
    assert missing == [], f"docs/architecture.md names paths that do not exist: {missing}"


def test_the_path_of_one_move_runs_through_five_files_at_least():
    section = DOC.split("## The path of one move", 1)[1].split("\n## ", 1)[0]
    files = set(re.findall(r"`((?:owsqt|tools)/[\w/]+\.py)`", section))
    assert len(files) >= 5
