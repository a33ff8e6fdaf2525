"""Hasty attacks (8.4): attacks made during movement by the stack in motion.

Each unit of the stack pays the hasty attack cost of its nationality (German 2, Soviet 3,
Rumanian 4 MP) and its own movement class's cost of the defender's terrain from what it
has left itself (8.1: docs/rulebook-readings.md 66); the enemy ZOC it paid to enter. The
combat then runs the sequence of 11.2; only the German player may support it with
artillery in his mechanized movement segment: a gun that is one of the attacking stack's
units, moves on with it and bombards at full strength whatever marker its move gave it
(combat/bombard.py). Stacking is checked just before (9.3). Afterwards: if the defenders
vacated the hex, the attackers must advance into it and may move on; attackers that
retreated or were disrupted stop; losses alone do not stop them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from owsqt.rules.combat.prepared import attack_violations, check_attack, open_combat
from owsqt.rules.core.actions import HastyAttack
from owsqt.rules.core.events import Event
from owsqt.rules.core.frozenmap import FrozenMap
from owsqt.rules.core.hexgrid import Hex, distance
from owsqt.rules.core.state import CombatState, GameState, MovementState
from owsqt.rules.core.steps import CombatStep, Segment
from owsqt.rules.core.verdict import Violation
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.movement.moveaction import mover_violations
from owsqt.rules.movement.movecost import closed_crossing, closed_hex
from owsqt.rules.movement.stacking import stacking_points
from owsqt.rules.movement.stackmove import stack_move
from owsqt.rules.scenario.ruleset import Ruleset


def hasty_costs(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], target: Hex
) -> dict[str, Fraction]:
    """[8.4, 8.1] What the hasty attack costs each unit: its nationality's hasty attack
    cost plus what its own movement class pays to enter the defender's terrain (each
    unit pays its own costs from its own points: docs/rulebook-readings.md 66)."""
    catalogue = ruleset.catalogue
    terrain = ruleset.tables.tec.terrain(ruleset.game_map.terrain(target).value)
    return {
        u: nationality_cost(ruleset, u) + terrain.cost(catalogue.ground[u].movement_class.value)
        for u in units
    }


def nationality_cost(ruleset: Ruleset, unit_id: str) -> Fraction:
    """[8.4] The hasty attack cost of the unit's nationality: German 2, Soviet 3, Rumanian
    4 MP."""
    nationality = ruleset.catalogue.ground[unit_id].nationality.tally.value
    return Fraction(ruleset.tables.hasty_attack.cost(nationality))


def unit_points_left(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...]
) -> dict[str, Fraction]:
    """[8.1] The MP each unit of the attacking stack has: what its move left it, or its
    own allowance if the stack has not moved yet this segment."""
    moving = state.movement.moving
    if all(u in moving for u in units):
        return {u: moving[u] for u in units}
    move = stack_move(ruleset, state, units)
    return {u: move.unit_points(u) for u in units}


def points_left(ruleset: Ruleset, state: GameState, units: tuple[str, ...]) -> Fraction:
    """The MP the attacking stack's slowest unit has left (see unit_points_left)."""
    return min(unit_points_left(ruleset, state, units).values())


def short_of_points(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], target: Hex
) -> list[tuple[str, Fraction, Fraction]]:
    """[8.4] The units lacking the points for the hasty attack on `target`: (unit, cost,
    points left). "A hasty attack cannot be executed if the unit lacks sufficient movement
    points": the stack attacks when every unit can pay its own cost."""
    costs = hasty_costs(ruleset, state, units, target)
    left = unit_points_left(ruleset, state, units)
    return [(u, costs[u], left[u]) for u in units if costs[u] > left[u]]


def closed_target(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], target: Hex
) -> Violation | None:
    """[8.4, 8.2] A hasty attack pays "the cost to enter the terrain of the defender" and
    its stack enters the hex it clears: a hex closed to the attacker (the pocket, to
    Soviet units) or across the Don from it is no hasty attack's target."""
    player = ruleset.catalogue.ground[units[0]].player
    closed = closed_hex(ruleset, target, player)
    if closed is not None:
        return Violation(closed.rule, f"a hasty attack enters the defender's hex: {closed.text}")
    start = state.units[units[0]].hex
    if start is None or distance(start, target) != 1:
        return None  # 11.1: not next to the hex attacked (attack_violations says so)
    crossing = closed_crossing(ruleset, start, target)
    if crossing is not None:
        return Violation(
            crossing.rule, f"a hasty attack enters the defender's hex: {crossing.text}"
        )
    return None


