"""The heuristic player's bid of planned attacks (6.1, 6.2): as many as the attacks it
could make now with a positive expected worth (combat.py), at most MOST; never more, since
the holder who falls short forfeits the game (6.2)."""

from __future__ import annotations

from owsqt.players.evaluate import OWED
from owsqt.players.heuristic.analysis import Analysis
from owsqt.players.heuristic.combat import value
from owsqt.rules.combat.leads import default_lead
from owsqt.rules.core.actions import DeclareAttacks, PreparedAttack
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import GameState
from owsqt.rules.scenario.ruleset import Ruleset

MOST = 3  # planned attacks at most
BID = 3.0  # a planned attack the side expects to make well: the initiative's worth (6.3)
SHORT = 10.0  # a planned attack beyond those: the forfeit it risks (6.2)


def bids(ruleset: Ruleset, state: GameState, analysis: Analysis) -> list[DeclareAttacks]:
    """[6.1] Every bid from none to MOST for the side, the judge to say which are legal."""
    return [DeclareAttacks(player=analysis.side, planned=n) for n in range(MOST + 1)]


def bid_bonus(ruleset: Ruleset, state: GameState, analysis: Analysis, planned: int) -> float:
    """[6.1, 6.2] The worth of bidding `planned`: the obligations term's OWED given back
    (the bid is judged here, not there), BID for each good attack it covers, SHORT for
    each beyond them."""
    good = min(MOST, good_attacks(ruleset, state, analysis))
    return OWED * planned + BID * min(planned, good) - SHORT * max(0, planned - good)


def good_attacks(ruleset: Ruleset, state: GameState, analysis: Analysis) -> int:
    """[11.1] The enemy hexes next to the side's units that all its units next to them
    would attack with a positive expected worth, as they stand."""
    side = analysis.side
    ground = ruleset.catalogue.ground
    able: dict[Hex, list[str]] = {}
    for hex_, stack in state.stacks.items():
        if ground[stack[0]].player is not side:
            continue
        units = [u for u in stack if state.units[u].strength > 0 and not state.units[u].disrupted]
        for _, near in ruleset.grid.neighbours(hex_):
            enemy = state.stack(near)
            if enemy and ground[enemy[0]].player is side.opponent and units:
                able.setdefault(near, []).extend(units)
    count = 0
    for target, units in able.items():
        lead = default_lead(ruleset, state, units) or units[0]
        attack = PreparedAttack(player=side, target=target, units=tuple(units), lead=lead)
        found = value(ruleset, state, analysis, attack)
        if found is not None and found.value > 0:
            count += 1
    return count
