"""The words of a prepared attack as the combat dialogs show them: the 11.2 step names, who
acts now (hot seat: "Soviet player: …"), a stack as the viewer sees it (18.1), and a
bombardment or counterbattery solution with the kit's solution table (12.4)."""

from __future__ import annotations

from collections.abc import Callable

from owsqt.qt.counters.unittext import hidden_words
from owsqt.qt.kit.text import solution_html
from owsqt.rules.combat.artillery import (
    BombardmentSolution,
    bombardment_result,
    bombardment_solution,
    counterbattery_result,
    counterbattery_solution,
)
from owsqt.rules.combat.prepared import first_firer, step_actor
from owsqt.rules.core.state import CombatState, GameState
from owsqt.rules.core.steps import CombatStep, ResultStage
from owsqt.rules.data.tables.grid import FactorTable
from owsqt.rules.fog.known import StackSeen
from owsqt.rules.scenario.ruleset import Ruleset

ODDS_LATER = "odds shown once the attack is declared (18.1)"


def stack_names(ruleset: Ruleset, stack: StackSeen, empty: str = "nobody") -> str:
    """A stack as the viewer sees it (18.1): "I/11 Pz (12-10), II/4 PzGr (6-12)", or under
    the fog of war "I/11 Pz (12-10) and 3 hidden units (18.1)"."""
    names = ", ".join(ruleset.unit_name(u) for u in stack.units)
    if not stack.hidden:
        return names or empty
    hidden = hidden_words(stack.hidden)
    return f"{names} and {hidden}" if names else hidden


def step_title(state: GameState, combat: CombatState) -> str:
    """The 11.2 step the combat is at, as the rulebook numbers it."""
    firer = first_firer(state, combat)
    defender_first = firer is not combat.attacker
    titles = {
        CombatStep.DEFENSE: "Step 2 – the defender's lead and artillery (11.2, 11.3)",
        CombatStep.COUNTERBATTERY: "Step 3 – counterbattery fire (11.2, 12.4)",
        CombatStep.DEFENSIVE_BOMBARDMENT: "Step 4 – defensive bombardment (11.2, 12.4)",
        CombatStep.OFFENSIVE_BOMBARDMENT: "Step 5 – the attacker's bombardment (11.2, 12.4)",
        CombatStep.FIRST_FIRE: "Step 6 – the defender's fire (11.2)"
        if defender_first
        else "Step 6 – every defender disrupted: the attacker fires first (11.2, 13.0)",
        CombatStep.SECOND_FIRE: "Step 7 – the attacker's fire (11.2)"
        if defender_first
        else "Step 6 – the surviving defenders fire (11.2, 13.0)",
        CombatStep.ADVANCE: "Step 8 – advance after combat (11.2, 11.8)",
    }
    return titles.get(combat.step, combat.step.title)


def actor_line(ruleset: Ruleset, state: GameState, combat: CombatState) -> str:
    """Whose turn it is in the combat and what he does, for the players at one screen."""
    pending = combat.pending
    actor = step_actor(state, combat)
    if pending is not None:
        who = f"{pending.player.title} player"
        hit = "your units were hit" if pending.units else "a result"
        if pending.stage is ResultStage.MANDATORY:
            return f"{who}: {hit}; distribute {pending.mandatory} mandatory point(s) (11.5, 11.6)"
        if pending.stage is ResultStage.OPTIONAL:
            return f"{who}: take the optional {pending.optional} as a check or a retreat (11.5)"
        if pending.stage is ResultStage.RETREAT:
            return f"{who}: choose the retreat path of {pending.optional} hexes (11.7)"
        return f"{who}: distribute {pending.optional} point(s) of the optional result (11.5, 11.6)"
    if actor is None:
        return "Both players: counterbattery against the designated artillery, then Done (12.4)"
    who = f"{actor.title} player"
    return {
        CombatStep.DEFENSE: (
            f"{who}: choose your lead unit and the artillery to bombard (11.2, 11.3)"
        ),
        CombatStep.DEFENSIVE_BOMBARDMENT: f"{who}: bombard one attacking unit, or Done (12.4)",
        CombatStep.OFFENSIVE_BOMBARDMENT: f"{who}: bombard one defending unit, or Done (12.4)",
        CombatStep.FIRST_FIRE: f"{who}: fire, or hold your fire (11.2, 11.1)",
        CombatStep.SECOND_FIRE: f"{who}: fire, or hold your fire (11.2, 11.1)",
        CombatStep.ADVANCE: f"{who}: advance into the vacated hex and beyond, or stay (11.8)",
    }.get(combat.step, who)


def gun_solution(
    ruleset: Ruleset,
    state: GameState,
    guns: tuple[str, ...],
    target: str,
    *,
    counter: bool,
    roll: int | None = None,
) -> tuple[BombardmentSolution, str, Callable[[int], object]]:
    """[12.4] Counterbattery or bombardment by `guns` at `target`: the solution, its HTML
    (every item with its rule, each roll's result, `roll` marked) and its result function.
    Raises ValueError for factors the table cannot take."""
    if counter:
        solution = counterbattery_solution(ruleset, state, guns, target)
        table: FactorTable = ruleset.tables.counterbattery

        def result_of(value: int) -> object:
            return counterbattery_result(ruleset, solution, value)
    else:
        solution = bombardment_solution(ruleset, state, guns, target)
        table = ruleset.tables.bombardment

        def result_of(value: int) -> object:
            return bombardment_result(ruleset, solution, value)

    return solution, solution_html(solution, table, "12.4", result_of, roll), result_of
