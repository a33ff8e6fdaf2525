"""Rule citations wherever the window shows text, made links to the rulebook: the status
bar's message or hint (its rule numbers as ``rule:`` links beside it), the labels of the
docks and panels (a click opens the rule they cite; their text, which other code reads,
is left as it is), and the game log (a double-click on a line opens its first citation;
its tooltip names the clause)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QMenu, QStatusBar, QWidget

from owsqt.qt.help.citations import (
    citations,
    first_citation,
    is_rich,
    link,
    number_of,
)

LINKED = "owsqtRuleLinks"  # a label's property: it is watched for clicks
OpenRule = Callable[[str], object]


def _plain_of(text: str) -> str:
    """The words of `text` without its tags, for finding citations in rich text."""
    if not is_rich(text):
        return text
    from owsqt.qt.help.citations import _TAG

    return "".join(part for i, part in enumerate(_TAG.split(text)) if not i % 2)


def label_citations(label: QLabel) -> list[str]:
    """The rule numbers a label shows; none for a label that has links of its own."""
    text = label.text()
    if not text or "href=" in text:
        return []
    return citations(_plain_of(text))


class LabelLinks(QObject):
    """The labels of the window's docks and status line, their text left as it is: over a
    label that cites rules the pointer is a hand, and a click opens its rule in the
    rulebook (a menu of them when it cites several)."""

    def __init__(
        self,
        root: QWidget,
        open_rule: OpenRule,
        heading: Callable[[str], str],
        skip: tuple[QWidget, ...] = (),
    ):
        super().__init__(root)
        self.root = root
        self.skip = skip  # widgets whose labels are left alone (the Help dock's own)
        self.open_rule = open_rule
        self.heading = heading

    def watch(self) -> int:
        """Watch every label under the root (not those under `skip`); how many cite rules."""
        citing = 0
        skipped = {id(label) for widget in self.skip for label in widget.findChildren(QLabel)}
        skipped.update(id(widget) for widget in self.skip)
        for label in self.root.findChildren(QLabel):
            if id(label) in skipped:
                continue
            numbers = label_citations(label)
            citing += bool(numbers)
            watched = bool(label.property(LINKED))
            if numbers and not watched:  # only labels that cite a rule pay for the filter
                label.setProperty(LINKED, True)
                label.installEventFilter(self)
                label.setCursor(Qt.CursorShape.PointingHandCursor)
            elif watched and not numbers:
                label.setProperty(LINKED, False)
                label.removeEventFilter(self)
                label.unsetCursor()
        return citing

    def menu_for(self, label: QLabel) -> QMenu:
        """The rules a label cites, each an entry that opens it."""
        menu = QMenu(label)
        for number in label_citations(label):
            action = menu.addAction(f"Read {self.heading(number)}")
            action.triggered.connect(lambda _=False, n=number: self.open_rule(n))
        return menu

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(watched, QLabel)
            and event.type() == QEvent.Type.MouseButtonRelease
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
            and not watched.hasSelectedText()
        ):
            numbers = label_citations(watched)
            if len(numbers) == 1:
                self.open_rule(numbers[0])
            elif numbers:
                self.menu_for(watched).popup(event.globalPosition().toPoint())
        return False


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

    def __init__(self, bar: QStatusBar, open_rule: OpenRule, hint: QLabel | None = None):
        super().__init__(bar)
        self.bar = bar
        self.hint = hint
        self.setObjectName("statusRuleLinks")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setToolTip("Open the rulebook at the rule the message cites")
        self.linkActivated.connect(lambda href: _follow(href, open_rule))
        bar.addPermanentWidget(self)
        bar.messageChanged.connect(self.show_message)
        self.hide()

    def show_message(self, text: str) -> None:
        """The message's rule numbers; with no message, those of the hint it covered."""
        if not text and self.hint is not None:
            text = _plain_of(self.hint.text())
        numbers = citations(text)
        if not numbers:
            self.clear()
            self.hide()
            return
        self.setText("Rules: " + " · ".join(link(n) for n in numbers))
        self.show()
