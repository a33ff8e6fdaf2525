"""The rulebook as HTML for the Help dock: headings with anchors named by clause, the
paragraphs with their citations linked, lists indented and the charts monospaced."""

from __future__ import annotations

import re
from html import escape

from owsqt.qt.help.citations import link, linkify_plain
from owsqt.qt.help.rulebook import Rulebook, Section

MONO = "font-family:'DejaVu Sans Mono','Courier New',monospace; font-size:small;"
HEADING_INK = "#33414f"
_TAGS = re.compile(r"</?u>")
_CONTENTS = re.compile(r"^(\d{1,2}\.0) (.+)\txx$")
_SEPARATOR = re.compile(r"^\|?[\s|:-]*\|[\s|:-]*$")


def _is_table_row(line: str) -> bool:
    stripped = line.strip()
    return "\t" in line.rstrip() or stripped.startswith("|") or stripped.startswith("- |")


def _cells(line: str) -> list[str]:
    text = _TAGS.sub("", line.rstrip())
    if "|" in text and "\t" not in text:
        text = text.strip().removeprefix("- ").strip().strip("|")
        return [cell.strip() for cell in text.split("|")]
    return [cell.strip() for cell in text.split("\t")]


def table_html(rows: list[str]) -> str:
    """Rows cut at tabs or bars, padded to columns, monospaced."""
    cells = [_cells(r) for r in rows if not _SEPARATOR.match(r.strip().removeprefix("- "))]
    cells = [row for row in cells if any(row)]
    width = max((len(row) for row in cells), default=0)
    # The last cell of a short row (a heading over the columns to its right) overflows.
    sizes = [
        max((len(row[c]) for row in cells if c < len(row) - (len(row) < width)), default=0)
        for c in range(width)
    ]
    text = "\n".join(
        "  ".join(cell.ljust(sizes[c]) for c, cell in enumerate(row)).rstrip() for row in cells
    )
    return f'<pre style="{MONO}">{escape(text, quote=False)}</pre>'


def _heading(section: Section, line: str) -> str:
    def named(text: str) -> str:
        return f'<a name="{section.key}">{text}</a>'

    if section.parent is None:
        return f"<h2 style='color:{HEADING_INK}'>{named(escape(section.label))}</h2>"
    if section.key.startswith("chart-"):
        return f"<h3 style='color:{HEADING_INK}'>{named(escape(section.title))}</h3>"
    rest = re.sub(r"^\(?\d{1,2}\.\d{1,2}\)?\s*", "", line.strip())
    if len(rest) <= 60 and not rest.endswith("."):
        return f"<h3 style='color:{HEADING_INK}'>{named(f'{section.key} {escape(rest)}')}</h3>"
    number = named(f"<b style='color:{HEADING_INK}'>{section.key}</b>")
    return f"<p>{number} {linkify_plain(rest)}</p>"


def _paragraph(line: str) -> str:
    stripped = line.strip()
    if stripped.startswith("- ") and not stripped.startswith("- ="):  # "- = No effect"
        return f"<p style='margin-left:18px; margin-top:0'>• {linkify_plain(stripped[2:])}</p>"
    if re.match(r"^\d{1,2}\. ", stripped) and line.startswith(" "):
        return f"<p style='margin-left:36px; margin-top:0'>{linkify_plain(stripped)}</p>"
    return f"<p>{linkify_plain(_TAGS.sub('', stripped))}</p>"


def contents_html(book: Rulebook) -> str:
    items = [
        link(found.group(1), escape(f"{found.group(1)} {found.group(2)}"))
        for line in book.lines[: book.body_start]
        if (found := _CONTENTS.match(line.strip()))
    ]
    title = next((line.strip() for line in book.lines if line.strip()), "")
    return (
        f"<h1 style='color:{HEADING_INK}'>{escape(title.title())}</h1><p>{'<br>'.join(items)}</p>"
    )


def rulebook_html(book: Rulebook) -> str:
    headings = book.at_line()
    parts = [contents_html(book)]
    table: list[str] = []
    for i in range(book.body_start, len(book.lines)):
        line = book.lines[i]
        if i not in headings and _is_table_row(line):
            table.append(line)
            continue
        if table:
            parts.append(table_html(table))
            table = []
        if i in headings:
            parts.append(_heading(headings[i], line))
        elif line.strip():
            parts.append(_paragraph(line))
    if table:
        parts.append(table_html(table))
    return "\n".join(parts)
