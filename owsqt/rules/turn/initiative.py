"""The Initiative Phase (6.1-6.3): secret bids of planned attacks, the die, the streak.

Each player declares his planned attacks; the log says only that he has declared. When
both have, each rolls a die and adds his bid; the higher total takes the initiative and
moves first, ties are re-rolled (6.1). Holding it on consecutive turns earns the 6.3
effects. The holder owes his planned attacks (6.2): he ends his player phase short of
them only by forfeiting the game (EndStep with `forfeit`), which ends it with his
opponent the winner; ended otherwise (ASSIST, FREE play) the shortfall is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from owsqt.rules.core.actions import Action, ChooseSegmentOrder, DeclareAttacks, EndStep
from owsqt.rules.core.events import (
    AttacksDeclared,
    AttackShortfall,
    Event,
    GameEnded,
    InitiativeDetermined,
    SegmentOrderChosen,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameResult, GameState, InitiativeState, MovementState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import (
    PLAYER_PHASES,
    allows,
    enter_game_over,
    last_step_of_phase,
    wrong_player,
)

MAX_PLANNED_ATTACKS = 99
FORFEIT_FLAG = "forfeit"  # victory_flags: a shortfall played on (6.2), by turn


def determined_this_turn(state: GameState) -> bool:
    return state.initiative.determined_turn == state.turn


def _judge_declare(ruleset: Ruleset, state: GameState, action: DeclareAttacks) -> list[Violation]:
    _check_declare(action)  # 6.1: the engine refuses a bid out of the Initiative Phase
    if determined_this_turn(state):
        return [Violation("6.1", "the initiative has already been determined this turn")]
    return []


def _check_declare(action: DeclareAttacks) -> None:
    if action.player is None:
        raise InvalidAction("a bid of planned attacks names the player who makes it")
    if not 0 <= action.planned <= MAX_PLANNED_ATTACKS:
        raise InvalidAction(f"plan 0 to {MAX_PLANNED_ATTACKS} attacks, not {action.planned}")


def _resolve_declare(
    ruleset: Ruleset, state: GameState, action: DeclareAttacks
) -> tuple[GameState, list[Event]]:
    _check_declare(action)
    assert action.player is not None
    if determined_this_turn(state):
        raise InvalidAction("the initiative has already been determined this turn")
    initiative = state.initiative
    planned = initiative.planned_attacks.set(action.player, action.planned)
    state = replace(state, initiative=replace(initiative, planned_attacks=planned))
    events: list[Event] = [AttacksDeclared(action.player)]
    if len(planned) == len(Player):
        state, rolled = determine(ruleset, state)
        events.extend(rolled)
    return state, events


def determine(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[Event]]:
    """[6.1] Die plus bid for each player; the higher total holds the initiative; ties are
    re-rolled. [6.3] A holder on consecutive turns extends his streak."""
    previous = state.initiative
    planned = previous.planned_attacks
    events: list[Event] = []
    while True:
        totals = {}
        for player in (Player.GERMAN, Player.SOVIET):
            value, state, rolled = roll_die(state, "initiative", player)
            events.append(rolled)
            totals[player] = value + planned[player]
        if totals[Player.GERMAN] != totals[Player.SOVIET]:
            break
    holder = max(totals, key=lambda p: totals[p])
    running = previous.holder is holder and previous.determined_turn == state.turn - 1
    streak = previous.streak + 1 if running else 1
    initiative = InitiativeState(
        holder=holder,
        streak=streak,
        planned_attacks=planned,
        attacks_made=FrozenMap(),
        determined_turn=state.turn,
    )
    events.append(
        InitiativeDetermined(
            holder,
            tuple((p, planned[p]) for p in (Player.GERMAN, Player.SOVIET)),
            tuple((p, totals[p]) for p in (Player.GERMAN, Player.SOVIET)),
            streak,
        )
    )
    return replace(state, initiative=initiative), events


def attack_drm(ruleset: Ruleset, state: GameState, player: Player) -> int:
    """[6.3] The die roll modifier of the holder's hasty and prepared attacks this turn
    (not bombardments): +1 from the third turn running, +2 from the fifth."""
    initiative = state.initiative
    if initiative.holder is not player or not determined_this_turn(state):
        return 0
    return ruleset.tables.initiative.effects_for_streak(initiative.streak).attack_drm


def open_bidding(state: GameState) -> GameState:
    """A new Initiative Phase: last turn's bids and attack counts are cleared (6.1)."""
    initiative = replace(state.initiative, planned_attacks=FrozenMap(), attacks_made=FrozenMap())
    return replace(state, initiative=initiative)


