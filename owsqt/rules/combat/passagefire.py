"""Fire at units that pass through enemy ZOCs and cannot fire back: a retreat (11.7) and a
displacement, which "[is] treated as if [it were] conducting a retreat through enemy ZOCs"
(9.3). The units whose ZOC was entered "may conduct a special fire combat": their player
chooses, ZOC by ZOC (SpecialFireChoice, answered by combat.specialfire). All of it is
strength point losses, taken by the 11.6 priorities."""

from __future__ import annotations

from dataclasses import replace

from owsqt.rules.combat.casualties import lose_points
from owsqt.rules.combat.fire import retreat_fire_solution
from owsqt.rules.combat.losses import LossPriorities
from owsqt.rules.combat.prepared import alive
from owsqt.rules.core.events import Event, FireResolved, SpecialFireOffered
from owsqt.rules.core.rolls import roll_die
from owsqt.rules.core.state import GameState, SpecialFireChoice
from owsqt.rules.scenario.ruleset import Ruleset


def passage_fire(
    ruleset: Ruleset,
    state: GameState,
    units: tuple[str, ...],
    lead: str | None,
    firers: tuple[str, ...],
) -> tuple[GameState, list[Event]]:
    """[11.7] The units whose ZOC the passing `units` entered fire at them, without any
    combat modification; every result is strength point losses."""
    firers = tuple(u for u in firers if state.units[u].hex is not None)
    if not firers or not alive(state, units):
        return state, []
    side = ruleset.catalogue.ground[firers[0]].player
    solution = retreat_fire_solution(ruleset, state, firers)
    roll, state, rolled = roll_die(state, "fire at a retreat", side)
    result = solution.result(ruleset, roll)
    fired = FireResolved(
        "fire at the retreat", solution.total_factors, solution.column, 0, roll, str(result)
    )
    state, lost = strength_losses(ruleset, state, units, lead, result.total)
    return state, [rolled, fired, *lost]


def strength_losses(
    ruleset: Ruleset, state: GameState, units: tuple[str, ...], lead: str | None, points: int
) -> tuple[GameState, list[Event]]:
    """[11.6] `points` strength points off `units`, by the loss priorities (the first of the
    owner's choices); each point tallied for replacements (17.3)."""
    events: list[Event] = []
    living = alive(state, units)
    if points <= 0 or not living:
        return state, events
    for unit_id in LossPriorities(ruleset, state, living, lead).default(points):
        state, lost = lose_points(ruleset, state, unit_id, 1)
        events.extend(lost)
    return state, events


def offer_special_fire(
    state: GameState, choice: SpecialFireChoice
) -> tuple[GameState, list[Event]] | None:
    """[11.7] Stop the passage at the first ZOC entered whose units can still fire at a
    living passing unit, for their player's choice; None when no such ZOC is left, and
    the passage is finished at once."""
    zocs, firers = choice.zocs, choice.firers
    while zocs and not (_able(state, firers[0]) and alive(state, choice.units)):
        zocs, firers = zocs[1:], firers[1:]
    if not zocs:
        return None
    waiting = replace(choice, zocs=zocs, firers=firers)
    offered = SpecialFireOffered(choice.player, zocs[0], _able(state, firers[0]))
    return replace(state, special_fire=waiting), [offered]


def _able(state: GameState, firers: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(u for u in firers if state.units[u].hex is not None)
