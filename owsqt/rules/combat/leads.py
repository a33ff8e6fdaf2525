"""The lead unit of a combat (11.3): who may lead, and the lead a player is offered first."""

from __future__ import annotations

from collections.abc import Iterable

from owsqt.rules.core.state import GameState
from owsqt.rules.data.units import UnitClass
from owsqt.rules.scenario.ruleset import Ruleset


def poor_lead(ruleset: Ruleset, unit_id: str) -> bool:
    """[11.3] Artillery and headquarters lead only when nothing else can."""
    return ruleset.catalogue.ground[unit_id].unit_class in (
        UnitClass.ARTILLERY,
        UnitClass.HEADQUARTERS,
    )


def default_lead(ruleset: Ruleset, state: GameState, units: Iterable[str]) -> str | None:
    """[11.3] The best proficiency among units that are not artillery or headquarters (the
    strongest of equals); artillery or headquarters only when they are all there is."""
    units = list(units)
    if not units:
        return None
    catalogue = ruleset.catalogue
    return max(
        units,
        key=lambda u: (
            not poor_lead(ruleset, u),
            catalogue.ground[u].proficiency,
            state.units[u].strength,
            -units.index(u),
        ),
    )
