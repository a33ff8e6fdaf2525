"""The Help dock: the rulebook to read beside the table, with an index of its chapters,
clauses and charts to jump to, and a search (Ctrl+F, Enter / F3 for the next match,
Shift+F3 for the previous) that highlights every match."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QPalette,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTextEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.qt.help.citations import number_of
from owsqt.qt.help.rulebook import Rulebook
from owsqt.qt.help.rulebookhtml import rulebook_html

KEY_ROLE = Qt.ItemDataRole.UserRole
MATCH_INK = QColor("#fde68a")
CURRENT_INK = QColor("#f59e0b")
CLAUSE_INK = QColor("#dbeafe")
INDEX_WIDTH = 210


class HelpDock(QDockWidget):
    """The rulebook, its index and its search; `show_clause` opens it at a clause."""

    missing = Signal(str)  # a citation the rulebook has no clause for

    def __init__(self, book: Rulebook, parent: QWidget | None = None) -> None:
        super().__init__("Rulebook", parent)
        self.setObjectName("helpDock")
        self.book = book
        self.current_key: str | None = None
        self.matches: list[QTextCursor] = []
        self.match_index = -1
        self._query = ""
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.search_field = QLineEdit(body)
        self.search_field.setObjectName("rulebookSearch")
        self.search_field.setPlaceholderText("Search the rulebook (Ctrl+F)")
        self.search_field.setClearButtonEnabled(True)
        self.search_field.textChanged.connect(self.search)
        self.search_field.returnPressed.connect(self.find_next)
        self.previous_button = self._button("▲", "Previous match (Shift+F3)", self.find_previous)
        self.next_button = self._button("▼", "Next match (Enter, F3)", self.find_next)
        self.count_label = QLabel(body)
        bar.addWidget(self.search_field, 1)
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.count_label)
        layout.addLayout(bar)
        splitter = QSplitter(Qt.Orientation.Horizontal, body)
        self.index = QTreeWidget(splitter)
        self.index.setObjectName("rulebookIndex")
        self.index.setHeaderHidden(True)
        self.index.itemClicked.connect(self._on_index_clicked)
        self.index.itemActivated.connect(self._on_index_clicked)
        self.browser = QTextBrowser(splitter)
        self.browser.setObjectName("rulebookText")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_anchor)
        palette = self.browser.palette()  # the clause shown: a light wash, not a selection's
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Highlight, CLAUSE_INK)
            palette.setColor(group, QPalette.ColorRole.HighlightedText, QColor("#111111"))
        self.browser.setPalette(palette)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([INDEX_WIDTH, 520])
        layout.addWidget(splitter, 1)
        self.setWidget(body)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._anchors: dict[str, int] = {}
        self._filled = False  # the text is laid out when first wanted (_fill), not at start
        for keys, slot in (
            (QKeySequence.StandardKey.Find, self.focus_search),
            (QKeySequence.StandardKey.FindNext, self.find_next),
            (QKeySequence.StandardKey.FindPrevious, self.find_previous),
        ):
            shortcut = QShortcut(QKeySequence(keys), body)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _button(self, text: str, tip: str, slot) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    def _fill(self) -> None:
        """Lay out the rulebook's text and index the first time the dock is shown, searched
        or asked for a clause: a tenth of a second the program's start does not pay."""
        if self._filled:
            return
        self._filled = True
        self.browser.setHtml(rulebook_html(self.book))
        self._items = self._fill_index()
        self._anchors = self._anchor_positions()

    def showEvent(self, event) -> None:
        self._fill()
        super().showEvent(event)

    def _fill_index(self) -> dict[str, QTreeWidgetItem]:
        items: dict[str, QTreeWidgetItem] = {}
        for section in self.book.sections:
            parent = items.get(section.parent) if section.parent else None
            item = QTreeWidgetItem([section.label])
            item.setData(0, KEY_ROLE, section.key)
            item.setToolTip(0, section.label)
            if parent is None:
                self.index.addTopLevelItem(item)
            else:
                parent.addChild(item)
            items[section.key] = item
        return items

    def _anchor_positions(self) -> dict[str, int]:
        """Where each anchor sits in the shown document."""
        found: dict[str, int] = {}
        block = self.browser.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                for name in fragment.charFormat().anchorNames():
                    found.setdefault(name, fragment.position())
                it += 1
            block = block.next()
        return found

    # --- clauses ----------------------------------------------------------------------

    def show_clause(self, number: str) -> bool:
        """Open the dock at clause `number` (or the clause holding it: 19.13 -> 19.1);
        False, and `missing` said, when the rulebook has no such clause."""
        self._fill()
        key = self.book.resolve(number) or (number if number in self._anchors else None)
        if key is None or key not in self._anchors:
            self.missing.emit(number)
            return False
        self.show()
        self.raise_()
        self.current_key = key
        item = self._items.get(key)
        if item is not None:
            self.index.setCurrentItem(item)
            self.index.scrollToItem(item)
        cursor = QTextCursor(self.browser.document())
        cursor.setPosition(self._anchors[key])
        while not cursor.block().text().strip() and cursor.block().next().isValid():
            cursor.setPosition(cursor.block().next().position())
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        self.browser.setTextCursor(cursor)
        self.browser.scrollToAnchor(key)
        # Shown just now, the dock is laid out after this: scroll again once it is.
        QTimer.singleShot(0, lambda: self.browser.scrollToAnchor(key))
        self._highlight()
        return True

    def shown_heading(self) -> str:
        """The text of the clause heading the dock is open at (selected in the text)."""
        return self.browser.textCursor().selectedText()

    def _on_index_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.show_clause(item.data(0, KEY_ROLE))

    def _on_anchor(self, url: QUrl) -> None:
        number = number_of(url.toString())
        if number is not None:
            self.show_clause(number)

    # --- search -----------------------------------------------------------------------

    def focus_search(self) -> None:
        self._fill()
        self.show()
        self.raise_()
        self.search_field.setFocus()
        self.search_field.selectAll()

    def search(self, text: str) -> int:
        """Find every match of `text` (any case) and go to the first; the count shows."""
        self._fill()
        self.matches = []
        self.match_index = -1
        self._query = text
        document = self.browser.document()
        if text.strip():
            cursor = document.find(text, 0)
            while not cursor.isNull():
                self.matches.append(cursor)
                cursor = document.find(text, cursor)
        if self.matches:
            self._go_to(0)
        else:
            self._highlight()
        self._show_count(text)
        return len(self.matches)

    def find_next(self) -> None:
        if self.matches:
            self._go_to((self.match_index + 1) % len(self.matches))
            self._show_count(self._query)

    def find_previous(self) -> None:
        if self.matches:
            self._go_to((self.match_index - 1) % len(self.matches))
            self._show_count(self._query)

    def _go_to(self, index: int) -> None:
        self.match_index = index
        self.browser.setTextCursor(self.matches[index])
        self.browser.ensureCursorVisible()
        self._highlight()

    def _show_count(self, text: str) -> None:
        if not text.strip():
            self.count_label.setText("")
        elif not self.matches:
            self.count_label.setText("no match")
        else:
            self.count_label.setText(f"{self.match_index + 1} of {len(self.matches)}")

    def _highlight(self) -> None:
        """Every match washed yellow, the current one orange; the clause shown, blue."""
        selections = []
        for i, cursor in enumerate(self.matches):
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(CURRENT_INK if i == self.match_index else MATCH_INK)
            selection.format = fmt
            selection.cursor = cursor
            selections.append(selection)
        if self.current_key is not None and not self.matches:
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(CLAUSE_INK)
            selection.format = fmt
            selection.cursor = self.browser.textCursor()
            selections.append(selection)
        self.browser.setExtraSelections(selections)

    def highlighted(self) -> list[str]:
        """The texts washed by the search now."""
        return [s.cursor.selectedText() for s in self.browser.extraSelections() if self.matches]


__all__ = ["HelpDock", "QTextDocument"]
