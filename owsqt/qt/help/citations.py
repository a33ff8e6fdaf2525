"""Rule citations in shown text as links: "8.2", "(11.7)", "19.13", "5.1:" become
``<a href="rule:8.2">8.2</a>``, which open the Help dock at the clause.

A citation is a chapter of the rulebook (1 to 20), a dot and one or two digits, standing
alone: hex ids (3006), dice results (2/4), dice sums (12-10), decimals with a unit
(2.5 MP, 10.5 ms, 1.5x), versions (0.1.0) and dates (12.12.1942) are left as they are.
"""

from __future__ import annotations

import re
from html import escape

from PySide6 import QtGui

SCHEME = "rule:"
LINK_STYLE = "color:#1f5b92; text-decoration:none;"

CITATION = re.compile(
    r"(?<![\w.,/])"  # not the tail of a number, a version or a fraction
    r"((?:1\d|20|[1-9])\.\d{1,2})"
    r"(?![\w/%]|\.\d)"  # not a version, a fraction, a percentage or 1.5x
    r"(?!\s?(?:MP|mp|ms|km|s\b|px|x\b|%))"  # not a measure
)
_TAG = re.compile(r"(<[^>]*>)")
_ANCHOR_OPEN = re.compile(r"<a[\s>]", re.IGNORECASE)
_ANCHOR_CLOSE = re.compile(r"</a\s*>", re.IGNORECASE)


def citations(text: str) -> list[str]:
    """The rule numbers cited in plain `text`, in order, each once."""
    seen: list[str] = []
    for match in CITATION.finditer(text):
        if match.group(1) not in seen:
            seen.append(match.group(1))
    return seen


def first_citation(text: str) -> str | None:
    found = CITATION.search(text)
    return found.group(1) if found else None


def link(number: str, label: str | None = None) -> str:
    """One citation as a link, in the muted ink of the rules' own text."""
    return f'<a href="{SCHEME}{number}" style="{LINK_STYLE}">{label or number}</a>'


def _link_plain(escaped: str) -> str:
    return CITATION.sub(lambda m: link(m.group(1)), escaped)


def linkify_plain(text: str) -> str:
    """Plain text as rich text, its citations linked and its line breaks kept."""
    return _link_plain(escape(text, quote=False)).replace("\n", "<br>")


def linkify_html(html: str) -> str:
    """Rich text with its citations linked: only text between tags, never inside a tag's
    attributes or an existing link, is touched."""
    parts = _TAG.split(html)
    inside_link = 0
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            if _ANCHOR_OPEN.match(part):
                inside_link += 1
            elif _ANCHOR_CLOSE.match(part):
                inside_link = max(0, inside_link - 1)
        elif not inside_link and part:
            parts[i] = _link_plain(part)
    return "".join(parts)


def is_rich(text: str) -> bool:
    return bool(QtGui.Qt.mightBeRichText(text))


def linkify(text: str) -> str:
    """`text`, plain or rich, as rich text with every rule citation a link."""
    return linkify_html(text) if is_rich(text) else linkify_plain(text)


def number_of(href: str) -> str | None:
    """The clause a link points to ("rule:8.2" -> "8.2"), None for another kind of link."""
    return href[len(SCHEME) :] if href.startswith(SCHEME) else None
