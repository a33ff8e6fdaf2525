"""Rule citations wherever the window shows text, made links to the rulebook: the labels
of the docks, panels and status line (rich text with ``rule:`` links), the game log (a
double-click on a line opens its first citation; its tooltip quotes the clause's
heading) and the status bar's messages (their citations as links beside them)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStatusBar, QWidget

from owsqt.qt.help.citations import (
    citations,
    first_citation,
    is_rich,
    link,
    linkify,
    number_of,
)

LINKED = "owsqtRuleLinks"  # a label's property: its linkActivated is connected
SKIP = "owsqtNoRuleLinks"  # a widget's property: leave its labels as they are
OpenRule = Callable[[str], object]


def _plain_of(text: str) -> str:
    """The words of `text` without its tags, for finding citations in rich text."""
    if not is_rich(text):
        return text
    from owsqt.qt.help.citations import _TAG

    return "".join(part for i, part in enumerate(_TAG.split(text)) if not i % 2)


def _skipped(label: QLabel) -> bool:
    widget: QWidget | None = label
    while widget is not None:
        if widget.property(SKIP):
            return True
        widget = widget.parentWidget()
    return False


def link_label(label: QLabel, open_rule: OpenRule) -> bool:
    """Make the citations of `label`'s text links; True when it has any."""
    text = label.text()
    if not text or label.buddy() is not None or 'href="rule:' in text:
        return False
    if not citations(_plain_of(text)):
        return False
    if not label.property(LINKED):
        label.setProperty(LINKED, True)
        label.linkActivated.connect(lambda href: _follow(href, open_rule))
        flags = label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse
        label.setTextInteractionFlags(flags)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(linkify(text))
    return True


def link_labels(root: QWidget, open_rule: OpenRule) -> int:
    """Every label under `root` (but those under a widget marked SKIP) linked; how many."""
    return sum(
        link_label(label, open_rule) for label in root.findChildren(QLabel) if not _skipped(label)
    )


def _follow(href: str, open_rule: OpenRule) -> None:
    number = number_of(href)
    if number is not None:
        open_rule(number)


class LogLinks:
    """The game log: each line with a citation says which clause it cites in its tooltip,
    and a double-click (or Enter) opens that clause."""

    def __init__(self, log: QListWidget, open_rule: OpenRule, heading: Callable[[str], str]):
        self.log = log
        self.open_rule = open_rule
        self.heading = heading
        log.itemDoubleClicked.connect(self.follow)
        log.itemActivated.connect(self.follow)
        log.model().rowsInserted.connect(self._on_rows)

    def follow(self, item: QListWidgetItem) -> bool:
        number = first_citation(item.text())
        if number is None:
            return False
        self.open_rule(number)
        return True

    def _on_rows(self, _parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            item = self.log.item(row)
            number = first_citation(item.text()) if item is not None else None
            if item is not None and number is not None and not item.toolTip():
                item.setToolTip(f"{self.heading(number)} — double-click to read it")


class StatusLinks(QLabel):
    """Beside the status bar's message: its rule numbers as links ("Rules: 8.2 · 11.7"),
    so that a refusal's rule is one click away."""

    def __init__(self, bar: QStatusBar, open_rule: OpenRule) -> None:
        super().__init__(bar)
        self.setObjectName("statusRuleLinks")
        self.setProperty(SKIP, True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setToolTip("Open the rulebook at the rule the message cites")
        self.linkActivated.connect(lambda href: _follow(href, open_rule))
        bar.addPermanentWidget(self)
        bar.messageChanged.connect(self.show_message)
        self.hide()

    def show_message(self, text: str) -> None:
        numbers = citations(text)
        if not numbers:
            self.clear()
            self.hide()
            return
        self.setText("Rules: " + " · ".join(link(n) for n in numbers))
        self.show()
