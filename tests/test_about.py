"""Help ▸ About (issue 24): the version from one source, the file format and the rulebook
text the program follows."""

from __future__ import annotations

import hashlib
import tomllib
from importlib.metadata import version
from pathlib import Path

import owsqt
from owsqt.about import RULEBOOK_FILE, about_lines, rulebook_edition
from owsqt.journal.textformat import FORMAT_VERSION

REPO = Path(__file__).resolve().parents[1]


def test_issue_24_the_version_has_one_source_the_package_metadata():
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert owsqt.__version__ == version("owsqt") == declared


def test_issue_24_about_names_the_version_the_file_format_and_the_rulebook_text():
    text = (REPO / "resources" / RULEBOOK_FILE).read_bytes()
    program, formats, rules = about_lines()
    assert program == f"owsqt {owsqt.__version__}"
    assert formats == f"Game files: owsqt journal format {FORMAT_VERSION}"
    assert rules.endswith(hashlib.sha256(text).hexdigest()[:12])


def test_issue_24_a_missing_rulebook_is_named_not_a_crash(tmp_path):
    assert rulebook_edition(tmp_path) == "missing"
    (tmp_path / "rulebook").mkdir()
    (tmp_path / RULEBOOK_FILE).write_text("19.1 We are coming!\n")
    assert rulebook_edition(tmp_path) != rulebook_edition()
