"""The Ring Forces panel (5.2): the three Soviet Ring armies, whether each was attacked
since the last Soviet Ring Forces Segment, a Roll button for each attacked army with the
odds of a release, the roll it got, and then the pieces one release may free, by hex (a
click releases one). Every button's and line's tooltip is the rules' verdict on its
action; the panel decides nothing itself."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from owsqt.rules.core.actions import Action, ReleaseRingUnit, RollRingRelease
from owsqt.rules.core.dice import DIE_SIDES
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge
from owsqt.rules.fog.view import SideView, whole
from owsqt.rules.pocket.ring import (
    RELEASE_ROLL,
    army_name,
    releasable,
    releases_due,
    ring_armies,
)
from owsqt.rules.scenario.ruleset import Ruleset

ACTION_ROLE = Qt.ItemDataRole.UserRole  # the action a click on the line sends
HEX_ROLE = Qt.ItemDataRole.UserRole + 1  # a hex line: its hex
_REFUSED = QColor("#8a8272")
CHANCES = DIE_SIDES - RELEASE_ROLL + 1  # rolls of 8, 9 and 10 on the ten-sided die
ODDS = f"{RELEASE_ROLL}+ on the die: {CHANCES} in {DIE_SIDES}"
WAITING = (
    "In the Soviet Ring Forces Segment (Stalingrad Pocket Phase) the Soviet player rolls for "
    f"each Ring army attacked since the last one; {ODDS} releases one of its pieces (5.2)."
)
HINT = (
    f"Roll for each attacked army ({ODDS}); after a release roll, click the piece to free "
    "it. Released pieces and Ring units forced to retreat may move now (5.2)."
)


class RingPanel(QWidget):
    """The Ring armies, their rolls, and the pieces a release may free."""

    chosen_changed = Signal()  # another hex line (or none) is chosen

    def __init__(self, ruleset: Ruleset, send: Callable[[Action], None]) -> None:
        super().__init__()
        self.setObjectName("ringPanel")
        self.ruleset, self._send = ruleset, send
        self.state: GameState | None = None
        self.seen: SideView  # set by show_state (18.1)
        self.note = QLabel(WAITING)
        self.note.setWordWrap(True)
        grid = QGridLayout()
        self.states: dict[str, QLabel] = {}
        self.rolls: dict[str, QPushButton] = {}
        for row, army in enumerate(ring_armies(ruleset)):
            name = QLabel(f"<b>{army_name(ruleset, army)}</b>")
            status = QLabel()
            status.setObjectName(f"ringStatus-{army}")
            button = QPushButton(f"Roll ({RELEASE_ROLL}+)")
            button.setObjectName(f"ringRoll-{army}")
            button.clicked.connect(lambda _=False, a=army: self._roll(a))
            grid.addWidget(name, row, 0)
            grid.addWidget(status, row, 1)
            grid.addWidget(button, row, 2)
            self.states[army], self.rolls[army] = status, button
        grid.setColumnStretch(1, 1)
        self.pieces = QTreeWidget()
        self.pieces.setObjectName("ringPieces")
        self.pieces.setHeaderHidden(True)
        self.pieces.setToolTip("The pieces a release may free, by hex: a click releases one")
        self.pieces.itemClicked.connect(self._on_clicked)
        self.pieces.currentItemChanged.connect(lambda *_: self.chosen_changed.emit())
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(grid)
        layout.addWidget(self.pieces, 1)

    # --- showing the state ------------------------------------------------------------------

    def show_state(self, state: GameState, seen: SideView | None = None) -> None:
        """Show `state`; `seen` is what the table's viewer may know of it (18.1)."""
        self.state = state
        self.seen = seen or whole(state)
        open_ = state.segment is Segment.SOVIET_RING_FORCES
        self.note.setText(HINT if open_ else WAITING)
        for army, button in self.rolls.items():
            self.states[army].setText(self._status(state, army))
            action = RollRingRelease(player=Player.SOVIET, army=army)
            verdict = judge(self.ruleset, state, action).violations
            button.setEnabled(open_ and not verdict)
            button.setToolTip(
                "\n".join(f"{v.rule}: {v.message}" for v in verdict)
                if verdict
                else f"Roll the die for the {army_name(self.ruleset, army)}: {ODDS} "
                "releases one of its pieces (5.2)"
            )
        self.pieces.clear()
        if open_:
            for army in releases_due(state):
                self._list_pieces(state, army)
            self.pieces.expandAll()

    def _status(self, state: GameState, army: str) -> str:
        ring = state.ring
        roll = ring.rolls.get(army)
        if army in ring.freed:
            freed = ring.freed[army]
            if not self.seen.knows(freed):  # 18.1: which piece is the Soviet player's secret
                return f"rolled {roll}: released a piece"
            return f"rolled {roll}: released {self.ruleset.unit_name(freed)}"
        if roll is not None and roll >= RELEASE_ROLL:
            return f"rolled {roll}: release one piece below"
        if roll is not None:
            return f"rolled {roll}: no release"
        if army in ring.attacked:
            return f"attacked: may roll ({CHANCES} in {DIE_SIDES})"
        return "not attacked"

    def _list_pieces(self, state: GameState, army: str) -> None:
        heading = QTreeWidgetItem([f"Release one piece of the {army_name(self.ruleset, army)}"])
        font = heading.font(0)
        font.setBold(True)
        heading.setFont(0, font)
        heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.pieces.addTopLevelItem(heading)
        by_hex: dict[Hex, list[str]] = {}
        for unit_id in releasable(self.ruleset, state, army):
            if not self.seen.knows(unit_id):
                continue  # 18.1: the German player sees only the top of a stack
            hex_ = state.units[unit_id].hex
            if hex_ is not None:
                by_hex.setdefault(hex_, []).append(unit_id)
        grid = self.ruleset.grid
        for hex_ in sorted(by_hex, key=grid.id_of):
            place = QTreeWidgetItem([f"on {grid.id_of(hex_)}"])
            place.setData(0, HEX_ROLE, hex_)
            heading.addChild(place)
            for unit_id in by_hex[hex_]:
                place.addChild(self._line(state, unit_id))

    def _line(self, state: GameState, unit_id: str) -> QTreeWidgetItem:
        action = ReleaseRingUnit(player=Player.SOVIET, unit=unit_id)
        item = QTreeWidgetItem([self.ruleset.unit_name(unit_id)])
        item.setData(0, ACTION_ROLE, action)
        violations = judge(self.ruleset, state, action).violations
        if violations:
            item.setToolTip(0, "\n".join(f"{v.rule}: {v.message}" for v in violations))
            item.setForeground(0, QBrush(_REFUSED))
        else:
            item.setToolTip(0, "Click to release it: it may move now and is free from now on")
        return item

    # --- choosing ---------------------------------------------------------------------------

    def piece_hexes(self) -> list[Hex]:
        """[5.2] The hexes of the pieces a release may free, for the map to shade."""
        return [place.data(0, HEX_ROLE) for place in self._places()]

    def _places(self) -> list[QTreeWidgetItem]:
        """The hex lines under every army's heading."""
        root = self.pieces.invisibleRootItem()
        places: list[QTreeWidgetItem] = []
        for i in range(root.childCount()):
            heading = root.child(i)
            if heading is None:
                continue
            places.extend(place for j in range(heading.childCount()) if (place := heading.child(j)))
        return places

    def choose_hex(self, hex_: Hex) -> bool:
        """A shaded hex clicked on the map: its pieces' line comes forward in the list."""
        for place in self._places():
            if place.data(0, HEX_ROLE) == hex_:
                self.pieces.setCurrentItem(place)
                self.pieces.scrollToItem(place)
                return True
        return False

    def _roll(self, army: str) -> None:
        self._send(RollRingRelease(player=Player.SOVIET, army=army))

    def _on_clicked(self, item: QTreeWidgetItem) -> None:
        action = item.data(0, ACTION_ROLE)
        if isinstance(action, Action):
            self._send(action)
