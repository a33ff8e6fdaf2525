"""The victory points earned during play (19.33): "advances to within", "during any time in
the game" and "enters the pocket" happen at a moment, so they are caught the moment they
happen and kept, in order, in the state's ledger (GameState.victory_ledger).

After each resolved action of a campaign (a scenario whose victory is counted in points),
`progress` judges the state the action left, whatever the action was, for what has not
been earned yet: a German unit within 18 and within 5 hexes of the pocket, each relief
convoy inside it, a corridor opened into it. Each source is a function of the units alone
(where they stand, their status, their disruption: 13.0, a disrupted unit has no ZOC), so
a state whose units are those of a state already judged is skipped, and any other is
judged whole: a corridor opened by a disruption or an elimination earns at that very
step (reading 109). Each is earned once. The pocket's bands are worked out once per map;
the corridor is searched only while it has never been opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from owsqt.rules.core.events import Event, VictoryPointsEarned
from owsqt.rules.core.hexgrid import Hex
from owsqt.rules.core.state import Award, GameState
from owsqt.rules.core.steps import Phase
from owsqt.rules.core.vocabulary import Player, UnitStatus
from owsqt.rules.data.units import UnitClass
from owsqt.rules.map.zones import reach
from owsqt.rules.scenario.ruleset import Ruleset
from owsqt.rules.victory.corridor import corridor

POINTS_EVALUATOR = "victory_points"  # 19.33, 19.42
SIXTH_ARMY = "de-6a"  # 5.1: its units start in the pocket; they advance to nothing
WITHIN = "within_"  # the sources "within N hexes of the pocket": within_18, within_5
CONVOY_SOURCE = "convoy_in_pocket"
CORRIDOR_SOURCE = "corridor_opened"


def points_victory(ruleset: Ruleset, state: GameState) -> Mapping[str, Any] | None:
    """The scenario's victory points (19.33), or None for a scenario judged otherwise."""
    scenario = ruleset.scenarios.get(state.scenario)
    if scenario is None or scenario.victory.get("evaluator") != POINTS_EVALUATOR:
        return None
    return scenario.victory


def relief_units(ruleset: Ruleset) -> frozenset[str]:
    """[19.33] The German units whose advance counts: German Army and Luftwaffe counters,
    not Rumanian ones (reading 170), and not the Sixth Army's, which start in the pocket
    (reading 107)."""
    catalogue = ruleset.catalogue
    sixth = {unit.id for unit in catalogue.units_of(SIXTH_ARMY)}
    return frozenset(
        unit_id
        for unit_id, unit in catalogue.ground.items()
        if unit.german and unit_id not in sixth
    )


def relief_convoys(ruleset: Ruleset) -> tuple[str, ...]:
    """[16.3] The relief convoys, by id."""
    catalogue = ruleset.catalogue.ground
    return tuple(
        sorted(u for u in relief_units(ruleset) if catalogue[u].unit_class is UnitClass.CONVOY)
    )


def _bands(_ruleset: Ruleset) -> dict[int, frozenset[Hex]]:
    return {}


def near_pocket(ruleset: Ruleset, radius: int) -> frozenset[Hex]:
    """Every hex within `radius` hexes of the pocket, the pocket included, once per map."""
    bands = ruleset.derived(_bands)
    if radius not in bands:
        game_map = ruleset.game_map
        bands[radius] = reach(game_map, game_map.pocket, radius).hexes
    return bands[radius]


def radius_of(source: str) -> int:
    """The hexes of a "within N hexes of the pocket" source: within_18 -> 18."""
    return int(source.rsplit("_", 1)[1])


def progress(
    ruleset: Ruleset, before: GameState, after: GameState
) -> tuple[GameState, list[Event]]:
    """[19.33] The awards `after` earns that the ledger does not hold yet, with an event
    each, judged from what `after` holds; nothing outside play or outside a campaign, and
    nothing new when `after`'s units are the very ones of `before` in play, judged already
    (every source depends on the units alone; the first state in play is judged)."""
    if after.phase in (Phase.SETUP, Phase.GAME_OVER):
        return after, []
    if before.units is after.units and before.phase is not Phase.SETUP:
        return after, []
    victory = points_victory(ruleset, after)
    if victory is None:
        return after, []
    german = victory.get("german", {})
    held = {(award.source, award.detail) for award in after.victory_ledger}
    sources = {source for source, _ in held}
    found: list[tuple[str, str]] = []
    relief = ruleset.derived(relief_units)
    within = sorted((s for s in german if s.startswith(WITHIN)), key=radius_of, reverse=True)
    for source in within:
        if source not in sources:
            band = near_pocket(ruleset, radius_of(source))
            there = sorted(
                unit_id
                for hex_, stack in after.stacks.items()
                if hex_ in band
                for unit_id in stack
                if unit_id in relief
            )
            if there:
                found.append((source, there[0]))
    if CONVOY_SOURCE in german:
        pocket = near_pocket(ruleset, 0)
        for unit_id in ruleset.derived(relief_convoys):
            unit = after.units.get(unit_id)
            if (
                unit is not None
                and unit.status is UnitStatus.ON_MAP
                and unit.hex in pocket
                and (CONVOY_SOURCE, unit_id) not in held
            ):
                found.append((CONVOY_SOURCE, unit_id))
    if CORRIDOR_SOURCE in german and CORRIDOR_SOURCE not in sources:
        opened = corridor(ruleset, after)
        if opened is not None:
            found.append((CORRIDOR_SOURCE, ruleset.grid.id_of(opened)))
    if not found:
        return after, []
    awards = tuple(
        Award(source, Player.GERMAN, german[source], after.turn, after.phase, after.segment, what)
        for source, what in found
    )
    state = replace(after, victory_ledger=after.victory_ledger + awards)
    return state, [VictoryPointsEarned(award) for award in awards]
