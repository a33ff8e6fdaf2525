"""What two players by e-mail make in secret: the first bid of planned attacks of a turn
(6.1) and the first air allocation of a turn, the Soviet side's (4.3 step 1). Each is
sealed in the file, a commitment the opponent cannot read, and shown by its owner's
program once the opponent has made his own; until then an allocation stands in the game
as made but sealed (AllocateAir.sealed), a bid not at all."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.core.actions import Action, AllocateAir, DeclareAttacks
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState


@dataclass(frozen=True, slots=True)
class Secret:
    """How a secret action is named and judged: its rule and what it is, in words."""

    rule: str
    what: str


BID = Secret("6.1", "bid of planned attacks")
ALLOCATION = Secret("4.3", "air allocation")


def kind_of(action: Action) -> Secret | None:
    """The kind of secret `action` is when made first (a bid, an allocation)."""
    if isinstance(action, DeclareAttacks):
        return BID
    if isinstance(action, AllocateAir) and not action.sealed:
        return ALLOCATION
    return None


def to_seal(action: Action, before: GameState) -> Secret | None:
    """[6.1, 4.3] The secret `action` is, if it is the first of its kind this turn (the
    opponent has not made his own yet)."""
    if action.player is None:
        return None
    opponent = action.player.opponent
    if isinstance(action, DeclareAttacks):
        planned = before.initiative.planned_attacks
        return BID if opponent not in planned and action.player not in planned else None
    if isinstance(action, AllocateAir) and not action.sealed and not before.air.allocated:
        return ALLOCATION
    return None


def stand_in(action: Action) -> Action | None:
    """What the game applies while `action` is sealed: an allocation is made, its boxes
    unshown (4.3); a bid is not applied at all (6.1)."""
    if isinstance(action, AllocateAir):
        return replace(action, missions=FrozenMap(), sealed=True)
    return None


def may_show(action: Action, state: GameState) -> bool:
    """Whether the sealed `action` may be shown now: the opponent has made his own."""
    if action.player is None:
        return False
    opponent = action.player.opponent
    if isinstance(action, DeclareAttacks):
        return opponent in state.initiative.planned_attacks
    if isinstance(action, AllocateAir):
        air = state.air
        return opponent in air.allocated and action.player in air.sealed
    return False
