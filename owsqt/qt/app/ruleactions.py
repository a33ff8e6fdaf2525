"""The Game menu's actions of the sequence of play, each enabled in its step: declaring
planned attacks at one screen (6.1), mechanized combat before movement (7.2), and
administrative movement for the next moves (8.3)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from owsqt.qt.app.menurules import explain, why_not
from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play import initiativedialog
from owsqt.qt.play.stephint import ADMINISTRATIVE_KEYS, DECLARE_KEYS, ORDER_KEYS
from owsqt.rules.core.actions import ChooseSegmentOrder, DeclareAttacks
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.turn.initiative import determined_this_turn, may_choose_order
from owsqt.rules.turn.sequence import MOVEMENT_SEGMENTS


class RuleActions(QObject):
    """Three QActions and what they do; `refresh()` follows the session's step."""

    def __init__(
        self,
        parent: QWidget,
        bridge: SessionBridge,
    ) -> None:
        super().__init__(parent)
        self._parent, self._bridge = parent, bridge
        self._segment: tuple | None = None
        self.declare = QAction("&Declare planned attacks…", parent)
        self.declare.setShortcut(QKeySequence(DECLARE_KEYS))
        self.declare.setToolTip(
            "Each player in turn secretly bids his planned attacks; then the die decides the "
            "initiative (6.1)"
        )
        self.declare.triggered.connect(self.declare_attacks)
        self.order = QAction("&Mechanized combat before movement (7.2)", parent)
        self.order.setShortcut(QKeySequence(ORDER_KEYS))
        self.order.setCheckable(True)
        self.order.setToolTip(
            "This player phase: resolve the mechanized combat segment before the mechanized "
            "movement segment (7.2); chosen before they begin"
        )
        self.order.triggered.connect(self.choose_combat_first)
        self.administrative = QAction("&Administrative movement (8.3)", parent)
        self.administrative.setShortcut(QKeySequence(ADMINISTRATIVE_KEYS))
        self.administrative.setCheckable(True)
        self.administrative.setToolTip(
            "The next moves are administrative: up to 1.5 times the movement allowance, but "
            "never next to enemy units, not in interdiction zones, and not for disrupted "
            "units (8.3)"
        )

    def _say(self, text: str) -> None:
        self._bridge.say(text, 10000)  # long enough to read a sentence

    def actions(self) -> list[QAction]:
        return [self.declare, self.order, self.administrative]

    def refresh(self) -> None:
        """Enable each action in its step; a new segment starts with ordinary movement."""
        session = self._bridge.session
        state = session.state
        segment = (id(session), state.turn, state.phase, state.segment)
        if segment != self._segment:
            self._segment = segment
            self.administrative.setChecked(False)
        self.declare.setEnabled(
            state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state)
        )
        self.order.setChecked(state.combat_first)
        self.order.setEnabled(may_choose_order(state))
        self.administrative.setEnabled(
            session.mode is not Mode.FREE and state.segment in MOVEMENT_SEGMENTS
        )
        self._explain(session.ruleset, state, session.mode)

    def _explain(self, ruleset, state, mode: Mode) -> None:
        """A greyed action's tooltip says why, in the engine's words where it has them."""
        declare = None
        if not self.declare.isEnabled():
            declare = (
                "the initiative of this turn is determined (6.1)"
                if determined_this_turn(state)
                else why_not(ruleset, state, DeclareAttacks(planned=0))
                or "only in the Initiative Determination Segment (6.1)"
            )
        order = None
        if not self.order.isEnabled():
            order = (
                "chosen for this player phase (7.2)"
                if state.combat_first
                else why_not(ruleset, state, ChooseSegmentOrder(combat_first=True))
                or "only before the phasing player's mechanized segments (7.2)"
            )
        administrative = None
        if not self.administrative.isEnabled():
            administrative = (
                "FREE play moves counters by hand, with no kind of movement"
                if mode is Mode.FREE
                else "only in a movement segment (8.3)"
            )
        explain(self.declare, declare)
        explain(self.order, order)
        explain(self.administrative, administrative)

    def declare_attacks(self) -> None:
        """[6.1] Hot seat: each player who has not declared gets the screen in turn, types
        his bid, and it is submitted at once; the die decides when both have."""
        for player in (Player.GERMAN, Player.SOVIET):
            session = self._bridge.session
            state = session.state
            if state.segment is not Segment.INITIATIVE_DETERMINATION or determined_this_turn(state):
                return
            if (
                player in state.initiative.planned_attacks
                or player.value in session.players.open_seals  # e-mail: bid made, sealed
                or player.value not in session.players.local_sides  # e-mail: the opponent's bid
            ):
                continue
            if not initiativedialog.hand_over(self._parent, player):
                return
            planned = initiativedialog.ask_planned_attacks(self._parent, player)
            if planned is None:
                return
            outcome = self._bridge.submit(DeclareAttacks(player=player, planned=planned))
            if outcome is None or not outcome.applied:
                return
        session = self._bridge.session
        state = session.state
        if session.players.open_seals and session.players.waiting_for_opponent():
            self._say("Your bid is sealed until both have bid: send your file to your opponent")
        if determined_this_turn(state) and state.initiative.holder is not None:
            holder = state.initiative.holder.title
            self._say(f"The {holder} player holds the initiative and moves first (6.1)")

    def choose_combat_first(self) -> None:
        self._bridge.submit(ChooseSegmentOrder(combat_first=True))
