"""A scripted campaign (19.3) for the tests that play one to the end: STRICT play in which
the Soviet player stands (no bids, no attacks), the German player drives the relief toward
the pocket with the moves the candidates offer, attempts Operation Thunderclap as soon as
5.1 allows, places the Sixth Army, and ends every step he has nothing more for.

The initiation roll comes from the game's own dice: before attempting, the script makes
open rolls (RollDice, legal in any step) until the next die activates the Sixth Army, so
that the game reaches activation whatever the seed. Every action is submitted to the
session and must be applied: the script plays by the rules, it does not edit the state."""

from __future__ import annotations

import random

from owsqt.players.push import pocket_distances
from owsqt.rules.core.actions import (
    Action,
    AttemptThunderclap,
    BombardmentMission,
    DeclareAttacks,
    EndStep,
    HastyAttack,
    MoveStack,
    PlaceSixthArmy,
    PreparedAttack,
    RollDice,
)
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.core.verdict import Mode
from owsqt.rules.core.vocabulary import Player, ThunderclapStatus
from owsqt.rules.engine import apply, judge
from owsqt.rules.legalactions import candidate_actions
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import is_sixth_army
from owsqt.session import GameSession, new_game

GERMAN = Player.GERMAN
ATTACKS = (HastyAttack, PreparedAttack, BombardmentMission)


def play_campaign(ruleset: Ruleset, seed: int, scenario: str = "operation-winter-storm"):
    """A STRICT game of `scenario` played by the script to its end; the session."""
    session = new_game(ruleset, scenario, Mode.STRICT, seed=seed)
    session.apply_default_setup()
    rng = random.Random(seed)
    while session.state.phase is not Phase.GAME_OVER:
        action = _next(ruleset, session, rng)
        outcome = session.submit(action)
        assert outcome.applied, (action, outcome.verdict.violations)
    return session


def _next(ruleset: Ruleset, session: GameSession, rng: random.Random) -> Action:
    state = session.state
    if state.segment is Segment.INITIATIVE_DETERMINATION:
        for player in Player:
            if player not in state.initiative.planned_attacks:
                return DeclareAttacks(player=player, planned=0)
    attempt = AttemptThunderclap(player=GERMAN)
    if state.segment is Segment.THUNDERCLAP_INITIATION and judge(ruleset, state, attempt).legal:
        while _denied(ruleset, session, attempt):  # 5.1: wait for a die that activates
            session.submit(RollDice(player=GERMAN, purpose="the script waits for a 6"))
        return attempt
    samples = 5 if state.active is GERMAN else 1
    candidates = [a for _ in range(samples) for a in candidate_actions(ruleset, state, rng)]
    legal = [
        a
        for a in candidates
        if judge(ruleset, state, a).legal and not (isinstance(a, EndStep) and a.forfeit)
    ]
    placing = [a for a in legal if isinstance(a, PlaceSixthArmy)]
    if placing:
        return placing[0]
    if state.active is GERMAN:
        drive = _drive(ruleset, state, legal)
        if drive is not None:
            return drive
    ending = [a for a in legal if isinstance(a, EndStep)]
    others = [a for a in legal if not isinstance(a, ATTACKS)]
    return (ending or others or legal)[0]


def _denied(ruleset: Ruleset, session: GameSession, attempt: AttemptThunderclap) -> bool:
    after = apply(ruleset, session.state, attempt, Mode.STRICT).state
    return after.thunderclap.status is ThunderclapStatus.DENIED


def _drive(ruleset: Ruleset, state, legal: list[Action]) -> MoveStack | None:
    """The relief's move that gains the most ground toward the pocket."""
    distances = pocket_distances(ruleset.game_map)
    best: tuple[int, MoveStack] | None = None
    for action in legal:
        if not isinstance(action, MoveStack) or is_sixth_army(ruleset, action.units[0]):
            continue
        start = state.units[action.units[0]].hex
        if start is None:
            continue
        gain = distances[start] - distances[action.path[-1]]
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best else None
