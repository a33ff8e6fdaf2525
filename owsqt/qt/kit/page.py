"""The base of a panel's pages (the Combat panel's 11.2-12.4, the air panel's 4.3-4.6): a
page shows one situation and its buttons, and sends its actions through the panel that shows
it, its host, which keeps the page's bar of buttons in view under its scrolling part.
`button` and `rich_label` make the widgets the pages are built of."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.core.actions import Action
from owsqt.rules.engine import Outcome
from owsqt.rules.scenario.ruleset import Ruleset


class PageHost(Protocol):
    """What every page needs of the panel that shows it; a feature's pages ask more of
    theirs, and know no more of it, so the panel may import them without a cycle."""

    ruleset: Ruleset

    def send(self, action: Action) -> Outcome | None: ...


HostT = TypeVar("HostT", bound=PageHost)


def button(text: str, tooltip: str, name: str) -> QPushButton:
    widget = QPushButton(text)
    widget.setToolTip(tooltip)
    widget.setProperty("tip", tooltip)  # what `Page.forget` puts back
    widget.setObjectName(name)
    return widget


def rich_label(name: str = "") -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    if name:
        label.setObjectName(name)
    return label


class Page(QWidget, Generic[HostT]):
    """One situation of a panel: its widgets in `layout_`, its buttons in `bar`."""

    def __init__(self, host: HostT) -> None:
        super().__init__()
        self.host = host
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.bar = QWidget()

    @property
    def ruleset(self) -> Ruleset:
        return self.host.ruleset

    def forget(self) -> None:
        """Drop what the page showed of the situation it was loaded for, when another page
        takes its place: [18.1] the units a combat revealed go dark again when it ends,
        and no hidden widget keeps their names or strengths. Loading fills it again."""
        for widget in (self, self.bar):
            for label in widget.findChildren(QLabel):
                if label.objectName():  # the page's own texts; a form's labels stay
                    label.clear()
            for combo in widget.findChildren(QComboBox):
                blocked = combo.blockSignals(True)
                combo.clear()
                combo.blockSignals(blocked)
            for items in widget.findChildren(QListWidget):
                blocked = items.blockSignals(True)
                items.clear()
                items.blockSignals(blocked)
            for push in widget.findChildren(QPushButton):
                tip = push.property("tip")
                if isinstance(tip, str):
                    push.setToolTip(tip)

    def buttons(self, *widgets: QWidget) -> None:
        """The page's buttons, in a bar the panel keeps in view under its scrolling part."""
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget)
        row.addStretch(1)
