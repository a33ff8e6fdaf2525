"""One drag of units over the map, from the press to a drop or a cancel (8.1-8.4, 11.7).

A stack picked up on the map (`press`) or units carried in from the Arrivals dock (`enter`)
begin the gesture; the MoveController shows its reach, and at each hex the pointer crosses
the path and bill, or the hasty attack's bill (8.4), asking the rules through `DropAnswers`;
the drop (`drop_on_hex`, `drop_at`) takes that answer for the hex it ends on, asks whether
to attack when it is a hasty attack, and emits the one action the gesture asks for
(`acted`: MoveStack, PlaceUnits, HastyAttack) or says why it asks for none (`cancelled`).
The rules decide; this only follows the gesture."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, Signal

from owsqt.qt.bridge import SessionBridge
from owsqt.qt.map.mapitem import SCENE_LAYOUT
from owsqt.qt.movement.control import MoveController
from owsqt.rules.combat.offers import HastyOffer
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.movement.moveaction import movable_units

OFF_THE_MAP = "Off the map: the counters stay where they were"
OFF_THE_MAP_FROM_DOCK = "Off the map: the units stay where they were"
NOT_IN_GAME = "These units are not in this game"


class StackDrag(QObject):
    """The gesture of moving units by hand on the map."""

    acted = Signal(object)  # the Action the drop asks for
    cancelled = Signal(str)  # no action: why, for the status bar ("": nothing to say)

    def __init__(
        self,
        moves: MoveController,
        bridge: SessionBridge,
        attack: Callable[[HastyOffer], bool],
        restore: Callable[[], None],
    ) -> None:
        """`attack` asks the player whether to make a hasty attack (combat/hastyask.py);
        `restore` puts the counters back where the state has them."""
        super().__init__(moves)
        self.moves, self._bridge = moves, bridge
        self._attack, self._restore = attack, restore
        self.carried: tuple[str, ...] = ()  # the units of the gesture under way

    def pickable(self, hex_: Hex, stack: tuple[str, ...]) -> tuple[str, ...]:
        """The units of a stack a press picks up: under the rules, those that may move now."""
        if not self.moves.rules_apply():
            return ()
        session = self._bridge.session
        return movable_units(session.ruleset, session.state, hex_)

    # --- the gesture ------------------------------------------------------------------------

    def press(self, units: tuple[str, ...]) -> None:
        """A stack (or one unit of it) picked up on the map: its reach shows."""
        self.carried = units
        self.moves.begin_drag(units)

    def enter(self, units: tuple[str, ...]) -> None:
        """Units carried in from the Arrivals dock: their entry hexes and reach show."""
        self.carried = units
        self.moves.begin_entry(units)

    def cancel(self) -> None:
        """The gesture is over with nothing asked (left the map, another game)."""
        self.carried = ()
        self.moves.end_gesture()

    def drop_on_hex(self, units: tuple[str, ...], target: Hex) -> None:
        """Units carried on the map let go over `target`: refused moves snap back, applied
        ones land on the hex."""
        if not self._bridge.ruleset.grid.contains(target):
            self._give_up(OFF_THE_MAP)
            self._restore()
            return
        self._drop(units, target)
        self._restore()

    def drop_at(self, units: tuple[str, ...], point: QPointF) -> None:
        """Units carried in from a dock let go at the scene's `point`."""
        target = SCENE_LAYOUT.hex_at_point(point.x(), point.y())
        if not self._bridge.ruleset.grid.contains(target) or not units:
            self._give_up(OFF_THE_MAP_FROM_DOCK)
        elif any(u not in self._bridge.session.state.units for u in units):
            self._give_up(NOT_IN_GAME)
        else:
            self._drop(units, target)

    def _drop(self, units: tuple[str, ...], target: Hex) -> None:
        """[8.4] On the enemy next to the stack, a hasty attack if the player makes it;
        else the move the rules make of the drop (none where the units stand)."""
        moves = self.moves
        offer = moves.answers.offer(units, target)
        if offer is not None:
            self.cancel()
            if self._attack(offer):
                self.acted.emit(offer.action)
            else:
                self.cancelled.emit("")
            return
        action = moves.answers.move(units, target, administrative=moves.administrative)
        self.cancel()
        if action is None:
            self.cancelled.emit("")  # dropped where it stands
        else:
            self.acted.emit(action)

    def _give_up(self, why: str) -> None:
        self.cancel()
        self.cancelled.emit(why)
