"""The room's chat at the table (issue 40): a dock beside the map of a game played through a
Matrix room, with what its members say and a line to say something. A hex (`2539`) or a
journal entry (`#123`) a message cites is a link: the map centres on the hex, the replay
shows the entry. Chat is beside the game: nothing said changes it."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from owsqt.network.chat import ENTRY, HEX, ChatLine
from owsqt.qt.bridge import SessionBridge


class ChatDock(QDockWidget):
    """The room's messages and the line to write one."""

    def __init__(
        self,
        parent: QWidget,
        hexes: frozenset[str],
        say: Callable[[str], object],
        show_hex: Callable[[str], None],
        show_entry: Callable[[int], None],
    ) -> None:
        super().__init__("Room", parent)
        self._hexes, self._say = hexes, say
        self._show_hex, self._show_entry = show_hex, show_entry
        body = QWidget(self)
        self.lines = QTextBrowser(body)
        self.lines.setOpenLinks(False)
        self.lines.anchorClicked.connect(self._followed)
        self.lines.setToolTip("The room's messages: a hex or an entry (#123) they cite is a link")
        self.entry = QLineEdit(body)
        self.entry.setPlaceholderText("Say something (a hex: 2539, an entry: #12)")
        self.entry.returnPressed.connect(self._send)
        send = QPushButton("Say", body)
        send.clicked.connect(self._send)
        row = QHBoxLayout()
        row.addWidget(self.entry)
        row.addWidget(send)
        layout = QVBoxLayout(body)
        layout.addWidget(self.lines)
        layout.addLayout(row)
        self.setWidget(body)

    def add(self, line: ChatLine) -> None:
        """Show one message, its citations as links."""
        self.lines.append(f"<b>{escape(line.sender)}</b>: {self._linked(line.words)}")

    def _linked(self, words: str) -> str:
        hexes = self._hexes

        def hex_link(found: str) -> str:
            return f'<a href="hex:{found}">{found}</a>' if found in hexes else found

        text = escape(words)
        text = ENTRY.sub(lambda m: f'<a href="entry:{m[1]}">#{m[1]}</a>', text)
        return HEX.sub(lambda m: hex_link(m[1]), text)

    def _followed(self, url: QUrl) -> None:
        kind, _, what = url.toString().partition(":")
        if kind == "hex":
            self._show_hex(what)
        elif kind == "entry" and what.isdigit():
            self._show_entry(int(what))

    def _send(self) -> None:
        words = self.entry.text().strip()
        if words:
            self._say(words)
            self.entry.clear()


class RoomChat:
    """The chat dock of the room the table plays or watches through, made when first shown
    (`name`: its object name), emptied for each room; `follow` adds the lines not shown."""

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        centre: Callable[[str], None],
        say: Callable[[str], object],
        name: str,
    ) -> None:
        self._window, self._bridge, self._centre, self._say = window, bridge, centre, say
        self._name = name
        self.dock: ChatDock | None = None
        self._shown = 0

    def open(self) -> None:
        if self.dock is None:
            self.dock = ChatDock(
                self._window,
                frozenset(self._bridge.ruleset.grid.ids()),
                self._say,
                self._centre,
                lambda entry: self._bridge.watch(entry, entry),
            )
            self.dock.setObjectName(self._name)
            self._window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.lines.clear()
        self._shown = 0
        self.dock.show()

    def close(self) -> None:
        if self.dock is not None:
            self.dock.hide()

    def follow(self, lines: list[ChatLine]) -> None:
        """Show the lines of `lines` (all the room's read so far) not shown yet."""
        if self.dock is not None:
            for line in lines[self._shown :]:
                self.dock.add(line)
        self._shown = len(lines)
