"""What Help ▸ About says of the program: its version (from the package metadata, the one
source of it), the game file format it writes, and the rulebook text it follows, named by a
fingerprint of the text shipped in resources/rulebook/ (a corrected rulebook changes it)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from owsqt import __version__
from owsqt.journal.textformat import FORMAT_VERSION
from owsqt.rules.data.datafile import resources_dir

RULEBOOK_FILE = Path("rulebook", "operation-winter-storm-rules.txt")


def rulebook_edition(resources: Path | None = None) -> str:
    """The shipped rulebook text's fingerprint: the first 12 hex digits of its SHA-256, or
    "missing" when it cannot be read."""
    try:
        text = ((resources or resources_dir()) / RULEBOOK_FILE).read_bytes()
    except OSError:
        return "missing"
    return hashlib.sha256(text).hexdigest()[:12]


def about_lines(resources: Path | None = None) -> list[str]:
    """The lines About shows, in order."""
    return [
        f"owsqt {__version__}",
        f"Game files: owsqt journal format {FORMAT_VERSION}",
        f"Rules: the Operation Winter Storm rulebook, text {rulebook_edition(resources)}",
    ]
