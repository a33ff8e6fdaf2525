"""Two players at one computer (hot-seat play): when the player who acts changes, the computer
is handed to the other, who says he has it before he acts. The secret bids of planned attacks
(6.1) hand it over through the same question, and the table remembers who was handed it, so
that one change of player never asks twice.

With the fog of war (18.1) the question is a curtain over the whole table (play/curtain.py):
nothing of the new player's view is drawn, and nothing of the last player's stays in sight,
until the new player says he has the computer; then the table is drawn for his side
(`bridge.seat`). Without it, a message box asks, over the table.

Solitaire and e-mail games have one player at each computer: they never hand over."""

from __future__ import annotations

from PySide6.QtCore import QEventLoop, QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.play.curtain import Curtain
from owsqt.qt.play.stephint import words
from owsqt.rules.actors import who_acts
from owsqt.rules.core.steps import Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.fog.option import fog_on
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.session.play import HotSeatPlay


def hand_over(
    parent: QWidget | None, player: Player, why: str, *, may_cancel: bool = False
) -> bool:
    """Ask for the computer to go to `player`; True once he says he has it, False when he
    cancels (only with `may_cancel`). The hot seat of `parent`, if any, learns who sits;
    with the fog of war it asks behind its curtain."""
    seat = HotSeat.of(parent)
    if seat is not None and seat.fogged():
        return seat.wait_for(player, why, may_cancel=may_cancel)
    box = QMessageBox(
        QMessageBox.Icon.Information,
        f"Hand over to the {player.title} player",
        f"Hand the computer to the {player.title} player.\n\n{why}",
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    taken = box.addButton(f"I am the {player.title} player", QMessageBox.ButtonRole.AcceptRole)
    taken.setToolTip(f"The {player.title} player has the computer now")
    if may_cancel:
        box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(taken)
    box.exec()
    if box.clickedButton() is not taken:
        return False
    if seat is not None:
        seat.seated = player
    return True


class HotSeat(QObject):
    """Who has the computer in a hot-seat game; `follow()` after every change of the game
    hands it over when the player who acts is not the one who has it. `seated` and the
    bridge's `seat` (whose eyes the table draws for, 18.1) always agree."""

    def __init__(self, window: QWidget, bridge: SessionBridge) -> None:
        super().__init__(window)
        self._window, self._bridge = window, bridge
        self._seated: Player | None = None
        self.curtain = Curtain(window)
        self.curtain.taken.connect(self._taken)
        self.curtain.covering.connect(self._tell_session)
        self.restart()

    @staticmethod
    def of(widget: QWidget | None) -> HotSeat | None:
        """The hot seat of a window (None for a widget without one)."""
        return widget.findChild(HotSeat) if widget is not None else None

    @property
    def seated(self) -> Player | None:
        return self._seated

    @seated.setter
    def seated(self, player: Player | None) -> None:
        self._seated = player
        self._bridge.seat = player

    def shared(self) -> bool:
        """Whether two players share this computer (hot-seat play)."""
        return self._bridge.session.players.share_the_computer

    def fogged(self) -> bool:
        """[18.1] Whether the players at this computer may not see each other's table: a
        hot-seat game with the fog of war, not turned off in free play."""
        session = self._bridge.session
        if not self.shared() or not fog_on(session.state):
            return False
        return not (self._bridge.show_all and session.mode is Mode.FREE)

    def restart(self) -> None:
        """A game was put on the table: whoever acts in it now has the computer; with the
        fog of war he says so first, behind the curtain."""
        self.curtain.lift()
        state = self._bridge.session.state
        # Both bid (6.1) or nobody acts: the bids hand over themselves, and the table is
        # never drawn for nobody (a seat of None shows everything, 18.1).
        player = self._acting() or state.active or self._seated or Player.SOVIET
        self.seated = player
        if self.fogged():
            self.curtain.cover(player, f"The {player.title} player acts: {words(state.segment)}.")

    def follow(self) -> None:
        """After an action, an undo or a redo: hand over if another player alone acts now
        (the defender in his combat steps too, 11.2)."""
        state = self._bridge.session.state
        if state.segment is Segment.INITIATIVE_DETERMINATION and not determined_this_turn(state):
            return  # the bid dialog hands over for each secret bid itself (6.1)
        player = self._acting()
        if not self.shared() or player is None or player is self.seated:
            return
        why = f"The {player.title} player acts next: {words(state.segment)}."
        if self.fogged():  # the table stays drawn for who sits until the curtain is lifted
            if not (self.curtain.covers() and self.curtain.player is player):
                self.curtain.cover(player, why)
            return
        hand_over(self._window, player, why)
        self.seated = player

    def _acting(self) -> Player | None:
        """The one player who acts now, or None when both or nobody do."""
        acting = who_acts(self._bridge.ruleset, self._bridge.session.state)
        return next(iter(acting)) if len(acting) == 1 else None

    def wait_for(self, player: Player, why: str, *, may_cancel: bool = False) -> bool:
        """[18.1] Cover the table until `player` says he has the computer (True) or, with
        `may_cancel`, the hand-over is cancelled (False): the secret bids' question (6.1)."""
        loop = QEventLoop(self)
        answer: list[bool] = []

        def done(taken: bool) -> None:
            answer.append(taken)
            loop.quit()

        on_taken = self.curtain.taken.connect(lambda _: done(True))
        on_cancel = self.curtain.cancelled.connect(lambda: done(False))
        try:
            self.curtain.cover(player, why, may_cancel=may_cancel)
            if not answer:
                loop.exec()
        finally:
            self.curtain.taken.disconnect(on_taken)
            self.curtain.cancelled.disconnect(on_cancel)
        return bool(answer and answer[0])

    def _tell_session(self, player: Player | None) -> None:
        """[18.1] The session refuses every action while the curtain is down, whatever a
        window lets through (session/play.py); lifted, the table says again what may be
        done (Undo's reason was the curtain's)."""
        players = self._bridge.session.players
        if not isinstance(players, HotSeatPlay) or players.handed_to is player:
            return
        players.handed_to = player
        if player is None:
            self._bridge.refresh()

    def _taken(self, player: Player) -> None:
        """The curtain is lifted: the table is drawn for the player who has the computer."""
        self.seated = player
