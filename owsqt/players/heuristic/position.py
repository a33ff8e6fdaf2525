"""The heuristic player's worth of a position for its side: the greedy player's one-step
evaluation (players/evaluate.py: material, victory, obligations, approach) and two terms
of its own, each with its rule and declared weight:

- advance (19.13, 19.23, 19.33, 8.1): minus the side's units' distance to the scenario's
  objectives in clear-terrain hexes by the terrain costs (analysis.distance);
- exposure (11.1, 13.0): minus the strength of the side's stacks that the enemy strength
  able to reach them next phase outnumbers by more than EXPOSED to one;
- guard (19.13): the hex to hold garrisoned: GARRISON a strength point of the side's on
  it, up to the enemy strength that may reach it (at least FLOOR), and EMPTY lost when
  the side that holds it leaves it empty within the enemy's reach;
- retake (19.13): with the enemy on the hex to hold, RETAKE for each strength point of the
  side next to it, up to ODDS times his there;
- line (19.13, 19.23): LINE for each hex of the river bank the Soviet side holds
  (analysis.bank) with a unit of strength on it that is not disrupted: the German must
  attack across the river, or go round, to count his stacking points across;
- barrier (19.13, 19.23, 10.2, barrier.py): the Soviet side's, BREACH for each German
  stacking point that could enter the band across the river in its next movement;
- corridor (19.33, 10.3): in a campaign, OPEN for each hex that shuts the corridor
  between the pocket and the relief's headquarters (rules/victory/corridor.py
  corridor_gap: 2 for one a Soviet unit holds, 1 for one only in a Soviet ZOC that no
  German unit negates), lost to the German side and won by the Soviet: the German's units
  stepping into the ring's ZOC and the Sixth Army's attack from the pocket (5.1) open it,
  the Soviet's stacks across the way keep it shut;
- cordon (19.33, 9.0, cordon.py): the Soviet side's in a campaign, HELD for each post
  around the ring he guards that he holds, weighted by the German relief's nearness, less
  TOWARD for each hex between a group sent to an empty post and that post;
- contact (6.2, contact.py): while the side owes planned attacks, SHORT for each it could
  no longer make.
"""

from __future__ import annotations

from owsqt.players.evaluate import evaluate
from owsqt.players.heuristic.analysis import Analysis
from owsqt.players.heuristic.barrier import barrier
from owsqt.players.heuristic.contact import contact
from owsqt.players.heuristic.cordon import cordon
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.corridor import corridor_gap
from owsqt.rules.victory.crossing import holder

ADVANCE = 0.4  # a clear-terrain hex nearer the objectives, for each unit with strength
EXPOSURE = 0.3  # a strength point of a stack the enemy may overwhelm
EXPOSED = 3.0  # the odds at which a stack counts as exposed
GARRISON = 1.0  # a strength point on the hex to hold, up to the enemy's that may reach it
FLOOR = 6.0  # the garrison worth having even where no enemy may reach the hex yet
EMPTY = 40.0  # the hex to hold left empty by its holder within the enemy's reach
LINE = 3.0  # a hex of the river bank held (the Soviet side's, 19.13, 19.23)
RETAKE = 1.0  # a strength point next to the hex to hold the enemy stands on
ODDS = 3.0  # the strength gathered against him that counts, times his
OPEN = 5.0  # a hex that shuts the corridor into the pocket (19.33): the Soviet's gain


