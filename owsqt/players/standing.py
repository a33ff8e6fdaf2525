"""Standing orders: how a player's program answers, while he is away, the questions the
other side's phase asks of him (docs/pbem-format.md, "Standing orders").

By e-mail the defender's choices (11.2-11.7) each cost a file: the attacker's program
must send the game to him and wait. A player may instead give orders, for his whole side
and for single stacks, that say how each such question is answered; the other player's
program answers it by those orders, exactly as they say, and journals the answer as the
ordered side's decision naming the order, which the ordered player's program checks when
his file comes back (session/orders.py). A question no order covers goes to him as before.

Every answer is a pure function of the game's state and the orders: both programs make
the same action from the same state, so an answer that differs from what the orders give
is a broken rule of the file that holds it. Under the fog of war (18.1) each program plays
on its own world, where what the answers read (the retreat paths, the units hit) may
differ: no order is answered there, the questions go to their player as before.

The questions and their answers (the first answer listed is the usual choice):

- `lead` (11.2 step 2, 11.3): the defender's lead unit, `best`: the rules' default lead
  (combat/leads.py), no artillery designated for defensive bombardment;
- `return-fire` (11.2 steps 6-7): the defender's fire, `fire` at the hex of the attack's
  lead unit (the first attacking hex, by id, once it is gone), or `hold`;
- `losses` (11.6): the strength points lost, by `priority`: the loss priorities' default;
- `optional` (11.5): an optional result taken as a `retreat`, or as a proficiency `check`
  (a stack that may not retreat checks: 5.2, 11.7);
- `retreat` (11.7): the retreat path, `supply`: the first the rules offer (toward a friendly
  supply source, fewest losses first);
- `special-fire` (11.7): a stack retreating or displaced through this side's ZOC is fired
  at (`fire`), or let pass (`hold`); the side's order only (no stack of his is asked).

A question the rules answer themselves needs no order: the lead of a stack with one unit
that may lead and no gun that may fire in its defence (11.3, 12.4), a retreat along the
only path open (11.7). With no order for it, it is answered `only` (`FORCED`), as a step
that needs nobody passes by itself (3.1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from owsqt.rules.combat.leads import default_lead, poor_lead
from owsqt.rules.combat.legal import bombarding_guns
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.prepared import alive, defenders, engaged_attackers, step_actor
from owsqt.rules.combat.results import (
    LOSS_STAGES,
    holds_ring_forces,
    points_due,
    retreat_options,
)
from owsqt.rules.combat.retreat import Blocked
from owsqt.rules.core.actions import (
    Action,
    AnswerOptional,
    ContinueCombat,
    Defend,
    Fire,
    Retreat,
    SpecialFire,
    TakeLosses,
)
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.state import CombatState, GameState, PendingResult
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.engine import judge
from owsqt.rules.fog.option import fog_on
from owsqt.rules.scenario.ruleset import Ruleset

FORCED = "only"  # the answer the rules force, with no order given for the question
Orders = FrozenMap[str, str]
"""A side's standing orders: question -> answer, the questions it does not name asked."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question the other side's phase asks: its rule, its words and its answers."""

    rule: str
    words: str
    answers: tuple[str, ...]


QUESTIONS: dict[str, Question] = {
    "lead": Question("11.3", "the lead unit of a stack attacked", ("best",)),
    "return-fire": Question("11.2", "the defender's fire", ("fire", "hold")),
    "losses": Question("11.6", "the strength points lost", ("priority",)),
    "optional": Question("11.5", "an optional result", ("retreat", "check")),
    "retreat": Question("11.7", "the retreat path", ("supply",)),
    "special-fire": Question("11.7", "a stack passing through its ZOC", ("fire", "hold")),
}
ANSWER_WORDS = {
    "best": "the best lead (the rules' default)",
    "fire": "fire",
    "hold": "hold fire",
    "priority": "by the loss priorities",
    "retreat": "retreat",
    "check": "proficiency check",
    "supply": "toward supply, fewest losses",
}


def orders_problem(orders: Mapping[str, str]) -> str | None:
    """Why `orders` are not standing orders this program knows (None: they are)."""
    for question, answer in orders.items():
        known = QUESTIONS.get(question)
        if known is None:
            return f"there is no standing order {question!r}"
        if answer not in known.answers:
            allowed = ", ".join(known.answers)
            return f"the standing order {question!r} is {allowed}, not {answer!r}"
    return None


def question_for(ruleset: Ruleset, state: GameState, side: Player) -> str | None:
    """The question the game asks `side` now, if it is one orders may answer."""
    if state.special_fire is not None:
        return "special-fire" if state.special_fire.player is side else None
    combat = state.combat
    if combat is None or step_actor(state, combat) is not side:
        return None
    pending = combat.pending
    if pending is not None:
        if pending.stage in LOSS_STAGES:
            return "losses"
        return "optional" if pending.stage is ResultStage.OPTIONAL else "retreat"
    if side is combat.attacker:
        return None  # the attacker's own steps: he is at the table
    if combat.step is CombatStep.DEFENSE:
        return "lead"
    if combat.step in (CombatStep.FIRST_FIRE, CombatStep.SECOND_FIRE):
        return "return-fire"
    return None


def ordered(
    ruleset: Ruleset,
    state: GameState,
    side: Player,
    orders: Mapping[str, str],
    stacks: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[str, str, Action] | None:
    """The question the game asks `side` now, the answer his orders give (those of the
    stack asked, `stacks` by unit, before the side's) and the action that answer makes;
    None when no order covers it (or under the fog of war, or when the answer the order
    gives is not legal now: the question is his to answer then)."""
    if fog_on(state):
        return None
    question = question_for(ruleset, state, side)
    if question is None:
        return None
    answer = _stack_answer(state, question, stacks or {}) or orders.get(question)
    if answer is None:
        answer, action = FORCED, _forced(ruleset, state, side, question)
    else:
        action = _ANSWERS[question](ruleset, state, side, answer)
    if action is None or not judge(ruleset, state, action).legal:
        return None
    return question, answer, action


def _forced(ruleset: Ruleset, state: GameState, side: Player, question: str) -> Action | None:
    """The one answer the rules leave to `question`, if they leave one (FORCED)."""
    forced = _FORCED.get(question)
    return forced(ruleset, state, side) if forced is not None else None


def _forced_lead(ruleset: Ruleset, state: GameState, side: Player) -> Action | None:
    """[11.3, 12.4] A single unit that may lead, and no gun that may fire in defence."""
    combat = _combat(state)
    units = defenders(state, combat)
    good = [u for u in units if not poor_lead(ruleset, u)] or list(units)
    if len(good) == 1 and not bombarding_guns(ruleset, state, side, combat.target):
        return Defend(player=side, lead=good[0])
    return None


def _forced_retreat(ruleset: Ruleset, state: GameState, side: Player) -> Action | None:
    """[11.7] A single retreat path open."""
    if len(retreat_options(ruleset, state, _pending(state)).paths) == 1:
        return _retreat(ruleset, state, side, FORCED)
    return None


def _stack_answer(
    state: GameState, question: str, stacks: Mapping[str, Mapping[str, str]]
) -> str | None:
    """The answer to `question` of the stack it asks about, by the orders given to one of
    its units (the first by id that has one)."""
    combat = state.combat
    if combat is None:
        return None
    asked = combat.pending.units if combat.pending is not None else defenders(state, combat)
    for unit in sorted(asked):
        answer = stacks.get(unit, {}).get(question)
        if answer is not None:
            return answer
    return None


def _lead(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action | None:
    combat = _combat(state)
    lead = default_lead(ruleset, state, defenders(state, combat))
    return Defend(player=side, lead=lead) if lead is not None else None


def _return_fire(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action:
    if answer == "hold":
        return ContinueCombat(player=side)
    combat = _combat(state)
    lead = state.units[combat.attacker_lead].hex if alive(state, (combat.attacker_lead,)) else None
    hexes = sorted(
        {h for u in engaged_attackers(state, combat) if (h := state.units[u].hex) is not None},
        key=ruleset.grid.id_of,
    )
    at = lead if lead in hexes else (hexes[0] if hexes else None)
    return Fire(player=side, at=at)


def _losses(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action:
    pending = _pending(state)
    units = alive(state, pending.units)
    hits = LossPriorities(ruleset, state, units, pending.lead).default(points_due(state, pending))
    return TakeLosses(player=side, hits=hits)


def _optional(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action:
    pending = _pending(state)
    held = holds_ring_forces(ruleset, state, pending)  # 5.2: they defend in place
    surrounded = retreat_options(ruleset, state, pending).blocked is Blocked.SURROUNDED
    return AnswerOptional(player=side, check=answer == "check" or held or surrounded)


def _retreat(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action | None:
    paths = retreat_options(ruleset, state, _pending(state)).paths
    if not paths:
        return None
    best = paths[0]
    return Retreat(player=side, path=(best.start, *best.hexes))


def _special_fire(ruleset: Ruleset, state: GameState, side: Player, answer: str) -> Action:
    return SpecialFire(player=side, fire=answer == "fire")


def _combat(state: GameState) -> CombatState:
    assert state.combat is not None  # question_for found a combat question
    return state.combat


def _pending(state: GameState) -> PendingResult:
    pending = _combat(state).pending
    assert pending is not None  # question_for found a result waiting
    return pending


_FORCED: dict[str, Callable[[Ruleset, GameState, Player], Action | None]] = {
    "lead": _forced_lead,
    "retreat": _forced_retreat,
}
_ANSWERS: dict[str, Callable[[Ruleset, GameState, Player, str], Action | None]] = {
    "lead": _lead,
    "return-fire": _return_fire,
    "losses": _losses,
    "optional": _optional,
    "retreat": _retreat,
    "special-fire": _special_fire,
}
