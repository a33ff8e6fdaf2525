"""The heuristic player's attacks (8.4, 11.1-11.5): every prepared attack its units next
to an enemy hex may make in a combat segment, every hasty attack of a stack that may move,
each valued by the exact distribution of its fire results (odds.py): strength points
inflicted less those lost, the worth of the hex if it falls, less a risk term."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.players.heuristic.analysis import Analysis
from owsqt.players.heuristic.odds import attack_odds
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.core.actions import Action, HastyAttack, PreparedAttack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player
from owsqt.rules.data.units import UnitClass
from owsqt.rules.movement.moveaction import movable_units
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.turn.formations import may_move_in_segment
from owsqt.rules.turn.sequence import COMBAT_SEGMENTS, MOVEMENT_SEGMENTS

INFLICTED = 1.0  # a strength point the enemy loses
LOST = 1.2  # a strength point the attacker loses (his own are dearer: 17.4 replaces few)
HEX = 2.0  # a defender's hex that falls (the line broken, 11.8 an advance)
OBJECTIVE_HEX = 12.0  # a hex the scenario counts (19.x) that falls
HOLD_HEX = 40.0  # the hex to hold (19.13) that falls: whoever holds it at the end wins
SCORING = 2.0  # more for a point inflicted that scores (19.33: the Soviet's, on German units)
RISK = 0.3  # the spread of the net strength points (a standard deviation)
RETREAT = 3.0  # the strength points a defender weighs a retreat at (off an objective: more)


@dataclass(frozen=True, slots=True)
class Valued:
    """An attack and its expected worth to the attacker, with the words for the log."""

    action: Action
    value: float
    reason: str


def attacks(ruleset: Ruleset, state: GameState, analysis: Analysis) -> list[Valued]:
    """[8.4, 11.1] The attacks the active player may open now, each valued."""
    player = state.active
    if player is None or state.combat is not None:
        return []
    if state.segment in COMBAT_SEGMENTS:
        return [v for v in _prepared(ruleset, state, analysis, player) if v is not None]
    if state.segment in MOVEMENT_SEGMENTS:
        return [v for v in _hasty(ruleset, state, analysis, player) if v is not None]
    return []


def _fighter(ruleset: Ruleset, state: GameState, unit_id: str) -> bool:
    """[13.0, 16.3, 12.1] A unit that may fire in an attack: not disrupted, with strength,
    not artillery (whose direct fire the player leaves to its bombardments)."""
    unit = state.units[unit_id]
    return (
        not unit.disrupted
        and unit.strength > 0
        and ruleset.catalogue.ground[unit_id].unit_class is not UnitClass.ARTILLERY
    )


def _enemy_next_to(ruleset: Ruleset, state: GameState, hex_: Hex, player: Player) -> list[Hex]:
    ground = ruleset.catalogue.ground
    return [
        near
        for _, near in ruleset.grid.neighbours(hex_)
        if (stack := state.stack(near))
        and ground[stack[0]].player is not player
        and any(state.units[u].strength > 0 for u in stack)
    ]


def _prepared(
    ruleset: Ruleset, state: GameState, analysis: Analysis, player: Player
) -> list[Valued | None]:
    """[11.1] One prepared attack on each enemy hex by every able unit next to it."""
    kind = COMBAT_SEGMENTS[state.segment]
    ground = ruleset.catalogue.ground
    able: dict[Hex, list[str]] = {}
    for hex_, stack in state.stacks.items():
        if ground[stack[0]].player is not player:
            continue
        units = [
            u
            for u in stack
            if _fighter(ruleset, state, u) and may_move_in_segment(ruleset, u, kind)
        ]
        if not units:
            continue
        for target in _enemy_next_to(ruleset, state, hex_, player):
            if target not in state.prepared_targets:
                able.setdefault(target, []).extend(units)
    return [
        value(
            ruleset,
            state,
            analysis,
            PreparedAttack(
                player=player,
                target=t,
                units=tuple(u),
                lead=default_lead(ruleset, state, u) or u[0],
            ),
        )
        for t, u in sorted(able.items())
    ]


def _hasty(
    ruleset: Ruleset, state: GameState, analysis: Analysis, player: Player
) -> list[Valued | None]:
    """[8.4] A hasty attack by each stack that may move on each enemy hex next to it."""
    found: list[Valued | None] = []
    for hex_ in sorted(state.stacks):
        units = tuple(u for u in movable_units(ruleset, state, hex_) if _fighter(ruleset, state, u))
        if not units:
            continue
        lead = default_lead(ruleset, state, units) or units[0]
        for target in _enemy_next_to(ruleset, state, hex_, player):
            attack = HastyAttack(player=player, target=target, units=units, lead=lead)
            found.append(value(ruleset, state, analysis, attack))
    return found


def value(
    ruleset: Ruleset,
    state: GameState,
    analysis: Analysis,
    attack: PreparedAttack | HastyAttack,
) -> Valued | None:
    """[11.2-11.5] The attack's expected worth: INFLICTED a point inflicted (SCORING more
    for the share of the defenders' strength whose losses score, analysis.prey), less LOST a
    point lost, HEX (OBJECTIVE_HEX on an objective, HOLD_HEX on the hex to hold) times the
    chance the hex falls, less RISK times the spread; None when nobody defends the hex."""
    assert attack.player is not None
    prepared = isinstance(attack, PreparedAttack)
    odds = attack_odds(
        ruleset, state, attack.player, attack.target, attack.units, attack.lead, prepared
    )
    if odds is None:
        return None
    objective = attack.target in analysis.objectives
    defenders = sum(state.units[u].strength for u in state.stack(attack.target))
    retreat = RETREAT * (3 if objective else 1)
    expected = odds.expected(retreat, defenders)
    worth = HOLD_HEX if attack.target == analysis.hold else OBJECTIVE_HEX if objective else HEX
    scoring = analysis.prey.get(attack.target, 0) / max(defenders, 1)
    total = (
        (INFLICTED + SCORING * scoring) * expected.inflicted
        - LOST * expected.lost
        + worth * expected.falls
        - RISK * expected.spread
    )
    kind = "prepared" if prepared else "hasty"
    where = ruleset.grid.id_of(attack.target)
    reason = (
        f"attack {where} on the {odds.attacker.column} column, drm {odds.attacker.drm:+d}, "
        f"expected {total:+.1f} ({kind}: inflict {expected.inflicted:.1f}, lose "
        f"{expected.lost:.1f}, hex falls {expected.falls:.0%}, risk {expected.spread:.1f})"
    )
    return Valued(attack, total, reason)
