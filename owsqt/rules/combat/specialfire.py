"""The special fire at units passing through enemy ZOCs (11.7, 9.3): the answer of the
player whose ZOC was entered, and the end of the retreat or displacement it held up.

"When retreating units enter an enemy ZOC, those units whose ZOCs have been entered may
conduct a special fire combat" (11.7). A retreat or displacement whose path enters such a
ZOC stops (GameState.special_fire) until that player answers with SpecialFire, one ZOC at
a time, in the order the path enters them; after the last answer the passage is finished.
"""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.displace import finish_displacement
from owsqt.rules.combat.passagefire import offer_special_fire, passage_fire
from owsqt.rules.combat.results import finish_retreat
from owsqt.rules.core.actions import SpecialFire
from owsqt.rules.core.events import Event, SpecialFireHeld
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import PassageKind
from owsqt.rules.core.verdict import InvalidAction, Violation
from owsqt.rules.scenario.ruleset import Ruleset

NOTHING_TO_ANSWER = "no units are passing through an enemy zone of control"


def _judge(ruleset: Ruleset, state: GameState, action: SpecialFire) -> list[Violation]:
    choice = state.special_fire
    if choice is None:
        return [Violation("11.7", NOTHING_TO_ANSWER)]
    if action.player is not None and action.player is not choice.player:
        return [
            Violation(
                "11.7",
                f"the {choice.player.title} player, whose zone of control was entered, "
                "chooses whether to fire",
            )
        ]
    return []


def _resolve(
    ruleset: Ruleset, state: GameState, action: SpecialFire
) -> tuple[GameState, list[Event]]:
    choice = state.special_fire
    if choice is None:
        raise InvalidAction(NOTHING_TO_ANSWER)
    events: list[Event] = []
    if action.fire:
        state, fired = passage_fire(ruleset, state, choice.units, choice.lead, choice.firers[0])
        events.extend(fired)
    else:
        events.append(SpecialFireHeld(choice.player, choice.zocs[0]))
    rest = replace(choice, zocs=choice.zocs[1:], firers=choice.firers[1:])
    offered = offer_special_fire(state, rest)
    if offered is not None:
        state, more = offered
        return state, [*events, *more]
    state = replace(state, special_fire=None)
    if choice.kind is PassageKind.RETREAT:
        state, finished = finish_retreat(ruleset, state, rest)
    else:
        state, finished = finish_displacement(ruleset, state, rest)
    return state, [*events, *finished]


HANDLERS = {SpecialFire: (_judge, _resolve)}