def shortfall_at_phase_end(state: GameState) -> tuple[int, int] | None:
    """[6.2] (planned, made) when the current step is the last of the initiative holder's
    player phase and he has made fewer attacks than he planned; None otherwise. Only this
    turn's holder is bound: the player who lost the initiative owes nothing."""
    initiative = state.initiative
    holder = initiative.holder
    # 6.1: the holder is the first player; his phase is the first player phase.
    if holder is None or not determined_this_turn(state) or state.phase is not Phase.FIRST_PLAYER:
        return None
    if not last_step_of_phase(state):
        return None
    planned = initiative.planned_attacks.get(holder, 0) or 0
    made = initiative.attacks_made.get(holder, 0) or 0
    return (planned, made) if made < planned else None


def forfeit_violations(state: GameState, action: EndStep) -> list[Violation]:
    """[6.2] Ending the holder's phase short of his planned attacks must say that it
    forfeits the game; a forfeit anywhere else, or by another player, is no forfeit."""
    shortfall = shortfall_at_phase_end(state)
    holder = state.initiative.holder
    if not action.forfeit:
        if shortfall is None or holder is None:
            return []
        planned, made = shortfall
        return [
            Violation(
                "6.2",
                f"the {holder.title} player planned {_attacks(planned)} and made {made}: make "
                f"{planned - made} more, or end the phase forfeiting the game",
            )
        ]
    problem = _invalid_forfeit(state, action)
    return [Violation("6.2", problem)] if problem else []


def _invalid_forfeit(state: GameState, action: EndStep) -> str | None:
    holder = state.initiative.holder
    if shortfall_at_phase_end(state) is None or holder is None:
        return (
            "nothing to forfeit: only the initiative holder forfeits, by ending his player "
            "phase short of his planned attacks"
        )
    if action.player is not None and action.player is not holder:
        return f"only the {holder.title} player, who holds the initiative, may forfeit"
    return None


def forfeit(state: GameState, action: EndStep) -> tuple[GameState, list[Event]]:
    """[6.2] The holder ends his phase short of his planned attacks: he forfeits the game
    and his opponent wins. InvalidAction when there is nothing to forfeit (a forfeit is
    never read as a plain end of the step)."""
    problem = _invalid_forfeit(state, action)
    shortfall = shortfall_at_phase_end(state)
    holder = state.initiative.holder
    if problem or shortfall is None or holder is None:
        raise InvalidAction(problem or "nothing to forfeit")
    planned, made = shortfall
    result = GameResult(
        winner=holder.opponent,
        rule="6.2",
        reason=f"the {holder.title} player forfeited, {made} of {planned} planned attacks made",
    )
    # The phase ends with the game: nobody is moving any more (8.1).
    state, entered = enter_game_over(replace(state, result=result, movement=MovementState()))
    return state, [GameEnded(result), *entered]


def _attacks(count: int) -> str:
    return f"{count} attack{'' if count == 1 else 's'}"


def obligation_shortfall(state: GameState) -> tuple[GameState, list[Event]]:
    """[6.2] At the end of the holder's player phase, ended without forfeiting: fewer
    attacks than planned are recorded and reported (ASSIST and FREE play go on)."""
    shortfall = shortfall_at_phase_end(state)
    holder = state.initiative.holder
    if shortfall is None or holder is None:
        return state, []
    planned, made = shortfall
    flags = state.victory_flags.set(f"{FORFEIT_FLAG}_{holder.value}", state.turn)
    return replace(state, victory_flags=flags), [AttackShortfall(holder, planned, made)]


# --- 7.2: the order of the mechanized segments ------------------------------------------


def may_choose_order(state: GameState) -> bool:
    """[7.2] The phasing player may still put mechanized combat before mechanized movement:
    in his phase, before the mechanized segments (the steps that allow the choice), and not
    chosen already."""
    return allows(state, ChooseSegmentOrder) and not state.combat_first


def _judge_order(ruleset: Ruleset, state: GameState, action: ChooseSegmentOrder) -> list[Violation]:
    # 7.2: the engine refuses the choice out of the player phase's first three segments
    wrong = wrong_player(state, action.player, "the phasing player chooses the order")
    return [wrong] if wrong else []


def _resolve_order(
    ruleset: Ruleset, state: GameState, action: ChooseSegmentOrder
) -> tuple[GameState, list[Event]]:
    if state.phase not in PLAYER_PHASES:
        raise InvalidAction("the order of the mechanized segments belongs to a player phase")
    state = replace(state, combat_first=action.combat_first)
    return state, [SegmentOrderChosen(action.player or state.active, action.combat_first)]


# Each pair takes its own kind of action: the engine picks it by the action's type, which the
# type system cannot follow, so the callables' parameters are left open.
HANDLERS: dict[
    type[Action],
    tuple[Callable[..., list[Violation]], Callable[..., tuple[GameState, list[Event]]]],
] = {
    DeclareAttacks: (_judge_declare, _resolve_declare),
    ChooseSegmentOrder: (_judge_order, _resolve_order),
}
