"""What two players by e-mail make in secret: the bid of planned attacks of a turn (6.1) and
the first air allocation of a turn, the Soviet side's (4.3 step 1). Each is sealed in the
file, a commitment the opponent cannot read, and shown by its owner's program once the
opponent has made his own; until then an allocation stands in the game as made but sealed
(AllocateAir.sealed), a bid not at all.

Either may also be sealed ahead (`ahead_turn`), in any file its player sends before the
step it is for: shown once the opponent's for that turn is in, and made at its step by
whichever program holds the game then (sealedbids.py); an allocation sealed ahead is made
with the air units of it still ready then (`fitted`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from owsqt.rules.air.allocation import STEP_THREE, allocation_step
from owsqt.rules.air.charts import box_problem
from owsqt.rules.core.actions import Action, AllocateAir, DeclareAttacks
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.vocabulary import AirBox, Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.initiative import determined_this_turn


@dataclass(frozen=True, slots=True)
class Secret:
    """How a secret action is named and judged: its rule, what it is in words, and its
    word in a seal made ahead (`+ for WORD TURN`)."""

    rule: str
    what: str
    word: str


BID = Secret("6.1", "bid of planned attacks", "bid")
ALLOCATION = Secret("4.3", "air allocation", "air")
SECRETS = {secret.word: secret for secret in (BID, ALLOCATION)}


def kind_of(action: Action) -> Secret | None:
    """The kind of secret `action` is when made first (a bid, an allocation)."""
    if isinstance(action, DeclareAttacks):
        return BID
    if isinstance(action, AllocateAir) and not action.sealed:
        return ALLOCATION
    return None


def of_step(state: GameState) -> Secret | None:
    """The kind of secret the current step makes (the one a seal made in it is)."""
    if state.segment is Segment.INITIATIVE_DETERMINATION:
        return BID
    if state.segment is Segment.AIR_ALLOCATION:
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
    """Whether the allocation sealed at its step may be shown now: the opponent has made
    his own (4.3, before step 3)."""
    if not isinstance(action, AllocateAir) or action.player is None:
        return False
    air = state.air
    return action.player.opponent in air.allocated and action.player in air.sealed


def due(ruleset: Ruleset, secret: Secret, turn: int, side: Player, state: GameState) -> bool:
    """Whether `side`'s `secret` for `turn` is to be made now: its step has come and he has
    not made it."""
    if turn != state.turn:
        return False
    if secret is ALLOCATION:
        step = allocation_step(ruleset, state)
        return (
            state.segment is Segment.AIR_ALLOCATION
            and step is not None
            and step[0] is side
            and step[1] != STEP_THREE
            and side not in state.air.allocated
        )
    return (
        not determined_this_turn(state)
        and state.segment is Segment.INITIATIVE_DETERMINATION
        and side not in state.initiative.planned_attacks
    )


def live(secret: Secret, turn: int, state: GameState) -> bool:
    """Whether the step of `secret` for `turn` is still to come or under way (a seal made
    ahead for a step that passed, its air units grounded by the weather (4.2), lapses)."""
    if state.phase is Phase.GAME_OVER or turn < state.turn:
        return False
    if turn > state.turn or state.phase is Phase.SETUP:
        return True
    if secret is ALLOCATION:
        return state.segment is Segment.AIR_ALLOCATION
    return not determined_this_turn(state)


def ahead_turn(state: GameState, side: Player, secret: Secret = BID) -> int | None:
    """[6.1, 4.3] The turn whose `secret` `side` may seal ahead now: this turn's until he
    has made it at its step, then the next turn's (none after the last turn)."""
    if state.phase is Phase.GAME_OVER:
        return None
    made = (
        side in state.air.allocated
        if secret is ALLOCATION
        else side in state.initiative.planned_attacks
    )
    if live(secret, state.turn, state) and not made:
        return state.turn
    return state.turn + 1 if state.turn < state.last_turn else None


def sealable(ruleset: Ruleset, action: Action, side: Player) -> bool:
    """Whether `action` is one `side` may seal ahead: a bid of his, or an allocation of his
    air units to boxes they may fly (4.2, 4.3)."""
    if action.player is not side:
        return False
    if isinstance(action, DeclareAttacks):
        return True
    if not isinstance(action, AllocateAir) or action.sealed:
        return False
    return all(
        air_id in ruleset.catalogue.air
        and ruleset.catalogue.air[air_id].player is side
        and box_problem(ruleset, air_id, box) is None
        for air_id, box in action.missions.items()
    )


def fitted(ruleset: Ruleset, action: Action, state: GameState) -> Action:
    """The action sealed ahead as it is made at its step: an allocation with only its air
    units still ready then (4.3: a unit shot down or not recovered flies no mission)."""
    if not isinstance(action, AllocateAir):
        return action
    missions = {
        air_id: box
        for air_id, box in action.missions.items()
        if state.air_units[air_id].box is AirBox.READY
    }
    return replace(action, missions=FrozenMap(missions))
