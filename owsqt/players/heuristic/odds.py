"""The exact distribution of an attack's fire results (11.2 steps 6 and 7, 11.4, 11.5):
the Combat Results Table column and die roll modifiers as the rules compute them
(combat/fire.py), each of the ten die faces (2.0: one ten-sided die) weighed alike.

The attacker's expected losses and gains follow from it (`AttackOdds`): the defender fires
first unless he is disrupted (13.0); an attacker given an optional result presses home with
a proficiency check (11.5: passed, he still fires; failed, he fires no more and is
disrupted); the defender takes his optional result as a retreat or a check, whichever the
caller weighs cheaper for him. Bombardment before the fire is left out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from owsqt.rules.combat.fire import Engagement, FireSolution, fire_solution
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.core.dice import DIE_SIDES
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.tables.results import CombatResult
from owsqt.rules.scenario.ruleset import Ruleset

FACE = 1.0 / DIE_SIDES  # each face of the die


def fire_distribution(
    ruleset: Ruleset, factors: int, shifts: int, drm: int
) -> dict[CombatResult, float]:
    """[11.4, 11.5] Each CRT result of `factors` firing `shifts` columns left with a net
    `drm`, and its probability over the ten faces of the die; no result for no factors."""
    if factors < 1:
        return {CombatResult(0, 0): 1.0}
    found: dict[CombatResult, float] = {}
    crt = ruleset.tables.crt
    for roll in range(1, DIE_SIDES + 1):
        result = crt.resolve(factors, shifts, drm, roll=roll)
        found[result] = found.get(result, 0.0) + FACE
    return found


def check_chance(proficiency: int) -> float:
    """[11.5] The chance a proficiency check passes: a die roll at most the lead's rating."""
    return max(0, min(DIE_SIDES, proficiency)) / DIE_SIDES


@dataclass(frozen=True, slots=True)
class Branch:
    """One way the fire of an attack may go, with its probability: the results each side
    suffers, whether the attacker failed its check (and fired no more)."""

    probability: float
    suffered: CombatResult  # by the attacker (step 6)
    inflicted: CombatResult  # on the defender (step 7): -/- when the attacker did not fire
    attacker_failed: bool


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """[11.2, 11.5] Every branch of an attack's two fires; the probabilities sum to 1."""

    attacker: FireSolution
    defender: FireSolution | None  # None: disrupted defenders fire second (13.0)
    defender_proficiency: int
    branches: tuple[Branch, ...]

    def expected(self, retreat_cost: float, defender_strength: int) -> Expectation:
        """The expected strength points each side loses and the chance the hex falls,
        the defender taking an optional result as a retreat when `retreat_cost` (in
        strength points) is below what a check costs him (its points plus half the
        stack's strength if it fails, 13.0)."""
        passing = check_chance(self.defender_proficiency)
        lost = taken = 0.0
        lost_sq = 0.0
        gain = 0.0
        for branch in self.branches:
            hit = branch.inflicted
            optional = hit.optional
            check_cost = optional + (1 - passing) * defender_strength * 0.5
            retreats = optional > 0 and retreat_cost < check_cost
            inflicted = hit.mandatory + (0 if retreats else optional)
            falls = retreats or inflicted >= defender_strength
            suffered = branch.suffered.total
            dealt = min(inflicted, defender_strength)
            lost += branch.probability * suffered
            taken += branch.probability * dealt
            gain += branch.probability * (1.0 if falls else 0.0)
            lost_sq += branch.probability * (dealt - suffered) ** 2
        mean = taken - lost
        return Expectation(lost, taken, gain, max(0.0, lost_sq - mean * mean) ** 0.5)


@dataclass(frozen=True, slots=True)
class Expectation:
    """An attack's expected strength points lost and inflicted, the chance the defender's
    hex falls (retreat or elimination), and the spread of the net points (the risk)."""

    lost: float
    inflicted: float
    falls: float
    spread: float


def attack_odds(
    ruleset: Ruleset,
    state: GameState,
    attacker: Player,
    target: Hex,
    units: Sequence[str],
    lead: str,
    prepared: bool,
) -> AttackOdds | None:
    """[11.2-11.5] The branches of `units` attacking `target`, led by `lead`, the defender
    led by his best lead (11.3, combat/leads.py); None when nobody defends the hex."""
    defenders = tuple(u for u in state.stack(target) if state.units[u].strength > 0)
    defender_lead = default_lead(ruleset, state, defenders)
    if defender_lead is None:
        return None
    engagement = Engagement(
        attacker, target, tuple(units), defenders, lead, defender_lead, prepared=prepared
    )
    own = fire_solution(ruleset, state, engagement, attacker, tuple(units))
    disrupted = all(state.units[u].disrupted for u in defenders)
    enemy = (
        None
        if disrupted
        else fire_solution(ruleset, state, engagement, attacker.opponent, defenders)
    )
    pressing = check_chance(ruleset.catalogue.ground[lead].proficiency)
    first = (
        fire_distribution(ruleset, enemy.total_factors, enemy.total_shift, enemy.drm)
        if enemy is not None
        else {CombatResult(0, 0): 1.0}
    )
    branches = []
    for suffered, chance in first.items():
        outcomes = [(chance, False)]
        if suffered.optional:
            outcomes = [(chance * pressing, False), (chance * (1 - pressing), True)]
        for probability, failed in outcomes:
            if probability <= 0:
                continue
            if failed:
                branches.append(Branch(probability, suffered, CombatResult(0, 0), True))
                continue
            factors = max(0, own.total_factors - suffered.total)
            second = fire_distribution(ruleset, factors, own.total_shift, own.drm)
            for inflicted, share in second.items():
                branches.append(Branch(probability * share, suffered, inflicted, False))
    proficiency = ruleset.catalogue.ground[defender_lead].proficiency
    return AttackOdds(own, enemy, proficiency, tuple(branches))