def worth(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """How good `state` is for the analysis's side: evaluate's terms, advance, exposure."""
    return (
        evaluate(ruleset, state, analysis.side)
        + advance(ruleset, state, analysis)
        + exposure(ruleset, state, analysis)
        + guard(ruleset, state, analysis)
        + line(ruleset, state, analysis)
        + corridor(ruleset, state, analysis)
        + contact(ruleset, state, analysis)
        + barrier(ruleset, state, analysis)
        + cordon(ruleset, state, analysis.posts, analysis.sent)
    )


def advance(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.x, 8.1] Minus ADVANCE for each hex between each of the side's units with
    strength on the map and the nearest objective, by the terrain costs; the units the
    cordon sends somewhere (analysis.sent) are led by their orders instead."""
    distance = analysis.distance
    if not distance:
        return 0.0
    far = max(distance.values()) + 1
    ground = ruleset.catalogue.ground
    sent = {u for group in analysis.sent for u in group}  # led by their orders (cordon.py)
    total = 0
    for unit_id, unit in state.units.items():
        if (
            unit_id not in sent
            and unit.status is UnitStatus.ON_MAP
            and unit.strength > 0
            and ground[unit_id].player is analysis.side
        ):
            total += distance.get(unit.hex, far) if unit.hex is not None else far
    return -ADVANCE * total


def exposure(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[11.1, 13.0] Minus EXPOSURE for each strength point of the side's stacks whose hex
    the enemy's reachable strength (analysis.threat) outnumbers EXPOSED to one or more."""
    ground = ruleset.catalogue.ground
    total = 0.0
    for hex_, stack in state.stacks.items():
        if ground[stack[0]].player is not analysis.side:
            continue
        strength = sum(state.units[u].strength for u in stack)
        if analysis.threat.get(hex_, 0.0) >= EXPOSED * max(strength, 1):
            total += strength
    return -EXPOSURE * total


def guard(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.13] GARRISON for each strength point of the side's on the hex to hold, up to
    the enemy strength that may reach it (at least FLOOR); minus EMPTY when the side
    holds it, no unit of its stands on it and the enemy may reach it (analysis.threat);
    with the enemy on it, `retake`."""
    hold = analysis.hold
    if hold is None:
        return 0.0
    threat = analysis.threat.get(hold, 0.0)
    stack = state.stack(hold)
    if not stack:
        held = holder(ruleset, state, ruleset.grid.id_of(hold)) is analysis.side
        return -EMPTY if held and threat > 0 else 0.0
    if ruleset.catalogue.ground[stack[0]].player is not analysis.side:
        return retake(ruleset, state, analysis, hold, stack)
    strength = sum(state.units[u].strength for u in stack)
    return GARRISON * min(strength, max(threat, FLOOR))


def retake(
    ruleset: Ruleset, state: GameState, analysis: Analysis, hold: Hex, enemy: tuple[str, ...]
) -> float:
    """[19.13, 11.1] The enemy on the hex to hold: RETAKE for each strength point of the
    side's undisrupted units next to it, up to ODDS times his strength there, so that the
    side gathers for the attack that wins it back."""
    ground = ruleset.catalogue.ground
    near = 0
    for _, hex_ in ruleset.grid.neighbours(hold):
        for unit_id in state.stack(hex_):
            unit = state.units[unit_id]
            if ground[unit_id].player is analysis.side and not unit.disrupted:
                near += unit.strength
    defending = sum(state.units[u].strength for u in enemy)
    return RETAKE * min(near, ODDS * max(defending, 1))


def corridor(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.33, 10.3] In a campaign, OPEN for each hex that shuts the corridor into the
    pocket (corridor_gap), lost to the German side, won by the Soviet; 0 outside a
    campaign or with the relief's headquarters off the map."""
    gap = corridor_gap(ruleset, state)
    if gap is None:
        return 0.0
    return -OPEN * gap if analysis.side is Player.GERMAN else OPEN * gap


def line(ruleset: Ruleset, state: GameState, analysis: Analysis) -> float:
    """[19.13, 19.23, 13.0] LINE for each hex of analysis.bank where a unit of the side
    with strength stands undisrupted."""
    ground = ruleset.catalogue.ground
    held = 0
    for hex_ in analysis.bank:
        stack = state.stack(hex_)
        if stack and ground[stack[0]].player is analysis.side:
            units = (state.units[u] for u in stack)
            held += any(u.strength > 0 and not u.disrupted for u in units)
    return LINE * held
