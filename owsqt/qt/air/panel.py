"""The air panel above the charts: the page of the Air Operations segment under way
(allocation 4.3, air battles 4.4, ground attack 4.6, interdiction 4.5), whose turn it is
in his side's colour, the page's buttons in a footer and a refusal under them."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from owsqt.qt.air.airpage import AirPage
from owsqt.qt.air.allocpage import AllocationPage
from owsqt.qt.air.battlepage import BattlePage
from owsqt.qt.air.strikepage import GroundAttackPage, InterdictionPage
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.kit.page import rich_label
from owsqt.qt.kit.seatline import told_of_computer
from owsqt.qt.kit.text import SIDE_COLOURS, outcome_html
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.engine import Outcome
from owsqt.rules.fog.view import SideView
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.session import GameSession

Send = Callable[[Action], tuple[Outcome | None, str]]


class AirPanel(QWidget):
    """The air segment's page and its buttons."""

    charts_changed = Signal()  # the draft changed: the charts are drawn again

    def __init__(self, bridge: SessionBridge, send: Send, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("airPanel")
        self.ruleset: Ruleset = bridge.ruleset
        self._bridge, self._send = bridge, send
        self._state: GameState | None = None
        self.actor = rich_label("airActor")
        self.actor.setFrameShape(QFrame.Shape.StyledPanel)
        self.allocation = AllocationPage(self)
        self.battle = BattlePage(self)
        self.ground_attack = GroundAttackPage(self)
        self.interdiction = InterdictionPage(self)
        self.pages: dict[Segment, AirPage] = {
            Segment.AIR_ALLOCATION: self.allocation,
            Segment.AIR_COMBAT: self.battle,
            Segment.AIR_BOMBARDMENT: self.ground_attack,
            Segment.INTERDICTION: self.interdiction,
        }
        self.message = rich_label("airMessage")
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.actor)
        footer = QFrame()
        footer.setObjectName("airFooter")
        footer.setFrameShape(QFrame.Shape.StyledPanel)
        bottom = QVBoxLayout(footer)
        bottom.setContentsMargins(6, 4, 6, 4)
        for page in self.pages.values():
            column.addWidget(page)
            bottom.addWidget(page.bar)
            page.hide()
            page.bar.hide()
        column.addStretch(1)
        bottom.addWidget(self.message)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # text wraps
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(scroll, 1)
        layout.addWidget(footer)
        self.page: AirPage | None = None

    @property
    def session(self) -> GameSession:
        return self._bridge.session

    def show_state(self) -> None:
        """The page of the segment under way (none outside the air segments)."""
        state = self.session.state
        if state is self._state:
            return
        self._state = state
        self.message.hide()
        page = self.pages.get(state.segment)
        if self.page is not None and page is not self.page:
            self.page.hide()
            self.page.bar.hide()
        self.page = page
        if page is None:
            self.actor.hide()
            return
        page.load()
        page.show()
        page.bar.show()
        player, line = page.actor()
        line = told_of_computer(line, player, self.session.seat)
        colour = SIDE_COLOURS.get(player, "#444") if player is not None else "#444"
        self.actor.setText(f"<div style='color:{colour}; font-weight:bold'>{escape(line)}</div>")
        self.actor.setStyleSheet(
            f"QLabel#airActor {{ background: #fff8e6; border: 2px solid {colour};"
            " border-radius: 4px; padding: 4px; }"
        )
        self.actor.show()

    def pick(self, hex_: Hex) -> bool:
        return self.page is not None and self.page.isVisible() and self.page.pick(hex_)

    def redraw_charts(self) -> None:
        self.charts_changed.emit()

    def seen(self) -> SideView:
        """[18.1] What the side at the table may know of the game now."""
        return self._bridge.seen()

    def send(self, action: Action) -> Outcome | None:
        """Submit; a refusal or the rules broken stay under the buttons, with numbers."""
        outcome, message = self._send(action)
        shown = outcome_html(outcome, message)
        self.message.setVisible(shown is not None)
        self.message.setText(shown or "")
        return outcome
