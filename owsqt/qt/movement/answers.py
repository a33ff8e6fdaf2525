"""What the rules say a drop of units on one hex would be, asked once per target: the
question the hover asks for its bill (a hasty attack there? 8.4) is kept for the drop on
that hex, so a gesture asks the rules once for the hex it ends on."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.qt.bridge import SessionBridge
from owsqt.rules.combat.offers import HastyOffer, hasty_offer
from owsqt.rules.core.actions import Action
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode
from owsqt.rules.movement.moveplan import drop_action


@dataclass(frozen=True)
class _Asked:
    state: GameState
    mode: Mode
    units: tuple[str, ...]
    target: Hex
    offer: HastyOffer | None


class DropAnswers:
    """The rules' answer for the last target asked about, while the game stands still."""

    def __init__(self, bridge: SessionBridge) -> None:
        self._bridge = bridge
        self._last: _Asked | None = None

    def offer(self, units: tuple[str, ...], target: Hex) -> HastyOffer | None:
        """[8.4, 11.1] The hasty attack a drop of `units` on `target` offers, or None: the
        drop is a move."""
        session = self._bridge.session
        state, mode, last = session.state, session.mode, self._last
        if (
            last is None
            or last.state is not state
            or last.mode is not mode
            or last.units != units
            or last.target != target
        ):
            offer = hasty_offer(session.ruleset, state, mode, units, target)
            self._last = last = _Asked(state, mode, units, target, offer)
        return last.offer

    def move(self, units: tuple[str, ...], target: Hex, *, administrative: bool) -> Action | None:
        """[8.1-8.3] The move a drop of `units` on `target` asks for: by hand in free play and
        set-up, else a MoveStack along the path shown; None when dropped where they stand."""
        session = self._bridge.session
        return drop_action(
            session.ruleset,
            session.state,
            session.mode,
            units,
            target,
            administrative=administrative,
        )