def judge_hasty(ruleset: Ruleset, state: GameState, action: HastyAttack) -> list[Violation]:
    check_attack(ruleset, state, action)  # 8.4: the engine refuses it out of movement
    # 7.1: whether each unit moves in this segment is the move's question (mover_violations)
    violations = attack_violations(ruleset, state, action, None)
    violations.extend(_stack_violations(ruleset, state, action))
    closed = closed_target(ruleset, state, action.units, action.target)
    if closed is not None:
        violations.append(closed)
    if violations:
        return violations
    for unit_id, cost, left in short_of_points(ruleset, state, action.units, action.target):
        violations.append(
            Violation(
                "8.4",
                f"the hasty attack costs {cost} MP with the defender's terrain for "
                f"{ruleset.unit_name(unit_id)}; it has {left}",
            )
        )
    return violations


def _stack_violations(ruleset: Ruleset, state: GameState, action: HastyAttack) -> list[Violation]:
    """One stack of units that may move now (5.1, 5.2, 7.1, 8.1, 19.11: a hasty attack is
    made during movement), within the stacking limit; German support only."""
    catalogue = ruleset.catalogue
    hexes = {state.units[u].hex for u in action.units}
    violations: list[Violation] = []
    if len(hexes) != 1:
        return [Violation("8.4", "a hasty attack is made by one stack")]
    hex_ = hexes.pop()
    assert hex_ is not None  # check_attack has seen the units on the map, each on a hex
    moving = state.movement.moving
    in_motion = [u for u in action.units if u in moving]
    if moving and in_motion and len(in_motion) < len(action.units):
        violations.append(Violation("8.4", "units attack with the stack they started with"))
    for unit_id in action.units:  # 7.1, 8.4: only units that may move now attack during it
        violations.extend(mover_violations(ruleset, state, unit_id))
    if stacking_points(ruleset, state, hex_) > ruleset.tables.stacking_limit:
        violations.append(
            Violation(
                "9.3",
                "the attacking hex is overstacked: stacking limits "
                "apply just before a hasty attack",
            )
        )
    attacker = catalogue.ground[action.units[0]].player
    supported = attacker is Player.GERMAN and state.segment is Segment.MECHANIZED_MOVEMENT
    if action.artillery and not supported:
        violations.append(
            Violation(
                "8.4",
                "only the German player supports hasty attacks, in his mechanized movement segment",
            )
        )
    for unit_id in action.artillery:
        if state.units[unit_id].hex != hex_:
            violations.append(
                Violation(
                    "8.4",
                    f"{ruleset.unit_name(unit_id)} supports only "
                    "the stack it started the phase with",
                )
            )
        elif unit_id not in action.units:
            # 8.4: it "continue[s] to move with the stack": one of its units, not left behind
            violations.append(
                Violation(
                    "8.4",
                    f"{ruleset.unit_name(unit_id)} supports the attack of the stack "
                    "it moves with: name it among the attacking units",
                )
            )
    return violations


def _resolve(
    ruleset: Ruleset, state: GameState, action: HastyAttack
) -> tuple[GameState, list[Event]]:
    check_attack(ruleset, state, action)
    costs = hasty_costs(ruleset, state, action.units, action.target)
    points = unit_points_left(ruleset, state, action.units)
    left = {u: max(Fraction(0), points[u] - costs[u]) for u in action.units}
    moving = state.movement.moving
    if all(u in moving for u in action.units):
        done = state.movement.done | (set(moving) - set(action.units))
    else:
        done = state.movement.done | set(moving)
    movement = MovementState(done=frozenset(done), moving=FrozenMap(left))
    state = replace(state, movement=movement)
    combat = CombatState(
        attacker=ruleset.catalogue.ground[action.units[0]].player,
        target=action.target,
        attackers=action.units,
        attacker_lead=action.lead,
        step=CombatStep.DEFENSE,
        attack_artillery=action.artillery,
        stukas=action.stukas,
        hasty=True,
    )
    return open_combat(ruleset, state, combat)


HANDLERS = {HastyAttack: (judge_hasty, _resolve)}
