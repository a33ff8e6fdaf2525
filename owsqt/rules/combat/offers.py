"""What a player is offered when he starts an attack (8.4, 11.1, 12.4): the enemy hexes he
may attack, the units next to a target and the guns in range, each with the rules that
stop it, whether a menu offers a prepared attack at all, and the hasty attack a drop of
a moving stack on an enemy hex asks for."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from owsqt.rules.combat.artillery import bombardment_problems
from owsqt.rules.combat.hasty import hasty_costs, judge_hasty, nationality_cost, unit_points_left
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.combat.prepared import judge_attack
from owsqt.rules.combat.targets import artillery_range
from owsqt.rules.core.actions import HastyAttack, PreparedAttack
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import GameState
from owsqt.rules.core.verdict import Mode, Violation
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS, MOVEMENT_SEGMENTS


@dataclass(frozen=True, slots=True)
class Candidate:
    """A unit the dialog lists, and what stops it (nothing: it may)."""

    unit: str
    problems: tuple[Violation, ...] = ()

    @property
    def able(self) -> bool:
        return not self.problems


def owner_of(ruleset: Ruleset, state: GameState, hex_: Hex) -> Player | None:
    stack = state.stack(hex_)
    return ruleset.catalogue.ground[stack[0]].player if stack else None


def attack_targets(ruleset: Ruleset, state: GameState, player: Player) -> list[Hex]:
    """Enemy-held hexes next to a unit of `player`, by hex id (11.1)."""
    grid = ruleset.grid
    found = set()
    for hex_, stack in state.stacks.items():
        if ruleset.catalogue.ground[stack[0]].player is not player:
            continue
        for _, other in grid.neighbours(hex_):
            if owner_of(ruleset, state, other) is player.opponent:
                found.add(other)
    return sorted(found, key=grid.id_of)


def attack_candidates(
    ruleset: Ruleset, state: GameState, target: Hex, player: Player
) -> list[Candidate]:
    """`player`'s units next to `target`, each with the rules that stop it attacking (7.1,
    8.2, 13.0), as the engine judges a PreparedAttack of that unit alone."""
    found = []
    for _, hex_ in ruleset.grid.neighbours(target):
        for unit_id in state.stack(hex_):
            if ruleset.catalogue.ground[unit_id].player is not player:
                continue
            name = ruleset.unit_name(unit_id)
            alone = PreparedAttack(player=player, target=target, units=(unit_id,), lead=unit_id)
            violations = judge_attack(ruleset, state, alone)
            own = tuple(v for v in violations if v.message.startswith(name))
            found.append(Candidate(unit_id, own))
    return found


def artillery_candidates(
    ruleset: Ruleset,
    state: GameState,
    target: Hex,
    player: Player,
    *,
    counterbattery: bool = False,
) -> list[Candidate]:
    """`player`'s units with a range factor that reaches `target`, each with what stops it
    bombarding, or firing counterbattery (12.1-12.4)."""
    catalogue = ruleset.catalogue
    found = []
    for unit_id, unit in state.units.items():
        definition = catalogue.ground[unit_id]
        if (
            unit.status is not UnitStatus.ON_MAP
            or unit.hex is None
            or definition.player is not player
            or definition.bombardment is None
            or target not in artillery_range(ruleset, state, unit_id)
        ):
            continue
        problems = bombardment_problems(
            ruleset, state, unit_id, target, counterbattery=counterbattery
        )
        found.append(Candidate(unit_id, tuple(problems)))
    return sorted(found, key=lambda c: ruleset.unit_name(c.unit))


def may_offer_attack(ruleset: Ruleset, state: GameState, mode: Mode, target: Hex) -> bool:
    """Whether a menu offers a prepared attack on `target`: a game under the rules, no
    combat under way, enemy units there next to the acting player's units in his combat
    segment, with a unit able to attack (in ASSIST, in any segment and with any unit next
    to it: the engine judges the rest). A player is never offered an attack on his own
    units."""
    if mode is Mode.FREE or state.combat is not None or state.active is None:
        return False
    owner = owner_of(ruleset, state, target)
    if owner is None or owner is state.active:
        return False
    attacker = owner.opponent
    if mode is Mode.STRICT and (
        state.segment not in COMBAT_SEGMENTS or target in state.prepared_targets
    ):
        return False
    candidates = attack_candidates(ruleset, state, target, attacker)
    if mode is Mode.STRICT:
        return any(c.able for c in candidates)
    return bool(candidates)


@dataclass(frozen=True, slots=True)
class HastyOffer:
    """[8.4] The hasty attack a drop on an enemy hex asks for: the action (the 11.3 lead
    chosen), what it costs, what the stack has, and the rules it would break."""

    action: HastyAttack
    nationality_cost: Fraction  # 8.4: German 2, Soviet 3, Rumanian 4 MP
    terrain_cost: Fraction  # the MP to enter the defender's terrain
    points: Fraction  # what the unit that keeps the least has before it (8.1)
    problems: tuple[Violation, ...]

    @property
    def cost(self) -> Fraction:
        return self.nationality_cost + self.terrain_cost

    @property
    def left(self) -> Fraction:
        """What the stack has after the attack (less than nothing: it cannot pay)."""
        return self.points - self.cost


def hasty_offer(
    ruleset: Ruleset, state: GameState, mode: Mode, units: tuple[str, ...], target: Hex
) -> HastyOffer | None:
    """[8.4, 11.1] What dropping `units` on `target` offers: a hasty attack, when the game
    is judged, it is the acting player's movement segment, `units` are his and stand
    together next to `target`, and `target` holds enemy units. None otherwise: the drop is
    a move."""
    player = state.active
    if mode is Mode.FREE or player is None or state.combat is not None:
        return None
    if state.segment not in MOVEMENT_SEGMENTS or not units:
        return None
    ground = ruleset.catalogue.ground
    if any(ground[u].player is not player for u in units):
        return None
    hexes = {state.units[u].hex for u in units}
    start = hexes.pop() if len(hexes) == 1 else None
    if start is None or distance(start, target) != 1:
        return None
    if owner_of(ruleset, state, target) is not player.opponent:
        return None
    lead = default_lead(ruleset, state, units) or units[0]
    action = HastyAttack(player=player, target=target, units=units, lead=lead)
    # 8.1, 8.4: each unit pays its own costs from its own points; the offer shows the
    # unit that keeps the least, which decides whether the stack can pay
    costs = hasty_costs(ruleset, state, units, target)
    points = unit_points_left(ruleset, state, units)
    pacer = min(units, key=lambda u: (points[u] - costs[u], u))
    nationality = nationality_cost(ruleset, pacer)
    return HastyOffer(
        action,
        nationality,
        costs[pacer] - nationality,
        points[pacer],
        tuple(judge_hasty(ruleset, state, action)),
    )
