"""The heuristic player's contact term (6.2): while the initiative's holder owes planned
attacks in his player phase, each he could no longer make costs SHORT. An attack he may
still make is an enemy hex next to one of his units that may fight in a segment left in
the phase: undisrupted, with strength, of a formation whose combat segment is to come, or
whose movement segment is (a hasty attack, 8.4: in the current one, while it may still
move), and not across the Don (8.2). Without it
the player's moves in the mechanized movement segment could draw every unit out of contact
before the combat segment that owes the attacks, and forfeit the game."""

from __future__ import annotations

from owsqt.players.heuristic.analysis import Analysis
from owsqt.rules.combat.prepared import closed_to_attack
from owsqt.rules.core.actions import Action, BombardmentMission
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.steps import Phase, Segment
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import may_move_in_segment
from owsqt.rules.turn.initiative import determined_this_turn
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS, MOVEMENT_SEGMENTS, steps_left_in_phase

SHORT = 60.0  # 6.2: a planned attack owed that no unit is placed to make any more


def contact(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[6.2] Minus SHORT for each planned attack the side owes beyond the enemy hexes it
    may still attack this phase (attack_chances)."""
    owed = owed_attacks(state, analysis)
    if not owed:
        return 0.0
    return -SHORT * max(0, owed - len(attack_chances(ruleset, state, analysis)))


def spends_a_chance(ruleset: Ruleset, state: GameState, analysis: Analysis, action: Action) -> bool:
    """[6.2, 12.2] Whether `action` is a bombardment mission on an enemy hex the side may
    still attack while it owes as many planned attacks as it has such hexes: the guns may
    destroy or drive off the only units left to attack (a bombardment is no attack, 11.1),
    and the side forfeits. Seed 5 of Operation Winter Storm was lost so."""
    if not isinstance(action, BombardmentMission):
        return False
    owed = owed_attacks(state, analysis)
    if not owed:
        return False
    chances = attack_chances(ruleset, state, analysis)
    return action.target in chances and len(chances) <= owed


def owed_attacks(state: GameState, analysis: Analysis) -> int:
    """[6.2] The planned attacks the side still owes in its own first player phase."""
    initiative = state.initiative
    if (
        state.phase is not Phase.FIRST_PLAYER
        or not determined_this_turn(state)
        or initiative.holder is not analysis.side
    ):
        return 0
    planned = initiative.planned_attacks.get(analysis.side, 0) or 0
    return max(0, planned - (initiative.attacks_made.get(analysis.side, 0) or 0))


def attack_chances(ruleset: Ruleset, state: GameState, analysis: Analysis) -> set[Hex]:
    """[7.1, 7.2, 8.4, 11.1, 13.0] The enemy hexes next to a unit of the side that may still
    attack them in this phase: its formation's combat segment is left to come (a hex not
    attacked by a prepared attack yet this phase), or its movement segment (a hasty attack;
    in the current movement segment, only while a unit of the stack may still move)."""
    fighting, moving = _kinds_left(state)
    later = moving - {state.segment}
    ground = ruleset.catalogue.ground
    found: set[Hex] = set()
    for hex_, stack in state.stacks.items():
        if ground[stack[0]].player is not analysis.side:
            continue
        kinds = {kind for unit_id in stack for kind in _kinds(ruleset, state, unit_id)}
        hasty = bool(kinds & later) or (
            state.segment in kinds & moving and bool(movable_units(ruleset, state, hex_))
        )
        if not hasty and not kinds & fighting:
            continue
        for _, near in ruleset.grid.neighbours(hex_):
            enemy = state.stack(near)
            if (
                enemy
                and ground[enemy[0]].player is not analysis.side
                and any(state.units[u].strength > 0 for u in enemy)
                and closed_to_attack(ruleset, hex_, near) is None
                and (hasty or near not in state.prepared_targets)
            ):
                found.add(near)
    return found


def _kinds_left(state: GameState) -> tuple[frozenset[Segment], frozenset[Segment]]:
    """The movement segments whose units may still fight a prepared attack (their combat
    segment is left in the phase, the current one included), and those whose units may
    still make a hasty attack (their movement segment is)."""
    steps = [step.segment for step in steps_left_in_phase(state)]
    fighting = frozenset(COMBAT_SEGMENTS[s] for s in steps if s in COMBAT_SEGMENTS)
    moving = frozenset(s for s in steps if s in MOVEMENT_SEGMENTS)
    return fighting, moving


def _kinds(ruleset: Ruleset, state: GameState, unit_id: str) -> tuple[Segment, ...]:
    """The movement segment of the unit's formation if it may fight: with strength, not
    disrupted (13.0)."""
    unit = state.units[unit_id]
    if unit.strength <= 0 or unit.disrupted:
        return ()
    return tuple(kind for kind in MOVEMENT_SEGMENTS if may_move_in_segment(ruleset, unit_id, kind))
