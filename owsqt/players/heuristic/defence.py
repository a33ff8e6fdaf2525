"""The heuristic player's choices inside a combat (11.2, 11.3, 11.5, 11.7): the optional
result taken as a check or a retreat by what each is expected to cost, the best lead (a
new one only if better), the artillery designated, special fire at retreating units. Each
gives a bonus (or a cost) in the units of the position's worth, added to the worth after
the action."""

from __future__ import annotations

from owsqt.players.heuristic.analysis import Analysis
from owsqt.players.heuristic.combat import RETREAT
from owsqt.players.heuristic.odds import check_chance
from owsqt.rules.core.actions import Action, AnswerOptional, ChangeLead, Defend, SpecialFire
from owsqt.rules.core.state import GameState
from owsqt.rules.scenario.ruleset import Ruleset

LEAD = 0.5  # a point of the lead's proficiency (11.3, 11.4: DRMs and checks)
GUN = 1.0  # an artillery unit designated to bombard in defence (11.2 step 2)
SPECIAL_FIRE = 2.0  # firing at units retreating through the side's ZOC (11.7): free losses
CHANGE = 0.1  # a change of lead for nothing better: never made (11.3: to and fro forever)
NO_FIRE = 4.0  # an attacker's retreat: he fires no more in this combat (11.5)


def bonus(ruleset: Ruleset, state: GameState, analysis: Analysis, action: Action) -> float:
    """The worth `action` adds beyond the position after it (0 for most actions)."""
    ground = ruleset.catalogue.ground
    if isinstance(action, AnswerOptional):
        return -optional_cost(ruleset, state, analysis, action.check)
    if isinstance(action, Defend):
        return LEAD * ground[action.lead].proficiency + GUN * len(action.artillery)
    if isinstance(action, ChangeLead) and state.combat is not None:
        combat = state.combat
        attacking = ground[action.lead].player is combat.attacker
        current = combat.attacker_lead if attacking else combat.defender_lead
        before = ground[current].proficiency if current else 0
        return LEAD * (ground[action.lead].proficiency - before) - CHANGE
    if isinstance(action, SpecialFire):
        return SPECIAL_FIRE if action.fire else 0.0
    return 0.0


def optional_cost(ruleset: Ruleset, state: GameState, analysis: Analysis, check: bool) -> float:
    """[11.5] What taking the pending optional result costs the side: a check, its points
    and, failed, half the stack's strength (13.0: disrupted); a retreat, the hex given up
    (RETREAT, three times on an objective) for a defender, the fire given up for an
    attacker."""
    combat = state.combat
    pending = combat.pending if combat is not None else None
    if combat is None or pending is None:
        return 0.0
    strength = sum(state.units[u].strength for u in pending.units if u in state.units)
    if check:
        lead = pending.lead or (pending.units[0] if pending.units else None)
        chance = check_chance(ruleset.catalogue.ground[lead].proficiency) if lead else 0.0
        return pending.optional + (1 - chance) * strength * 0.5
    if pending.player is combat.attacker:
        return NO_FIRE if combat.attacker not in combat.fired else 0.5
    return RETREAT * (3 if combat.target in analysis.objectives else 1)
